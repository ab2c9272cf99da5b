"""Routes of the invite link (included at the site's root)."""

from django.urls import path

from game.invite import views
from twentynine import converters  # noqa: F401  (registers <id:...>)

app_name = "invite"

urlpatterns = [
    path("i/<str:token>/", views.open_link, name="open"),
    path("games/<id:game_id>/invite/", views.host_link, name="host"),
    path("games/<id:game_id>/guests/<int:seat>/remove/", views.remove_guest, name="remove"),
    path("games/<id:game_id>/guests/watching/<id:user_id>/remove/", views.remove_watcher,
         name="remove_watcher"),
    path("guest/account/", views.guest_account, name="guest_account"),
    path("guest/account/confirm/<str:token>/", views.guest_account_confirm,
         name="guest_confirm"),
]
