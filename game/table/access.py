"""Who may do what with a game: the one place that decides a user's role at a table."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import Friendship, User
from game.models import Game
from game.table.seats import level_of


@dataclass(frozen=True)
class Role:
    """A user's relation to a game: their seat, or a spectator, and whether they host.

    ``replaced``: the host handed this player's seat to a computer player; they watch
    from their seat (seeing only what it may see) and may not act until it is given back.
    """

    seat: int | None
    spectator: bool
    host: bool
    replaced: bool = False


def role_for(game: Game, user: User) -> Role | None:
    """The user's role at this game, or None when they may not see it at all.

    Seated players play; friends of the host who are not seated watch. The host
    always has a role (as a spectator when not seated, which happens only
    while seats are being arranged).
    """
    if not user.is_authenticated:
        return None
    seat = game.seat_of(user.pk)
    is_host = game.host_id == user.pk
    if seat is not None:
        return Role(seat=seat, spectator=False, host=is_host, replaced=level_of(game, seat) != "")
    if is_host or Friendship.objects.filter(user_id=game.host_id, friend_id=user.pk).exists():
        return Role(seat=None, spectator=True, host=is_host)
    return None
