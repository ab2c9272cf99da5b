"""URL routes of the live table page and its history of deals (included at "table/")."""

from django.urls import path

from game.table import history_views, views

urlpatterns = [
    path("<int:game_id>/", views.table, name="table"),
    path("<int:game_id>/deals/", history_views.deals_page, name="deals"),
    path("<int:game_id>/deals.json", history_views.deals_json, name="deals_json"),
    path("<int:game_id>/deals/<int:number>/", history_views.deal_page, name="deal"),
    path("<int:game_id>/deals/<int:number>.json", history_views.deal_json, name="deal_json"),
]
