"""One decision a computer player makes: what it may know, its legal moves and its budget.

A ``Player`` is any callable taking a ``Decision`` and returning one of its
``moves`` (or ``None`` to decline an optional marriage). Players never see a
real Match: ``sample`` is a deal drawn from the seat's ``Belief`` (its own
cards are the seat's real ones, every other hidden card is made up), and
``belief`` draws as many more as a searcher wants.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.bots.position import Position
from game.engine.belief import Belief
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.rules import Rules


@dataclass
class Decision:
    """The inputs of one decision of one seat."""

    rules: Rules
    seat: int
    belief: Belief
    sample: Match  # one deal consistent with what the seat saw
    moves: list[Move]  # the seat's legal moves now, as (type, argument)
    budget_s: float  # wall-clock thinking time
    rng: random.Random
    seeded: bool  # count work instead of timing it, so the decision is reproducible
    started: float = field(default_factory=time.perf_counter)  # when the decision began

    def position(self) -> Position:
        """What the seat sees now, as a Position."""
        return Position(self.sample, self.seat)


Player = Callable[[Decision], Move | None]
