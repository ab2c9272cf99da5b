"""The invite link's pages: the host's link page, the link itself, a guest's full account
and the host's removal of a guest.

The link page (``/i/<token>/``) is one page whatever the visitor has: a signed-in user
takes an open seat or watches (becoming the host's friend), a visitor with no account
plays as a guest. An unknown, revoked or expired token is a plain 404.
"""

from __future__ import annotations

from typing import Any

from allauth.account import app_settings as allauth_settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.friends import FriendshipRefused
from accounts.models import User
from accounts.verification import is_verified, verified_required
from game.engine import Rules
from game.engine.rules import OPTION_VALUES
from game.forms import play_to_label, timer_label
from game.invite import guests, join, links, membership, throttle
from game.invite.forms import WATCH, GuestAccountForm, GuestForm, LinkForm, seat_label
from game.models import Game
from game.rule_options import RULE_OPTIONS, value_label
from game.table import store, turn_timer
from game.table.access import role_for
from game.table.errors import TableError
from game.table.seats import SEATS, Seating, seat_of
from game.views import game_for_host

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
# The seat values the link page's buttons send, and the seats they name.
SEAT_VALUES = {str(n): n for n in SEATS}


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def _table(game_id: int) -> str:
    return reverse("table", args=[game_id])


# -- the host's link ---------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@verified_required
def host_link(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host's "Invite by link" page: make, revoke or turn off the link, choose the
    seats it offers, remove a guest."""
    game = game_for_host(request, game_id)
    form = LinkForm(request.POST or None)
    if request.method == "POST":
        action = request.POST.get("action")
        if action in ("make", "revoke") and form.is_valid():
            links.make(game.pk, form.cleaned_data["expiry"] or "")
            messages.success(
                request,
                _("A new link is ready; the old one no longer works.") if action == "revoke"
                else _("Your invite link is ready."),
            )
        elif action == "off":
            links.turn_off(game.pk)
            messages.success(request, _("The link is off: nobody can join by it now."))
        elif action == "seats":
            offered = [n for n in SEATS if request.POST.get(f"open_{n}")]
            store.open_to_link(game.pk, offered)
            messages.success(request, _("The seats open to the link are saved."))
        else:
            messages.error(request, _("Choose what to do with the link."))
        return redirect("invite:host", game_id=game.pk)
    game, players = store.game_with_seats(game.pk)
    context = {
        "game": game,
        "form": form,
        "link": links.url(request, game) if links.live(game) else None,
        "expires": game.invite_expires,
        "seats": _seats(game, players, guests.seated_here(game.pk, players)),
        "watchers": guests.watching_here(game.pk, players),
        "share_text": _("Join my game of 29 at TwentyNine: %(name)s") % {"name": game.name},
    }
    return render(request, "invite/host_link.html", context)


@require_POST
@verified_required
def remove_guest(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    """The host removes the guest in a seat; the seat goes to a computer player or is left
    open (the posted ``level``: easy, strong or "")."""
    game = game_for_host(request, game_id)
    new_link = _new_link(request, game)
    try:
        join.remove_guest(
            game.pk, _user(request).pk, seat, request.POST.get("level", ""), new_link
        )
    except TableError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _removed(
            _("The guest has left seat %(seat)s.") % {"seat": seat + 1}, game, new_link
        ))
    return redirect("invite:host", game_id=game.pk)


@require_POST
@verified_required
def remove_watcher(request: HttpRequest, game_id: int, user_id: int) -> HttpResponse:
    """The host removes a guest who watches (holds no seat): it loses the table at once."""
    game = game_for_host(request, game_id)
    name = (
        User.objects.filter(pk=user_id).values_list("first_name", flat=True).first() or ""
    )
    new_link = _new_link(request, game)
    try:
        join.remove_watcher(game.pk, _user(request).pk, user_id, new_link)
    except TableError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _removed(
            _("The guest %(name)s no longer watches your table.") % {"name": name}, game,
            new_link,
        ))
    return redirect("invite:host", game_id=game.pk)


def _new_link(request: HttpRequest, game: Game) -> bool:
    """Whether a removal also gives the working link a new token (the form's box)."""
    return request.POST.get("new_link") == "1" and links.live(game)


def _removed(said: str, game: Game, new_link: bool) -> str:
    """What the host is told after removing a guest: whether the link changed with it."""
    if new_link:
        then = _("Your link is new: they cannot join again by the old one.")
    elif links.live(game):
        then = _(
            "Anyone with your link can still join; to keep them out, revoke it and make a new one."
        )
    else:
        return said
    return f"{said} {then}"


# -- the link ----------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def open_link(request: HttpRequest, token: str) -> HttpResponse:
    """The page an invite link opens (and its joins, by POST)."""
    found = links.game_for(token)
    if found is None:
        raise Http404("No such link")
    game, players = store.game_with_seats(found.pk)
    user = request.user
    open_seats = [p.number for p in players if p.open_to_link]
    form = None
    error = ""
    status = 200
    if not user.is_authenticated:
        form = GuestForm(
            request.POST or None, open_seats=open_seats, names=[p.name for p in players],
            taken=guests.names_taken(game, players), suggested=_suggested_seat(game, players),
        )
    if request.method == "POST":
        if not throttle.admit(request):
            error = _("Too many tries from your connection. Wait a few minutes and try again.")
            status = 429
        else:
            done, error = _join(request, game, players, form)
            if done is not None:
                return done
            game, players = store.game_with_seats(found.pk)
            open_seats = [p.number for p in players if p.open_to_link]
    context = _link_context(request, game, players, token)
    context.update({"form": form, "error": error, "open_seats": open_seats})
    return render(request, "invite/link.html", context, status=status)


def _suggested_seat(game: Game, players: Seating) -> int | None:
    """The open seat a newcomer most likely wants: an empty one (the table waits for it)
    before one a computer player holds, the host's partner before an opponent; None when
    none is open."""
    host = seat_of(players, game.host_id)
    partner = None if host is None else (host + 2) % 4
    open_seats = [p for p in players if p.open_to_link]
    ranked = sorted(open_seats, key=lambda p: (bool(p.computer), p.number != partner, p.number))
    return ranked[0].number if ranked else None


def _join(
    request: HttpRequest, game: Game, players: Seating, form: GuestForm | None
) -> tuple[HttpResponse | None, str]:
    """Handle a join; the response when it worked, else the error to show."""
    if form is not None:
        if not form.is_valid():
            return None, ""
        seat = form.chosen_seat()
        try:
            guest = join.join_guest(game, form.cleaned_data["name"], seat)
        except TableError as refused:
            return None, refused.message
        login(request, guest, backend=MODEL_BACKEND)
        request.session.set_expiry(guests.SESSION_SECONDS)
        return redirect(_table(game.pk)), ""
    user = _user(request)
    if user.is_guest or not is_verified(user):
        return None, _("You cannot join from this account; see below.")
    choice = request.POST.get("seat", "")
    # Exactly what the page sends: "0" to "3" (ASCII; str.isdigit() would take "²" or "٣").
    seat = SEAT_VALUES.get(choice)
    if choice != WATCH and seat is None:
        return None, _("Choose a seat, or watch.")
    try:
        join.join_member(game, user, seat)
    except (FriendshipRefused, TableError) as refused:
        return None, str(refused)
    return redirect(_table(game.pk)), ""


def _link_context(
    request: HttpRequest, game: Game, players: Seating, token: str
) -> dict[str, Any]:
    """What the link page shows: the game in plain words, the visitor's situation, and the
    preview tags for chat apps."""
    user = request.user
    role = role_for(game, user, players) if user.is_authenticated else None
    host = game.host.display_name
    title = _("%(host)s invites you to a game of 29") % {"host": host}
    here = request.build_absolute_uri()
    return {
        "game": game,
        "host": host,
        "seats": _seats(game, players),
        "rules": _rules_in_words(game),
        "terms": _table_terms(game, players, user.pk),
        "role": role,
        "visitor": _visitor(user, role),
        "next": request.path,
        "og": {
            "title": title,
            "description": _(
                "%(name)s: a table of four, one seat open for you. Play in the browser, "
                "no app to install."
            ) % {"name": game.name},
            "image": request.build_absolute_uri(static("img/invite-card.png")),
            "url": here,
        },
        "token": token,
    }


def _visitor(user: Any, role: Any) -> str:
    """Which version of the page the visitor sees."""
    if not user.is_authenticated:
        return "anonymous"
    if role is not None and not role.spectator:
        return "seated"
    if user.is_guest:
        if role is not None:
            return "guest_here"
        return "guest_elsewhere" if guests.game_of(user.pk) is not None else "guest_removed"
    if not is_verified(user):
        return "unverified"
    return "member"


def _seats(
    game: Game, players: Seating, guest_ids: frozenset[int | None] = frozenset()
) -> list[dict[str, Any]]:
    """Each seat as the link pages show it (``guest_ids``: the guests seated here)."""
    return [
        {
            "number": p.number,
            "label": seat_label(p.number, [q.name for q in players]),
            "name": p.name,
            "computer": p.computer,
            "open": p.open_to_link,
            "link_open": p.link_open,
            "guest": p.user_id in guest_ids,
        }
        for p in players
    ]


def _table_terms(game: Game, players: Seating, user_id: int | None) -> list[str]:
    """The host's table options a newcomer should know before sitting down: the turn timer
    (as it runs with the visitor seated) and how long the match lasts (nothing for those left
    off)."""
    terms = []
    joining = user_id is None or seat_of(players, user_id) is None
    seated = turn_timer.people((p.user_id, p.computer) for p in players)
    seconds = turn_timer.length(game.turn_timer, seated + int(joining))
    if seconds:
        terms.append(_(
            "Turn timer: %(label)s; the computer decides for a player whose time runs out, and "
            "takes the seat after a second timeout in a row."
        ) % {"label": timer_label(seconds)})
    if game.play_to:
        terms.append(_("The match: %(label)s.") % {"label": play_to_label(game.play_to)})
    return terms


def _rules_in_words(game: Game) -> list[str]:
    """The options that differ from the site's usual house rules, as "label: value"."""
    rules = Rules.from_dict(game.rules or {})
    usual = Rules()
    return [
        f"{RULE_OPTIONS[name].label}: {value_label(name, getattr(rules, name))}"
        for name in OPTION_VALUES
        if getattr(rules, name) != getattr(usual, name)
    ]


# -- a guest's full account ----------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def guest_account(request: HttpRequest) -> HttpResponse:
    """A guest asks for a full account (an email and a password); it becomes one, keeping
    its seat, chat and history, once the address's owner follows the link mailed to it
    (``game.invite.membership``). The answer to a valid form is the same whether or not an
    account uses the address."""
    user = _user(request)
    if not user.is_guest:
        return redirect("/")
    game_id = guests.game_of(user.pk)
    form = GuestAccountForm(request.POST or None, user=user)
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        membership.request_account(request, user, email, form.cleaned_data["password1"])
        return render(request, "invite/guest_account.html",
                      {"sent_to": email, "game_id": game_id})
    return render(request, "invite/guest_account.html", {"form": form, "game_id": game_id})


@require_http_methods(["GET", "POST"])
def guest_account_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link mailed to a guest's address: following it makes the guest a full account.
    On GET only in the guest's own browser and only when allauth confirms addresses on GET
    (this site does not: ``ACCOUNT_CONFIRM_EMAIL_ON_GET``); otherwise the page names the guest
    and asks for a click, so that a mail scanner fetching the link, or the owner of an address
    a stranger typed, binds nothing by opening it. The link is the proof of the address."""
    claim = membership.read_token(token)
    if claim is None:
        return render(request, "invite/guest_account_confirm.html", {"state": "invalid"},
                      status=400)
    own = request.user.is_authenticated and request.user.pk == claim.user.pk
    asks = claim.user.is_guest and not (own and allauth_settings.CONFIRM_EMAIL_ON_GET)
    if request.method == "GET" and asks:
        return render(request, "invite/guest_account_confirm.html",
                      {"state": "ask", "email": claim.email, "guest": claim.user.display_name})
    outcome, game_id = membership.confirm(request, claim)
    if outcome == membership.INVALID:
        return render(request, "invite/guest_account_confirm.html", {"state": "invalid"},
                      status=400)
    if outcome == membership.TAKEN:
        return render(request, "invite/guest_account_confirm.html",
                      {"state": "taken", "email": claim.email}, status=409)
    if request.user.is_authenticated and request.user.pk == claim.user.pk:
        messages.success(
            request,
            _("Your account is ready: %(email)s is confirmed. From now on you log in with "
              "this address.") % {"email": claim.email},
        )
        return redirect(_table(game_id) if game_id else "/")
    return render(request, "invite/guest_account_confirm.html",
                  {"state": "done", "email": claim.email})
