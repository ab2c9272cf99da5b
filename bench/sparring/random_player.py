"""The sparring partner with no idea: any legal move, uniformly."""

from __future__ import annotations

from game.bots.decision import Decision
from game.engine.moves import Move


def choose(decision: Decision) -> Move:
    """A uniformly random legal move."""
    moves = decision.moves
    return moves[int(decision.rng.random() * len(moves))]
