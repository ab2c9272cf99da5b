"""The language of a signed-in user's account wins over the browser's cookie and
Accept-Language (which Django's LocaleMiddleware, earlier in the chain, has applied)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from learn.languages import is_site_language


class AccountLanguage:
    """Activate ``request.user.language`` for the request when it is one of the site's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = getattr(request.user, "language", "")
        if chosen and is_site_language(chosen) and chosen != request.LANGUAGE_CODE:
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        return self.get_response(request)
