"""Who is here, over the table's websocket: the part of ``TableConsumer`` that keeps presence.

A socket that is let in writes its row (``game.table.presence``), has it renewed every
``PRESENCE_REFRESH`` seconds with every other socket of the process
(``game.table.presence_renewal``) and deletes it when it closes; after each arrival
and departure the table's presence goes to the game's group. Each socket sends
its browser a ``presence`` message only when what it shows would change, and
also checks at every renewal, so rows left by a stopped process (whose sockets
never ran ``disconnect()``) turn "away" there within ``PRESENCE_EXPIRY`` seconds
plus one renewal, without anyone announcing it.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from game.table import presence
from game.table.broadcast import group_name
from game.table.presence_renewal import renewer
from game.table.seats import HANDOVER, SEATED

PRESENCE_EVENT = "presence.changed"

log = logging.getLogger(__name__)


class PresenceSocket(AsyncWebsocketConsumer):
    """Presence handlers mixed into ``game.table.consumer.TableConsumer`` (which provides the
    game, the user and the role)."""

    presence_sent: presence.Presence | None = None
    presence_counted = False

    async def presence_arrive(self) -> None:
        """This socket was let in: count it, tell the table, and have its row renewed."""
        here = await database_sync_to_async(presence.arrive)(
            self.game_id, self.user_id, self.channel_name
        )
        await self._tell_presence(here)
        if not self.presence_counted:
            self.presence_counted = True
            renewer().add(self)

    def presence_stop_renewing(self) -> None:
        """Stop renewing this socket's row (it then expires by itself)."""
        self.presence_counted = False
        renewer().discard(self)

    async def presence_leave(self) -> None:
        """This socket closed: stop renewing, forget it, and tell the table."""
        if not self.presence_counted:
            return
        self.presence_stop_renewing()
        try:
            here = await database_sync_to_async(presence.leave)(self.game_id, self.channel_name)
        except Exception:  # e.g. the database is gone at shutdown: the row expires by itself
            log.exception("Forgetting a socket at game %s failed", self.game_id)
            return
        await self._tell_presence(here)

    async def send_presence(self) -> None:
        """Send this socket the table's presence (after a connect or a sync)."""
        here = await database_sync_to_async(presence.at_table)(self.game_id)
        await self._send_presence(here, always=True)

    async def presence_changed(self, event: dict[str, Any]) -> None:
        """A group message: someone arrived or left; show it if it changes what we show."""
        if self.role is not None:
            await self._send_presence(event["presence"])

    async def presence_after(self, events: list[dict[str, Any]]) -> None:
        """After a change this socket sent: when it moved a seat between a person and a
        computer player (or another person), the dots follow at once, not at the next
        renewal (a player back from a computer player showed one for up to a minute)."""
        if any(event["type"] in (HANDOVER, SEATED) for event in events):
            await self._send_presence(await database_sync_to_async(presence.at_table)(self.game_id))

    async def presence_renewed(self, here: presence.Presence) -> None:
        """This process renewed its rows: the table's presence now (``presence_renewal``)."""
        if self.role is not None:
            await self._send_presence(here)

    async def _tell_presence(self, here: presence.Presence) -> None:
        message = {"type": PRESENCE_EVENT, "game": self.game_id, "presence": here}
        await self.channel_layer.group_send(group_name(self.game_id), message)

    async def _send_presence(self, here: presence.Presence, *, always: bool = False) -> None:
        if here == self.presence_sent and not always:
            return
        self.presence_sent = here
        await self.send(text_data=json.dumps({"type": "presence", **here}))
