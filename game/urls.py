"""Site routes: the dashboard and the host's pages (the table lives under /table/)."""

from django.urls import path

from game import views
from twentynine import converters  # noqa: F401  (registers <id:...>)

app_name = "game"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("host/", views.host_game, name="host"),
    path("stats/", views.stats_page, name="stats"),
    path("games/<id:game_id>/edit/", views.edit_game, name="edit"),
    path("games/<id:game_id>/delete/", views.delete_game, name="delete"),
    path("games/<id:game_id>/reset/<str:what>/", views.reset_game, name="reset"),
    path("games/<id:game_id>/rematch/", views.rematch_game, name="rematch"),
    path("games/<id:game_id>/seats/<int:seat>/computer/", views.hand_over, name="hand_over"),
    path("games/<id:game_id>/seats/<int:seat>/back/", views.give_back, name="give_back"),
]
