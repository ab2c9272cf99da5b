"""The live table's websocket consumer (being written; refuses every connection for now)."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class TableConsumer(AsyncJsonWebsocketConsumer):
    """Refuses connections until the table consumer lands."""

    async def connect(self) -> None:
        await self.close(code=4403)
