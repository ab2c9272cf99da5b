"""URL routes of the site (``/healthz`` and ``/readyz`` are answered by twentynine.health)."""

from typing import Any

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from accounts.confirmation import resend_confirmation
from accounts.views import account_page, save_preferences
from learn.catalogue import SiteCatalog
from twentynine import pwa


class FaviconRedirect(RedirectView):
    """Browsers and bookmark tools ask for /favicon.ico whatever the page's <link rel="icon">.
    The icon's (hashed) name is looked up per request, not when the URLs load (with DEBUG off
    that needs the collected files), and the redirect is temporary: the name changes with it."""

    permanent = False

    def get_redirect_url(self, *args: Any, **kwargs: Any) -> str:
        return static("favicon.svg")

urlpatterns = [
    path("favicon.ico", FaviconRedirect.as_view()),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("admin/", admin.site.urls),
    # The table's words in the reader's language (djangojs catalogues and the engine's
    # sentences), for gettext() in JS.
    path("jsi18n/", SiteCatalog.as_view(), name="javascript-catalog"),
    path("learn/", include("learn.urls")),
    path("accounts/resend-confirmation/", resend_confirmation, name="resend_confirmation"),
    path("accounts/", include("allauth.urls")),
    path("friends/", include("accounts.urls")),
    path("account/", account_page, name="account"),
    path("account/preferences/", save_preferences, name="save_preferences"),
    path("table/", include("game.table.urls")),
    path("", include("game.invite.urls")),
    path("", include("game.urls")),
]
