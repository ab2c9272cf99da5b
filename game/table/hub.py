"""One channel-layer subscription per process and game, shared by that game's sockets here.

Every message for a game's group (a change, a chat line, presence, the game's
deletion) reaches a process once, on the channel of the game's hub in that
process, and the hub puts the same message into the inbox of each of the game's
sockets in the process (``game.table.consumer.TableConsumer`` dispatches its inbox in
order, one message at a time, as Channels does). A socket therefore has no
channel-layer channel of its own: nothing is copied, queued or decoded per
socket, and a change is parsed once per process (``game.table.snapshot.from_wire``).

A hub subscribes when the first socket of its game joins (the socket waits until
the subscription is in place, so it misses nothing it reads afterwards) and
unsubscribes when the last one leaves. The messages in an inbox are shared by
every socket of the game: handlers read them and never change them.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from channels.layers import get_channel_layer

from game.table.broadcast import group_name, is_table_group
from twentynine import metrics

log = logging.getLogger(__name__)


class Member(Protocol):
    """A socket at the table: where its game's messages go."""

    inbox: asyncio.Queue[dict[str, Any]]


class TableHub:
    """The sockets of one group in this process (one event loop) and their shared channel:
    a game's (``game_id``), or a dashboard's user group (``game.dashboard``)."""

    def __init__(self, group: str) -> None:
        self.group = group
        self.members: set[Member] = set()
        self.channel = ""
        self.subscribed: asyncio.Task[None] | None = None
        self.receiving: asyncio.Task[None] | None = None

    async def join(self, member: Member) -> None:
        """Deliver the game's messages to ``member`` from now on (returns once subscribed)."""
        self.members.add(member)
        if self.subscribed is None:
            self.subscribed = asyncio.get_running_loop().create_task(self._subscribe())
        await asyncio.shield(self.subscribed)

    def leave(self, member: Member) -> bool:
        """Stop delivering to ``member``; True when it was the last one (the hub then closes)."""
        self.members.discard(member)
        if self.members:
            return False
        asyncio.get_running_loop().create_task(self._close())
        return True

    async def _subscribe(self) -> None:
        layer = _layer()
        self.channel = await layer.new_channel(prefix=f"table-hub.{self.group}.")
        await layer.group_add(self.group, self.channel)
        self.receiving = asyncio.get_running_loop().create_task(self._receive())

    async def _receive(self) -> None:
        layer = _layer()
        while True:
            try:
                message = await layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Receiving the messages of %s failed", self.group)
                metrics.layer_error()
                await asyncio.sleep(0.1)
                continue
            for member in list(self.members):
                member.inbox.put_nowait(message)

    async def _close(self) -> None:
        assert self.subscribed is not None
        try:
            await self.subscribed
        except Exception:
            log.exception("Subscribing to %s failed", self.group)
            return
        if self.receiving is not None:
            self.receiving.cancel()
        await _layer().group_discard(self.group, self.channel)


_hubs: dict[tuple[asyncio.AbstractEventLoop, str], TableHub] = {}


async def join(game_id: int, member: Member) -> None:
    """Have ``member`` receive every message of this game's group (see ``TableHub.join``)."""
    await join_group(group_name(game_id), member)


def leave(game_id: int, member: Member) -> None:
    """``member`` receives nothing more of this game (a no-op if it never joined)."""
    leave_group(group_name(game_id), member)


async def join_group(group: str, member: Member) -> None:
    """Have ``member`` receive every message of this channel-layer group."""
    loop = asyncio.get_running_loop()
    hub = _hubs.get((loop, group))
    if hub is None:
        for old in [key for key in _hubs if key[0].is_closed()]:  # a test's loop has ended
            del _hubs[old]
        hub = _hubs[(loop, group)] = TableHub(group)
        metrics.tables_open(_tables_open())
    await hub.join(member)


def leave_group(group: str, member: Member) -> None:
    """``member`` receives nothing more of this group (a no-op if it never joined)."""
    key = (asyncio.get_running_loop(), group)
    hub = _hubs.get(key)
    if hub is not None and member in hub.members and hub.leave(member):
        del _hubs[key]
        metrics.tables_open(_tables_open())


def sockets(game_id: int) -> int:
    """How many sockets of this game this process (this event loop) holds."""
    hub = _hubs.get((asyncio.get_running_loop(), group_name(game_id)))
    return 0 if hub is None else len(hub.members)


def _tables_open() -> int:
    """How many games' groups this process holds (dashboards' groups left out)."""
    return sum(1 for _, group in _hubs if is_table_group(group))


def _layer() -> Any:
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    return layer
