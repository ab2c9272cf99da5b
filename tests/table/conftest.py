"""Named people at a table and a websocket client that logs in with a real session cookie.

The owner hosts and sits in seat 0 with Bilal, Chitra and Dev; Farid is the
owner's friend (a spectator); Oscar is an outsider. ``TableClient`` connects
through the real ASGI application (origin check, session middleware, router)
and keeps every raw frame it receives, so tests can inspect exactly what a
player's browser would have been sent.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError, connection, connections, transaction
from pytest_django.fixtures import Settings

from accounts.models import User
from game.models import Game
from game.table import loop_connection
from game.table.store import create_game
from tests.people import befriend
from twentynine.asgi import application

ORIGIN = b"http://127.0.0.1"
# Generous: a wait returns as soon as the message comes, and CI may run on one busy core.
TIMEOUT = 20.0
# As long as the site's SQLite busy timeout.
LOCK_WAIT_SECONDS = 20.0
# Messages that arrive at any time, apart from the table's states and errors.
# Messages that come at any time, kept aside from the states: chat, presence, the coach's.
ASIDE = ("chat", "presence", "hint", "hint_asked", "deal_analysed")


def session_cookie(user: User) -> str:
    """A logged-in session for this user, as the browser's Cookie header value."""
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"


class TableClient:
    """One browser tab at the table, speaking the protocol over Channels' test communicator."""

    def __init__(self, game_id: int, cookie: str | None, origin: bytes = ORIGIN) -> None:
        self.game_id = game_id
        self.cookie = cookie
        headers = [(b"origin", origin)]
        if cookie is not None:
            headers.append((b"cookie", cookie.encode()))
        self.communicator = WebsocketCommunicator(application, f"/ws/game/{game_id}/", headers)
        self.frames: list[str] = []
        self.aside: list[dict[str, Any]] = []
        self.held: list[dict[str, Any]] = []
        self.latest: dict[str, Any] | None = None

    async def connect(self) -> tuple[bool, Any]:
        accepted, detail = await self.communicator.connect(timeout=TIMEOUT)
        return bool(accepted), detail

    async def receive(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message (a state is also kept as ``self.state``). Chat, presence and the
        coach's messages, which come at any time, are kept aside in ``self.aside``, not
        returned."""
        if self.held:
            return self.held.pop(0)
        while True:
            text = await self.communicator.receive_from(timeout=timeout)
            self.frames.append(text)
            message: dict[str, Any] = json.loads(text)
            if message["type"] in ASIDE:
                self.aside.append(message)
                continue
            if message["type"] == "state":
                self.latest = message
            return message

    async def receive_aside(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next chat or presence message of this kind (one already kept aside first)."""
        while True:
            for at, message in enumerate(self.aside):
                if message["type"] == kind:
                    return self.aside.pop(at)
            text = await self.communicator.receive_from(timeout=timeout)
            self.frames.append(text)
            message = json.loads(text)
            if message["type"] in ASIDE:
                self.aside.append(message)
                continue
            if message["type"] == "state":
                self.latest = message
            self.held.append(message)  # for ``receive``, in order

    async def state_at(self, version: int, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read messages until a state of at least ``version`` arrives; return it."""
        while self.latest is None or self.latest["version"] < version:
            message = await self.receive(timeout)
            assert message["type"] == "state", message
        return self.latest

    async def until(
        self, ready: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        """Read messages until a state satisfies ``ready``; return it."""
        while self.latest is None or not ready(self.latest):
            await self.receive(timeout)
        return self.latest

    async def next_error(self) -> dict[str, Any]:
        """The next error this socket is sent (states on the way are read past)."""
        while True:
            message = await self.receive()
            if message["type"] == "error":
                return message

    async def send(self, message: dict[str, Any]) -> None:
        await self.communicator.send_json_to(message)

    async def send_text(self, text: str) -> None:
        await self.communicator.send_to(text_data=text)

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        await self.send(
            {
                "type": "action",
                "action": action,
                "version": self.state["version"] if version is None else version,
            }
        )

    async def closed_with(self) -> int:
        """Wait for the server to close the socket (chat and presence may come first, nothing
        else); the close code."""
        while True:
            output = await self.communicator.receive_output(timeout=TIMEOUT)
            if output["type"] == "websocket.send" and json.loads(output["text"])["type"] in ASIDE:
                continue
            assert output["type"] == "websocket.close", output
            return int(output["code"])

    async def nothing_more(self) -> bool:
        """Whether no message but chat and presence arrives within 0.1 s."""
        while not await self.communicator.receive_nothing(timeout=0.1):
            text = await self.communicator.receive_from()
            self.frames.append(text)
            message = json.loads(text)
            if message["type"] not in ASIDE:
                return False
            self.aside.append(message)
        return True

    async def close(self) -> None:
        await self.communicator.disconnect()

    @property
    def state(self) -> dict[str, Any]:
        """The last state received (there is one once the socket is open)."""
        assert self.latest is not None, "no state received yet"
        return self.latest

    @property
    def seat(self) -> int:
        """This player's seat (the client must be a seated player's)."""
        seat = self.state["table"]["you"]["seat"]
        assert isinstance(seat, int)
        return seat


Open = Callable[[User], Awaitable[TableClient]]


@pytest.fixture(autouse=True)
def _quick_table(transactional_db: None, settings: Settings) -> None:
    """A real (committing) database, short pauses between deals, and no rate limit unless a
    test sets one."""
    settings.NEXT_DEAL_DELAY = 0.05
    settings.DEAL_ANALYSIS = False  # the tests of the analysis turn it on
    settings.WEBSOCKET_RATE_PER_SECOND = 10_000
    settings.CHAT_RATE_PER_SECOND = 10_000


@pytest.fixture(autouse=True)
def _wait_for_table_locks(transactional_db: None) -> Iterator[None]:
    """Before the flush between tests, wait (as SQLite's busy timeout would) until no other
    connection holds a lock on any table the flush empties: the tests' in-memory SQLite
    shares one cache between connections, and there a lock fails at once instead of
    waiting (CI saw the flush fail on a lock on the seats' table, not the game's)."""
    yield
    if connection.vendor != "sqlite":
        return
    tables = connection.introspection.django_table_names(only_existing=True)
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                for table in tables:
                    cursor.execute(f'DELETE FROM "{table}" WHERE 0')
            return
        except OperationalError as locked:
            if "locked" not in str(locked) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@pytest.fixture(autouse=True)
async def _close_connections_after(_wait_for_table_locks: None) -> AsyncIterator[None]:
    """After each test, stop what the table left running (a next deal's timer, a bot's
    turn, a socket the test did not close) and wait for their database calls to end, so
    the flush between tests cannot deadlock with a late deal; then close the database
    connection of the thread that ran them (Django's async ORM leaves it open), so the
    test database can be dropped. It asks for ``_wait_for_table_locks`` so that it is torn
    down first: the tasks stop, then the wait for locks, then the flush (without it pytest
    tore this down after the flush, and CI saw a late task lock a table the flush empties)."""
    yield
    await _stop_background_tasks()
    await loop_connection.close()
    await sync_to_async(connections.close_all)()


async def _stop_background_tasks() -> None:
    """Cancel every other task of this test's loop and wait until each has ended, again for
    any task that one of them started while it was being cancelled. (A database call
    already running goes on in its thread; the ``close_all`` queued behind it waits.)"""
    current = asyncio.current_task()
    for _ in range(10):
        left = [task for task in asyncio.all_tasks() if task is not current and not task.done()]
        if not left:
            return
        for task in left:
            task.cancel()
        await asyncio.gather(*left, return_exceptions=True)


def make_user(email: str, name: str) -> User:
    return User.objects.create_user(email, None, first_name=name)


@pytest.fixture
def owner() -> User:
    return make_user("owner@example.com", "Olive")


@pytest.fixture
def players(owner: User) -> list[User]:
    """The four seated players, seat by seat; the owner is in seat 0."""
    seated = [owner]
    for email, name in (("bilal@example.com", "Bilal"), ("chitra@example.com", "Chitra"),
                        ("dev@example.com", "Dev")):
        person = make_user(email, name)
        befriend(owner, person)
        seated.append(person)
    return seated


@pytest.fixture
def friend(owner: User) -> User:
    person = make_user("friend@example.com", "Farid")
    befriend(owner, person)
    return person


@pytest.fixture
def outsider() -> User:
    return make_user("outsider@example.com", "Oscar")


@pytest.fixture
def game(owner: User, players: list[User]) -> Game:
    return create_game(owner, "Friday 29", players)


@pytest.fixture
def open_table(game: Game) -> Open:
    """Connect a user to the game's table and read their first state."""

    async def open_(user: User) -> TableClient:
        cookie = await database_sync_to_async(session_cookie)(user)
        client = TableClient(game.pk, cookie)
        connected, _ = await client.connect()
        assert connected
        await client.receive()
        return client

    return open_


async def open_as(game_id: int, user: User) -> TableClient:
    """A socket of this user at this game, once its first message has arrived."""
    client = TableClient(game_id, await database_sync_to_async(session_cookie)(user))
    connected, _ = await client.connect()
    assert connected
    await client.receive()
    return client


async def seat_everyone(open_table: Open, players: list[User]) -> list[TableClient]:
    """All four players open the table; returns their clients once a deal is in progress.

    (A first deal can be annulled at once, e.g. when the first hand holds no
    points; the next one follows by itself.)
    """
    clients = [await open_table(user) for user in players]
    await deal_in_progress(clients)
    return clients


async def deal_in_progress(clients: list[TableClient]) -> None:
    """Every client has a deal in progress, and the same (latest) version.

    A deal can be annulled at once (a hand with no points); the next follows by itself
    ``NEXT_DEAL_DELAY`` later, so a test must wait for it before it acts on "the deal".
    """
    for client in clients:
        await client.until(
            lambda state: state["table"]["started"] and state["view"]["phase"] != "deal"
        )
    await settle(clients, max(client.state["version"] for client in clients))


async def settle(clients: list[TableClient], version: int) -> None:
    """Every client has received the state of ``version``."""
    await asyncio.gather(*(client.state_at(version) for client in clients))


async def play_random_step(
    clients: list[TableClient], rng: random.Random
) -> dict[str, Any] | None:
    """One random legal action by a seat whose turn it is; None when nobody may act."""
    able = [c for c in clients if c.latest is not None and c.latest["legal"]]
    if not able:
        return None
    actor = rng.choice(able)
    action: dict[str, Any] = rng.choice(actor.state["legal"])
    await actor.act(action)
    return action


async def play_some(clients: list[TableClient], steps: int, rng: random.Random) -> None:
    """``steps`` random moves (or automatic deals), ending on a deal in progress (so that no
    deal follows by itself while the test reloads or reads)."""
    for _ in range(steps):
        version = clients[0].state["version"]
        await play_random_step(clients, rng)  # None between deals: the next comes by itself
        await settle(clients, version + 1)
    await deal_in_progress(clients)
