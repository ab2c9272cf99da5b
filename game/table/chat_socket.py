"""The table chat over the table's websocket: the part of ``TableConsumer`` that chats.

A line is checked and kept by ``game.table.chat`` and then sent to the game's group
with its text, so every socket (in every process) passes it on to its browser.
Delivery through the channel layer is at most once: a socket that connects or
syncs is sent the recent lines again, and pages drop lines they already show
(by ``id``). Each socket may send ``CHAT_RATE_PER_SECOND`` lines a second, in bursts
of up to ``chat.CHAT_BURST`` times that, counted by its own ``FloodGuard``; a person's
sockets together no more than one (``chat.post``). A line over that
is refused and its text given back, never the socket closed: a quick typist is not a
flood (the socket's guard over every message still closes one).
"""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils.translation import gettext as _

from game.table import chat
from game.table.broadcast import group_name
from game.table.errors import TableError
from game.table.flood import FloodGuard, Verdict

CHAT_EVENT = "chat.lines"


class ChatSocket(AsyncWebsocketConsumer):
    """Chat handlers mixed into ``game.table.consumer.TableConsumer`` (which provides the game,
    the role, ``_error``, ``_refused`` and ``_refuse``)."""

    chat_guard: FloodGuard | None = None

    async def chat(self, message: dict[str, Any]) -> None:
        """A ``chat`` message: keep the line and send it to everyone at the table. A line
        refused for its text (empty, too long) does not count against the rate."""
        try:
            text = chat.clean(message.get("text"))
        except TableError as refused:
            await self._error(refused.code, refused.message)
            return
        if self.chat_guard is None:
            rate = settings.CHAT_RATE_PER_SECOND
            self.chat_guard = FloodGuard(rate, burst=chat.CHAT_BURST * rate)
        if self.chat_guard.admit() is not Verdict.OK:
            await self._error("rate_limited", _("Too many chat messages: wait a moment."))
            return
        try:
            line, allowed = await database_sync_to_async(chat.post)(
                self.game_id, self.scope["user"], text
            )
        except TableError as refused:
            await self._refused(refused)
            return
        await self._tell_table({"lines": [line], "spectators_may_chat": allowed})

    async def spectator_chat(self, message: dict[str, Any]) -> None:
        """A ``spectator_chat`` message: the host turns spectator chat on or off."""
        allowed = message.get("allowed")
        if not isinstance(allowed, bool):
            await self._error("missing_field", _('Spectator chat needs "allowed": true or false.'))
            return
        try:
            await database_sync_to_async(chat.allow_spectators)(self.game_id, self.user_id, allowed)
        except TableError as refused:
            await self._refused(refused)
            return
        await self._tell_table({"lines": [], "spectators_may_chat": allowed})

    async def send_recent_chat(self) -> None:
        """Send this socket the recent lines (after a connect or a sync)."""
        lines, allowed = await database_sync_to_async(chat.recent)(self.game_id)
        await self._send_chat(lines, allowed, recent=True)

    async def chat_lines(self, event: dict[str, Any]) -> None:
        """A group message with new lines (or a new setting): pass it on to the browser."""
        if self.role is None:
            return
        await self._send_chat(event["lines"], event["spectators_may_chat"], recent=False)

    async def _tell_table(self, content: dict[str, Any]) -> None:
        message = {"type": CHAT_EVENT, **content}
        await self.channel_layer.group_send(group_name(self.game_id), message)

    async def _send_chat(self, lines: list[dict[str, Any]], allowed: bool, *, recent: bool) -> None:
        payload = {"type": "chat", "lines": lines, "spectators_may_chat": allowed, "recent": recent}
        await self.send(text_data=json.dumps(payload))
