"""Guests: accounts made by a host's invite link with only a display name.

A guest is a ``User`` of the ``guest`` account type with no email of its own and no
usable password (until it asks for a full account, ``game.invite.membership``: the password
is kept then, the address only once confirmed), logged in by a long-lived session cookie,
and bound to one game by its ``Guest`` row: it may play and chat at that table and read
its deal history, nothing else (``game.table.access.role_for``; ``game.invite.fence`` keeps
it off every other page). The host's removal unbinds it. ``remove_idle`` deletes guests no
game seats that have not been seen for ``IDLE_DAYS`` days.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts import names
from accounts.models import AccountType, User
from game.models import Guest, Seat
from game.table.seats import BOT_NAMES

NAME_MAX = 30
IDLE_DAYS = 30
# A guest's session cookie lasts this long (the guest has no password to log in again).
SESSION_SECONDS = 365 * 24 * 3600
# How often a guest's "last seen" time is written at most.
SEEN_EVERY = timedelta(hours=1)


def clean_name(raw: object) -> str:
    """A guest's display name (``accounts.names.clean_name``, at most ``NAME_MAX``
    characters). Raises ``BadName``."""
    return names.clean_name(raw, NAME_MAX)


def create(name: str, game_id: int) -> User:
    """A new guest called ``name`` (already cleaned), bound to this game."""
    user = User.objects.create_user(
        f"guest-{secrets.token_hex(12)}@guests.invalid",
        None,
        first_name=name,
        account_type=AccountType.GUEST,
    )
    Guest.objects.create(user=user, game_id=game_id, seen=timezone.now())
    return user


def game_of(user_id: int) -> int | None:
    """The game this guest is bound to (None: removed, or not a guest)."""
    return Guest.objects.filter(user_id=user_id).values_list("game_id", flat=True).first()


def is_guest_of(user_id: int, game_id: int) -> bool:
    """Whether this user is a guest bound to this game."""
    return Guest.objects.filter(user_id=user_id, game_id=game_id).exists()


def seated_here(game_id: int, players: Sequence[Any]) -> frozenset[int | None]:
    """The user ids of the guests of this game among its seated ``players``."""
    seated = [p.user_id for p in players if p.user_id is not None]
    return frozenset(
        Guest.objects.filter(game_id=game_id, user_id__in=seated).values_list("user_id", flat=True)
    )


def watching_here(game_id: int, players: Sequence[Any]) -> list[User]:
    """The guests of this game that no seat of ``players`` holds (they watch), by name."""
    seated = [p.user_id for p in players if p.user_id is not None]
    return list(
        User.objects.filter(guest__game_id=game_id, account_type=AccountType.GUEST)
        .exclude(pk__in=seated)
        .order_by("first_name", "pk")
    )


def names_taken(game: Any, players: Sequence[Any]) -> list[str]:
    """The names a new guest of this game may not take, so that nobody at the table can pass
    for someone else: the host's, the seated people's, every computer player's, and the
    watching guests'."""
    seated = [p.name for p in players if p.name]
    watching = [user.first_name for user in watching_here(game.pk, players)]
    return [game.host.display_name, *seated, *BOT_NAMES, *watching]


def unbind(user_id: int) -> None:
    """The guest has no table any more (the host removed it)."""
    Guest.objects.filter(user_id=user_id).update(game=None)


def seen(user_id: int) -> None:
    """The guest opened a page: remember when (at most once per ``SEEN_EVERY``)."""
    now = timezone.now()
    Guest.objects.filter(user_id=user_id, seen__lt=now - SEEN_EVERY).update(seen=now)


def become_member(user: User) -> None:
    """The guest turned into a full account: it is no longer bound as a guest."""
    Guest.objects.filter(user_id=user.pk).delete()


def remove_idle(now: datetime | None = None) -> int:
    """Delete guests that hold no seat and have not been seen for ``IDLE_DAYS`` days; how
    many were deleted. Their chat lines stay, under the name they wrote with."""
    cutoff = (now or timezone.now()) - timedelta(days=IDLE_DAYS)
    seated = Seat.objects.filter(user__isnull=False).values("user_id")
    idle = (
        User.objects.filter(account_type=AccountType.GUEST)
        .exclude(pk__in=seated)
        .filter(Q(guest__seen__lt=cutoff) | Q(guest__isnull=True, date_joined__lt=cutoff))
    )
    _total, rows = idle.delete()
    return rows.get(User._meta.label, 0)
