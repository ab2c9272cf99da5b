"""Computer players at the live table: they play their seats through the real consumer.

One person plays whole deals against three bots; four bots play while only a spectator
watches; the host hands a seated person's seat to a computer player and back without
resetting the game; only the host may. Bots think in a worker process and act with no
pause here (``BOT_DELAY`` 0).
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from pytest_django.fixtures import Settings

from accounts.models import User
from game.models import Game, GameAction
from game.table import autodeal
from game.table.bot_turns import history_kept
from game.table.service import bot_history
from game.table.store import create_game
from tests.seats import levels
from tests.table.conftest import Open, TableClient, seat_everyone, session_cookie

# A bot's first move waits for its worker process to start.
BOT_TIMEOUT = 30.0


@pytest.fixture(autouse=True)
def _no_bot_pause(settings: Settings) -> None:
    settings.BOT_DELAY = 0


async def open_game(game_id: int, user: User) -> TableClient:
    """Connect ``user`` to a game's table and read their first state."""
    cookie = await database_sync_to_async(session_cookie)(user)
    client = TableClient(game_id, cookie)
    connected, _ = await client.connect()
    assert connected
    await client.receive()
    return client


def deal_over(state: dict[str, Any]) -> bool:
    """A deal has been played to its end (not annulled) and its result is on show."""
    view = state["view"]
    return view is not None and view["phase"] == "deal" and not view["last_round"]["annulled"]


def engine_events(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of the last deal among those a socket received, the log's own left out."""
    events = [e for e in received if e["type"] not in ("reset", "handover")]
    starts = [i for i, e in enumerate(events) if e["type"] == "deal" and e["packet"] == 1]
    return events[starts[-1]:]


async def play_until(
    person: TableClient, done: Any, rng: random.Random, steps: int = 400
) -> None:
    """The person acts whenever they may (a random legal action) until ``done(state)``."""
    for _ in range(steps):
        if done(person.state):
            return
        if person.state["legal"]:
            await person.act(rng.choice(person.state["legal"]))
        await person.receive(BOT_TIMEOUT)
    raise AssertionError(f"not done after {steps} messages: {person.state}")


def received_events(client: TableClient) -> list[dict[str, Any]]:
    """Every event the socket was sent, in order, each once: those of each state, and those of
    a full state's ``history`` (sent on connect) it had not had yet."""
    events: list[dict[str, Any]] = []
    seen = 0
    for state in map(json.loads, client.frames):
        if state["type"] != "state":
            continue
        for version, logged in state.get("history", []):
            if version > seen:
                events += logged
        events += state["events"]
        seen = max(seen, state["version"])
    return events


@pytest.fixture
def bot_game(owner: User) -> Game:
    """Olive hosts and sits in seat 0; computer players hold the other three seats."""
    return create_game(owner, "Olive and the bots", [owner, "strong", "easy", "strong"])


async def test_it_plays_a_whole_deal_with_one_person_and_three_computer_players(
    owner: User, bot_game: Game
) -> None:
    olive = await open_game(bot_game.pk, owner)
    state = await olive.until(lambda s: s["table"]["started"], BOT_TIMEOUT)
    players = state["table"]["players"]
    assert [p["name"] for p in players] == ["Olive", "Bela", "Charu", "Dipu"]
    assert [p["computer"] for p in players] == [None, "strong", "easy", "strong"]
    assert state["table"]["waiting_for"] == []

    await play_until(olive, deal_over, random.Random(7))
    # Hold the next deal (it would replace the history followed in memory) and read that now.
    for timer in list(autodeal._timers.values()):
        timer.cancel()
    version = olive.state["version"]
    kept = history_kept(bot_game.pk, version)

    assert olive.state["view"]["last_round"]["annulled"] is False
    rows = [row async for row in GameAction.objects.filter(game=bot_game).order_by("seq")]
    bot_rows = [row for row in rows if row.seat in (1, 2, 3)]
    assert bot_rows, "the computer players acted"
    assert all(row.actor_id is None for row in bot_rows)
    assert all(row.actor_id == owner.pk for row in rows if row.seat == 0)
    assert [row.seq for row in rows] == list(range(1, len(rows) + 1))
    # What the bots are given is exactly the deal's events, as every socket saw them.
    history = await database_sync_to_async(bot_history)(bot_game.pk, version)
    assert history == engine_events(received_events(olive))
    assert kept == history  # followed in memory, version by version
    assert history[0] == {"type": "deal", "dealer": history[0]["dealer"], "packet": 1}
    assert history[-1]["type"] == "round_end"
    await olive.close()


async def test_it_lets_a_spectator_watch_four_computer_players(
    owner: User, friend: User
) -> None:
    game = await database_sync_to_async(create_game)(
        owner,
        "Robots only",
        ["easy", "strong", "easy", "strong"],
        rules={"marriage": "after_trick", "last_trick_point": True},
    )
    watcher = await open_game(game.pk, friend)
    assert watcher.state["table"]["you"]["spectator"] is True
    state = await watcher.until(lambda s: s["table"]["started"], BOT_TIMEOUT)
    assert state["table"]["waiting_for"] == []
    await play_until(watcher, deal_over, random.Random(1), steps=600)
    assert watcher.state["legal"] == []
    saved = await Game.objects.aget(pk=game.pk)
    assert await GameAction.objects.filter(game=game).acount() == saved.version
    await watcher.close()


async def test_it_hands_a_seat_to_a_computer_player_and_back(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    olive, chitra = clients[0], clients[2]
    before = chitra.state
    await olive.send({"type": "hand_over", "seat": 2, "level": "strong"})
    state = await chitra.until(lambda s: s["table"]["players"][2]["computer"] == "strong")
    assert state["table"]["you"] == {
        "seat": 2, "spectator": False, "host": False, "replaced": True, "sees_hands": True,
        "watching_from": None,
    }
    assert state["legal"] == []
    assert state["table"]["players"][2]["name"] == "Charu"
    assert state["table"]["players"][2]["replaces"] == "Chitra"
    # The hand-over changed nothing in the deal, and every page's log shows it.
    at_handover = [m for m in map(json.loads, chitra.frames) if m.get("version") == before[
        "version"] + 1 and m["type"] == "state"]
    assert at_handover[0]["view"] == before["view"]
    handover = {"type": "handover", "seat": 2, "to": "computer", "level": "strong",
                "name": "Charu", "player": "Chitra"}
    for client in clients:
        await client.until(lambda s: s["version"] >= before["version"] + 1)
        logged = [e for f in client.frames for e in _events(f)]
        assert handover in logged

    # Chitra may not act any more; the computer player does, for her seat.
    await chitra.act({"type": "pass"})
    assert (await chitra.next_error())["code"] == "replaced"
    rng = random.Random(3)
    people = [clients[0], clients[1], clients[3]]
    for _ in range(300):
        if await GameAction.objects.filter(game=game, seat=2, actor=None).aexists():
            break
        await _step(people, rng)
    else:
        raise AssertionError("the computer player never acted for seat 2")

    await olive.send({"type": "give_back", "seat": 2})
    state = await chitra.until(lambda s: s["table"]["players"][2]["computer"] is None)
    assert state["table"]["you"]["replaced"] is False
    assert state["table"]["players"][2]["name"] == "Chitra"
    assert state["view"]["round_no"] >= before["view"]["round_no"]
    assert await database_sync_to_async(levels)(game.pk) == ["", "", "", ""]
    for client in clients:
        await client.close()


async def test_it_lets_only_the_host_hand_seats_over(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    watcher = await open_table(friend)
    version = clients[0].state["version"]
    for client in (clients[1], watcher):
        await client.send({"type": "hand_over", "seat": 1, "level": "easy"})
        assert (await client.next_error())["code"] == "not_host"
        await client.send({"type": "give_back", "seat": 1})
        assert (await client.next_error())["code"] == "not_host"
    olive = clients[0]
    await olive.send({"type": "give_back", "seat": 1})
    assert (await olive.next_error())["code"] == "bad_seat"
    await olive.send({"type": "hand_over", "seat": 1, "level": "genius"})
    assert (await olive.next_error())["code"] == "bad_seat"
    await olive.send({"type": "hand_over", "seat": 7, "level": "easy"})
    assert (await olive.next_error())["code"] == "bad_seat"
    await olive.send({"type": "hand_over", "seat": "1", "level": "easy"})
    assert (await olive.next_error())["code"] == "missing_field"
    saved = await Game.objects.aget(pk=game.pk)
    assert saved.version == version
    assert await database_sync_to_async(levels)(game.pk) == ["", "", "", ""]
    for client in [*clients, watcher]:
        await client.close()


def _events(frame: str) -> list[dict[str, Any]]:
    message = json.loads(frame)
    if message["type"] != "state":
        return []
    events: list[dict[str, Any]] = message["events"]
    for _, logged in message.get("history", []):
        events += logged
    return events



async def _step(people: list[TableClient], rng: random.Random) -> None:
    """One random legal action by a person in turn, else wait for the table to move on."""
    able = [c for c in people if c.latest is not None and c.latest["legal"]]
    version = max(c.state["version"] for c in people)
    if able:
        actor = rng.choice(able)
        await actor.act(rng.choice(actor.state["legal"]))
    await asyncio.gather(*(c.state_at(version + 1, BOT_TIMEOUT) for c in people))


async def test_it_deals_when_the_host_gives_the_empty_seat_to_a_computer_player(
    owner: User, players: list[User]
) -> None:
    game = await database_sync_to_async(create_game)(
        owner, "Three and a bot", [*players[:3], None]
    )
    clients = [await open_game(game.pk, user) for user in players[:3]]
    assert clients[0].state["table"]["started"] is False
    await clients[0].send({"type": "hand_over", "seat": 3, "level": "easy"})
    for client in clients:
        state = await client.until(lambda s: s["table"]["started"])
        assert state["table"]["players"][3]["computer"] == "easy"
        assert state["table"]["players"][3]["replaces"] is None
    await clients[0].send({"type": "give_back", "seat": 3})
    error = await clients[0].next_error()
    assert error["code"] == "bad_seat"
    assert "seat a friend there on the host form" in error["message"]
    for client in clients:
        await client.close()
