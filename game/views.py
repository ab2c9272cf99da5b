"""The dashboard (Friends, Host, Join, View) and the host's pages: create, edit, delete, reset.

Each view checks who is asking (``game.table.access.role_for`` decides a user's role at a
game), then makes one call into a form or a service. Someone with no role at a game
gets 404; a player or spectator trying a host's action gets 403.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from accounts import friends
from accounts.forms import FriendRequestForm
from accounts.models import AccountType, User
from accounts.verification import is_verified, verified_required
from game import seated_mail
from game.dashboard.games import hosted_game, others_games, with_players
from game.forms import GameForm, SeatingChanged
from game.models import Game
from game.stats import statistics
from game.table import seat_changes, service
from game.table.access import role_for
from game.table.broadcast import announce_from_sync
from game.table.errors import TableError
from game.table.resets import RESETS
from game.table.seats import bot_name

CANNOT_HOST = gettext_lazy(
    "A Basic account cannot host a game. Ask a friend with a Standard account to host, "
    "or ask the site's staff to change your account type."
)


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def dashboard(request: HttpRequest) -> HttpResponse:
    """The home page: a welcome for visitors, the four sections for a member."""
    if not request.user.is_authenticated:
        return render(request, "welcome.html")
    user = _user(request)
    if not is_verified(user):
        return render(request, "dashboard.html", {"verified": False})
    join, view = others_games(user)
    context = {
        "verified": True,
        "friends": friends.friends_of(user),
        "friend_count": friends.friend_count(user),
        "account_type": AccountType(user.account_type).label,
        "incoming": friends.incoming_requests(user),
        "outgoing": friends.outgoing_requests(user),
        "friend_form": FriendRequestForm(),
        "hosted": hosted_game(user),
        "join_games": join,
        "view_games": view,
        "resets": RESETS,
    }
    return render(request, "dashboard.html", context)


@require_http_methods(["GET"])
@verified_required
def stats_page(request: HttpRequest) -> HttpResponse:
    """The person's statistics: their own figures and those with each friend as partner."""
    return render(request, "game/stats.html", {"stats": statistics(_user(request))})


@require_http_methods(["GET", "POST"])
@verified_required
def host_game(request: HttpRequest) -> HttpResponse:
    """Start hosting: the form for a new game (a host with a game goes to its edit page)."""
    user = _user(request)
    if not user.can_host:
        raise PermissionDenied(CANNOT_HOST)
    existing = Game.objects.filter(host=user).first()
    if existing is not None:
        messages.info(
            request,
            _(
                "You already host %(name)s, and a host has one game at a time: change it "
                "here, or delete it to host a new one."
            )
            % {"name": existing.name},
        )
        return redirect("game:edit", game_id=existing.pk)
    form = GameForm(request.POST or None, host=user)
    if request.method == "POST" and form.is_valid():
        try:
            game = form.save()
            seated_mail.send(request, game, form.newly_seated())
        except IntegrityError:
            messages.error(request, _("You already host a game; here it is."))
            return redirect("game:host")
        ready = (
            _("%(name)s is ready. Your friends see it on their dashboards.")
            if friends.friends_of(user).exists()
            else _("%(name)s is ready.")
        )
        messages.success(request, ready % {"name": game.name})
        return redirect("/#host")
    return render(request, "game/host_form.html", {"form": form, "game": None})


def game_for_host(request: HttpRequest, game_id: int) -> Game:
    """The game, if the user is its host: 404 for someone who may not see it, 403 otherwise."""
    game = get_object_or_404(with_players(Game.objects.all()), pk=game_id)
    role = role_for(game, _user(request))
    if role is None:
        raise Http404("No such game.")
    if not role.host:
        raise PermissionDenied(_("Only the host of this game can do that."))
    return game


@require_http_methods(["GET", "POST"])
@verified_required
def edit_game(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host edits name, link, direction, seats, and the rules until play starts."""
    game = game_for_host(request, game_id)
    form = GameForm(request.POST or None, instance=game, host=_user(request))
    if request.method == "POST" and form.is_valid():
        try:
            saved = form.save()
        except SeatingChanged:
            messages.error(request, _(
                "The seats changed while you were editing (someone took a seat by the invite "
                "link, say), so nothing was saved. Here they are now: make your changes again."
            ))
            return redirect("game:edit", game_id=game.pk)
        seated_mail.send(request, saved, form.newly_seated())
        messages.success(request, _("%(name)s is saved.") % {"name": saved.name})
        return redirect("/#host")
    return render(request, "game/host_form.html", {"form": form, "game": game})


@require_http_methods(["GET", "POST"])
@verified_required
def delete_game(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host deletes the game, after confirming."""
    game = game_for_host(request, game_id)
    if request.method == "POST":
        game.delete()
        messages.success(
            request,
            _("%(name)s is deleted. You can host a new game any time.") % {"name": game.name},
        )
        return redirect("/#host")
    return render(request, "game/confirm_delete.html", {"game": game})


@require_http_methods(["GET", "POST"])
@verified_required
def reset_game(request: HttpRequest, game_id: int, what: str) -> HttpResponse:
    """The host resets score, round, deck or all, after confirming."""
    if what not in RESETS:
        raise Http404("No such reset.")
    game = game_for_host(request, game_id)
    title, explanation = RESETS[what]
    if request.method == "POST":
        try:
            service.reset_game(game.pk, _user(request).pk, what, _posted_deal(request))
        except TableError as refused:
            messages.error(
                request,
                _("%(what)s not done: %(why)s") % {"what": title, "why": refused.message},
            )
        else:
            messages.success(
                request, _("%(what)s done for %(name)s.") % {"what": title, "name": game.name}
            )
        return redirect("/#host")
    context = {
        "game": game, "what": what, "title": title, "explanation": explanation,
        # The deal this page asks about: a second submit, or this page left open until the
        # next deal, then resets nothing (service.reset).
        "deal": service.deal_number(game) if what in ("round", "all") else None,
    }
    return render(request, "game/confirm_reset.html", context)


def _posted_deal(request: HttpRequest) -> int | None:
    """The deal number the confirm page was drawn for (None: not sent); refused
    (``missing_field``, as the socket refuses it) for anything else, so that a malformed post
    resets nothing."""
    posted = request.POST.get("deal", "")
    if not posted:
        return None
    if posted.isascii() and posted.isdigit() and len(posted) < 10:
        return int(posted)
    raise TableError("missing_field", _("the deal this page was drawn for is not a deal number."))


@require_http_methods(["POST"])
@verified_required
def rematch_game(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host starts the next match once a team has won (as the table's Rematch button)."""
    game = game_for_host(request, game_id)
    try:
        latest = service.rematch(game.pk, _user(request).pk)
    except TableError as refused:
        messages.error(request, _("Rematch not started: %(why)s") % {"why": refused.message})
    else:
        announce_from_sync(latest)
        messages.success(
            request,
            _("Match %(number)s has begun at %(name)s.")
            % {"number": latest.match_no, "name": game.name},
        )
    return redirect("/#host")


@require_http_methods(["POST"])
@verified_required
def hand_over(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    """The host hands a seat to a computer player of the posted ``level``; the game goes on."""
    game = game_for_host(request, game_id)
    try:
        latest = seat_changes.hand_over(
            game.pk, _user(request).pk, seat, request.POST.get("level", "")
        )
    except TableError as refused:
        messages.error(
            request,
            _("Seat %(number)s not handed over: %(why)s") % {"number": seat + 1, "why": refused},
        )
    else:
        announce_from_sync(latest)
        messages.success(
            request,
            _("%(name)s now plays seat %(number)s.") % {"name": bot_name(seat), "number": seat + 1},
        )
    return redirect("/#host")


@require_http_methods(["POST"])
@verified_required
def give_back(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    """The host gives a handed-over seat back to the person seated there."""
    game = game_for_host(request, game_id)
    try:
        latest = seat_changes.give_back(game.pk, _user(request).pk, seat)
    except TableError as refused:
        messages.error(
            request,
            _("Seat %(number)s not given back: %(why)s") % {"number": seat + 1, "why": refused},
        )
    else:
        announce_from_sync(latest)
        messages.success(
            request, _("Seat %(number)s is played by its person again.") % {"number": seat + 1}
        )
    return redirect("/#host")
