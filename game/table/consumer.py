"""The live table's websocket consumer: parse, check who is asking, call one service, report.

Protocol: docs/protocol.md. The seat always comes from the session and the
game row, never from a message. Every change is committed by ``game.table.service``
before any socket hears of it; a group message carries the new version's
snapshot, reaches each process once (``game.table.hub``), and each socket sends
its own seat's view of it (a spectator's for spectators). A socket whose role
may have changed (its seat moved, the change names its user, or it missed
versions while spectating) re-checks its role in the database before it is sent
anything more.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import orjson
from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from game.invite import join
from game.table import cache, hub, seat_changes, service, store, watchers
from game.table.auto_pass import schedule_auto_pass
from game.table.autodeal import schedule_next_deal
from game.table.bot_turns import schedule_bot_turn
from game.table.broadcast import announce
from game.table.channels_adapter import InboxConsumer
from game.table.chat_socket import ChatSocket
from game.table.deal_review import schedule_analysis
from game.table.errors import (
    CLOSE_FLOOD,
    CLOSE_FORBIDDEN,
    CLOSE_NO_GAME,
    CLOSE_NOT_LOGGED_IN,
    CLOSE_TOO_MANY,
    TableError,
)
from game.table.flood import SYNCS_PER_SECOND, FloodGuard, Verdict
from game.table.hint_socket import HintSocket
from game.table.presence_socket import PresenceSocket
from game.table.snapshot import Role, Snapshot
from game.table.socket_cap import CappedSocket
from game.table.turn_watch import schedule_turn_watch
from game.table.wire import encode, frame, from_group, state_message
from learn.languages import scope_language
from twentynine import metrics
from twentynine.logs import game_context


class TableConsumer(ChatSocket, PresenceSocket, HintSocket, CappedSocket, InboxConsumer):
    """One browser tab at one table: a seated player or a spectator (chat, presence and
    hints: ``game.table.chat_socket``, ``game.table.presence_socket``,
    ``game.table.hint_socket``)."""

    game_id: int
    user_id: int
    role: Role | None = None
    version = 0
    counted = False  # counted among the open sockets (``metrics``) until ``stopped``

    async def connect(self) -> None:
        """Accept, then either refuse with a close code and no data or send the full state."""
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        game_context(self.game_id)
        # This socket's messages in its user's language (the consumer's task keeps it).
        translation.activate(scope_language(self.scope))
        self.guard = FloodGuard(settings.WEBSOCKET_RATE_PER_SECOND)
        self.syncs = FloodGuard(SYNCS_PER_SECOND)
        user = self.scope["user"]
        await self.accept()
        metrics.socket_opened()
        self.counted = True
        if not user.is_authenticated:
            await self.close(code=CLOSE_NOT_LOGGED_IN)
            return
        self.user_id = user.pk
        if not self.hold(self.user_id):
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.watched_deal: watchers.Deal | None = None
        await hub.join(self.game_id, self)
        try:
            role, latest, changed = await database_sync_to_async(service.open_table)(
                self.game_id, user
            )
        except TableError as refused:
            await self._refused(refused)
            return
        if not await self._adopt(role):
            return
        await self.presence_arrive()
        if changed:
            await announce(latest)
        await self._send_full_state(latest)

    async def stopped(self) -> None:
        """The socket is gone: it is counted closed, its presence row is no longer renewed
        and its game's hub here delivers nothing more to it. Runs however the consumer loop
        ended, also when it was cancelled or a handler raised, so that ``disconnect`` never
        ran."""
        if self.counted:
            self.counted = False
            metrics.socket_closed()
        self.let_go()
        if self.presence_counted:  # ``disconnect`` did not run: no more renewals of its row
            self.presence_stop_renewing()
        if hasattr(self, "game_id"):
            hub.leave(self.game_id, self)

    async def disconnect(self, code: int) -> None:
        """Leave the game's group and the table's presence (nothing depends on this having run:
        presence rows expire)."""
        await self.presence_leave()
        hub.leave(self.game_id, self)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Check the rate, parse, and hand the message to its handler."""
        arrived = time.perf_counter()
        if self.role is None:
            return
        verdict = self.guard.admit()
        if verdict is Verdict.FLOOD:
            await self._refuse(CLOSE_FLOOD)
            return
        if verdict is Verdict.LIMITED:
            await self._error("rate_limited", _("Too many messages: slow down."))
            return
        message = await self._parse(text_data)
        if message is None:
            return
        kind = message["type"]
        if kind == "sync":
            if self.syncs.admit() is Verdict.OK:
                await self._resync()
        elif kind == "action":
            await self._act(message, arrived)
        elif kind == "reset":
            await self._reset(message)
        elif kind == "chat":
            await self.chat(message)
        elif kind == "spectator_chat":
            await self.spectator_chat(message)
        elif kind in ("hand_over", "give_back", "remove_guest"):
            await self._hand_over(message)
        elif kind == "im_back":
            await self._change(seat_changes.take_back, self.game_id, self.user_id)
        elif kind == "rematch":
            await self._change(service.rematch, self.game_id, self.user_id)
        elif kind == "hint":
            await self.hint(message)
        else:
            await self._error(
                "unknown_type", _("Unknown message type %(kind)s.") % {"kind": repr(kind)}
            )

    async def table_changed(self, event: dict[str, Any]) -> None:
        """A group message: the game reached ``event["version"]``; send this seat's view.

        Missed versions are not replayed: the socket sends the latest state with
        ``"events": []`` and the page, seeing the gap, asks for the full state.
        """
        if self.role is None or event["version"] <= self.version:
            return
        latest = from_group(self.game_id, event["version"], event["snapshot"])
        gap = latest.version != self.version + 1
        seat = latest.seat_of(self.user_id)
        replaced = seat is not None and latest.players[seat].replaced
        if (
            self.user_id in latest.recheck
            or (seat, replaced) != (self.role.seat, self.role.replaced)
            or (gap and self.role.spectator)
        ):
            await self._recheck(latest, [] if gap else latest.events)
            return
        if gap:
            await self._send_state(latest, [])
            return
        if not await self._note_watching(latest):
            await self._resync()
            return
        self.version = latest.version
        await self.send(text_data=frame(latest, self.role))
        await self.presence_after(latest.events)
        metrics.version_sent(self.game_id, latest.version)
        schedule_next_deal(latest)
        schedule_bot_turn(latest)
        schedule_auto_pass(latest)
        schedule_turn_watch(latest)
        schedule_analysis(latest)

    async def deal_analysed(self, event: dict[str, Any]) -> None:
        """A group message: a finished deal's analysis is ready (the Deals tab fetches it)."""
        if self.role is not None:
            await self.send(text_data=encode({"type": "deal_analysed", "number": event["number"]}))

    async def table_gone(self, event: dict[str, Any]) -> None:
        """A group message: the game was deleted."""
        cache.forget(self.game_id)
        await self._refuse(CLOSE_NO_GAME)

    async def _parse(self, text_data: str | None) -> dict[str, Any] | None:
        limit = settings.WEBSOCKET_MAX_MESSAGE_BYTES
        if text_data is None:
            await self._error("bad_json", _("Send text frames holding a JSON object."))
            return None
        if len(text_data) > limit or len(text_data.encode()) > limit:
            await self._error(
                "too_large", _("Messages may be at most %(limit)s bytes.") % {"limit": limit}
            )
            return None
        try:
            message = orjson.loads(text_data)
        except (ValueError, RecursionError):  # orjson refuses nesting deeper than 1024
            await self._error("bad_json", _("That message is not valid JSON."))
            return None
        if not isinstance(message, dict):
            await self._error("bad_json", _('Send a JSON object, like {"type": "sync"}.'))
            return None
        if not isinstance(message.get("type"), str):
            await self._error("missing_field", _('The message needs a "type" (a string).'))
            return None
        return message

    async def _act(self, message: dict[str, Any], arrived: float) -> None:
        assert self.role is not None
        action = message.get("action")
        version = message.get("version")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            await self._error(
                "missing_field", _('An action needs "action": an object with a "type".')
            )
            return
        if type(version) is not int:
            await self._error(
                "missing_field", _('An action needs "version": the version you last saw.')
            )
            return
        if self.role.seat is None:
            await self._error("not_seated", _("Spectators watch; only the four players act."))
            return
        if self.role.replaced:
            await self._error(
                "replaced", _("A computer player holds your seat now; the host can give it back.")
            )
            return
        action = {key: value for key, value in action.items() if key != "seat"}
        try:
            latest = await service.act_from_loop(self.game_id, self.user_id, action, version)
        except TableError as refused:
            await self._refused(refused)
            # The whole state again, as a sync would send it, and counted as one: a burst of
            # stale moves buys no more full states than a burst of syncs.
            if refused.code in ("stale", "not_seated") and self.syncs.admit() is Verdict.OK:
                await self._resync()
            return
        metrics.action_applied(self.game_id, latest.version, arrived, hub.sockets(self.game_id))
        await announce(latest)

    async def _reset(self, message: dict[str, Any]) -> None:
        assert self.role is not None
        what = message.get("what")
        if what not in service.RESETS:
            await self._error(
                "missing_field", _('A reset needs "what": score, round, deck or all.')
            )
            return
        deal = message.get("deal")
        if deal is not None and (type(deal) is not int or not 0 <= deal < 2**31):
            await self._error("missing_field", _('A reset\'s "deal" is a deal number.'))
            return
        try:
            latest = await database_sync_to_async(service.reset)(
                self.game_id, self.user_id, what, deal
            )
        except TableError as refused:
            await self._refused(refused)
            return
        await announce(latest)

    async def _change(self, change: Callable[..., Snapshot], *args: Any) -> None:
        """Make one change in the database thread and tell every socket (or say why not)."""
        try:
            latest = await database_sync_to_async(change)(*args)
        except TableError as refused:
            await self._refused(refused)
            return
        await announce(latest)

    async def _hand_over(self, message: dict[str, Any]) -> None:
        """The host hands a seat to a computer player (``hand_over``) or back (``give_back``),
        or removes a guest (``remove_guest``: the seat goes to a computer player of ``level``,
        or stays open with ``""``; with ``"new_link": true`` the invite link changes too)."""
        kind, seat, level = message["type"], message.get("seat"), message.get("level")
        if type(seat) is not int:
            await self._error("missing_field", _('Say which "seat" (0-3).'))
            return
        if kind != "give_back" and not isinstance(level, str):
            await self._error(
                "missing_field",
                _('Say which "level" of computer player takes the seat, for %(kind)s.')
                % {"kind": kind},
            )
            return
        by = (self.game_id, self.user_id, seat)
        if kind == "give_back":
            await self._change(seat_changes.give_back, *by)
        elif kind == "hand_over":
            await self._change(seat_changes.hand_over, *by, str(level))
        else:
            new_link = message.get("new_link") is True
            await self._change(join.guest_removed, *by, str(level), new_link)

    async def _resync(self) -> None:
        """Send the full current state, re-checking this user's role against the game row."""
        metrics.resynced()
        user = self.scope["user"]
        try:
            role, latest = await database_sync_to_async(service.refresh)(self.game_id, user)
        except TableError as refused:
            await self._refused(refused)
            return
        if await self._adopt(role):
            await self._send_full_state(latest)

    async def _recheck(self, latest: Snapshot, events: list[dict[str, Any]]) -> None:
        """Re-check this user's role in the database, then send ``latest`` (a full state when
        the role changed) or refuse the socket."""
        assert self.role is not None
        try:
            role = await database_sync_to_async(service.current_role)(
                self.game_id, self.scope["user"]
            )
        except TableError as refused:
            await self._refused(refused)
            return
        if role == self.role:
            await self._send_state(latest, events)
        elif await self._adopt(role):
            await self._send_full_state(latest)

    async def _adopt(self, role: Role | None) -> bool:
        """Take the user's current role, or refuse the socket (4403) when they have none."""
        if role is None:
            await self._refuse(CLOSE_FORBIDDEN)
            return False
        self.role = role
        return True

    async def _send_full_state(self, latest: Snapshot) -> None:
        """The full state with the recent history of changes, for the page's log; then the
        recent chat and who is here."""
        history = await database_sync_to_async(store.history)(self.game_id, latest.version)
        await self._send_state(latest, [], history)
        await self.send_recent_chat()
        await self.send_presence()

    async def _send_state(
        self,
        latest: Snapshot,
        events: list[dict[str, Any]],
        history: list[list[Any]] | None = None,
    ) -> None:
        assert self.role is not None
        if not await self._note_watching(latest):
            await self._resync()
            return
        self.version = latest.version
        await self.send(text_data=encode(state_message(latest, self.role, events, history)))
        await self.presence_after(events)
        metrics.version_sent(self.game_id, latest.version)
        schedule_next_deal(latest)
        schedule_bot_turn(latest)
        schedule_auto_pass(latest)
        schedule_turn_watch(latest)
        schedule_analysis(latest)

    async def _note_watching(self, latest: Snapshot) -> bool:
        """Before a spectator is first sent every hand of a deal, note it (``watchers.note``).
        False when the user took a seat meanwhile: the socket sends nothing of ``latest``
        and takes its new role from the database (``_resync``)."""
        assert self.role is not None
        deal = watchers.sees_every_hand(latest, self.role)
        if deal is None or deal == self.watched_deal:
            return True
        if not await database_sync_to_async(watchers.note)(self.game_id, self.user_id, deal):
            return False
        self.watched_deal = deal
        return True

    async def _refused(self, refused: TableError) -> None:
        """A service refused: a missing game closes the socket (4404), anything else is an
        error message."""
        if refused.code == "no_game":
            await self._refuse(CLOSE_NO_GAME)
        else:
            await self._error(refused.code, refused.message)

    async def _error(self, code: str, message: str) -> None:
        await self.send(
            text_data=encode(
                {"type": "error", "code": code, "message": message, "version": self.version}
            )
        )

    async def _refuse(self, code: int) -> None:
        self.role = None
        hub.leave(self.game_id, self)
        await self.close(code=code)
