"""The computer players the site offers, by level name; a new player plugs in here.

``easy`` (the rule-based player with human mistakes) and ``strong`` (the best
player: PIMC over deals solved exactly by the compiled solver, game/bots/solver/, each
deal weighed by how well it explains the cards the other seats played, play_reading.py).
The sparring partners kept only to measure these against live in bench/sparring/,
which game.bots never imports.
"""

from __future__ import annotations

from game.bots import easy
from game.bots.decision import Player
from game.bots.solver import strong

LEVELS: dict[str, Player] = {
    "easy": easy.choose,
    "strong": strong.choose,
}
