"""The installable app: the web app manifest, the service worker (served from the site's
root so that it controls every page) and the page it shows offline."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control

THEME_COLOUR = "#0f5132"
# Bumped when the list of assets the service worker keeps changes.
CACHE_VERSION = "twentynine-v2"
SERVICE_WORKER = settings.BASE_DIR / "static" / "js" / "sw.js"
# What the service worker stores at install: the offline page and what it needs, the pages'
# styles and scripts, the icons.
PRECACHED = (
    "css/site.css", "css/table.css", "css/history.css", "favicon.svg",
    "img/icon-192.png", "img/icon-512.png",
    "js/table.js", "js/dashboard.js", "js/history_page.js", "js/invite.js", "js/numbers.js",
    "js/theme.js", "js/theme_start.js", "js/install.js", "js/offline.js", "js/menu.js",
    "js/preferences.js",
    *(f"js/table/{name}.js" for name in (
        "alert", "cards", "centre", "chat", "connection", "controls", "handover", "history",
        "log", "preferences", "presence", "result", "score", "seats", "side", "together",
        "words",
    )),
)


@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest (``/manifest.webmanifest``)."""
    data = {
        "name": "TwentyNine",
        "short_name": "29",
        "description": _("The card game Twenty-Nine with friends, in the browser."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("img/icon-maskable-512.png"), "sizes": "512x512",
             "type": "image/png", "purpose": "maskable"},
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(data)
    response["Content-Type"] = "application/manifest+json"
    return response


@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker (``/sw.js``), with its cache name and asset list filled in."""
    assets = ["/offline/", *(static(path) for path in PRECACHED)]
    script = SERVICE_WORKER.read_text().replace(
        "__CACHE__", CACHE_VERSION
    ).replace('"__ASSETS__"', ", ".join(f'"{url}"' for url in assets))
    return HttpResponse(script, content_type="application/javascript")


def offline(request: HttpRequest) -> HttpResponse:
    """The page the service worker shows when a page cannot be reached."""
    return render(request, "offline.html")
