"""URL routes of the site."""

from django.contrib import admin
from django.urls import include, path

from twentynine.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("friends/", include("accounts.urls")),
    path("table/", include("game.table_urls")),
    path("", include("game.urls")),
]
