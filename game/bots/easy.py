"""The easy level: the rule-based player with human mistakes (seeded noise).

It misjudges its hand in the auction by a couple of points either way and now
and then plays a card without thinking (any legal card).
"""

from __future__ import annotations

from game.bots import rule_based
from game.bots.decision import Decision
from game.engine.moves import Move

CARELESS = 0.15  # the chance of a careless card
MISJUDGE = 1.5  # the spread (in hand-value units) of the auction's misjudgement


def choose(decision: Decision) -> Move:
    """The rule-based move, with mistakes."""
    pos = decision.position()
    rng = decision.rng
    moves = decision.moves
    if pos.phase == "bidding":
        limit = rule_based.hand_limit(pos.hand, noise=rng.gauss(0.0, MISJUDGE))
        return rule_based.bid(pos, moves, limit)
    if pos.phase == "play" and rng.random() < CARELESS:
        cards = [m for m in moves if m[0] == "play"]
        if cards:
            return cards[int(rng.random() * len(cards))]
    return rule_based.decide(pos, moves, rng)
