"""The site's languages and the choice of one: for the browser (a cookie) and the account."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.http.cookie import parse_cookie
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

from accounts.models import User


def is_site_language(code: str) -> bool:
    """Whether ``code`` is one of settings.LANGUAGES."""
    return any(code == known for known, _ in settings.LANGUAGES)


def remember(request: HttpRequest, response: HttpResponse, code: str) -> None:
    """Speak ``code`` from now on: in the browser's cookie and, when signed in, the account."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    user = request.user
    if isinstance(user, User) and user.language != code:
        user.language = code
        user.save(update_fields=["language"])


@receiver(user_logged_in)
def keep_browser_choice(
    sender: object, request: HttpRequest | None, user: object, **_: object
) -> None:
    """An account with no language yet takes the one this browser chose with the switcher."""
    if request is None or not isinstance(user, User) or user.language:
        return
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if is_site_language(code):
        user.language = code
        user.save(update_fields=["language"])


def scope_language(scope: Mapping[str, Any]) -> str:
    """The language a websocket speaks to its user, chosen as for a page: the account's, else
    the browser's cookie, else its Accept-Language, else the site's default."""
    chosen = getattr(scope.get("user"), "language", "")
    if chosen and is_site_language(chosen):
        return str(chosen)
    headers = {
        name.decode("latin-1"): value.decode("latin-1") for name, value in scope.get("headers", [])
    }
    cookies = parse_cookie(headers.get("cookie", ""))
    cookie = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
    if is_site_language(cookie):
        return cookie
    for code, _quality in parse_accept_lang_header(headers.get("accept-language", "")):
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)
