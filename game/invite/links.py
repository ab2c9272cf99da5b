"""The host's invite link: a secret token per game, revocable, with an optional expiry.

The token is ``secrets.token_urlsafe(TOKEN_BYTES)`` (256 bits). Revoking gives the game a
new token, so the old link stops working at once; turning the link off leaves none. An
unknown, revoked or expired token finds no game (the page is a plain 404).
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from game.models import Game
from game.table import store

TOKEN_BYTES = 32
# The expiry choices on the host's invite page: "" is never.
EXPIRY_HOURS = {"": None, "1": 1, "24": 24, "168": 168}


def new_token() -> str:
    """A fresh unguessable token (``TOKEN_BYTES`` random bytes, URL-safe)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def make(game_id: int, expiry: str = "") -> str:
    """Give the game a new link (any older one stops working); its token. ``expiry``: a key
    of ``EXPIRY_HOURS``."""
    hours = EXPIRY_HOURS.get(expiry)
    expires = timezone.now() + timedelta(hours=hours) if hours else None
    token = new_token()
    store.set_invite(game_id, token, expires)
    return token


def renew(game_id: int) -> bool:
    """Give a game whose link works now a new token with the same expiry, so the old link
    stops working (as after removing a guest, who could otherwise join again by it); False,
    changing nothing, when the game has no working link."""
    return store.renew_invite(game_id, new_token())


def turn_off(game_id: int) -> None:
    """The game has no link any more."""
    store.set_invite(game_id, None, None)


def game_for(token: str) -> Game | None:
    """The game this link leads to (None: unknown, revoked or expired)."""
    if not token or len(token) > 64:
        return None
    return store.game_by_token(token)


def live(game: Game) -> bool:
    """Whether the game has a link that works now."""
    return bool(game.invite_token) and not expired(game.invite_expires)


def expired(expires: datetime | None) -> bool:
    return expires is not None and expires <= timezone.now()


def url(request: HttpRequest, game: Game) -> str:
    """The absolute address of the game's link (it must have one)."""
    assert game.invite_token
    return request.build_absolute_uri(reverse("invite:open", args=[game.invite_token]))
