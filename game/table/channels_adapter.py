"""Where the table leans on Channels' internals: one module, pinned to Channels 4.3.

Two behaviours of Channels cost the table server more CPU than the work they
wrap, so they are replaced here and nowhere else; ``tests/table/test_channels_adapter.py``
fails if the Channels code they stand in for changes (then re-read it and this).

- ``InboxConsumer`` runs a websocket consumer from one inbox instead of
  ``AsyncConsumer.__call__``'s own channel: a process's ``game.table.hub`` receives each
  group message once and puts it into the inbox of every socket of the game there, so
  a socket has no channel-layer channel of its own (nothing copied, queued or decoded
  per socket). Its ``dispatch`` also skips ``aclose_old_connections``, which Channels
  runs in the database thread before every message: with five sockets a table that is
  five queued hops per change, behind the writes, and every database call here goes
  through ``database_sync_to_async``, which closes stale connections itself.
- ``InMemoryChannelLayer`` (one process, no Redis): Channels' layer scans every channel
  and group for expired messages on each ``receive``; with hundreds of sockets that
  dominated the server's time in bench/table.py. This one sweeps at most once a second
  (messages still expire after ``expiry`` seconds, give or take one).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer
from channels.layers import get_channel_layer

# The Channels release these replacements were written against (major.minor).
CHANNELS_VERSION = "4.3"
CLEAN_EVERY_SECONDS = 1.0


class InboxConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    """A websocket consumer fed by one inbox: the browser's frames and what the game's hub
    puts there, dispatched in the order they came, one at a time. ``channel_name`` only
    names the socket (its presence row); it is no channel of the layer."""

    inbox: asyncio.Queue[dict[str, Any]]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Channels' consumer loop (``AsyncConsumer.__call__``), fed by the inbox."""
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = f"table-socket.{uuid.uuid4().hex}"
        self.base_send = send
        self.inbox = asyncio.Queue()
        pump = asyncio.ensure_future(self._pump(receive))
        try:
            while True:
                await self.dispatch(await self.inbox.get())
        except StopConsumer:
            pass
        finally:
            pump.cancel()
            await self.stopped()

    async def _pump(self, receive: Any) -> None:
        while True:
            self.inbox.put_nowait(await receive())

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Call the message's handler (``AsyncConsumer.dispatch`` without its hop to the
        database thread)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def stopped(self) -> None:
        """The consumer loop ended (the socket is gone): let go of what it held."""


class InMemoryChannelLayer(ChannelsInMemoryChannelLayer):  # type: ignore[misc]
    """Channels' in-memory layer with its expiry sweep throttled to once a second."""

    _cleaned_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at < CLEAN_EVERY_SECONDS:
            return
        self._cleaned_at = now
        super()._clean_expired()
