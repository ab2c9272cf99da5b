"""The strong computer player: card play by PIMC over deals solved exactly by the
compiled solver; calls by the rule-based player (``choose``).

``choose_v2`` (level ``strong-v2``) is the candidate next strong player: bids by
expected game points (``bidding.py``, a hand evaluation calibrated on solved deals)
and the first tricks searched without leaving the hard deals out
(``search.EARLY_SEARCH``); in bench/bots.py it has so far played even with
``choose``. ``choose_simulated`` (level ``strong-sim``) judges every call by
simulation over a few solved sampled deals; it lost game points to ``choose`` under
the reduced rules (it passes too many hands)."""

from __future__ import annotations

from game.bots import rule_based
from game.bots.decision import Decision
from game.bots.solver.bidding import choose_bid
from game.bots.solver.calls import choose_call
from game.bots.solver.search import EARLY_SEARCH, choose_card
from game.engine.match import Move

MARRIAGE: Move = ("marriage", -1)


def choose(decision: Decision) -> Move:
    """The strong level's move."""
    if MARRIAGE in decision.moves:
        return MARRIAGE  # declaring only ever helps the holder's team
    if _phase(decision) == "play":
        return choose_card(decision)
    return rule_based.choose(decision)


def choose_v2(decision: Decision) -> Move:
    """The candidate next strong level's move: calibrated bids, the early search."""
    if MARRIAGE in decision.moves:
        return MARRIAGE
    phase = _phase(decision)
    if phase == "play":
        return choose_card(decision, EARLY_SEARCH)
    if phase == "bidding":
        return choose_bid(decision)
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
