"""Solver positions from a fully known (sampled) match, and solved values of its moves.

A value is ``64 * delta + points`` from the side of the bidder's team (the Single
Hand caller's team): ``delta`` the score the round gives that team, ``points`` its
card points (tricks, in a Single Hand). The solver plays to the last trick, so with
early end the points part may exceed what the engine would record; ``delta`` is exact.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from game.bots.solver._core import SHOW, Solver
from game.engine.match import Match
from game.engine.moves import PLAYS, SHOW_TRUMP, Move
from game.engine.play import marriage_holder, moved_target

if TYPE_CHECKING:
    from game.bots.solver._core import Position

POINT_SCALE = 64  # value = POINT_SCALE * delta + points

_local = threading.local()


def solver() -> Solver:
    """This thread's solver (each owns its transposition table)."""
    found: Solver | None = getattr(_local, "solver", None)
    if found is None:
        found = _local.solver = Solver()
    return found


def position(m: Match) -> Position:
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
            target = moved_target(target, holder & 1, r.bidder & 1, rules.min_bid)
    return (
        (r.hands[0], r.hands[1], r.hands[2], r.hands[3]),
        r.seventh if r.aside else -1,
        r.sh_caller if single else r.bidder,
        r.trump,
        r.trump_shown,
        single,
        [(s, c) for s, c in r.trick],
        r.to_play,
        r.asker,
        r.forced,
        (r.points[0], r.points[1]),
        (r.tricks[0], r.tricks[1]),
        r.tricks_played,
        0 if single else target,
        rules.single_hand_stake * r.sh_factor if single else r.stake,
        rules.min_bid,
        rules.must_ask_trump,
        rules.marriage != "off" and not r.marriage,
        rules.last_trick_point,
    )


def engine_move(move: int) -> Move:
    """The engine move of a solver move (a card index, or SHOW)."""
    return SHOW_TRUMP if move == SHOW else PLAYS[move]


def solved_values(m: Match) -> tuple[list[tuple[Move, int]], int]:
    """The exact value of each legal move of the seat to play, and the nodes searched."""
    values, nodes = solver().values(position(m))
    assert values is not None  # no node limit
    return [(engine_move(mv), v) for mv, v in values], nodes
