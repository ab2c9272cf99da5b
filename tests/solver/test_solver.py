"""The compiled solver against the engine: the same legal moves in every position of
random games under random rule options, and the same values as a brute-force minimax
over ``Match.moves()`` / ``apply_move()`` on small end positions.

``SOLVER_PROFILE=long`` checks ten times as many positions.
"""

from __future__ import annotations

import os
import random
import threading
from dataclasses import fields as dataclass_fields
from dataclasses import replace

import pytest

from game.bots.solver._core import SHOW, Solver
from game.bots.solver.position import (
    POINT_SCALE,
    SolverPosition,
    engine_move,
    position,
    solved_values,
    solver,
)
from tests.solver.positions import (
    brute_value,
    card_moves,
    play_randomly,
    random_rules,
    to_play,
    value_after,
)

SCALE = 10 if os.environ.get("SOLVER_PROFILE") == "long" else 1


def test_it_lists_exactly_the_engines_legal_moves_in_every_position_of_random_games() -> None:
    rng = random.Random(1)
    positions = 0
    while positions < 4000 * SCALE:
        m = to_play(random_rules(rng), rng)
        if m is None:
            continue
        while m.round is not None:
            r = m.round
            ours = sorted(engine_move(mv) for mv in solver().moves(position(m)))
            assert ours == sorted(card_moves(m)), m.to_json()
            positions += 1
            if r.marriage_seat >= 0 and rng.random() < 0.5:
                m.apply_move(r.marriage_seat, ("marriage", -1))
                continue
            m.apply_move(r.to_play, rng.choice(card_moves(m)))


@pytest.mark.parametrize("early_end", [False, True])
def test_it_values_every_move_as_a_brute_force_minimax_over_the_engine(early_end: bool) -> None:
    rng = random.Random(2 + early_end)
    checked = kinds = 0
    seen: set[tuple[bool, bool, bool]] = set()
    while checked < 150 * SCALE:
        rules = random_rules(rng, early_end=early_end, marriage=rng.choice(["on_show", "off"]))
        m = to_play(rules, rng, single_hand_chance=0.3)
        if m is None or not play_randomly(m, rng, rng.choice([6, 7, 8, 9, 10, 12])):
            continue
        r = m.round
        assert r is not None
        seen.add((r.sh_caller >= 0, r.trump_shown, r.aside))
        values, _ = solved_values(m)
        for move, value in values:
            expected = value_after(m, move)
            if early_end:
                # Early end keeps the score but may cut the points short.
                assert value // POINT_SCALE == expected // POINT_SCALE, (move, m.to_json())
            else:
                assert value == expected, (move, m.to_json())
        checked += 1
        kinds = len(seen)
    # Single Hands, hidden and shown trump, set-aside 7th cards were all met.
    assert kinds >= 4, seen


def test_it_counts_the_thresholds_each_move_reaches_like_its_exact_value() -> None:
    rng = random.Random(4)
    checked = 0
    while checked < 60 * SCALE:
        m = to_play(random_rules(rng, marriage="off", early_end=False), rng, 0.0)
        if m is None or not play_randomly(m, rng, rng.choice([12, 16, 20])):
            continue
        exact, _ = solver().values(position(m))
        thresholds = sorted({rng.randrange(-300, 300) for _ in range(5)})
        start = rng.randrange(len(thresholds))
        levels, _ = solver().levels(position(m), thresholds, start)
        assert [mv for mv, _ in levels] == [mv for mv, _ in exact]
        for (_, level), (_, value) in zip(levels, exact, strict=True):
            assert level == sum(value >= t for t in thresholds)
        r = m.round
        assert r is not None
        team = (r.sh_caller if r.sh_caller >= 0 else r.bidder) & 1
        pick = max if r.to_play & 1 == team else min
        own = pick(v for _, v in exact)
        assert solver().level(position(m), thresholds)[0] == sum(own >= t for t in thresholds)
        checked += 1


def test_it_finds_the_brute_force_value_of_the_position_itself() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 40 * SCALE:
        m = to_play(random_rules(rng, marriage="on_show", early_end=False), rng)
        if m is None or not play_randomly(m, rng, 8):
            continue
        values, _ = solved_values(m)
        r = m.round
        assert r is not None
        team = (r.sh_caller if r.sh_caller >= 0 else r.bidder) & 1
        pick = max if r.to_play & 1 == team else min
        assert pick(v for _, v in values) == brute_value(m)
        checked += 1


def a_position(seed: int) -> SolverPosition:
    """The solver position of some random game's play phase."""
    rng = random.Random(seed)
    m = None
    while m is None:
        m = to_play(random_rules(rng), rng)
    return position(m)


def test_it_refuses_a_position_with_a_card_in_two_hands() -> None:
    pos = a_position(6)
    hands = list(pos.hands)
    hands[1] |= hands[0] & -hands[0]
    with pytest.raises(ValueError, match="same card"):
        Solver().values(replace(pos, hands=(hands[0], hands[1], hands[2], hands[3])))


def test_it_reads_a_position_by_field_name_and_names_a_missing_field() -> None:
    pos = a_position(6)
    fields = {f.name: getattr(pos, f.name) for f in dataclass_fields(pos)}
    assert Solver().values(fields) == Solver().values(pos)  # type: ignore[arg-type]
    for name in fields:
        partial = {k: v for k, v in fields.items() if k != name}
        with pytest.raises(TypeError, match=f"needs the field '{name}'"):
            Solver().values(partial)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'stake' must be an int"):
        Solver().values({**fields, "stake": "2"})  # type: ignore[arg-type]


def test_it_solves_in_other_threads_while_this_one_runs() -> None:
    rng = random.Random(7)
    m = None
    while m is None:
        m = to_play(random_rules(rng, seventh_card=False), rng, 0.0)
    pos = position(m)
    results: list[list[tuple[int, int]]] = []

    def work() -> None:
        results.append(Solver().values(pos)[0])

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == results[1]
    assert all(mv == SHOW or 0 <= mv < 32 for mv, _ in results[0])


def test_it_gives_up_at_the_node_limit_and_then_still_solves_exactly() -> None:
    rng = random.Random(8)
    checked = 0
    while checked < 5:
        m = to_play(random_rules(rng, seventh_card=False), rng, 0.0)
        if m is None:
            continue
        pos = position(m)
        s = Solver()
        given_up, nodes = s.values(pos, -1, 0, 50)
        assert given_up is None and nodes < 100
        assert s.level(pos, [0], 50)[0] == -1
        assert s.levels(pos, [0], 0, 50)[0] is None
        assert s.values(pos)[0] == Solver().values(pos)[0]
        checked += 1
