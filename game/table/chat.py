"""The table chat: short lines from the players and spectators, kept with the game.

A line is plain text: whitespace (line breaks included) becomes single spaces,
control characters and direction overrides are dropped, and it holds 1 to ``MAX_LENGTH`` characters.
It is stored as written and shown as text (pages never parse it as HTML). Who
may write is decided from the game row at the moment of writing: the seated
players, and the host's friends who watch unless the host turned spectator chat
off (the host may always write). How often a socket may write is the socket's
business (``game.table.chat_socket``); how often a person may, over all their sockets and
processes, is counted here from the lines kept: no more in ``PERSON_WINDOW_S`` seconds than
one socket may send.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.names import shows
from game.models import ChatMessage
from game.table import store
from game.table.access import role_for
from game.table.errors import TableError

MAX_LENGTH = 200
# How many lines a (re)connecting socket is sent, how many a game keeps, and how often
# (every how many lines, counted by id) older lines are dropped.
RECENT = 50
KEEP = 500
PRUNE_EVERY = 100
# How many seconds' worth of lines a socket may send at once ("hi", "good luck", "!"), and the
# window over which a person's lines are counted.
CHAT_BURST = 3
PERSON_WINDOW_S = 10

_SPACE = re.compile(r"\s+")
# Direction overrides could make a line read differently from what was written.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean(text: object) -> str:
    """The line as it will be kept: spaces collapsed, control characters dropped.

    >>> clean("  hello\\n  <b>there</b>\\x07 ")
    'hello <b>there</b>'
    """
    if not isinstance(text, str):
        raise TableError("missing_field", _('A chat message needs "text" (a string).'))
    spaced = _SPACE.sub(" ", text)
    kept = "".join(
        ch for ch in spaced if unicodedata.category(ch) not in ("Cc", "Cs") and ch not in _BIDI
    )
    line = kept.strip()
    if not shows(line):  # nothing, or only characters drawn as nothing
        raise TableError("chat_empty", _("Write something before sending."))
    if len(line) > MAX_LENGTH:
        raise TableError(
            "chat_too_long",
            _("A chat message may be at most %(most)s characters.") % {"most": MAX_LENGTH},
        )
    return line


def as_message(line: ChatMessage) -> dict[str, Any]:
    """One line as the protocol sends it."""
    return {
        "id": line.pk,
        "name": line.name,
        "seat": line.seat,
        "spectator": line.seat is None,
        "text": line.text,
        "at": line.created.isoformat(),
    }


def post(game_id: int, user: User, text: object) -> tuple[dict[str, Any], bool]:
    """Keep one line from this user; returns it and whether spectators may chat.

    Raises TableError (empty, too long, not allowed, spectator chat off, no such game);
    nothing is kept then.
    """
    line = clean(text)
    game, players = store.game_with_seats(game_id)
    role = role_for(game, user, players)
    if role is None:
        raise TableError("forbidden", _("You may not see this table."))
    if role.spectator and not role.host and not game.spectator_chat:
        raise TableError("chat_off", _("The host has turned spectator chat off."))
    if _over_person_limit(game_id, user):
        raise TableError("rate_limited", _("Too many chat messages: wait a moment."))
    saved = ChatMessage.objects.create(
        game=game, author=user, name=user.display_name, seat=role.seat, text=line
    )
    if saved.pk % PRUNE_EVERY == 0:
        _forget_old(game_id)
    return as_message(saved), game.spectator_chat


def _over_person_limit(game_id: int, user: User) -> bool:
    """Whether this person has written as many lines lately as one socket may send."""
    since = timezone.now() - timedelta(seconds=PERSON_WINDOW_S)
    written = ChatMessage.objects.filter(game_id=game_id, author=user, created__gte=since)
    limit = settings.CHAT_RATE_PER_SECOND * (PERSON_WINDOW_S + CHAT_BURST)
    return written.count() >= limit


def recent(game_id: int) -> tuple[list[dict[str, Any]], bool]:
    """The latest RECENT lines, oldest first, and whether spectators may chat."""
    allowed = store.spectators_may_chat(game_id)
    lines = ChatMessage.objects.filter(game_id=game_id).order_by("-id")[:RECENT]
    return [as_message(line) for line in reversed(lines)], allowed


def allow_spectators(game_id: int, user_id: int, allowed: bool) -> None:
    """The host turns spectator chat on or off (``TableError`` for anyone else)."""
    if not store.let_spectators_chat(game_id, user_id, allowed):
        raise TableError("not_host", _("Only the host can turn spectator chat on or off."))


def _forget_old(game_id: int) -> None:
    """Drop a game's lines beyond the newest KEEP."""
    newest = ChatMessage.objects.filter(game_id=game_id).order_by("-id")
    oldest_kept = list(newest.values_list("id", flat=True)[KEEP - 1 : KEEP])
    if oldest_kept:
        ChatMessage.objects.filter(game_id=game_id, id__lt=oldest_kept[0]).delete()
