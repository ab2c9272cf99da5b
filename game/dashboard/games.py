"""Which games a user's dashboard shows: the one they host, those they play in (Join) and
their friends' games they do not play in (View)."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from accounts import friends
from accounts.models import User
from game.models import Game
from game.table import store
from game.table.access import role_for


def with_players(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` with their hosts, seats and seated users read in two queries."""
    return store.with_seats(games.select_related("host"))


def hosted_game(user: User) -> Game | None:
    """The game this user hosts, if any."""
    return with_players(Game.objects.filter(host=user)).first()


def others_games(user: User) -> tuple[list[Game], list[Game]]:
    """Games hosted by someone else: those this user plays in (Join) and watches (View)."""
    friend_ids = friends.friends_of(user).values("pk")
    candidates = with_players(
        Game.objects.filter(store.seated_in(user) | Q(host__in=friend_ids)).exclude(host=user)
    ).order_by("name")
    join: list[Game] = []
    view: list[Game] = []
    for game in candidates:
        role = role_for(game, user)
        if role is None:
            continue
        (view if role.spectator else join).append(game)
    return join, view


def dashboard_games(user: User) -> list[Game]:
    """Every game on the user's dashboard, the hosted one first."""
    hosted = hosted_game(user)
    join, view = others_games(user)
    return ([hosted] if hosted is not None else []) + join + view
