"""The engine's sentences reach each player in their own language: a refusal on the
websocket, an annulment reason in the deal history and the pages' JavaScript catalogue,
and the host's "Reset all" told as one reset.

New msgids are translated by the lead after a merge, so each test brings its own words
for them (``tests.catalogue.words_for``): what it checks is that the table looks the
engine's template up and fills it with the parameters in the reader's language.
"""

from __future__ import annotations

import json
import random
import re

from channels.db import database_sync_to_async
from django.utils import translation

from accounts.models import User
from game.engine.words import Sentence
from game.models import DealRecord, Game
from game.table.engine_words import spoken
from tests.catalogue import words_for
from tests.people import logged_in
from tests.table.conftest import (
    Open,
    TableClient,
    deal_in_progress,
    play_random_step,
    seat_everyone,
    settle,
)

FOLLOW = "You must follow %(suit)s"
SUIT_CODES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
ALL_PASSED = "All four players passed."


def refused_card(client: TableClient) -> tuple[str, str] | None:
    """A card this seat holds but may not play because it must follow the led suit, and
    that suit; None when there is none now."""
    view = client.state["view"]
    if view["phase"] != "play" or not view["trick"] or not client.state["legal"]:
        return None
    led = view["trick"][0]["card"][1]
    allowed = {a["card"] for a in client.state["legal"] if a["type"] == "play"}
    held_led = [c for c in view["hand"] if c[1] == led]
    others = [c for c in view["hand"] if c[1] != led and c not in allowed]
    if not held_led or not others:
        return None
    return others[0], led


async def test_a_refusal_comes_in_the_players_language_with_its_suit_named_there(
    open_table: Open, players: list[User]
) -> None:
    await User.objects.filter(pk__in=[p.pk for p in players]).aupdate(language="bn")
    clients = await seat_everyone(open_table, players)
    rng = random.Random(29)
    found: tuple[TableClient, tuple[str, str]] | None = None
    for _ in range(400):
        found = next(((c, r) for c in clients if (r := refused_card(c)) is not None), None)
        if found:
            break
        version = max(c.state["version"] for c in clients)
        # Nobody may act between deals: every seat waits for the next deal (reading it on
        # one socket only left the others behind, and the step after could find no seat).
        await play_random_step(clients, rng)
        await settle(clients, version + 1)
    assert found, "no seat had to follow suit in 400 steps"
    client, (card, led) = found
    # The state already said why, in Bengali: the hand's greyed card and its label.
    with translation.override("bn"):
        said = client.state["view"]["refusals"][card]
        assert said == translation.gettext(FOLLOW) % {"suit": translation.gettext(SUIT_CODES[led])}
    assert not said.startswith("You must")
    with words_for("bn", {FOLLOW: "TEST-bn %(suit)s অনুসরণ করুন"}):
        await client.act({"type": "play", "card": card})
        error = await client.receive()
        with translation.override("bn"):
            suit = translation.gettext(SUIT_CODES[led])
    assert error["code"] == "illegal"
    assert error["message"] == f"TEST-bn {suit} অনুসরণ করুন"
    assert suit != SUIT_CODES[led]  # the suit in Bengali too (its name is in the catalogue)


def test_a_sentence_is_said_with_its_suit_card_and_call_in_the_readers_words() -> None:
    from game.engine.stake import CALL_WORDS
    from game.engine.words import CardWord, SuitWord

    follow = Sentence(FOLLOW, suit=SuitWord(2))
    hold = Sentence("You do not hold %(card)s", card=CardWord(27))  # TS
    call = Sentence("You cannot call %(call)s now", call=CALL_WORDS["double"])
    assert (follow, hold, call) == (
        "You must follow hearts",
        "You do not hold TS",
        "You cannot call Double now",
    )
    entries = {
        FOLLOW: "TEST-hi %(suit)s",
        "You do not hold %(card)s": "TEST-hi %(card)s",
        "You cannot call %(call)s now": "TEST-hi %(call)s",
        "Double": "TEST-hi-double",
    }
    with words_for("hi", entries), translation.override("hi"):
        assert spoken(follow) == f"TEST-hi {translation.gettext('hearts')}"
        assert spoken(hold) == "TEST-hi 10♠"
        assert spoken(call) == "TEST-hi TEST-hi-double"
    with translation.override("en"):
        assert spoken(follow) == "You must follow hearts"
        assert spoken(hold) == "You do not hold 10♠"


async def all_pass(clients: list[TableClient]) -> None:
    """Everyone passes until a deal is annulled for it."""
    while True:
        turn = next((c for c in clients if c.state["legal"]), None)
        assert turn is not None
        if turn.state["view"]["phase"] != "bidding":
            raise AssertionError("someone had to call")
        version = turn.state["version"]
        await turn.act({"type": "pass"})
        await settle(clients, version + 1)
        last = turn.state["view"]["last_round"]
        if last and last.get("reason") == "all_passed":
            return


async def last_record(game: Game, outcome: str) -> DealRecord | None:
    """The game's latest recorded deal with this outcome."""
    return await DealRecord.objects.filter(game=game, outcome=outcome).order_by("number").alast()


def script_catalogue(script: str) -> dict[str, object]:
    """The entries of the pages' JavaScript catalogue (Django's ``newcatalog``, JSON)."""
    found = re.search(r"const newcatalog = (\{.*?\n  \});", script, re.S)
    assert found is not None
    entries: dict[str, object] = json.loads(found.group(1))
    return entries


async def test_an_annulment_reason_is_shown_in_hindi_on_the_deals_page(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    await all_pass(clients)
    record = await last_record(game, "annulled")
    assert record is not None and record.summary["reason_text"] == ALL_PASSED
    await User.objects.filter(pk=players[1].pk).aupdate(language="hi")
    hindi = await database_sync_to_async(logged_in)(await User.objects.aget(pk=players[1].pk))
    with words_for("hi", {ALL_PASSED: "TEST-hi सभी चारों ने पास किया।"}):
        page = await database_sync_to_async(hindi.get)(f"/table/{game.pk}/deals/")
        listed = await database_sync_to_async(hindi.get)(f"/table/{game.pk}/deals.json")
        one = await database_sync_to_async(hindi.get)(
            f"/table/{game.pk}/deals/{record.number}.json"
        )
        catalogue = await database_sync_to_async(hindi.get)("/jsi18n/")
    shown = re.search(r'id="deals-data"[^>]*>(.*?)</script>', page.content.decode(), re.S)
    assert shown is not None
    deals = {d["number"]: d for d in json.loads(shown.group(1))}
    assert deals[record.number]["reason_text"] == "TEST-hi सभी चारों ने पास किया।"
    listed_deal = next(d for d in listed.json()["deals"] if d["number"] == record.number)
    assert listed_deal["reason_text"] == "TEST-hi सभी चारों ने पास किया।"
    annulled = [e for e in one.json()["events"] if e["type"] == "annulled"]
    assert [e["reason_text"] for e in annulled] == ["TEST-hi सभी चारों ने पास किया।"]
    # The live table's script is sent the English and says it from the page's catalogue.
    said = script_catalogue(catalogue.content.decode())
    assert said[ALL_PASSED] == "TEST-hi सभी चारों ने पास किया।"
    english = await database_sync_to_async(logged_in)(players[0])
    shown_en = await database_sync_to_async(english.get)(f"/table/{game.pk}/deals.json")
    first = next(d for d in shown_en.json()["deals"] if d["number"] == record.number)
    assert first["reason_text"] == ALL_PASSED


async def test_reset_all_is_told_as_one_and_recorded_as_such(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    version = clients[0].state["version"]
    await clients[0].send({"type": "reset", "what": "all"})
    await settle(clients, version + 1)
    resets = [e for e in clients[1].state["events"] if e["type"] == "reset"]
    assert [(e["what"], e.get("all")) for e in resets] == [
        ("score", True),
        ("deck", True),
        ("round", True),
    ]
    record = await last_record(game, "abandoned")
    assert record is not None
    assert record.summary["reason_text"] == "The host reset the score, the deal and the deck."
    # The deal the reset made may have been annulled at once; a round reset then finds no
    # deal to abandon (it only deals), so wait for the deal that follows by itself.
    await deal_in_progress(clients)
    version = clients[0].state["version"]
    await clients[0].send({"type": "reset", "what": "round"})
    told = await clients[1].until(
        lambda s: s["version"] > version and any(e["type"] == "reset" for e in s["events"])
    )
    resets = [e for e in told["events"] if e["type"] == "reset"]
    assert [(e["what"], e.get("all")) for e in resets] == [("round", None)]
    record = await last_record(game, "abandoned")
    assert record is not None
    assert record.summary["reason_text"] == "The host abandoned the deal."
