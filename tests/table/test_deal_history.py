"""Previous deals: every deal that ends is recorded, and its review never shows a hidden card.

Whole random deals are played by four sockets (one deal abandoned by the host's
round reset). While they play, the test keeps the engine's truth from the
database: which cards each deal played, its trump and whether it was shown.
Then it reads every history response (the JSON list, each deal's JSON, both
pages) as each player and as a spectator, and checks the raw text for every card
that deal never showed and for a trump that was never shown.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from pytest_django.fixtures import Settings

from accounts.models import User
from game.engine import Match
from game.engine.cards import CODES, SUITS
from game.engine.deck import packet
from game.models import DealRecord, Game
from game.table import deal_history
from game.table.events import ends_deal
from tests.people import logged_in
from tests.table.conftest import Open, TableClient, seat_everyone, settle

ALL_CARDS = frozenset(CODES)
# The analysis of the seeded deals takes a few seconds of CPU each in the worker.
ANALYSIS_TIMEOUT = 240.0


@dataclass
class DealTruth:
    """What the engine knew of one deal: the cards played, its trump and whether shown."""

    played: set[str] = field(default_factory=set)
    trump: str | None = None
    shown: bool = False
    seventh: str | None = None
    single_hand: bool = False
    hands: dict[int, set[str]] = field(default_factory=dict)  # each seat's eight cards
    bidder: int | None = None

    def hidden(self) -> set[str]:
        """The cards the table never saw in this deal."""
        seen = set(self.played)
        if self.shown and self.seventh:
            seen.add(self.seventh)
        return set(ALL_CARDS) - seen


def observe(match: Match, truths: dict[int, DealTruth]) -> None:
    r = match.round
    if r is None:
        return
    truth = truths.setdefault(match.round_no, DealTruth())
    truth.played |= {CODES[c] for c in r.played}
    truth.trump = SUITS[r.trump] if r.trump >= 0 else None
    truth.shown = r.trump_shown
    truth.seventh = CODES[r.seventh] if r.method == "seventh_card" else None
    truth.bidder = r.bidder if r.bidder >= 0 else None
    truth.hands = {
        seat: {CODES[c] for c in (*packet(r.deck, r.first, seat, False),
                                  *packet(r.deck, r.first, seat, True))}
        for seat in range(4)
    }
    truth.single_hand = r.sh_caller >= 0


async def play_step(clients: list[TableClient], rng: random.Random) -> dict[str, Any] | None:
    """One legal action by a seat whose turn it is, as a cautious table plays: Single Hand
    and doubles are rare, so most deals are played out to the end; None when nobody may act."""
    able = [c for c in clients if c.latest is not None and c.latest["legal"]]
    if not able:
        return None
    actor = rng.choice(able)
    legal = actor.state["legal"]
    kinds = {a["type"] for a in legal}
    bold = rng.random() < 0.1
    if "seventh_card" in kinds and rng.random() < 0.5:
        action = {"type": "seventh_card"}
    elif kinds & {"single_hand", "double", "redouble", "set_double"} and not bold:
        action = {"type": "pass"}
    else:
        action = rng.choice(legal)
    await actor.act(action)
    return action


async def play_deals(
    clients: list[TableClient], host: TableClient, game: Game, deals: int, seed: int
) -> dict[int, DealTruth]:
    """Play ``deals`` whole deals at random (the host abandons the second mid-play)."""
    rng = random.Random(seed)
    truths: dict[int, DealTruth] = {}
    reset_done = False
    while await DealRecord.objects.filter(game=game).acount() < deals:
        saved = await Game.objects.aget(pk=game.pk)
        match = await database_sync_to_async(Match.from_json)(saved.state)
        observe(match, truths)
        round_no = match.round_no
        version = clients[0].state["version"]
        r = match.round
        if not reset_done and round_no >= 2 and r is not None and len(r.played) >= 3:
            reset_done = True
            await host.send({"type": "reset", "what": "round"})
        else:
            action = await play_step(clients, rng)
            if action is None:  # between deals: the next deal comes by itself
                await settle(clients, version + 1)
                continue
            if action["type"] == "play":
                truths.setdefault(round_no, DealTruth()).played.add(action["card"])
        await settle(clients, version + 1)
    return truths


async def recorded(game: Game) -> list[int]:
    return [n async for n in DealRecord.objects.filter(game=game).values_list("number", flat=True)]


def responses(client: Client, game: Game, numbers: list[int]) -> dict[str, tuple[int, str]]:
    """Every history response for this viewer: url -> (status, text)."""
    urls = [f"/table/{game.pk}/deals.json", f"/table/{game.pk}/deals/"]
    for n in numbers:
        urls += [f"/table/{game.pk}/deals/{n}.json", f"/table/{game.pk}/deals/{n}/"]
    out = {}
    for url in urls:
        response = client.get(url)
        out[url] = (response.status_code, response.content.decode())
    return out


def assert_shows_only_what_the_table_saw(
    text: str, truth: DealTruth, where: str, seat: int | None = None
) -> None:
    """No card the table never saw and no trump never shown, but what the viewer in ``seat``
    saw in that deal themselves (their own hand, their own trump as bidder), which the
    analysis may name to them."""
    own = truth.hands.get(seat, set()) if seat is not None else set()
    leaked = sorted(code for code in truth.hidden() - own if f'"{code}"' in text)
    assert not leaked, f"{where} holds cards the table never saw: {leaked}"
    if truth.trump and not truth.shown and (seat is None or seat != truth.bidder):
        assert f'"trump": "{truth.trump}"' not in text, f"{where} names an unshown trump"
        assert f'"suit": "{truth.trump}"' not in text, f"{where} names an unshown trump"


@pytest.fixture
async def played(
    open_table: Open,
    players: list[User],
    friend: User,
    game: Game,
    monkeypatch: pytest.MonkeyPatch,
    settings: Settings,
) -> dict[int, DealTruth]:
    """Six deals played at the table, the same ones every run (the shuffles are seeded), and
    analysed."""
    settings.DEAL_ANALYSIS = True
    monkeypatch.setattr("game.table.changes.secrets.randbelow", lambda n: 0)
    monkeypatch.setattr("game.engine.match.secrets.SystemRandom", lambda: random.Random(29))
    clients = await seat_everyone(open_table, players)
    await open_table(friend)
    truths = await play_deals(clients, clients[0], game, deals=6, seed=6)
    await analysed(game)
    for client in clients:
        await client.close()
    return truths


async def analysed(game: Game, timeout: float = ANALYSIS_TIMEOUT) -> None:
    """Wait until every deal to be analysed has its analysis (made by the table's worker)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = [
            r async for r in DealRecord.objects.filter(game=game).exclude(private={})
            if (r.analysis or {}).get("status") not in ("ready", "failed")
        ]
        if not left:
            return
        await asyncio.sleep(0.5)
    raise AssertionError(f"deals still analysing after {timeout} s")


async def test_it_records_every_deal_that_ended(
    played: dict[int, DealTruth], game: Game, players: list[User]
) -> None:
    records = [r async for r in DealRecord.objects.filter(game=game).order_by("number")]
    numbers = [r.number for r in records]
    assert numbers == sorted(set(numbers)) and len(numbers) >= 6
    assert numbers[0] == 1 and numbers == list(range(1, len(numbers) + 1))
    outcomes = {r.outcome for r in records}
    assert "abandoned" in outcomes
    assert outcomes <= {"made", "lost", "annulled", "abandoned"}
    for record in records:
        assert record.events[0]["type"] == "deal" and record.events[0]["packet"] == 1
        assert ends_deal(record.events[-1])
        assert record.summary["players"] == ["Olive", "Bilal", "Chitra", "Dev"]
        # Who held each seat, for the statistics (game.stats).
        held = [record.player_0_id, record.player_1_id, record.player_2_id, record.player_3_id]
        assert held == [p.pk for p in players] and record.match_no == 1
        if record.outcome in ("made", "lost"):
            end = record.events[-1]
            assert record.summary["new_sets"] == end["new_sets"]
            assert record.summary["score"] == end["score"]
            assert record.summary["points"] == end["points"]
            tricks = [e for e in record.events if e["type"] == "trick"]
            assert sum(t["points"] for t in tricks) == sum(end["points"])


async def test_it_never_shows_a_card_that_stayed_hidden(
    played: dict[int, DealTruth], game: Game, players: list[User], friend: User
) -> None:
    numbers = await recorded(game)
    # The seeded deals hold each kind of secret: a 7th card never shown, a trump never shown
    # after cards were played, and unplayed cards of a deal that ended early.
    assert any(t.seventh and not t.shown for t in played.values())
    assert any(t.trump and not t.shown and t.played for t in played.values())
    assert any(0 < len(t.played) < 32 for t in played.values())
    for viewer in [*players, friend]:
        client = await database_sync_to_async(logged_in)(viewer)
        seen = await database_sync_to_async(responses)(client, game, numbers)
        for url, (status, text) in seen.items():
            assert status == 200, url
            if url.endswith("deals.json") or url.endswith("deals/"):
                shown_sevenths = {
                    played[n].seventh for n in numbers if n in played and played[n].shown
                }
                leaked = sorted(c for c in ALL_CARDS - shown_sevenths if f'"{c}"' in text)
                assert not leaked, f"{url} lists cards: {leaked}"
                continue
            number = int(url.rstrip("/").removesuffix(".json").rsplit("/", 1)[1])
            truth = played.get(number, DealTruth())
            seat = players.index(viewer) if viewer in players else None
            assert_shows_only_what_the_table_saw(
                text, truth, f"{viewer.first_name}: {url}", seat
            )


async def test_every_scored_deal_is_analysed_and_each_viewer_sees_their_share(
    played: dict[int, DealTruth], game: Game, players: list[User], friend: User
) -> None:
    records = [r async for r in DealRecord.objects.filter(game=game).order_by("number")]
    scored = [r for r in records if r.outcome in ("made", "lost") and not r.summary["results_only"]]
    assert scored and all(r.private and (r.analysis or {}).get("status") == "ready" for r in scored)
    assert all(not r.private for r in records if r.outcome not in ("made", "lost"))
    hidden_items = 0
    for record in scored:
        truth = played[record.number]
        analysis: dict[str, Any] = record.analysis or {}
        for item in analysis["decisions"]:
            names_hidden = any(
                a["type"] == "play" and a["card"] in truth.hidden()
                for a in (item["played"], item["suggested"])
            )
            assert item["private"] or not names_hidden, item
            hidden_items += item["private"]
        for viewer in [*players, friend]:
            client = await database_sync_to_async(logged_in)(viewer)
            url = f"/table/{game.pk}/deals/{record.number}.json"
            response = await database_sync_to_async(client.get)(url)
            review = json.loads(response.content)["review"]
            assert review["status"] == "ready"
            seat = players.index(viewer) if viewer in players else None
            shown = {item["at"] for item in review["decisions"]}
            expected = {
                item["at"] for item in analysis["decisions"]
                if not item["private"] or item["seat"] == seat
            }
            assert shown == expected, (viewer.first_name, record.number)
            assert "deck" not in response.content.decode()
    assert hidden_items  # the seeded deals hold suggestions of cards never played


async def test_it_keeps_the_history_from_outsiders(
    played: dict[int, DealTruth], game: Game, outsider: User
) -> None:
    numbers = await recorded(game)
    stranger = await database_sync_to_async(logged_in)(outsider)
    seen = await database_sync_to_async(responses)(stranger, game, numbers)
    for url, (status, text) in seen.items():
        assert status == 404, url
        assert '"events"' not in text and "Dealer" not in text
    nobody = Client()
    seen = await database_sync_to_async(responses)(nobody, game, numbers)
    for url, (status, _) in seen.items():
        assert status == (403 if url.endswith(".json") else 302), url


async def test_it_lists_deals_with_their_contract_and_score(
    played: dict[int, DealTruth], game: Game, players: list[User]
) -> None:
    client = await database_sync_to_async(logged_in)(players[2])
    response = await database_sync_to_async(client.get)(f"/table/{game.pk}/deals.json")
    deals = json.loads(response.content)["deals"]
    last_score = [0, 0]
    for deal in deals:
        truth = played.get(deal["number"], DealTruth())
        assert deal["dealer"] in range(4)
        if deal["outcome"] in ("made", "lost"):
            assert deal["bidder"] in range(4) and deal["stake"] >= 1
            assert deal["trump"] == (truth.trump if truth.shown else None)
            last_score = deal["score"]
        else:
            assert deal["score"] == last_score
            assert deal["reason_text"]
        if not truth.shown:
            assert deal["trump"] is None and deal["trump_card"] is None
    missing = await database_sync_to_async(client.get)(f"/table/{game.pk}/deals/999.json")
    assert missing.status_code == 404




async def test_it_records_the_deals_of_a_game_played_before_from_its_log_alike(
    played: dict[int, DealTruth], game: Game
) -> None:
    fields = ("number", "version", "outcome", "summary", "events")
    rows = DealRecord.objects.filter(game=game).order_by("number").values(*fields)
    live = [r async for r in rows]
    await DealRecord.objects.filter(game=game, number__gt=2).adelete()
    names = ["Olive", "Bilal", "Chitra", "Dev"]
    added = await database_sync_to_async(deal_history.record_past_deals)(game.pk, names)
    assert added == len(live) - 2
    again = [r async for r in rows.all()]
    assert again == live
    assert await database_sync_to_async(deal_history.record_past_deals)(game.pk, names) == 0


async def test_it_shows_the_deals_of_a_game_played_before_deals_were_recorded(
    played: dict[int, DealTruth], game: Game, players: list[User]
) -> None:
    recorded_live = await recorded(game)
    await DealRecord.objects.filter(game=game).adelete()
    client = await database_sync_to_async(logged_in)(players[1])
    response = await database_sync_to_async(client.get)(f"/table/{game.pk}/deals.json")
    deals = json.loads(response.content)["deals"]
    assert [deal["number"] for deal in deals] == recorded_live
    for deal in deals:
        truth = played.get(deal["number"], DealTruth())
        assert deal["trump"] == (truth.trump if truth.shown else None)


def test_the_auction_is_named_by_who_sat_there_then() -> None:
    """A seat that changed hands during the play: the deal's calls keep the caller's name;
    a change before the first card counts for the auction."""
    events: list[dict[str, Any]] = [
        {"type": "bid", "seat": 1, "value": 18},
        {"type": "seated", "seat": 3, "name": "Dev", "computer": "", "was": "Dipu",
         "was_computer": "easy"},
        {"type": "play", "seat": 1, "card": "JS"},
        {"type": "seated", "seat": 1, "name": "Kiran", "computer": "", "was": "Bela",
         "was_computer": "strong"},
        {"type": "seated", "seat": 1, "name": "Bela", "computer": "strong", "was": "Kiran",
         "was_computer": ""},
        {"type": "seated", "seat": 1, "name": "Kiran", "computer": "", "was": "Bela",
         "was_computer": "strong"},
    ]
    at_end = ["Asha", "Kiran", "Chitra", "Dev"]
    assert deal_history.names_after_auction(events, at_end) == ["Asha", "Bela", "Chitra", "Dev"]
    assert deal_history.names_after_auction(events[:2], at_end) == at_end
