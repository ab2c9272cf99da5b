"""A game's previous deals: the list and one deal to review, as pages and as JSON.

Only those who may see the table (its players and the host's friends) see its
history; anyone else gets a 404, as for the table itself. Everything sent comes
from ``game.table.deal_history``, which keeps only what the table saw.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render

from accounts.models import User
from game.models import Game
from game.table import deal_history
from game.table.access import Role, role_for
from game.table.views import seat_names


def _viewable(request: HttpRequest, game_id: int) -> tuple[Game, Role]:
    """The game and the user's role there (404 when they may not see it), its earlier deals
    recorded."""
    game = get_object_or_404(Game, pk=game_id)
    role = role_for(game, cast(User, request.user))
    if role is None:
        raise Http404("No such game")
    deal_history.fill_past(game.pk, seat_names(game))
    return game, role


def _json_login_required(request: HttpRequest) -> JsonResponse | None:
    if request.user.is_authenticated:
        return None
    return JsonResponse({"error": "Log in to see this game."}, status=403)


def deals_json(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every recorded deal of the game, oldest first: ``{"game": id, "deals": [...]}``."""
    refused = _json_login_required(request)
    if refused is not None:
        return refused
    game, _ = _viewable(request, game_id)
    return JsonResponse({"game": game.pk, "deals": deal_history.deal_list(game.pk)})


def deal_json(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """One recorded deal with its public events."""
    refused = _json_login_required(request)
    if refused is not None:
        return refused
    game, _ = _viewable(request, game_id)
    deal = deal_history.deal_detail(game.pk, number)
    if deal is None:
        raise Http404("No such deal")
    return JsonResponse(deal)


@login_required
def deals_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The page listing every recorded deal of a game."""
    game, role = _viewable(request, game_id)
    deals = deal_history.deal_list(game.pk)
    context = {"game": game, "deals": deals, "page": _page(game, role)}
    return render(request, "game/deals.html", context)


@login_required
def deal_page(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """One deal, to step through trick by trick (drawn by static/js/deal_review.js)."""
    game, role = _viewable(request, game_id)
    deal = deal_history.deal_detail(game.pk, number)
    if deal is None:
        raise Http404("No such deal")
    context = {"game": game, "deal": deal, "page": _page(game, role)}
    return render(request, "game/deal.html", context)


def _page(game: Game, role: Role) -> dict[str, Any]:
    """What the page's script needs: the game, the viewer's seat, how the table is drawn."""
    return {
        "game": game.pk,
        "seat": role.seat,
        "host_seat": game.seat_of(game.host_id),
        "play_direction": game.play_direction,
    }
