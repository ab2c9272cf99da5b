"""The computer players by level name; a new player plugs in by adding its module here.

``random`` (any legal move, for sparring), ``rule`` (the rule-based player),
``easy`` (the rule-based player with human mistakes) and ``strong`` (the best
player: PIMC over deals solved exactly by the compiled solver, game/bots/solver/),
``strong-v2`` (the candidate next strong: calibrated bids, the early-trick search),
``strong-sim`` (strong with every call made by simulation too), ``rollout`` (the
earlier strong: PIMC with rule-based rollouts, kept for comparison), ``ismcts`` and
``ismcts-old`` (sparring partners playing like the public C++ IS-MCTS bot's latest
and older versions, game/bots/ismcts/).
"""

from __future__ import annotations

from game.bots import easy, pimc, random_player, rule_based
from game.bots.decision import Player
from game.bots.ismcts import player as ismcts
from game.bots.solver import strong

LEVELS: dict[str, Player] = {
    "random": random_player.choose,
    "rule": rule_based.choose,
    "easy": easy.choose,
    "strong": strong.choose,
    "strong-v2": strong.choose_v2,
    "strong-sim": strong.choose_simulated,
    "rollout": pimc.choose,
    "ismcts": ismcts.choose,
    "ismcts-old": ismcts.choose_older,
}
