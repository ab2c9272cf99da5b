"""The computer players by level name; a new player plugs in by adding its module here.

``random`` (any legal move, for sparring), ``rule`` (the rule-based player),
``easy`` (the rule-based player with human mistakes) and ``strong`` (the best
player: for now determinized search with rule-based rollouts).
"""

from __future__ import annotations

from game.bots import easy, pimc, random_player, rule_based
from game.bots.decision import Player

LEVELS: dict[str, Player] = {
    "random": random_player.choose,
    "rule": rule_based.choose,
    "easy": easy.choose,
    "strong": pimc.choose,
}
