"""A game's previous deals: the list and one deal to review, as pages and as JSON.

Only those who may see the table (its players and the host's friends) see its
history; anyone else gets a 404, as for the table itself. Everything sent comes
from ``game.table.deal_history``, which keeps only what the table saw.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from game.models import Game
from game.table import deal_history, deal_review
from game.table.seats import Seating, seat_of
from game.table.snapshot import Role
from game.table.views import viewable


def _viewable(request: HttpRequest, game_id: int) -> tuple[Game, Seating, Role]:
    """The game, its seats and the user's role there (404 when they may not see it), its
    earlier deals recorded."""
    game, players, role = viewable(request, game_id)
    deal_history.fill_past(game.pk, [p.name for p in players])
    return game, players, role


def _json_login_required(request: HttpRequest) -> JsonResponse | None:
    if request.user.is_authenticated:
        return None
    return JsonResponse({"error": "Log in to see this game."}, status=403)


def deals_json(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every recorded deal of the game, oldest first: ``{"game": id, "deals": [...]}``."""
    refused = _json_login_required(request)
    if refused is not None:
        return refused
    game, _players, _role = _viewable(request, game_id)
    return JsonResponse({"game": game.pk, "deals": _listed(game)})


def deal_json(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """One recorded deal with its public events."""
    refused = _json_login_required(request)
    if refused is not None:
        return refused
    game, _players, _role = _viewable(request, game_id)
    return JsonResponse(_shown(game, number, request.user.pk))


@login_required
def deals_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The page listing every recorded deal of a game."""
    game, players, role = _viewable(request, game_id)
    deals = _listed(game)
    context = {"game": game, "deals": deals, "page": _page(game, players, role)}
    return render(request, "game/deals.html", context)


@login_required
def deal_page(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """One deal, to step through trick by trick (drawn by static/js/deal_review.js)."""
    game, players, role = _viewable(request, game_id)
    deal = _shown(game, number, request.user.pk)
    context = {"game": game, "deal": deal, "page": _page(game, players, role)}
    return render(request, "game/deal.html", context)


def _listed(game: Game) -> list[dict[str, Any]]:
    """The game's deals (``deal_history.deal_list``); the analysis of those still waiting
    for it is started, should it have stopped (``deal_review.resume``)."""
    deals = deal_history.deal_list(game.pk)
    deal_review.resume(game.pk, [d["number"] for d in deals if d["review"] == "analysing"])
    return deals


def _shown(game: Game, number: int, viewer_id: int | None) -> dict[str, Any]:
    """One deal as ``viewer_id`` sees it (``deal_history.deal_detail``; 404 when there is
    no such deal); its analysis is started if it waits for it, as in ``_listed``."""
    deal = deal_history.deal_detail(game.pk, number, viewer_id)
    if deal is None:
        raise Http404("No such deal")
    if deal["review"]["status"] == "analysing":
        deal_review.resume(game.pk, [number])
    return deal


def _page(game: Game, players: Seating, role: Role) -> dict[str, Any]:
    """What the page's script needs: the game, the viewer's seat, how the table is drawn."""
    return {
        "game": game.pk,
        "seat": role.seat,
        "host_seat": seat_of(players, game.host_id),
        "play_direction": game.play_direction,
    }
