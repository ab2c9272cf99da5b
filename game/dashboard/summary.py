"""A game as its dashboard card shows it live: whose turn, the score, who holds each seat,
who has the table open. Made from a table snapshot (no database), once per version and
process, and personalised per viewer by ``for_viewer``."""

from __future__ import annotations

from typing import Any

import orjson
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from game.table import cache, match_end
from game.table.snapshot import Snapshot

# What the seats in turn are doing, by the match's phase (translated when shown).
PHASES = {
    "bidding": gettext_noop("bidding"),
    "trump": gettext_noop("choosing trump"),
    "doubling": gettext_noop("doubling"),
    "seventh_card": gettext_noop("doubling"),
    "single_hand": gettext_noop("deciding on Single Hand"),
    "single_hand_doubling": gettext_noop("doubling"),
    "play": gettext_noop("playing"),
}


def _shared(latest: Snapshot) -> dict[str, Any]:
    """What every viewer of this version is told (kept with the version's derived values)."""
    kept = cache.derived(latest)
    if kept.dashboard is not None:
        return kept.dashboard
    match = latest.match
    turn = match.turn() if match is not None else []
    found: dict[str, Any] = {
        "game": latest.game_id,
        "version": latest.version,
        "seats": [p.name for p in latest.players],
        "computers": [bool(p.computer) for p in latest.players],
        "score": list(match.score) if match is not None else [0, 0],
        "started": latest.started,
        "turn": turn,
        "phase": match.round.phase if match is not None and match.round is not None else "",
        "waiting_for": latest.waiting_for(),
        "match": match_end.match_message(latest),
    }
    kept.dashboard = found
    return found


def for_viewer(latest: Snapshot, user_id: int) -> dict[str, Any]:
    """The ``game`` message of the dashboard socket for this viewer: the shared values and a
    status line in words, "Your turn" when it is theirs."""
    shared = _shared(latest)
    mine = _mine(latest, shared, user_id)
    return {"type": "game", **shared, "your_turn": mine, "status": _status(shared, mine)}


def frame_for(latest: Snapshot, user_id: int) -> str:
    """``for_viewer`` encoded, once per version, "your turn" or not, and language."""
    frames = cache.derived(latest).dashboard_frames
    key = (_mine(latest, _shared(latest), user_id), translation.get_language() or "")
    text = frames.get(key)
    if text is None:
        text = frames[key] = orjson.dumps(for_viewer(latest, user_id)).decode()
    return text


def _mine(latest: Snapshot, shared: dict[str, Any], user_id: int) -> bool:
    seat = latest.seat_of(user_id)
    return seat is not None and seat in shared["turn"] and not latest.players[seat].replaced


def _status(shared: dict[str, Any], mine: bool) -> str:
    over = shared["match"]
    if over["winner"] is not None:
        team = over["winner"]
        names = [name or _("an empty seat") for name in shared["seats"][team::2]]
        won = over["sets_won"][team]
        return ngettext(
            "Match over: %(names)s won, %(won)s set to %(lost)s",
            "Match over: %(names)s won, %(won)s sets to %(lost)s",
            won,
        ) % {
            "names": _("%(first)s & %(second)s") % {"first": names[0], "second": names[1]},
            "won": won,
            "lost": over["sets_won"][1 - team],
        }
    doing = PHASES.get(shared["phase"], "")
    if mine:
        return _("Your turn (%(doing)s)") % {"doing": _(doing)} if doing else _("Your turn")
    if not shared["started"]:
        waiting = shared["waiting_for"]
        if waiting:
            return _("Waiting for %(names)s to open the table") % {"names": ", ".join(waiting)}
        return _("Not started yet")
    if not shared["turn"]:
        return _("Between deals")
    names = [shared["seats"][seat] or _("an empty seat") for seat in shared["turn"]]
    return _("Turn: %(names)s (%(doing)s)") % {"names": " / ".join(names), "doing": _(doing)}


def presence_message(
    game_id: int, here: dict[str, Any], seats: list[str | None]
) -> dict[str, Any]:
    """The ``presence`` message of the dashboard socket: who has the table open, in words."""
    names = [
        name for name, state in zip(seats, here["seats"], strict=False)
        if state == "online" and name
    ]
    words = _("At the table: %(names)s") % {"names": ", ".join(names)} if names else ""
    if here["watching"]:
        watching = _("%(count)s watching") % {"count": here["watching"]}
        words = f"{words} · {watching}" if words else watching
    return {"type": "presence", "game": game_id, "here": words or _("Nobody at the table now")}
