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

from typing import Any

from django.core.cache import cache
from django.utils.translation import gettext as _

from game.bots import coach

# Thinking time of the strong player for a hint (as for its own moves).
HINT_BUDGET_S = 0.4
# How long a decision's hint is kept, to show it again (another tab, a reload), in Django's
# cache (Redis, shared by every process, in production; per process on the embedded defaults).
ANSWER_KEPT_S = 3600
# How long a hint being thought holds its decision (its socket may close meanwhile).
THINKING_KEPT_S = 60
_THINKING = "thinking"


def _key(game_id: int, version: int, seat: int) -> str:
    return f"hint:{game_id}:{version}:{seat}"


async def first_ask(game_id: int, version: int, seat: int) -> bool:
    """Whether this seat asks for its first hint on the decision at ``version``: the strong
    player thinks once per decision (that is the rate limit), a second ask is shown the same."""
    return bool(await cache.aadd(_key(game_id, version, seat), _THINKING, THINKING_KEPT_S))


async def keep(game_id: int, version: int, seat: int, answer: dict[str, Any] | None) -> None:
    """Keep the decision's hint to show again; ``None``: the thinking failed, ask afresh."""
    key = _key(game_id, version, seat)
    if answer is None:
        await cache.adelete(key)
    else:
        await cache.aset(key, answer, ANSWER_KEPT_S)


async def kept(game_id: int, version: int, seat: int) -> dict[str, Any] | None:
    """The decision's hint, once thought (``None`` while it is being thought)."""
    answer = await cache.aget(_key(game_id, version, seat))
    return answer if isinstance(answer, dict) else None


def reason_text(why: list[object] | None) -> str | None:
    """A reason code from ``game.bots.coach`` in words."""
    if not why:
        return None
    code, percent = why[0], why[1]
    value = why[2] if len(why) > 2 else 0
    words = {
        coach.DRAWS_TRUMP: _("draws trump"),
        coach.KEEPS_PARTNER: _("keeps your partner's winning trick"),
        coach.FEEDS_PARTNER: _("adds points to your partner's winning trick"),
        coach.WINS_TRICK: _("wins the trick for now"),
        coach.SAVES_CARDS: _("this trick is lost: keep your better cards"),
        coach.ASKS_TRUMP: _("you cannot follow suit: see the trump"),
        coach.SHOWS_TRUMP: _("you cannot follow suit: show your trump to play one"),
        coach.MAKES_CONTRACT: _("makes the contract in most sampled deals: %(percent)s%%"),
        coach.BREAKS_CONTRACT: _("sets the contract in most sampled deals: %(percent)s%%"),
        coach.CALL_MAKES: _(
            "with four cards like yours a call of %(value)s makes about %(percent)s%% of the"
            " time (the computer's estimate)"
        ),
        coach.CALL_FAILS: _(
            "with four cards like yours a call of %(value)s makes only about %(percent)s%% of"
            " the time (the computer's estimate)"
        ),
        coach.OPENS: _(
            "with four cards like yours a call of %(value)s makes about %(percent)s%% of the"
            " time, which beats leaving the call to the others (the computer's estimate)"
        ),
        coach.PARTNER_HOLDS: _("your partner holds the call"),
        coach.TRUMP_BEST: _(
            "with this suit as trump your four cards are worth most (in trumps the jack counts"
            " most, then the nine, ace and ten)"
        ),
        coach.SEVENTH: _("no suit stands out among your four cards: let the seventh card decide"),
        coach.CONTESTS: _(
            "against four cards like yours their call of %(value)s makes about %(percent)s%% of"
            " the time: calling over it costs less (the computer's estimate)"
        ),
        coach.THEIRS_FAILS: _(
            "against four cards like yours their call of %(value)s fails about %(percent)s%% of"
            " the time (the computer's estimate)"
        ),
    }
    text = words.get(str(code))
    return None if text is None else text % {"percent": percent, "value": value}
