"""The strong computer player: card play by PIMC over deals solved exactly by the
compiled solver; calls by the rule-based player (``choose``) or by simulation over
solved deals (``choose_simulated``, level ``strong-sim``: it lost game points to
``choose`` in bench/bots.py under the reduced rules, passing too many hands)."""

from __future__ import annotations

from game.bots import rule_based
from game.bots.decision import Decision
from game.bots.solver.calls import choose_call
from game.bots.solver.search import choose_card
from game.engine.match import Move

MARRIAGE: Move = ("marriage", -1)


def choose(decision: Decision) -> Move:
    """The strong level's move."""
    if MARRIAGE in decision.moves:
        return MARRIAGE  # declaring only ever helps the holder's team
    if _phase(decision) == "play":
        return choose_card(decision)
    return rule_based.choose(decision)


def choose_simulated(decision: Decision) -> Move:
    """The strong level's move, with every call judged by simulation too."""
    if MARRIAGE in decision.moves:
        return MARRIAGE
    if _phase(decision) == "play":
        return choose_card(decision)
    return choose_call(decision)


def _phase(decision: Decision) -> str:
    r = decision.sample.round
    assert r is not None
    return r.phase
