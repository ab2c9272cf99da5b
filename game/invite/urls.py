"""Routes of the invite link (included at the site's root)."""

from django.urls import path

from game.invite import views

app_name = "invite"

urlpatterns = [
    path("i/<str:token>/", views.open_link, name="open"),
    path("games/<int:game_id>/invite/", views.host_link, name="host"),
    path("games/<int:game_id>/guests/<int:seat>/remove/", views.remove_guest, name="remove"),
    path("games/<int:game_id>/guests/watching/<int:user_id>/remove/", views.remove_watcher,
         name="remove_watcher"),
    path("guest/account/", views.guest_account, name="guest_account"),
    path("guest/account/confirm/<str:token>/", views.guest_account_confirm,
         name="guest_confirm"),
]
