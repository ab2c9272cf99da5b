"""Reloading, reconnecting or missing a message never loses the table."""

from __future__ import annotations

import asyncio
import itertools
import json
import random

from channels.db import database_sync_to_async
from django.utils import timezone
from pytest_django.fixtures import Settings

from accounts.models import User
from game.models import Game
from game.table import autodeal, service
from tests.table.conftest import Open, play_random_step, play_some, seat_everyone, settle


async def test_it_returns_the_table_exactly_as_it_was_after_a_reload(
    open_table: Open, players: list[User]
) -> None:
    clients = await seat_everyone(open_table, players)
    await play_some(clients, 12, random.Random(3))
    before = clients[2].state
    await clients[2].close()
    again = await open_table(players[2])
    assert again.state["version"] == before["version"]
    assert again.state["view"] == before["view"]
    assert again.state["legal"] == before["legal"]
    assert again.state["events"] == []


async def test_a_burst_of_syncs_is_answered_a_few_times_and_the_socket_plays_on(
    open_table: Open, players: list[User]
) -> None:
    """Each ``sync`` buys the whole state, chat and presence: fifteen at once (under the
    message rate, so no flood) are answered at most twice a second, and a sync asked a
    moment later is answered again."""
    clients = await seat_everyone(open_table, players)
    asker = clients[1]

    async def states_until_quiet() -> int:
        """How many states arrive before half a second passes with nothing."""
        read = len(asker.frames)
        while not await asker.communicator.receive_nothing(timeout=0.5):
            asker.frames.append(await asker.communicator.receive_from())
        return sum(json.loads(text)["type"] == "state" for text in asker.frames[read:])

    await states_until_quiet()
    for _ in range(15):
        await asker.send({"type": "sync"})
    assert 1 <= await states_until_quiet() <= 3
    await asyncio.sleep(1.0)
    await asker.send({"type": "sync"})
    assert (await asker.receive())["type"] == "state"


async def test_a_burst_of_stale_moves_buys_no_more_full_states_than_syncs(
    open_table: Open, players: list[User]
) -> None:
    """A move on an old version is refused and answered with the whole state, as a sync is,
    and counted as one: fifteen at once are each refused, the state comes at most twice a
    second, and the table is unchanged."""
    clients = await seat_everyone(open_table, players)
    asker = next(c for c in clients if c.state["legal"])
    version = asker.state["version"]
    move = {"type": "action", "action": asker.state["legal"][0], "version": version - 1}
    await asker.communicator.receive_nothing(timeout=0.5)
    read = len(asker.frames)
    for _ in range(15):
        await asker.send(move)
    while not await asker.communicator.receive_nothing(timeout=0.5):
        asker.frames.append(await asker.communicator.receive_from())
    answers = [json.loads(text) for text in asker.frames[read:]]
    assert sum(a["type"] == "error" and a["code"] == "stale" for a in answers) == 15
    assert 1 <= sum(a["type"] == "state" for a in answers) <= 3
    assert (await Game.objects.aget(pk=asker.state["table"]["game"])).version == version


async def test_it_sends_the_full_state_on_sync(
    open_table: Open, players: list[User]
) -> None:
    clients = await seat_everyone(open_table, players)
    await play_some(clients, 5, random.Random(4))
    before = clients[1].state
    await clients[1].send({"type": "sync"})
    state = await clients[1].receive()
    assert state["type"] == "state"
    assert state["version"] == before["version"]
    assert state["view"] == before["view"]


async def test_it_sends_the_whole_table_after_a_version_gap_and_the_log_on_sync(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    start = clients[0].state["version"]
    # A change whose announcement was lost (the channel layer delivers at most once).
    in_turn = next(c for c in clients if c.state["legal"])
    user = players[in_turn.seat]
    missed = in_turn.state["legal"][0]
    await database_sync_to_async(service.act)(game.pk, user.pk, missed, start)
    assert await clients[0].nothing_more()

    # The next change is announced: every socket gets the whole current table, no events
    # (missed changes are not replayed: the page asks for the full state instead).
    def next_in_turn() -> tuple[User, dict[str, object]]:
        match = service.refresh(game.pk, players[0])[1].match
        assert match is not None
        seat = match.turn()[0]
        return players[seat], match.legal_actions(seat)[0]

    actor, action = await database_sync_to_async(next_in_turn)()
    actor_client = clients[players.index(actor)]
    await actor_client.act(action, version=start + 1)
    for client in clients:
        state = await client.state_at(start + 2)
        assert state["version"] == start + 2
        assert state["events"] == []
        assert "history" not in state
    # The page, seeing the gap, asks: it gets the table with both changes in its log.
    await clients[0].send({"type": "sync"})
    fresh = await clients[0].receive()
    assert fresh["version"] == start + 2
    assert [version for version, _ in fresh["history"][-2:]] == [start + 1, start + 2]


async def test_it_deals_the_next_hand_when_a_socket_finds_it_overdue(
    open_table: Open, players: list[User], game: Game, settings: Settings
) -> None:
    clients = await seat_everyone(open_table, players)
    # Only now: a first deal annulled at once must not keep the table waiting 30 s.
    settings.NEXT_DEAL_DELAY = 30
    rng = random.Random(11)
    while True:
        version = clients[0].state["version"]
        if await play_random_step(clients, rng) is None:
            break
        await settle(clients, version + 1)
    waiting = clients[0].state
    assert waiting["view"]["phase"] == "deal"
    assert 25 < waiting["table"]["next_deal_in"] <= 30
    round_no = waiting["view"]["round_no"]
    # The server stops (its timers die with it) and comes back after the pause has ended.
    for client in clients:
        await client.close()
    for timer in list(autodeal._timers.values()):
        timer.cancel()
    await Game.objects.filter(pk=game.pk).aupdate(next_deal_at=timezone.now())
    returning = await open_table(players[1])
    state = await returning.until(lambda s: s["view"]["round_no"] == round_no + 1)
    assert state["version"] == waiting["version"] + 1
    assert state["events"][0] == {"type": "deal", "dealer": state["view"]["dealer"], "packet": 1}
    if state["view"]["phase"] != "deal":  # (unless that deal was annulled at once)
        assert state["table"]["next_deal_in"] is None


async def test_it_sends_a_newcomer_the_recent_history_for_the_log(
    open_table: Open, players: list[User], friend: User
) -> None:
    clients = await seat_everyone(open_table, players)
    await play_some(clients, 10, random.Random(5))
    seen = [
        (message["version"], message["events"])
        for message in map(json.loads, clients[0].frames)
        if message["type"] == "state" and message["events"]
    ]
    watcher = await open_table(friend)
    history = [(version, events) for version, events in watcher.state["history"]]
    # The log's history may start later (a deal annulled as it was dealt ends its deal).
    shared = min(len(history), len(seen))
    assert shared > 0 and history[-shared:] == seen[-shared:]
    assert all(a < b for (a, _), (b, _) in itertools.pairwise(history))
    assert any(event["type"] == "bid" for _, events in history for event in events)


async def test_it_sends_no_history_with_an_ordinary_change(
    open_table: Open, players: list[User]
) -> None:
    clients = await seat_everyone(open_table, players)
    await play_some(clients, 2, random.Random(6))
    assert "history" not in clients[0].state


async def test_it_keeps_earlier_deals_out_of_the_history(
    open_table: Open, players: list[User], friend: User, settings: Settings
) -> None:
    settings.NEXT_DEAL_DELAY = 0
    clients = await seat_everyone(open_table, players)
    rng = random.Random(7)
    deals = 0
    while deals < 2:
        version = clients[0].state["version"]
        if await play_random_step(clients, rng) is None:
            deals += 1
        await settle(clients, version + 1)
    watcher = await open_table(friend)
    history = watcher.state["history"]
    first = history[0][1]
    assert any(e["type"] == "deal" and e["packet"] == 1 for e in first)
    deal_starts = [
        e for _, events in history for e in events if e["type"] == "deal" and e["packet"] == 1
    ]
    assert len(deal_starts) == 1
