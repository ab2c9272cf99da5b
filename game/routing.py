"""Websocket URL routes for the live table."""

from django.urls import path

from game.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/game/<int:game_id>/", TableConsumer.as_asgi()),
]
