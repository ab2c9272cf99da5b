"""The strong computer player: calls by simulation and card play by PIMC, both over
deals solved exactly by the compiled solver."""

from __future__ import annotations

from game.bots.decision import Decision
from game.bots.solver.calls import choose_call
from game.bots.solver.search import choose_card
from game.engine.match import Move

MARRIAGE: Move = ("marriage", -1)


def choose(decision: Decision) -> Move:
    """The strong level's move."""
    if MARRIAGE in decision.moves:
        return MARRIAGE  # declaring only ever helps the holder's team
    r = decision.sample.round
    assert r is not None
    if r.phase == "play":
        return choose_card(decision)
    return choose_call(decision)
