"""Tables on a real server (``tests.live_site.LiveSite``) and players reaching them by websocket.

``seed_tables`` creates hosts, players, friendships, games and logged-in
sessions inside the server's own database; ``LivePlayer`` is one browser tab
(the ``websockets`` client, with the session cookie and a same-site Origin).
Used by the restart test and by bench/table.py.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from tests.live_site import LiveSite

# The start of every seeding script: imports and a session cookie for a user.
SEED_PRELUDE = """
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from accounts.models import Friendship, User
from game.models import Game
from game.table.store import create_game

def cookie(user):
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return settings.SESSION_COOKIE_NAME + "=" + store.session_key
"""

SEED_CODE = SEED_PRELUDE + """
tables = []
for t in range(COUNT):
    seated = [
        User.objects.create_user(f"t{t}p{s}@example.com", None, first_name=f"T{t}P{s}")
        for s in range(4)
    ]
    for guest in seated[1:]:
        Friendship.objects.create(user=seated[0], friend=guest)
        Friendship.objects.create(user=guest, friend=seated[0])
    game = create_game(seated[0], f"Table {t}", seated)
    tables.append({"game": game.pk, "cookies": [cookie(u) for u in seated]})
print(json.dumps(tables))
"""


@dataclass(frozen=True)
class SeededTable:
    """A game on the live site and the session cookies of its four players, seat by seat."""

    game: int
    cookies: list[str]


def seed_tables(site: LiveSite, count: int) -> list[SeededTable]:
    """Create ``count`` full tables (four friends each) in the live site's database."""
    output = site.shell(SEED_CODE.replace("COUNT", str(count)))
    tables = json.loads(output.strip().splitlines()[-1])
    return [SeededTable(t["game"], t["cookies"]) for t in tables]


class LivePlayer:
    """One player's websocket at a live table; keeps the latest state it was sent."""

    def __init__(self, site: LiveSite | str, game: int, cookie: str) -> None:
        """``site``: the live site, or the http:// address of one of its processes or proxy."""
        base = site if isinstance(site, str) else site.url
        self.url = "ws" + base.removeprefix("http") + f"/ws/game/{game}/"
        self.origin = base
        self.cookie = cookie
        self.socket: ClientConnection | None = None
        # Which process served the handshake, when a proxy says (X-Upstream).
        self.upstream: str | None = None
        self.latest: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.aside: list[dict[str, Any]] = []  # chat and presence messages

    async def open(self) -> dict[str, Any]:
        """Connect and read the first state (a reconnection's too, not the last one kept)."""
        self.latest = None
        self.socket = await connect(
            self.url,
            origin=self.origin,  # type: ignore[arg-type]
            additional_headers={"Cookie": self.cookie},
            compression=None,
            proxy=None,
            open_timeout=30,
        )
        response = self.socket.response
        tried = response.headers.get("X-Upstream") if response is not None else None
        # nginx lists every process it tried ("a, b" when a was down): the last one served.
        self.upstream = tried.split(", ")[-1] if tried else None
        return await self.until(lambda _: True, timeout=30.0)

    async def receive(self, timeout: float = 5.0) -> dict[str, Any]:
        assert self.socket is not None
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
        if message["type"] == "state":
            self.latest = message
        elif message["type"] in ("chat", "presence", "hint", "hint_asked", "deal_analysed"):
            self.aside.append(message)
        else:
            self.errors.append(message)
        return message

    async def until(self, ready: Any, timeout: float = 5.0) -> dict[str, Any]:
        """Read until a state satisfies ``ready``; return it."""
        while self.latest is None or not ready(self.latest):
            await self.receive(timeout)
        return self.latest

    async def act(self, action: dict[str, Any]) -> None:
        assert self.socket is not None and self.latest is not None
        message = {"type": "action", "action": action, "version": self.latest["version"]}
        await self.socket.send(json.dumps(message))

    @property
    def state(self) -> dict[str, Any]:
        assert self.latest is not None
        return self.latest

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
            self.socket = None


async def deal_in_progress(players: list[LivePlayer], timeout: float = 30.0) -> None:
    """Every player's table has started and has a deal in progress, at the same (latest)
    version: a deal annulled as it is dealt is followed by the next one, by itself."""
    for player in players:
        await player.until(
            lambda s: s["table"]["started"] and s["view"]["phase"] != "deal", timeout
        )
    version = max(int(player.state["version"]) for player in players)
    await asyncio.gather(
        *(player.until(lambda s: s["version"] >= version, timeout) for player in players)
    )
