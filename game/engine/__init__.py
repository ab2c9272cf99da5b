"""The rules of Twenty-Nine as a pure-Python engine (no Django, no dependencies)."""

from game.engine.errors import IllegalAction
from game.engine.rules import Rules

__all__ = ["IllegalAction", "Rules"]
