"""Hints over the table's websocket: the part of ``TableConsumer`` that answers ``hint``.

A seated player in turn asks with the version they see; the strong player thinks in the
bot workers (never on the event loop), the asker is sent a ``hint`` message and every
socket at the table a ``hint_asked`` line for its log (docs/protocol.md).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.translation import gettext as _

from game.table import bot_worker, cache, hints, store
from game.table.bot_turns import history_kept, in_worker
from game.table.broadcast import group_name
from game.table.errors import TableError
from game.table.service import bot_history
from game.table.snapshot import Snapshot
from game.table.wire import encode

HINT_EVENT = "hint.asked"


class HintSocket(AsyncWebsocketConsumer):  # type: ignore[misc]
    """The ``hint`` handler mixed into ``game.table.consumer.TableConsumer`` (which provides
    the game, the role, the version sent, ``_error`` and ``_refused``)."""

    async def hint(self, message: dict[str, Any]) -> None:
        """A ``hint`` message: check, think in the workers, answer and tell the table."""
        version = message.get("version")
        if type(version) is not int:
            await self._error(
                "missing_field", _("A hint needs \"version\": the version you last saw.")
            )
            return
        try:
            latest, seat = await self._hint_allowed(version)
        except TableError as refused:
            await self._refused(refused)
            return
        if not await hints.first_ask(self.game_id, version, seat):
            kept = await hints.kept(self.game_id, version, seat)
            if kept is None:
                await self._error("rate_limited", _("Your hint for this move is on its way."))
            else:
                await self._send_hint(version, kept)
            return
        try:
            answer = await self._think(latest, seat, version)
        except Exception:
            await hints.keep(self.game_id, version, seat, None)
            await self._error("hint_failed", _("No hint this time: try again in a moment."))
            return
        await hints.keep(self.game_id, version, seat, answer)
        await self.channel_layer.group_send(
            group_name(self.game_id),
            {"type": HINT_EVENT, "seat": seat, "name": latest.players[seat].name,
             "version": version},
        )
        await self._send_hint(version, answer)

    async def _think(self, latest: Snapshot, seat: int, version: int) -> dict[str, Any]:
        """The strong player's move from this seat's view, thought in the bot workers."""
        assert latest.match is not None
        view = cache.view_and_legal(latest, seat)[0]
        history = history_kept(self.game_id, version)
        if history is None:
            history = await database_sync_to_async(bot_history)(self.game_id, version)
        answer: dict[str, Any] = await in_worker(
            bot_worker.hint, latest.match.rules, seat, view, history, hints.HINT_BUDGET_S
        )
        return answer

    async def _send_hint(self, version: int, answer: dict[str, Any]) -> None:
        await self.send(text_data=encode({
            "type": "hint",
            "version": version,
            "action": answer["action"],
            "reason": hints.reason_text(answer["reason"]),
        }))

    async def hint_asked(self, event: dict[str, Any]) -> None:
        """A group message: a player asked for a hint; pass the log line on."""
        if self.role is None:
            return
        await self.send(text_data=encode({
            "type": "hint_asked", "seat": event["seat"], "name": event["name"],
            "version": event["version"],
        }))

    async def _hint_allowed(self, version: int) -> tuple[Snapshot, int]:
        """The current snapshot and the asker's seat, or the refusal (a TableError)."""
        role = self.role
        assert role is not None
        if role.seat is None:
            raise TableError("not_seated", _("Spectators watch; only the players ask for hints."))
        if role.replaced:
            raise TableError(
                "replaced", _("A computer player holds your seat now; the host can give it back.")
            )
        latest = cache.cached(self.game_id, self.version)
        if latest is None:
            latest = await database_sync_to_async(store.current)(self.game_id)
        if version != latest.version:
            raise TableError(
                "stale",
                _("The table has moved on (version %(now)s, you sent %(sent)s).")
                % {"now": latest.version, "sent": version},
            )
        if not latest.hints_allowed():
            raise TableError("hints_off", _("The host has not allowed hints at this table."))
        if latest.match is None or not cache.view_and_legal(latest, role.seat)[1]:
            raise TableError("not_your_turn", _("A hint is for your own turn."))
        return latest, role.seat
