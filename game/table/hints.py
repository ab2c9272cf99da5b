"""Hints: whether a player may ask, how often, and the reasons in words.

The hint itself is the strong player's move from the asking seat's view, thought in the
bot workers (``game.table.bot_worker.hint``, through ``game.table.bot_turns.in_worker``).
The host decides who may ask (``Game.hints``): ``solo`` (the default) allows hints only
while no person other than the host is seated, a game against computer players where a
hint is a lesson; with friends at the table a hint would be an edge, so it is off unless
the host turns it ``on``; ``off`` never (``Snapshot.hints_allowed``). Every hint is
announced in everyone's log.
"""

from __future__ import annotations

import time

from django.core.cache import cache
from django.utils.translation import gettext as _

from game.bots import coach

# Seconds a player waits between two hints at one table, counted in Django's cache (Redis,
# shared by every process, in production; per process on the embedded defaults).
HINT_INTERVAL_S = 5.0
# Thinking time of the strong player for a hint (as for its own moves).
HINT_BUDGET_S = 0.4


async def admit(game_id: int, user_id: int) -> float:
    """Count a hint for this player; 0 when admitted, else the seconds left to wait."""
    now = time.time()
    key = f"hint:{game_id}:{user_id}"
    if HINT_INTERVAL_S <= 0 or await cache.aadd(key, now, HINT_INTERVAL_S):
        return 0.0
    last = await cache.aget(key)
    if last is None:  # expired just now
        return 0.0 if await cache.aadd(key, now, HINT_INTERVAL_S) else HINT_INTERVAL_S
    return max(0.0, HINT_INTERVAL_S - (now - float(last)))


def reason_text(why: list[object] | None) -> str | None:
    """A reason code from ``game.bots.coach`` in words."""
    if not why:
        return None
    code, percent = why[0], why[1]
    words = {
        coach.DRAWS_TRUMP: _("draws trump"),
        coach.KEEPS_PARTNER: _("keeps your partner's winning trick"),
        coach.FEEDS_PARTNER: _("adds points to your partner's winning trick"),
        coach.WINS_TRICK: _("wins the trick for now"),
        coach.SAVES_CARDS: _("this trick is lost: keep your better cards"),
        coach.ASKS_TRUMP: _("you cannot follow suit: see the trump"),
        coach.MAKES_CONTRACT: _("makes the contract in most sampled deals: %(percent)s%%"),
        coach.BREAKS_CONTRACT: _("sets the contract in most sampled deals: %(percent)s%%"),
    }
    text = words.get(str(code))
    return None if text is None else text % {"percent": percent}
