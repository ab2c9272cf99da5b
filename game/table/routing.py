"""Websocket URL routes for the live table and the dashboard; a handshake on any other path
is refused (403)."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from game.dashboard.consumer import DashboardConsumer
from game.table.consumer import TableConsumer
from twentynine import converters  # noqa: F401  (registers <id:...>)


class NoSuchPath(AsyncWebsocketConsumer):  # type: ignore[misc]
    """Refuses the handshake of a websocket path that matches no route (daphne answers 403)."""

    async def connect(self) -> None:
        await self.close()


websocket_urlpatterns = [
    path("ws/game/<id:game_id>/", TableConsumer.as_asgi()),
    path("ws/dashboard/", DashboardConsumer.as_asgi()),
    re_path(r"", NoSuchPath.as_asgi()),
]
