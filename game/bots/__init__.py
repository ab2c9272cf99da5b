"""Computer players for Twenty-Nine, deciding only from what their seat may see.

>>> from game.engine import Match, Rules
>>> m = Match(Rules(), dealer=0, seed=7)
>>> history = m.deal()
>>> seat = m.view(None)["turn"][0]
>>> action = choose_action(m.rules, seat, m.view(seat), history, level="easy", seed=1)
>>> action in m.legal_actions(seat)
True
"""

from game.bots.choose import choose_action
from game.bots.levels import LEVELS

__all__ = ["LEVELS", "choose_action"]
