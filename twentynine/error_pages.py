"""The site's own "Not found" page under DEBUG too (``SITE_ERROR_PAGES``).

With DEBUG on (``scripts/serve``), Django answers a missing page with its debug page, which
lists every URL of the site and the reason the view gave. People run the site that way, so
this middleware shows them ``templates/404.html`` instead, as production does. A refused
page (403) already uses ``templates/403.html`` whatever DEBUG says, and a post refused for its
CSRF token ``templates/403_csrf.html`` (``csrf_failure``). A missing URL whose
slashed form exists still gets CommonMiddleware's redirect (it turns 404 responses into it).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve


def not_found(request: HttpRequest) -> HttpResponse:
    """The site's 404 page."""
    return render(request, "404.html", status=404)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A post refused for its CSRF token (``CSRF_FAILURE_VIEW``): the site's own page, in the
    reader's language, saying to reload the form (Django's default is a bare English page)."""
    return render(request, "403_csrf.html", status=403)


class SiteErrorPages:
    """Answers a URL that matches nothing, or a view's Http404, with the site's 404 page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    @staticmethod
    def active() -> bool:
        # Without DEBUG, Django itself already renders templates/404.html.
        return bool(settings.DEBUG and settings.SITE_ERROR_PAGES)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.active():
            try:
                resolve(request.path_info)
            except Resolver404:
                return not_found(request)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if self.active() and isinstance(exception, Http404):
            return not_found(request)
        return None
