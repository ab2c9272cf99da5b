"""The language switcher's target and the How to play page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from learn.cards import CARD_ORDER
from learn.languages import is_site_language, remember


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Switch the site's language (POST ``language``), then go back to ``next``."""
    code = request.POST.get("language", "")
    if not is_site_language(code):
        return HttpResponseBadRequest(gettext("That is not one of the site's languages."))
    target = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    response = HttpResponseRedirect(target if safe and target else "/")
    remember(request, response, code)
    return response


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    """The rules of Twenty-Nine in short, with card pictures, for anyone (signed in or not)."""
    return render(request, "learn/how_to_play.html", {"card_order": CARD_ORDER})
