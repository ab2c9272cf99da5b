"""Websocket URL routes for the live table."""

import gc

from django.urls import path

from game.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/game/<int:game_id>/", TableConsumer.as_asgi()),
]

# This module is imported once, by twentynine/asgi.py, after Django has loaded every app:
# move everything alive now out of the collector's reach. A full collection then scans only
# what the running server made, which shortens its pauses (a pause stalls every table).
gc.freeze()
