"""URL routes of the live table page and its history of deals (included at "table/")."""

from django.urls import path

from game.table import history_views, views
from twentynine import converters  # noqa: F401  (registers <id:...>)

urlpatterns = [
    path("<id:game_id>/", views.table, name="table"),
    path("<id:game_id>/deals/", history_views.deals_page, name="deals"),
    path("<id:game_id>/deals.json", history_views.deals_json, name="deals_json"),
    path("<id:game_id>/deals/<id:number>/", history_views.deal_page, name="deal"),
    path("<id:game_id>/deals/<id:number>.json", history_views.deal_json, name="deal_json"),
]
