"""The site's languages and the choice of one: for the browser (a cookie) and the account."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation


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
    if user.is_authenticated and getattr(user, "language", None) != code:
        user.language = code  # type: ignore[union-attr]
        user.save(update_fields=["language"])


@receiver(user_logged_in)
def keep_browser_choice(sender: object, request: HttpRequest | None, user: object, **_: object) -> None:
    """An account with no language yet takes the one this browser was using at sign-in."""
    if request is None or getattr(user, "language", "x"):
        return
    code = translation.get_language_from_request(request)
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if cookie and is_site_language(code):
        user.language = code  # type: ignore[attr-defined]
        user.save(update_fields=["language"])  # type: ignore[attr-defined]
