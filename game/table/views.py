"""The live table page: who is asking, and the page that then talks over the websocket.

The view only decides whether the user may see the game and renders the frame of the
table (the game id, the user's seat, the host flag, the players' names); everything
that changes during play arrives over the websocket (docs/protocol.md).
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.models import User
from game.models import Game
from game.table.access import role_for
from game.table.seats import bot_name, levels


def seat_names(game: Game) -> list[str | None]:
    """The shown name of the player in each seat 0-3 (a computer player's when one holds it),
    None for an empty seat."""
    ids = [uid for uid in game.seat_ids if uid is not None]
    users = {user.pk: user for user in User.objects.filter(pk__in=ids)}
    bots = levels(game.bots)
    return [
        bot_name(seat) if bots[seat] else users[uid].display_name if uid in users else None
        for seat, uid in enumerate(game.seat_ids)
    ]


@login_required
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table of one game, for its seated players and the host's friends (404 otherwise)."""
    game = get_object_or_404(Game, pk=game_id)
    role = role_for(game, cast(User, request.user))
    if role is None:
        raise Http404("No such game")
    names = seat_names(game)
    page: dict[str, Any] = {
        "game": game.pk,
        "name": game.name,
        "seat": role.seat,
        "spectator": role.spectator,
        "host": role.host,
        "host_seat": game.seat_of(game.host_id),
        "players": names,
        "play_direction": game.play_direction,
        "conference_link": game.conference_link,
        "ws_path": f"/ws/game/{game.pk}/",
    }
    context = {"game": game, "role": role, "players": names, "page": page}
    return render(request, "game/table.html", context)
