"""The live table page: who is asking, and the page that then talks over the websocket.

The view only decides whether the user may see the game and renders the frame of the
table (the game id, the user's seat, the host flag, the players' names); everything
that changes during play arrives over the websocket (docs/protocol.md).
"""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from accounts import preferences
from accounts.models import User
from game.table import store
from game.table.access import role_for
from game.table.errors import TableError
from game.table.resets import RESETS
from game.table.seats import Seating, seat_of
from game.table.snapshot import Role


def viewable(request: HttpRequest, game_id: int) -> tuple[Any, Seating, Role]:
    """The game, its seats and the user's role there (404 when there is no such game or the
    user may not see it)."""
    try:
        game, players = store.game_with_seats(game_id)
    except TableError:
        raise Http404("No such game") from None
    role = role_for(game, cast(User, request.user), players)
    if role is None:
        raise Http404("No such game")
    return game, players, role


@login_required
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table of one game, for its seated players and the host's friends (404 otherwise)."""
    game, players, role = viewable(request, game_id)
    names = [p.name for p in players]
    user = cast(User, request.user)
    page: dict[str, Any] = {
        "game": game.pk,
        "name": game.name,
        "seat": role.seat,
        "spectator": role.spectator,
        "host": role.host,
        "host_seat": seat_of(players, game.host_id),
        "players": names,
        "play_direction": game.play_direction,
        "conference_link": game.conference_link,
        "ws_path": f"/ws/game/{game.pk}/",
        "build": settings.BUILD_ID,
        "preferences": preferences.of(user),
        "save_preferences": reverse("save_preferences"),
    }
    context = {
        "game": game, "role": role, "players": names, "page": page,
        "preferences": preferences.form_for(user), "resets": RESETS,
    }
    return render(request, "game/table.html", context)
