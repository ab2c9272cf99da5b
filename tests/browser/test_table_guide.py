"""The first-game guide (static/js/table/guide.js) in Chromium, on the module served from
disk: which decision it explains, on by default beside three computer players, each note
once, and off with one click, remembered."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import launch
from tests.browser.test_table_words import ORIGIN, serve

pytestmark = pytest.mark.browser

SOLO = {
    "players": [
        {"seat": 0, "name": "Asha"},
        {"seat": 1, "name": "Bela", "computer": "strong"},
        {"seat": 2, "name": "Charu", "computer": "strong"},
        {"seat": 3, "name": "Dipu", "computer": "strong"},
    ],
    "you": {"seat": 0, "spectator": False, "host": True},
}
BIDDING = {"phase": "bidding", "turn": [0], "hand": ["JH", "9H", "AS", "7C"]}
BIDS = [{"type": "pass"}, {"type": "bid", "value": 16}]
SETUP = """() => import('/static/js/table/guide.js').then(({ Guide }) => {
    localStorage.clear();
    document.body.innerHTML = '<button id="toggle"></button><div id="guide" hidden></div>';
    window.guide = new Guide(document.querySelector('#guide'), document.querySelector('#toggle'));
})"""


@pytest.fixture
def page() -> Iterator[Page]:
    for browser in launch():
        tab = browser.new_page()
        tab.route(f"{ORIGIN}/**", serve)
        tab.goto(f"{ORIGIN}/")
        tab.evaluate(SETUP)
        yield tab


def topic(page: Page, view: dict[str, Any], legal: list[dict[str, Any]]) -> Any:
    return page.evaluate(
        """async ([view, table, legal]) => {
            const { guideTopic } = await import('/static/js/table/guide.js');
            return guideTopic(view, table, legal);
        }""",
        [view, SOLO, legal],
    )


def shown(page: Page, table: dict[str, Any], view: dict[str, Any], legal: list[Any]) -> Any:
    page.evaluate(
        "([table, view, legal]) => guide.update({ table, view, legal })", [table, view, legal]
    )
    return page.evaluate(
        "() => document.querySelector('#guide').hidden ? null"
        " : document.querySelector('#guide').dataset.topic"
    )


def test_it_names_the_decision_in_front_of_the_player(page: Page) -> None:
    play = {"phase": "play", "turn": [0], "hand": ["JH", "9H", "AS"], "bid": {"seat": 1}}
    assert topic(page, BIDDING, BIDS) == "bid"
    assert topic(page, {**BIDDING, "phase": "trump"}, [{"type": "trump", "suit": "H"}]) == "trump"
    assert topic(page, play, [{"type": "play", "card": c} for c in play["hand"]]) == "play"
    assert topic(page, play, [{"type": "play", "card": "JH"}]) == "follow"
    asking = [{"type": "play", "card": "AS"}, {"type": "show_trump"}]
    assert topic(page, play, asking) == "ask_trump"
    assert topic(page, {**play, "bid": {"seat": 0}}, asking) == "follow"  # the bidder shows
    assert topic(page, {"phase": "doubling", "turn": [0]}, [{"type": "double"}]) == "double"
    assert topic(page, {"phase": "deal", "last_round": {"made": True}}, []) == "result"
    # An annulled deal scores nothing: not the note on how a deal scores.
    assert topic(page, {"phase": "deal", "last_round": {"annulled": True}}, []) == "annulled"
    assert topic(page, {**BIDDING, "turn": [1]}, []) is None  # not your turn


def test_beside_three_computers_each_note_shows_once(page: Page) -> None:
    assert shown(page, SOLO, BIDDING, BIDS) == "bid"
    assert page.get_attribute("#toggle", "aria-pressed") == "true"
    page.click("[data-guide='ok']")
    assert shown(page, SOLO, BIDDING, BIDS) is None
    page.evaluate(SETUP.replace("localStorage.clear();", ""))  # a reload: still read
    assert shown(page, SOLO, BIDDING, BIDS) is None


def test_escape_reads_the_note_as_got_it_does(page: Page) -> None:
    assert shown(page, SOLO, BIDDING, BIDS) == "bid"
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.querySelector('#guide').hidden")
    assert shown(page, SOLO, BIDDING, BIDS) is None


def test_one_click_turns_it_off_for_good(page: Page) -> None:
    assert shown(page, SOLO, BIDDING, BIDS) == "bid"
    page.click("[data-guide='off']")
    assert page.get_attribute("#toggle", "aria-pressed") == "false"
    page.evaluate(SETUP.replace("localStorage.clear();", ""))
    trump = {**BIDDING, "phase": "trump"}
    assert shown(page, SOLO, trump, [{"type": "trump", "suit": "H"}]) is None
    page.click("#toggle")  # on again, by choice
    assert shown(page, SOLO, trump, [{"type": "trump", "suit": "H"}]) == "trump"


def test_it_stays_off_among_people_until_asked_for(page: Page) -> None:
    people = {**SOLO, "players": [{"seat": s, "name": n} for s, n in enumerate("ABCD")]}
    assert shown(page, people, BIDDING, BIDS) is None
    page.click("#toggle")
    assert shown(page, people, BIDDING, BIDS) == "bid"


def test_how_to_play_comes_before_how_to_follow(page: Page) -> None:
    """A first card that must follow suit shows how to play (and how cards rank) first; the
    note on following comes at the next such card."""
    play = {"phase": "play", "turn": [0], "hand": ["JH", "9H", "AS"], "bid": {"seat": 1}}
    follow = [{"type": "play", "card": "JH"}, {"type": "play", "card": "9H"}]
    assert shown(page, SOLO, play, follow) == "play"
    assert shown(page, SOLO, {**play, "turn": [1]}, []) is None  # played: read
    assert shown(page, SOLO, play, follow) == "follow"


def test_a_note_is_read_once_its_decision_is_made(page: Page) -> None:
    """The note of the first bid goes when the bid is made (not your turn any more) and does
    not come back at the next bid, "Got it" or not."""
    assert shown(page, SOLO, BIDDING, BIDS) == "bid"
    assert shown(page, SOLO, {**BIDDING, "turn": [1]}, []) is None
    assert shown(page, SOLO, BIDDING, BIDS) is None
    page.evaluate(SETUP.replace("localStorage.clear();", ""))  # a reload: still read
    assert shown(page, SOLO, BIDDING, BIDS) is None
