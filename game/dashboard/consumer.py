"""The dashboard's websocket (``/ws/dashboard/``): the user's games as they change.

The socket joins the hub (``game.table.hub``) of every game on the user's dashboard
and of the user's own group (``game.dashboard.notify``), so a change reaches it the
way it reaches the tables' sockets: once per process, as the version's snapshot, with
no database read. For each new version it sends a ``game`` message (whose turn, "your
turn", the score, the seats), for each arrival or departure at a table a ``presence``
message, and when the list itself changes (a friend hosted or deleted a game, a
friendship began or ended, the user was seated or unseated, a seat changed hands) a
``refresh`` message, after which the page fetches the dashboard's sections again.
Guests and unverified accounts are refused (4403), as the dashboard page refuses them.
The page's ``sync`` (after a reconnect) reads every game again: a socket may ask
``SYNCS_PER_SECOND`` times a second, more is ignored, and a flood closes it (4408).
"""

from __future__ import annotations

from typing import Any

import orjson
from channels.db import database_sync_to_async
from django.utils import translation

from accounts.models import User
from accounts.verification import is_verified
from game.dashboard import summary
from game.dashboard.games import dashboard_games
from game.dashboard.notify import user_group
from game.table import hub, presence, store
from game.table.channels_adapter import InboxConsumer
from game.table.errors import CLOSE_FLOOD, CLOSE_FORBIDDEN, CLOSE_NOT_LOGGED_IN, CLOSE_TOO_MANY
from game.table.flood import SYNCS_PER_SECOND, FloodGuard, Verdict
from game.table.snapshot import Snapshot
from game.table.socket_cap import CappedSocket
from game.table.wire import from_group
from learn.languages import scope_language


def _current(user: User) -> tuple[list[Snapshot], dict[int, presence.Presence]]:
    """The latest snapshot of every game on the user's dashboard, and who is at each."""
    latest = [store.load(game, store.seating(game)) for game in dashboard_games(user)]
    return latest, presence.at_tables({s.game_id for s in latest})


def _allowed(user: Any) -> bool:
    return bool(user.is_authenticated and not user.is_guest and is_verified(user))


class DashboardConsumer(CappedSocket, InboxConsumer):
    """One open dashboard."""

    user_id: int

    async def connect(self) -> None:
        # This socket's cards in its user's language (the consumer's task keeps it).
        translation.activate(scope_language(self.scope))
        user = self.scope["user"]
        await self.accept()
        if not user.is_authenticated:
            await self.close(code=CLOSE_NOT_LOGGED_IN)
            return
        if not await database_sync_to_async(_allowed)(user):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if not self.hold(user.pk):
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.user_id = user.pk
        self.games: dict[int, Snapshot] = {}
        self.guard = FloodGuard(SYNCS_PER_SECOND)
        await hub.join_group(user_group(self.user_id), self)
        await self._follow()

    async def stopped(self) -> None:
        self.let_go()
        if hasattr(self, "user_id"):
            hub.leave_group(user_group(self.user_id), self)
            for game_id in self.games:
                hub.leave(game_id, self)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page asks again (``{"type": "sync"}``) after it reconnects; nothing else."""
        if not hasattr(self, "guard"):
            return
        verdict = self.guard.admit()
        if verdict is Verdict.FLOOD:
            await self.close(code=CLOSE_FLOOD)
        elif verdict is Verdict.OK and text_data and '"sync"' in text_data[:64]:
            await self._follow()

    async def _follow(self) -> None:
        """Read the user's games, follow exactly those, and send each one's card.

        A change made to a game between reading it and joining its hub reaches no one here,
        so after joining a game the games are read again: every change is then either in
        what was read or on its way through the hub."""
        while True:
            latest, here = await database_sync_to_async(_current)(self.scope["user"])
            wanted = {s.game_id: s for s in latest}
            for game_id in set(self.games) - set(wanted):
                hub.leave(game_id, self)
            joined = set(wanted) - set(self.games)
            for game_id in joined:
                await hub.join(game_id, self)
            self.games = wanted
            if not joined:
                break
        for snapshot in latest:
            await self.send(text_data=summary.frame_for(snapshot, self.user_id))
            if snapshot.game_id in here:
                await self._presence(snapshot.game_id, here[snapshot.game_id])

    async def table_changed(self, event: dict[str, Any]) -> None:
        """A game changed: send its card, or the whole list when this user's seat changed."""
        known = self.games.get(event["game"])
        if known is None or event["version"] <= known.version:
            return
        latest = from_group(event["game"], event["version"], event["snapshot"])
        if (
            latest.seat_of(self.user_id) != known.seat_of(self.user_id)
            or self.user_id in latest.recheck
            or [p.plate() for p in latest.players] != [p.plate() for p in known.players]
            or latest.name != known.name
        ):
            await self.dashboard_refresh({})
            return
        self.games[latest.game_id] = latest
        await self.send(text_data=summary.frame_for(latest, self.user_id))

    async def table_gone(self, event: dict[str, Any]) -> None:
        await self.dashboard_refresh(event)

    async def presence_changed(self, event: dict[str, Any]) -> None:
        game_id = event.get("game")
        if isinstance(game_id, int) and game_id in self.games:
            await self._presence(game_id, event["presence"])

    async def chat_lines(self, event: dict[str, Any]) -> None:
        """A table's chat line: not shown on the dashboard."""

    async def hint_asked(self, event: dict[str, Any]) -> None:
        """Someone at a table asked for a hint: not shown on the dashboard."""

    async def deal_analysed(self, event: dict[str, Any]) -> None:
        """A deal's analysis is ready: shown at the table and on the deals page only."""

    async def dashboard_refresh(self, event: dict[str, Any]) -> None:
        """The list of games changed: tell the page, then send every card again."""
        await self._send({"type": "refresh"})
        await self._follow()

    async def _presence(self, game_id: int, here: presence.Presence) -> None:
        seats = [p.name for p in self.games[game_id].players]
        await self._send(summary.presence_message(game_id, here, seats))

    async def _send(self, message: dict[str, Any]) -> None:
        await self.send(text_data=orjson.dumps(message).decode())
