"""A player's websocket traffic never holds a card that player may not see.

Whole random deals are played by four sockets. After every change the test
reads the engine's truth from the database (every hand, the undealt cards, a
set-aside 7th card) and checks the raw text of every frame each player
received for every card code that player may not see at that moment.
"""

from __future__ import annotations

import json
import random

from channels.db import database_sync_to_async
from pytest_django.fixtures import Settings

from accounts.models import User
from game.engine import Match
from game.engine.cards import CODES
from game.engine.deck import packet
from game.models import Game
from tests.table.conftest import (
    Open,
    TableClient,
    play_random_step,
    play_some,
    seat_everyone,
    settle,
)

PUBLIC_EVENT_CARDS = ("play", "trump_shown")
HINT_TIMEOUT = 60.0  # the first hint waits for the worker process to start


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
    if r.trump_shown and r.method == "seventh_card":
        hidden.discard(r.seventh)  # shown to all with the trump (RULES.md section 4)
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
        if leaked:
            at = text.index(f'"{leaked[0]}"')
            where = text[max(0, at - 300):at + 100]
            raise AssertionError(f"seat {seat} was sent {leaked}: {text[:200]} ... {where}")


class SeatWatch:
    """The frames one seat was sent, each checked against what was secret at its version."""

    def __init__(self, client: TableClient, seat: int) -> None:
        self.client = client
        self.seat = seat
        self.secrets: set[str] = set()
        self.seen = len(client.frames)

    def check(self, saved_version: int, match: Match) -> int:
        """Check the new frames up to ``saved_version`` (the game's truth read from the
        database); a frame of a later version waits for the next read. Returns frames checked."""
        checked = 0
        for text in self.client.frames[self.seen:]:
            frame = json.loads(text)
            if frame.get("type") == "state":
                version = frame["version"]
                if version > saved_version:
                    break  # dealt after the read: checked against the next read's truth
                if version == saved_version and match.round is not None:
                    self.secrets = secret_cards(match, self.seat)
                else:  # an earlier version (a deal that ended): hidden stays hidden unless played
                    self.secrets -= cards_made_public(frame["events"])
            assert_no_secret_in([text], self.secrets, self.seat)
            self.seen += 1
            checked += 1
        return checked


async def play_and_watch(
    clients: list[TableClient], game: Game, deals: int, seed: int, hint_every: int = 0
) -> int:
    """Play ``deals`` whole deals at random, checking every frame; returns frames checked.
    With ``hint_every``, the player in turn asks for a hint every that many steps first."""
    rng = random.Random(seed)
    watches = [SeatWatch(client, seat) for seat, client in enumerate(clients)]
    checked = 0
    finished = 0
    steps = 0
    while finished < deals:
        version = clients[0].state["version"]
        steps += 1
        if hint_every and steps % hint_every == 0:
            await ask_for_a_hint(clients)
        if await play_random_step(clients, rng) is None:
            finished += 1
        await settle(clients, version + 1)
        saved = await Game.objects.aget(pk=game.pk)
        match = Match.from_json(saved.state)
        for seat, (client, watch) in enumerate(zip(clients, watches, strict=True)):
            view = client.state["view"]
            if view["phase"] not in ("deal", "bidding", "trump") and seat != view["bidder"]:
                assert view["trump"] is None or view["trump_shown"] or view["single_hand"]
            checked += watch.check(saved.version, match)
    return checked


async def ask_for_a_hint(clients: list[TableClient]) -> None:
    """The player in turn asks for a hint and reads the answer."""
    able = [c for c in clients if c.latest is not None and c.latest["legal"]]
    if not able:
        return
    await able[0].send({"type": "hint", "version": able[0].state["version"]})
    answer = await able[0].receive_aside("hint", HINT_TIMEOUT)
    assert answer["action"] in able[0].state["legal"]


async def test_hints_and_the_analysis_never_send_a_card_either(
    open_table: Open,
    players: list[User],
    friend: User,
    game: Game,
    settings: Settings,
) -> None:
    settings.DEAL_ANALYSIS = True
    await Game.objects.filter(pk=game.pk).aupdate(hints="on")
    clients = await seat_everyone(open_table, players)
    watcher = await open_table(friend)
    checked = await play_and_watch(clients, game, deals=3, seed=31, hint_every=3)
    assert checked > 100
    await watcher.state_at(clients[0].state["version"])
    for client in [*clients, watcher]:
        assert any('"hint_asked"' in text for text in client.frames)
    assert sum('"type":"hint",' in text for c in clients for text in c.frames) > 5


async def test_it_never_sends_a_player_a_card_they_may_not_see(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    await open_table(friend)
    checked = await play_and_watch(clients, game, deals=12, seed=29)
    assert checked > 400


async def test_it_keeps_hands_secret_across_a_reload_mid_deal(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    await play_and_watch(clients, game, deals=1, seed=7)
    await play_some(clients, 10, random.Random(8))  # ends on a deal in progress
    await clients[1].close()
    again = await open_table(players[1])
    saved = await Game.objects.aget(pk=game.pk)
    match = await database_sync_to_async(Match.from_json)(saved.state)
    if match.round is not None:
        assert_no_secret_in(again.frames, secret_cards(match, 1), 1)
