"""Keeps a guest inside its one game: middleware that lets a guest reach only its table (and
that table's deal history), the invite link pages, its own account page, its preferences,
the rules (How to play), the language switch and the table's translations, and log-out.

Any other table's pages are refused (403); every other page (the dashboard, hosting,
friends, the account pages) sends the guest back to its table, or, once the host has
removed it, to the page where it can make a full account (its old table's pages too). The
table's websocket and the dashboard socket refuse a guest the same way
(``game.table.access.role_for``, ``game.dashboard.consumer``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from game.invite import guests

# Paths a guest may open whatever its game.
OPEN_TO_GUESTS = (
    "/i/", "/guest/", "/accounts/logout/", "/static/", "/favicon.ico", "/manifest.webmanifest",
    "/sw.js", "/offline/", "/healthz", "/account/preferences/", "/jsi18n/", "/learn/",
)
TABLE_PATH = re.compile(r"^/table/(\d+)/")


class GuestFence:
    """Let a guest through only to its own game's pages (see the module)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated or not user.is_guest:
            return self.get_response(request)
        path = request.path
        if path.startswith(OPEN_TO_GUESTS):
            return self.get_response(request)
        game_id = guests.game_of(user.pk)
        table = TABLE_PATH.match(path)
        if game_id is None:
            return redirect("invite:guest_account")
        if table is not None:
            if int(table[1]) != game_id:
                raise PermissionDenied(_("As a guest you can play only at the table you were "
                                         "invited to."))
            guests.seen(user.pk)
            return self.get_response(request)
        return redirect(reverse("table", args=[game_id]))
