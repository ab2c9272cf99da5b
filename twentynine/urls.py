"""URL routes of the site."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from accounts.views import account_page
from twentynine import pwa
from twentynine.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    # Browsers and bookmark tools ask for /favicon.ico whatever the page's <link rel="icon">.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("friends/", include("accounts.urls")),
    path("account/", account_page, name="account"),
    path("table/", include("game.table.urls")),
    path("", include("game.invite.urls")),
    path("", include("game.urls")),
]
