"""Who has a table open: one database row per open socket, so every server process agrees.

A socket's row is written when it is accepted at the table, refreshed every
``PRESENCE_REFRESH`` seconds while it stays open, and deleted by
``disconnect()``. A process that stops without running ``disconnect()`` leaves
its rows behind; they stop counting ``PRESENCE_EXPIRY`` seconds after their last
refresh and are deleted the next time anyone asks. A seated player is "online"
while any of their sockets at the table counts, else "away"; a computer player's
seat is "computer".
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from game.bot_seats import levels
from game.models import Game, TablePresence

Presence = dict[str, Any]


def arrive(game_id: int, user_id: int, channel_name: str) -> Presence:
    """A socket of this user opened at the table; the table's presence now."""
    TablePresence.objects.update_or_create(
        channel_name=channel_name,
        defaults={"game_id": game_id, "user_id": user_id, "seen": timezone.now()},
    )
    return at_table(game_id)


def refresh(game_id: int, user_id: int, channel_name: str) -> Presence:
    """The socket is still open: renew its row (again, if it was forgotten); the presence."""
    return arrive(game_id, user_id, channel_name)


def leave(game_id: int, channel_name: str) -> Presence:
    """The socket closed; the table's presence now."""
    TablePresence.objects.filter(channel_name=channel_name).delete()
    return at_table(game_id)


def at_table(game_id: int) -> Presence:
    """``{"seats": [...], "watching": n}``: each seat "online", "away", "computer" (a computer
    player holds it) or None when empty, and how many people who do not play have it open
    (a person whose seat the host handed to a computer player counts among them)."""
    cutoff = timezone.now() - timedelta(seconds=settings.PRESENCE_EXPIRY)
    TablePresence.objects.filter(game_id=game_id, seen__lt=cutoff).delete()
    here = set(TablePresence.objects.filter(game_id=game_id).values_list("user_id", flat=True))
    row = (
        Game.objects.filter(pk=game_id)
        .values_list("seat_0", "seat_1", "seat_2", "seat_3", "bots")
        .first()
    ) or (None, None, None, None, [])
    computers = levels(row[4])
    seats: list[str | None] = []
    people: set[int] = set()
    for seat, user_id in enumerate(row[:4]):
        if computers[seat]:
            seats.append("computer")
        elif user_id is None:
            seats.append(None)
        else:
            seats.append("online" if user_id in here else "away")
            people.add(user_id)
    return {"seats": seats, "watching": len(here - people)}
