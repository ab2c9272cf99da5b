"""Who has a table open: one database row per open socket, so every server process agrees.

A socket's row is written when it is accepted at the table, refreshed every
``PRESENCE_REFRESH`` seconds while it stays open (``game.table.presence_renewal``), and deleted by
``disconnect()``. A process that stops without running ``disconnect()`` leaves
its rows behind; they stop counting ``PRESENCE_EXPIRY`` seconds after their last
refresh and are deleted the next time anyone asks. A seated player is "online"
while any of their sockets at the table counts, else "away"; a computer player's
seat is "computer".
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.utils import timezone

from game.models import TablePresence
from game.table import store

Presence = dict[str, Any]
T = TypeVar("T")
# Most values in one ``IN (...)`` list (SQLite allows 32766 parameters, older builds 999).
CHUNK = 500


def arrive(game_id: int, user_id: int, channel_name: str) -> Presence:
    """A socket of this user opened at the table; the table's presence now."""
    TablePresence.objects.update_or_create(
        channel_name=channel_name,
        defaults={"game_id": game_id, "user_id": user_id, "seen": timezone.now()},
    )
    return at_table(game_id)


def leave(game_id: int, channel_name: str) -> Presence:
    """The socket closed; the table's presence now."""
    TablePresence.objects.filter(channel_name=channel_name).delete()
    return at_table(game_id)


def renew(rows: list[tuple[str, int, int]]) -> dict[int, Presence]:
    """Renew the rows of these open sockets, ``(channel name, game id, user id)`` each (write
    again any row that was deleted meanwhile); the presence of each of their games."""
    now = timezone.now()
    for chunk in _chunks(rows):
        names = [name for name, _, _ in chunk]
        if TablePresence.objects.filter(channel_name__in=names).update(seen=now) == len(names):
            continue
        kept = set(
            TablePresence.objects.filter(channel_name__in=names).values_list(
                "channel_name", flat=True
            )
        )
        TablePresence.objects.bulk_create(
            [
                TablePresence(channel_name=name, game_id=game_id, user_id=user_id, seen=now)
                for name, game_id, user_id in chunk
                if name not in kept
            ],
            ignore_conflicts=True,
        )
    return at_tables({game_id for _, game_id, _ in rows})


def at_table(game_id: int) -> Presence:
    """``{"seats": [...], "watching": n}``: each seat "online", "away", "computer" (a computer
    player holds it) or None when empty, and how many people with no seat have it open (a
    person whose seat a computer player holds for now watches their own seat, not counted)."""
    return at_tables({game_id})[game_id]


def at_tables(game_ids: set[int]) -> dict[int, Presence]:
    """``at_table`` of several games, read with one query of each kind per chunk of games;
    rows past ``PRESENCE_EXPIRY`` are deleted on the way."""
    cutoff = timezone.now() - timedelta(seconds=settings.PRESENCE_EXPIRY)
    found: dict[int, Presence] = {}
    for chunk in _chunks(sorted(game_ids)):
        TablePresence.objects.filter(game_id__in=chunk, seen__lt=cutoff).delete()
        here: dict[int, set[int]] = {game_id: set() for game_id in chunk}
        for game_id, user_id in TablePresence.objects.filter(game_id__in=chunk).values_list(
            "game_id", "user_id"
        ):
            here[game_id].add(user_id)
        holders = store.seat_holders(chunk)
        for game_id in chunk:
            seat_ids, computers = holders.get(game_id, ((None,) * 4, ("",) * 4))
            found[game_id] = _presence(seat_ids, computers, here[game_id])
    return found


def _presence(
    seat_ids: tuple[int | None, ...], computers: tuple[str, ...], here: set[int]
) -> Presence:
    seats: list[str | None] = []
    people: set[int] = set()
    for seat, user_id in enumerate(seat_ids):
        if user_id is not None:
            people.add(user_id)
        if computers[seat]:
            seats.append("computer")
        elif user_id is None:
            seats.append(None)
        else:
            seats.append("online" if user_id in here else "away")
    return {"seats": seats, "watching": len(here - people)}


def _chunks(items: list[T]) -> list[list[T]]:
    """``items`` in lists short enough for one ``IN (...)`` on any database."""
    return [items[i : i + CHUNK] for i in range(0, len(items), CHUNK)]
