"""The rules of who may act are read one way everywhere: the legal moves are exactly the
moves whose rule allows them, ``apply`` refuses the others with that rule's reason, the
turn lists exactly the seats in turn, and a move survives its action dict both ways."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction, Match, Rules, legal
from game.engine.moves import BIDS, PLAYS, SIMPLE, TRUMPS, Move
from game.engine.rules import OPTION_VALUES
from tests.engine.conftest import ENGINE_PROFILE

EVERY_MOVE: list[Move] = [*PLAYS, *BIDS[14:], Move("bid", 29), *TRUMPS, *SIMPLE.values()]
RULES = st.fixed_dictionaries({name: st.sampled_from(v) for name, v in OPTION_VALUES.items()})


def check_position(m: Match, rnd: random.Random) -> None:
    r = m.round
    assert r is not None
    turn = m.turn()
    for seat in range(4):
        moves = m.moves(seat)
        assert legal.in_turn(r, seat) == (seat in turn)
        assert (seat in turn) == bool(moves)
        for move in EVERY_MOVE:
            allowed, why = legal.verdict(m.rules, r, seat, move)
            assert allowed == (move in moves), (r.phase, seat, move, why)
            assert allowed == (why == "")
            if not allowed and rnd.random() < 0.05:
                copy = m.copy()
                before = copy.to_json()
                try:
                    copy.apply(seat, move.to_action())
                except IllegalAction as refused:
                    assert str(refused) == why
                else:
                    raise AssertionError(f"{move} was applied")
                assert copy.to_json() == before
        for move in moves:
            assert Move.parse(move.to_action()) == move


@settings(ENGINE_PROFILE, max_examples=ENGINE_PROFILE.max_examples // 8)
@given(options=RULES, seed=st.integers(0, 2**32 - 1))
def test_the_legal_moves_are_the_moves_their_rules_allow(options: dict, seed: int) -> None:
    rnd = random.Random(seed)
    m = Match(Rules(**options), dealer=seed % 4, seed=seed)
    for _ in range(2):
        m.deal()
        while m.round is not None:
            check_position(m, rnd)
            seat = rnd.choice(m.turn())
            moves = m.moves(seat)
            if moves:
                m.apply_move(seat, rnd.choice(moves))
