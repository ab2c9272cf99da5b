"""``choose_action``: the one entry point of the computer players (issue 7's interface).

It takes only what the seat may see — the rules, its view and the public events
of the current deal — builds the seat's Belief from them (deals weighted by how
well they explain the auction, see inference.py), draws one consistent
deal to read the seat's legal moves from, and asks the player of the level.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from game.bots.decision import Decision, Player
from game.bots.inference import auction_weight
from game.bots.levels import LEVELS
from game.engine.belief import Belief, TrumpOdds, Weigh
from game.engine.moves import MARRIAGE, Move
from game.engine.rules import Rules


def choose_action(
    rules: Rules,
    seat: int,
    view: dict[str, Any],
    history: Sequence[dict[str, Any]],
    level: str = "strong",
    budget_s: float = 0.4,
    seed: int | None = None,
) -> dict[str, Any] | None:
    """One action from the seat's ``legal_actions``, or None to decline an optional marriage.

    ``view`` is ``Match.view(seat)``; ``history`` the public events of the current
    deal, oldest first, as ``deal()`` and every ``apply()`` returned them; ``level``
    one of ``LEVELS``.
    """
    return choose_among(LEVELS, rules, seat, view, history, level, budget_s, seed)


def choose_among(
    levels: Mapping[str, Player],
    rules: Rules,
    seat: int,
    view: dict[str, Any],
    history: Sequence[dict[str, Any]],
    level: str,
    budget_s: float,
    seed: int | None,
    weigh: Weigh = auction_weight,
    trump_odds: TrumpOdds | None = None,
) -> dict[str, Any] | None:
    """``choose_action`` with the players of ``levels`` (bench/sparring/ adds its own), the
    auction read by ``weigh`` and a hidden trump guessed by ``trump_odds``."""
    started = time.perf_counter()
    if not isinstance(rules, Rules):
        raise ValueError("rules must be a Rules")
    player = levels.get(level)
    if player is None:
        raise ValueError(f"level must be one of {', '.join(levels)}, not {level!r}")
    if isinstance(budget_s, bool) or not isinstance(budget_s, int | float) or budget_s <= 0:
        raise ValueError("budget_s must be a positive number of seconds")
    if seed is not None and type(seed) is not int:
        raise ValueError("seed must be an int or None")
    rng = random.Random(seed) if seed is not None else random.Random()
    belief = Belief(rules, seat, view, history, weigh, trump_odds)
    sample = belief.sample(rng)
    moves = sample.moves(seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal action now")
    decision = Decision(
        rules, seat, belief, sample, moves, float(budget_s), rng, seed is not None, started
    )
    move = player(decision)
    if move is None:
        if moves != [MARRIAGE]:
            raise ValueError(f"the {level} player declined a move it must make")
        return None
    return Move(*move).to_action()
