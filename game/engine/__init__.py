"""The rules of Twenty-Nine as a pure-Python engine (no Django, no dependencies).

>>> from game.engine import Match, Rules
>>> m = Match(Rules(), dealer=0, seed=7)
>>> m.view(None)["phase"]
'deal'
"""

from game.engine.errors import IllegalAction
from game.engine.match import Match
from game.engine.rules import Rules

__all__ = ["IllegalAction", "Match", "Rules"]
