"""Solver positions from a fully known (sampled) match, and solved values of its moves.

A value is ``64 * delta + points`` from the side of the bidder's team (the Single
Hand caller's team): ``delta`` the score the round gives that team, ``points`` its
card points (tricks, in a Single Hand). The solver plays to the last trick, so with
early end the points part may exceed what the engine would record; ``delta`` is exact.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from game.bots.solver._core import SHOW, Solver
from game.engine.cards import team_of
from game.engine.match import Match
from game.engine.moves import PLAYS, SHOW_TRUMP, Move
from game.engine.play import marriage_holder, moved_target

POINT_SCALE = 64  # value = POINT_SCALE * delta + points


@dataclass(frozen=True, slots=True)
class SolverPosition:
    """A fully known play position and the rules the solver needs, which the compiled
    core reads by field name (_core.c ``parse_state``; a missing field is a TypeError)."""

    hands: tuple[int, int, int, int]  # each seat's cards (bitmasks), a set-aside 7th not in
    aside: int  # the set-aside 7th card or -1
    bidder: int  # the bidder, or the Single Hand caller
    trump: int  # the trump suit; -1 only in a Single Hand
    shown: bool  # trump shown
    single: bool  # a Single Hand
    trick: list[tuple[int, int]]  # the trick in progress: (seat, card)
    to_play: int
    asker: int  # the seat that asked for trump in this trick, or -1
    forced: int  # a card the seat to play must play (the shown 7th card), or -1
    points: tuple[int, int]  # card points per team
    tricks: tuple[int, int]  # tricks per team
    played: int  # tricks played
    target: int  # 0 in a Single Hand
    stake: int
    min_bid: int
    must_ask: bool  # the must_ask_trump option
    marriage: bool  # a marriage is applied when trump is shown
    last_point: bool  # the last trick carries a point

_local = threading.local()


def solver() -> Solver:
    """This thread's solver (each owns its transposition table)."""
    found: Solver | None = getattr(_local, "solver", None)
    if found is None:
        found = _local.solver = Solver()
    return found


def position(m: Match) -> SolverPosition:
    """The solver position of a match in its play phase with every hand known."""
    r = m.round
    if r is None or r.phase != "play":
        raise ValueError("the match is not in its play phase")
    rules = m.rules
    single = r.sh_caller >= 0
    target = r.target
    if not single and rules.marriage == "after_trick" and r.trump_shown and not r.marriage:
        # Approximation: a marriage still to be declared counts as declared.
        holder = marriage_holder(r.hands, r.trump)
        if holder >= 0:
            target = moved_target(target, team_of(holder), team_of(r.bidder), rules.min_bid)
    return SolverPosition(
        hands=(r.hands[0], r.hands[1], r.hands[2], r.hands[3]),
        aside=r.seventh if r.aside else -1,
        bidder=r.sh_caller if single else r.bidder,
        trump=r.trump,
        shown=r.trump_shown,
        single=single,
        trick=[(s, c) for s, c in r.trick],
        to_play=r.to_play,
        asker=r.asker,
        forced=r.forced,
        points=(r.points[0], r.points[1]),
        tricks=(r.tricks[0], r.tricks[1]),
        played=r.tricks_played,
        target=0 if single else target,
        stake=rules.single_hand_stake * r.sh_factor if single else r.stake,
        min_bid=rules.min_bid,
        must_ask=rules.must_ask_trump,
        marriage=rules.marriage != "off" and not r.marriage,
        last_point=rules.last_trick_point,
    )


def side_sign(seat: int, bidder: int) -> int:
    """+1 if ``seat`` is on the team of ``bidder`` (the bidder or the Single Hand caller,
    from whose side a value is), else -1."""
    return 1 if team_of(seat) == team_of(bidder) else -1


def engine_move(move: int) -> Move:
    """The engine move of a solver move (a card index, or SHOW)."""
    return SHOW_TRUMP if move == SHOW else PLAYS[move]


def solved_values(m: Match) -> tuple[list[tuple[Move, int]], int]:
    """The exact value of each legal move of the seat to play, and the nodes searched."""
    values, nodes = solver().values(position(m))
    assert values is not None  # no node limit
    return [(engine_move(mv), v) for mv, v in values], nodes
