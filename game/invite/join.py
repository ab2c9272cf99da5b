"""Joining a game by its invite link: a signed-in user takes an open seat or watches, a
visitor with no account becomes a guest (and takes a seat or watches).

Each join is one transaction: the friendship or the guest, and the seat through
``seat_changes.take_seat_by_link`` (which locks the game row and refuses a seat taken
meanwhile); a refusal rolls the whole join back. The table is told after the commit.
"""

from __future__ import annotations

from django.db import transaction

from accounts import friends
from accounts.models import User
from game.invite import guests
from game.models import Game
from game.table import seat_changes
from game.table.broadcast import announce_from_sync


def join_member(game: Game, user: User, seat: int | None) -> None:
    """``user`` (a full account) joins ``game``: becomes the host's friend, then takes
    ``seat`` (None: watches). Raises ``friends.FriendshipRefused`` over a friend limit and
    ``TableError`` when the seat is gone, changing nothing."""
    with transaction.atomic():
        friends.befriend_by_link(game.host, user)
        latest = None if seat is None else seat_changes.take_seat_by_link(game.pk, user.pk, seat)
    if latest is not None:
        announce_from_sync(latest)


def join_guest(game: Game, name: str, seat: int | None) -> User:
    """A new guest called ``name`` joins ``game`` in ``seat`` (None: watches); the guest.
    Raises ``TableError`` when the seat is gone, and then no guest is made."""
    with transaction.atomic():
        user = guests.create(name, game.pk)
        latest = None if seat is None else seat_changes.take_seat_by_link(game.pk, user.pk, seat)
    if latest is not None:
        announce_from_sync(latest)
    return user


def remove_guest(game_id: int, host_id: int, seat: int, level: str) -> None:
    """The host removes the guest in ``seat`` (``seat_changes.remove_guest``) and the
    table, the guest's sockets included, is told."""
    announce_from_sync(seat_changes.remove_guest(game_id, host_id, seat, level))
