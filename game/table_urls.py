"""URL routes of the live table page (included at "table/")."""

from django.urls import path

from game import table_views

urlpatterns = [
    path("<int:game_id>/", table_views.table, name="table"),
]
