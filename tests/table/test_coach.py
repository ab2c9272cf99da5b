"""The computer as coach at the live table: hints over the real consumer, the computer
players' pace, and the analysis of a finished deal (replayed and judged in the worker).

Hints: the player in turn gets the strong player's move from their own view with a reason
where one is given, every socket at the table gets a ``hint_asked`` line, and a hint out
of turn, on a stale version, too soon after the last, from a spectator, or where the host
has not allowed hints is refused with its code.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import replace
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from pytest_django.fixtures import Settings

from accounts.models import User
from game.bots import coach
from game.engine import Match, Rules
from game.models import Game
from game.table import bot_turns, deal_analysis, hints
from game.table.bot_turns import pause
from game.table.deal_analysis import analyse_decision, played_cards, trump_shown, turning_points
from game.table.deal_history import review_for
from game.table.seat_changes import seats_changed
from game.table.seats import Player
from game.table.snapshot import Snapshot
from tests.table.conftest import ASIDE, Open, TableClient, seat_everyone, settle
from tests.table.stages import match_in

HINT_TIMEOUT = 60.0  # the first hint waits for the worker process to start


@pytest.fixture(autouse=True)
def _fresh_hint_counts() -> None:
    """Each test's hints counted afresh: SQLite hands a rolled-back test's ids to the next one,
    so its counts, kept by id in the per-process cache, would carry over (PostgreSQL never
    reuses an id, and clearing Redis would empty the channel layer's too)."""
    if connection.vendor == "sqlite":
        cache.clear()


async def set_hints(game: Game, value: str) -> None:
    await Game.objects.filter(pk=game.pk).aupdate(hints=value)
    await database_sync_to_async(seats_changed)(game.pk)


async def in_turn(
    clients: list[TableClient], game: Game
) -> tuple[TableClient, list[TableClient]]:
    """The client whose turn it is (one person acts in the auction) and the others, once
    every client has the game's current version."""
    version = (await Game.objects.aget(pk=game.pk)).version
    await settle(clients, version)
    able = [c for c in clients if c.state["legal"]]
    assert able, [c.state["view"]["turn"] for c in clients]
    return able[0], [c for c in clients if c is not able[0]]


async def answer(client: TableClient, kind: str, timeout: float = HINT_TIMEOUT) -> dict[str, Any]:
    """The next message of this kind (states and others read past)."""
    if kind in ASIDE:
        return await client.receive_aside(kind, timeout)
    deadline = time.monotonic() + timeout
    while True:
        message = await client.receive(max(0.1, deadline - time.monotonic()))
        if message["type"] == kind:
            return message


async def test_a_hint_answers_the_player_in_turn_and_tells_the_table(
    open_table: Open, players: list[User], game: Game, friend: User
) -> None:
    await set_hints(game, "on")
    clients = await seat_everyone(open_table, players)
    watcher = await open_table(friend)
    asker, others = await in_turn(clients, game)
    version = asker.state["version"]
    assert asker.state["table"]["hints"] is True
    started = time.monotonic()
    await asker.send({"type": "hint", "version": version})
    hint = await answer(asker, "hint")
    elapsed = time.monotonic() - started
    assert hint["version"] == version
    assert hint["action"] in asker.state["legal"]
    assert elapsed < HINT_TIMEOUT
    for client in [*others, watcher]:
        told = await answer(client, "hint_asked")
        assert told["seat"] == asker.seat and told["name"] == players[asker.seat].first_name
    # Asked again for the same decision: the same hint, thought once, told once.
    await asker.send({"type": "hint", "version": version})
    assert await answer(asker, "hint") == hint
    await asker.send({"type": "hint", "version": version})
    assert await answer(asker, "hint") == hint
    await asyncio.sleep(1.0)
    while not await watcher.communicator.receive_nothing(0.2):
        watcher.frames.append(await watcher.communicator.receive_from())
    assert sum('"hint_asked"' in text for text in watcher.frames) == 1
    # Out of turn, stale, a spectator.
    await others[0].send({"type": "hint", "version": version})
    assert (await answer(others[0], "error"))["code"] == "not_your_turn"
    await asker.send({"type": "hint", "version": version - 1})
    assert (await answer(asker, "error"))["code"] == "stale"
    await watcher.send({"type": "hint", "version": version})
    assert (await answer(watcher, "error"))["code"] == "not_seated"
    await asker.send({"type": "hint"})
    assert (await answer(asker, "error"))["code"] == "missing_field"


async def test_hints_follow_the_hosts_option(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    asker, _ = await in_turn(clients, game)
    # The default: with people other than the host seated, no hints.
    assert asker.state["table"]["hints"] is False
    await asker.send({"type": "hint", "version": asker.state["version"]})
    assert (await answer(asker, "error"))["code"] == "hints_off"
    await set_hints(game, "off")
    asker, _ = await in_turn(clients, game)
    await asker.send({"type": "hint", "version": asker.state["version"]})
    assert (await answer(asker, "error"))["code"] == "hints_off"


def test_hints_are_on_by_default_only_for_a_host_alone_with_computer_players() -> None:
    alone = _snapshot([Player(0, 7, "Olive", "", True), *_bots(3)], hints="solo")
    assert alone.hints_allowed()
    with_friend = replace(alone, players=(alone.players[0], Player(1, 8, "Bilal", "", True),
                                          *_bots(2, first=2)))
    assert not with_friend.hints_allowed()
    assert replace(with_friend, hints="on").hints_allowed()
    assert not replace(alone, hints="off").hints_allowed()


def test_hint_reasons_are_words() -> None:
    assert hints.reason_text(["draws_trump", 0]) == "draws trump"
    assert hints.reason_text(["makes_contract", 71]) == (
        "makes the contract in most sampled deals: 71%"
    )
    assert hints.reason_text(["call_makes", 62, 17]) == (
        "with four cards like yours a call of 17 makes about 62% of the time"
        " (the computer's estimate)"
    )
    assert hints.reason_text(["partner_holds", 0, 18]) == "your partner holds the call"
    assert hints.reason_text(None) is None


def test_a_hint_to_show_trump_tells_the_bidder_to_show_it_and_the_others_to_ask() -> None:
    view = {"phase": "play", "bid": {"seat": 2, "value": 17}}
    show = {"type": "show_trump"}
    assert coach.reason(Rules(), 2, view, [], show) == (coach.SHOWS_TRUMP, 0, 0)
    assert coach.reason(Rules(), 1, view, [], show) == (coach.ASKS_TRUMP, 0, 0)
    assert hints.reason_text([coach.SHOWS_TRUMP, 0]) == (
        "you cannot follow suit: show your trump to play one")


def _first_call(predicate: Any) -> tuple[Match, list[dict[str, Any]], int]:
    """A new deal whose first speaker's four cards satisfy ``predicate``, at its first call."""
    for seed in range(500):
        m = Match(Rules(), dealer=0, seed=seed)
        history = m.deal()
        if not m.turn():  # annulled as it was dealt
            continue
        seat = m.turn()[0]
        if predicate(m.view(seat)["hand"]):
            return m, history, seat
    raise AssertionError("no such deal")


def _strong(hand: list[str]) -> bool:
    suits = [c[1] for c in hand]
    return any(f"J{s}" in hand and f"9{s}" in hand and suits.count(s) >= 3 for s in suits)


def _weak(hand: list[str]) -> bool:
    return not any(c[0] in "J9AT" for c in hand)


def test_a_contract_reason_says_most_only_for_more_than_half() -> None:
    """"Makes the contract in most sampled deals: 50%" is no majority: no reason then."""
    view, play = {"bidder": 0}, {"type": "play", "card": "AH"}
    for made, expected in ((0.5, None), (0.51, (coach.MAKES_CONTRACT, 51, 0))):
        chance = {"play AH": coach.Expectation(0.0, made)}
        assert coach._contract_chance(0, view, play, chance) == expected
    for made, expected in ((0.5, None), (0.49, (coach.BREAKS_CONTRACT, 51, 0))):
        chance = {"play AH": coach.Expectation(0.0, made)}
        assert coach._contract_chance(1, view, play, chance) == expected


def test_a_call_or_a_pass_gets_a_reason_from_the_model_of_calls() -> None:
    m, history, seat = _first_call(_strong)
    why = coach.reason(Rules(), seat, m.view(seat), history, {"type": "bid", "value": 16})
    assert why is not None and why[0] == coach.CALL_MAKES and why[2] == 16 and why[1] >= 60
    # A first call that seldom makes still beats leaving the call to the others, and says so.
    m, history, seat = _first_call(
        lambda hand: sum(c[0] in "J9AT" for c in hand) == 1 and not any(c[0] in "J9" for c in hand)
    )  # the first hand holds a point card, or the deal is annulled
    why = coach.reason(Rules(), seat, m.view(seat), history, {"type": "bid", "value": 16})
    assert why is not None and why[0] == coach.OPENS and why[2] == 16 and why[1] < 50
    # A weak hand after the first call: the lowest call open to it (17) makes seldom.
    for seed in range(500):
        m = Match(Rules(), dealer=0, seed=seed)
        history = m.deal()
        if not m.turn():
            continue
        opener = m.turn()[0]
        history += m.apply(opener, {"type": "bid", "value": 16})
        seat = m.turn()[0]
        if _weak(m.view(seat)["hand"]):
            break
    why = coach.reason(Rules(), seat, m.view(seat), history, {"type": "pass"})
    assert why is not None and why[0] == coach.CALL_FAILS and why[2] == 17 and why[1] < 50
    # Calling over the opponents' 16 with it anyway is said to be the lesser loss.
    why = coach.reason(Rules(), seat, m.view(seat), history, {"type": "bid", "value": 17})
    assert why is not None and why[0] == coach.CONTESTS and why[2] == 16 and why[1] > 50
    # Once the partner holds the call, that is the reason to pass.
    while m.turn()[0] != (opener + 2) % 4:
        history += m.apply(m.turn()[0], {"type": "pass"})
    partner = m.turn()[0]
    why = coach.reason(Rules(), partner, m.view(partner), history, {"type": "pass"})
    assert why == (coach.PARTNER_HOLDS, 0, 16)
    # The bidder's trump: the suit its four cards are worth most with, or the seventh card.
    while m.round is not None and m.round.phase == "bidding":
        history += m.apply(m.turn()[0], {"type": "pass"})
    assert m.round is not None and m.round.phase == "trump"
    bidder, view = m.turn()[0], m.view(m.turn()[0])
    picked = coach.reason(Rules(), bidder, view, history, {"type": "trump", "suit": "H"})
    assert picked == (coach.TRUMP_BEST, 0, 0)
    seventh = coach.reason(Rules(), bidder, view, history, {"type": "seventh_card"})
    assert seventh == (coach.SEVENTH, 0, 0)
    assert hints.reason_text(list(seventh)) == (
        "no suit stands out among your four cards: let the seventh card decide"
    )


# -- pace -------------------------------------------------------------------------------------


def _bots(n: int, first: int = 1) -> list[Player]:
    return [Player(first + k, None, None, "strong", False) for k in range(n)]


def _snapshot(players: list[Player], match: Match | None = None, **fields: Any) -> Snapshot:
    return Snapshot(
        game_id=1, version=1, name="g", host_id=7, players=tuple(players), conference_link="",
        play_direction="ccw", rules={}, next_deal_at=None, match=match, events=[], **fields,
    )


def test_no_pause_for_a_pass_that_means_nothing_and_the_pace_scales_the_rest() -> None:
    delay = float(settings.BOT_DELAY) or 1.0
    settings.BOT_DELAY = delay
    bidding = _snapshot(_bots(4, first=0), match_in("bidding"))
    doubling = _snapshot(_bots(4, first=0), match_in("doubling"))
    passing = {"type": "pass"}
    assert pause(doubling, passing) == 0.0
    assert pause(bidding, passing) == delay  # an auction pass keeps its pause
    assert pause(replace(bidding, bot_pace="quick"), passing) == delay * bot_turns.PACE["quick"]
    assert pause(replace(bidding, bot_pace="slow"), {"type": "bid", "value": 16}) == (
        delay * bot_turns.PACE["slow"]
    )
    assert bot_turns.PACE["quick"] < 1 < bot_turns.PACE["slow"]


# -- the analysis of a finished deal ----------------------------------------------------------


def _played_deal(seed: int) -> tuple[Rules, int, list[str], list[tuple[int, dict[str, Any]]],
                                     list[dict[str, Any]]]:
    """A whole deal played at random from a seeded deck: rules, dealer, deck, actions, events."""
    rng = random.Random(seed)
    for attempt in range(100):
        m = Match(Rules(), dealer=attempt % 4, seed=seed * 100 + attempt)
        events = m.deal()
        r = m.round
        if r is None:
            continue
        from game.engine.cards import CODES
        deck = [CODES[c] for c in r.deck]
        actions: list[tuple[int, dict[str, Any]]] = []
        while m.round is not None:
            seat = m.turn()[0]
            action = rng.choice(m.legal_actions(seat))
            actions.append((seat, action))
            events += m.apply(seat, action)
        if events[-1]["type"] == "round_end":
            return m.rules, m.dealer - 1 & 3, deck, actions, events
    raise AssertionError("no deal played to a score")


def test_the_analysis_replays_the_deal_and_judges_each_choice() -> None:
    rules, dealer, deck, actions, events = _played_deal(3)
    out, shown = played_cards(events), trump_shown(events)
    items = [
        item for at in range(len(actions))
        if (item := analyse_decision(rules, dealer, deck, actions, at, out, shown)) is not None
    ]
    assert items
    for item in items:
        assert actions[item["at"]] == (item["seat"], item["played"])
        assert item["same"] == (item["played"] == item["suggested"])
        if item["exact"] is not None:
            assert len(out) == 32 and min(item["exact"]["cost"]) >= 0
    assert set(turning_points(items)) <= {item["at"] for item in items}
    # A call the strong player would make otherwise comes with its reason (as a hint's).
    calls = [item for item in items if item["phase"] == "bidding" and not item["same"]]
    assert all("high" in item for item in calls)  # the call standing then, to say "match"
    assert calls and any(item["why"] for item in calls)
    assert all(item["why"][0] in CALL_CODES for item in calls if item["why"])


CALL_CODES = {coach.CALL_MAKES, coach.CALL_FAILS, coach.PARTNER_HOLDS, coach.THEIRS_FAILS,
              coach.CONTESTS, coach.OPENS}


def test_the_reason_for_a_call_goes_only_to_the_person_who_called() -> None:
    """It is read from their four cards and says "yours": nobody else gets it, even once every
    card was played."""
    item = {"at": 2, "seat": 1, "phase": "bidding", "trick": None, "played": {"type": "pass"},
            "suggested": {"type": "bid", "value": 17}, "same": False, "expected": None,
            "exact": None, "private": False, "why": [coach.CALL_MAKES, 64, 17]}
    analysis = {"status": "ready", "exact": True, "decisions": [item], "turning": []}
    private = {"holders": [10, 11, 12, 13], "deck": [], "dealer": 0, "number": 1}
    mine = review_for(analysis, private, 11)["decisions"][0]
    assert mine["why_text"] == hints.reason_text(item["why"]) and "why" not in mine
    assert "64%" in mine["why_text"]
    for viewer in (10, 12, 13, None):
        theirs = review_for(analysis, private, viewer)["decisions"][0]
        assert "why_text" not in theirs and "why" not in theirs and "64" not in str(theirs)


def test_an_item_naming_a_hidden_card_goes_only_to_that_seats_player() -> None:
    item = {"at": 5, "seat": 1, "phase": "play", "trick": 2, "played": {"type": "play",
            "card": "7C"}, "suggested": {"type": "play", "card": "JS"}, "same": False,
            "expected": None, "exact": None, "private": True}
    public = {**item, "at": 6, "seat": 2, "private": False, "suggested": item["played"]}
    analysis = {"status": "ready", "exact": False, "decisions": [item, public],
                "turning": [5, 6], "cpu_s": 1.0}
    private = {"holders": [10, 11, 12, 13], "deck": [], "dealer": 0, "number": 1}
    mine = review_for(analysis, private, 11)
    assert [d["at"] for d in mine["decisions"]] == [5, 6] and mine["turning"] == [5, 6]
    assert "private" not in mine["decisions"][0]
    for viewer in (10, 12, 13, None):
        theirs = review_for(analysis, private, viewer)
        assert [d["at"] for d in theirs["decisions"]] == [6] and theirs["turning"] == [6]
        assert '"JS"' not in str(theirs).replace("'", '"')
    assert review_for(analysis, {}, 11) == {"status": "none"}


def test_a_deal_not_yet_analysed_is_analysing_unless_the_server_does_not_analyse(
    settings: Settings,
) -> None:
    private = {"holders": [10, 11, 12, 13], "deck": [], "dealer": 0, "number": 1}
    settings.DEAL_ANALYSIS = True
    assert review_for(None, private, 11) == {"status": "analysing"}
    settings.DEAL_ANALYSIS = False
    assert review_for(None, private, 11) == {"status": "off"}
    assert review_for(None, {}, 11) == {"status": "none"}


def test_a_trump_suggested_other_than_the_one_shown_is_the_bidders_alone() -> None:
    """"Hearts would have been the better trump" tells the table about the bidder's first
    four cards: only the bidder sees it, even once clubs, the chosen trump, was shown."""
    def item(played: str, suggested: str) -> dict[str, Any]:
        return {"played": {"type": "trump", "suit": played},
                "suggested": {"type": "trump", "suit": suggested}, "exact": None}

    assert deal_analysis._private(item("C", "H"), set(), trump_shown=True)
    assert not deal_analysis._private(item("C", "C"), set(), trump_shown=True)
    assert deal_analysis._private(item("C", "C"), set(), trump_shown=False)
