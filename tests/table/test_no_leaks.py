"""A player's websocket traffic never holds a card that player may not see.

Whole random deals are played by four sockets. After every change the test
reads the engine's truth from the database (every hand, the undealt cards, a
set-aside 7th card) and checks the raw text of every frame each player
received for every card code that player may not see at that moment.
"""

from __future__ import annotations

import random

from channels.db import database_sync_to_async
from pytest_django.fixtures import Settings

from accounts.models import User
from game.engine import Match
from game.engine.cards import CODES
from game.engine.deck import packet
from game.models import Game
from tests.table.conftest import Open, TableClient, play_random_step, seat_everyone, settle

PUBLIC_EVENT_CARDS = ("play", "trump_shown")


def secret_cards(match: Match, seat: int) -> set[str]:
    """Every card code ``seat`` may not see in this match state (the engine's truth)."""
    r = match.round
    assert r is not None
    hidden: set[int] = set()
    for other in range(4):
        partner_shown = other == (seat + 2) % 4 and r.sh_caller == seat and r.caller_played
        if other != seat and not partner_shown:
            hidden |= {c for c in range(32) if r.hands[other] >> c & 1}
    if r.packets == 1:
        hidden |= set(r.deck[16:])
    if r.aside and seat != r.bidder:
        hidden.add(r.seventh)
    if r.phase == "seventh_card" and seat == r.bidder:
        first_four = set(packet(r.deck, r.first, seat, False))
        hidden |= {c for c in range(32) if r.hands[seat] >> c & 1} - first_four
    hidden -= set(r.played)
    return {CODES[c] for c in hidden}


def cards_made_public(events: list[dict[str, object]]) -> set[str]:
    shown = {str(e["card"]) for e in events if e["type"] in PUBLIC_EVENT_CARDS and "card" in e}
    for event in events:
        if event["type"] == "trick":
            shown |= {str(play["card"]) for play in event["cards"]}  # type: ignore[attr-defined]
    return shown


def assert_no_secret_in(frames: list[str], secrets: set[str], seat: int) -> None:
    for text in frames:
        leaked = sorted(code for code in secrets if f'"{code}"' in text)
        assert not leaked, f"seat {seat} was sent {leaked}: {text[:400]}"


async def play_and_watch(clients: list[TableClient], game: Game, deals: int, seed: int) -> int:
    """Play ``deals`` whole deals at random, checking every frame; returns frames checked."""
    rng = random.Random(seed)
    secrets: dict[int, set[str]] = {}
    seen = [len(client.frames) for client in clients]
    checked = 0
    finished = 0
    while finished < deals:
        version = clients[0].state["version"]
        if await play_random_step(clients, rng) is None:
            finished += 1
        await settle(clients, version + 1)
        saved = await Game.objects.aget(pk=game.pk)
        match = Match.from_json(saved.state)
        for seat, client in enumerate(clients):
            state = client.state
            if saved.version == version + 1 and match.round is not None:
                secrets[seat] = secret_cards(match, seat)
            else:  # between deals: what was hidden stays hidden unless it was played
                secrets[seat] = secrets.get(seat, set()) - cards_made_public(state["events"])
            view = state["view"]
            if view["phase"] not in ("deal", "bidding", "trump") and seat != view["bidder"]:
                assert view["trump"] is None or view["trump_shown"] or view["single_hand"]
            assert_no_secret_in(client.frames[seen[seat]:], secrets[seat], seat)
            checked += len(client.frames) - seen[seat]
            seen[seat] = len(client.frames)
    return checked


async def test_it_never_sends_a_player_a_card_they_may_not_see(
    open_table: Open, players: list[User], friend: User, game: Game, settings: Settings
) -> None:
    clients = await seat_everyone(open_table, players)
    # The next deal must not come before the test has read the deal that ended, or the new
    # hands would be checked against the last deal's secrets.
    settings.NEXT_DEAL_DELAY = 1.0
    await open_table(friend)
    checked = await play_and_watch(clients, game, deals=12, seed=29)
    assert checked > 400


async def test_it_keeps_hands_secret_across_a_reload_mid_deal(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    await play_and_watch(clients, game, deals=1, seed=7)
    rng = random.Random(8)
    for _ in range(10):
        version = clients[0].state["version"]
        await play_random_step(clients, rng)
        await settle(clients, version + 1)
    await clients[1].close()
    again = await open_table(players[1])
    saved = await Game.objects.aget(pk=game.pk)
    match = await database_sync_to_async(Match.from_json)(saved.state)
    if match.round is not None:
        assert_no_secret_in(again.frames, secret_cards(match, 1), 1)
