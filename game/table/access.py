"""Who may do what with a game: the one place that decides a user's role at a table."""

from __future__ import annotations

from accounts.models import Friendship, User
from game.invite import guests
from game.models import Game
from game.table import store
from game.table.seats import Seating, seat_of
from game.table.snapshot import Role


def role_for(game: Game, user: User, players: Seating | None = None) -> Role | None:
    """The user's role at this game, or None when they may not see it at all.

    Seated players play; friends of the host who are not seated watch. The host
    always has a role (as a spectator when not seated, which happens only
    while seats are being arranged). A guest (``game.invite.guests``) has a role only
    at the game its invite link bound it to: its seat there, else a spectator's; the
    host's removal unbinds it; a guest who watches sees no hand. A spectator who left a seat
    during the deal in progress watches it from that seat (``Role.left_seat``). ``players``:
    the game's seats, if read.
    """
    if not user.is_authenticated:
        return None
    players = store.seating(game) if players is None else players
    seat = seat_of(players, user.pk)
    is_host = game.host_id == user.pk
    if user.is_guest:
        if not guests.is_guest_of(user.pk, game.pk):
            return None
        if seat is not None:
            return Role(seat=seat, spectator=False, host=False, replaced=players[seat].replaced)
        return Role(
            seat=None, spectator=True, host=False, left_seat=store.left_seat(game, user.pk),
            sees_hands=False,
        )
    if seat is not None:
        return Role(seat=seat, spectator=False, host=is_host, replaced=players[seat].replaced)
    if is_host or Friendship.objects.filter(user_id=game.host_id, friend_id=user.pk).exists():
        return Role(
            seat=None, spectator=True, host=is_host, left_seat=store.left_seat(game, user.pk)
        )
    return None
