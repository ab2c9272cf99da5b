"""Joining a game by its invite link: a signed-in user takes an open seat or watches, a
visitor with no account becomes a guest (and takes a seat or watches).

Each join is one transaction: the friendship or the guest, and the seat through
``seat_changes.take_seat_by_link`` (which locks the game row and refuses a seat taken
meanwhile); a refusal rolls the whole join back. The table is told after the commit.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts import friends
from accounts.models import User
from game.invite import guests, links
from game.models import Game
from game.table import seat_changes, store
from game.table.broadcast import announce_from_sync
from game.table.errors import TableError
from game.table.seats import seat_of
from game.table.snapshot import Snapshot


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


def guest_removed(
    game_id: int, host_id: int, seat: int, level: str, new_link: bool = False
) -> Snapshot:
    """The host removes the guest in ``seat`` (``seat_changes.remove_guest``) and, with
    ``new_link``, gives a working invite link a new token in the same transaction, so the
    guest cannot join again by the old one; the new version of the table, to announce."""
    with transaction.atomic():
        latest = seat_changes.remove_guest(game_id, host_id, seat, level)
        if new_link:
            links.renew(game_id)
    return latest


def remove_guest(
    game_id: int, host_id: int, seat: int, level: str, new_link: bool = False
) -> None:
    """``guest_removed``, then the table, the guest's sockets included, is told."""
    announce_from_sync(guest_removed(game_id, host_id, seat, level, new_link))


def remove_watcher(game_id: int, host_id: int, guest_id: int, new_link: bool = False) -> None:
    """The host removes a guest of ``game_id`` who holds no seat there (it watches): the guest
    is unbound and its sockets at the table re-check their role and close, as for a guest
    removed from a seat (``seat_changes.access_ended``, told after the commit); ``new_link``
    as for ``guest_removed``. Raises ``TableError`` for anyone but the host and when no such
    guest watches, changing nothing."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        if game.host_id != host_id:
            raise TableError("not_host", _("Only the host can remove a guest."))
        if seat_of(players, guest_id) is not None or not guests.is_guest_of(guest_id, game_id):
            raise TableError("bad_seat", _("That guest is not watching your table."))
        guests.unbind(guest_id)
        if new_link:
            links.renew(game_id)
        seat_changes.access_ended(host_id, guest_id)
