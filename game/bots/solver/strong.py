"""The strong computer player: card play by PIMC over deals solved exactly by the
compiled solver, weighed by the reading of the play (game/bots/play_reading.py); calls by
the expected game points of calling against passing (game/bots/bidding.py); the rest
(trump, stakes, Single Hand) by the rule-based player."""

from __future__ import annotations

from game.bots import rule_based
from game.bots.bidding import choose_bid
from game.bots.decision import Decision
from game.bots.solver.search import choose_card
from game.engine.moves import MARRIAGE, Move


def choose(decision: Decision) -> Move:
    """The strong level's move."""
    if MARRIAGE in decision.moves:
        return MARRIAGE  # declaring only ever helps the holder's team
    now = phase(decision)
    if now == "play":
        return choose_card(decision)
    if now == "bidding":
        return choose_bid(decision)
    return rule_based.choose(decision)


def phase(decision: Decision) -> str:
    """The phase of the decision's deal."""
    r = decision.sample.round
    assert r is not None
    return r.phase
