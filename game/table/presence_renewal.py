"""Renewing the presence rows of every open socket of this process at once.

Each open table socket has a row in ``TablePresence`` (``game.table.presence``) that must
be renewed every ``PRESENCE_REFRESH`` seconds or it stops counting. One task per
process (per event loop) does it for all of them: every ``PRESENCE_REFRESH``
seconds it renews every registered socket's row in one database call (a row
somebody deleted is written again), reads the presence of every game those
sockets watch, and gives each socket its game's presence, which the socket sends
to its browser only if what it shows changed. So rows left by a stopped process
turn "away" on every page within ``PRESENCE_EXPIRY`` seconds plus one renewal,
and a process with many sockets makes one database call per renewal period
instead of one per socket. A failed renewal is logged and tried again at the
next period.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from channels.db import database_sync_to_async
from django.conf import settings

from game.table import presence

log = logging.getLogger(__name__)


class Renewed(Protocol):
    """A socket whose presence row is renewed: its row's key, and where the presence goes."""

    game_id: int
    user_id: int
    channel_name: str

    async def presence_renewed(self, here: presence.Presence) -> None: ...


class Renewer:
    """The sockets of one event loop whose rows are renewed, and the task renewing them."""

    def __init__(self) -> None:
        self.sockets: dict[str, Renewed] = {}
        self.task: asyncio.Task[None] | None = None

    def add(self, socket: Renewed) -> None:
        self.sockets[socket.channel_name] = socket
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    def discard(self, socket: Renewed) -> None:
        if self.sockets.get(socket.channel_name) is socket:
            del self.sockets[socket.channel_name]

    async def _run(self) -> None:
        while self.sockets:
            await asyncio.sleep(settings.PRESENCE_REFRESH)
            sockets = list(self.sockets.values())
            if not sockets:
                return
            rows = [(s.channel_name, s.game_id, s.user_id) for s in sockets]
            try:
                tables = await database_sync_to_async(presence.renew)(rows)
            except Exception:
                log.exception("Renewing the presence of %d sockets failed", len(rows))
                continue
            for socket in sockets:
                if self.sockets.get(socket.channel_name) is socket:
                    await socket.presence_renewed(tables[socket.game_id])


_renewers: dict[asyncio.AbstractEventLoop, Renewer] = {}


def renewer() -> Renewer:
    """This event loop's renewer (one per loop: a test starts a loop per test)."""
    loop = asyncio.get_running_loop()
    found = _renewers.get(loop)
    if found is None:
        for old in [known for known in _renewers if known.is_closed()]:
            del _renewers[old]
        found = _renewers[loop] = Renewer()
    return found
