"""The table page's own logic, run in Chromium: hand order, seat positions and plain words.

The modules under static/js/table/ are served from disk to a blank page (no server), and
each test calls them as the page does.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from tests.browser.conftest import launch

pytestmark = pytest.mark.browser

STATIC = Path(__file__).resolve().parents[2] / "static"
ORIGIN = "http://table.test"
TABLE = {
    "players": [
        {"seat": 0, "name": "Asha"},
        {"seat": 1, "name": "Bilal"},
        {"seat": 2, "name": "Chitra"},
        {"seat": 3, "name": "Dev"},
    ],
    "you": {"seat": 1, "spectator": False, "host": False},
    "host_seat": 0,
    "play_direction": "ccw",
}


def serve(route: Route) -> None:
    path = route.request.url.removeprefix(ORIGIN)
    if path.startswith("/static/"):
        route.fulfill(path=STATIC / path.removeprefix("/static/"), content_type="text/javascript")
    else:
        route.fulfill(body="<!doctype html><title>blank</title>", content_type="text/html")


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    for browser in launch():
        tab = browser.new_page()
        tab.route(f"{ORIGIN}/**", serve)
        tab.goto(f"{ORIGIN}/")
        yield tab


def call(page: Page, module: str, function: str, *args: Any) -> Any:
    """Call an exported function of static/js/table/<module>.js with JSON arguments."""
    return page.evaluate(
        """async ([module, fn, args]) => {
            const m = await import(`/static/js/table/${module}.js`);
            return m[fn](...args);
        }""",
        [module, function, json.loads(json.dumps(list(args)))],
    )


def test_a_card_played_never_moves_the_others_in_the_hand(page: Page) -> None:
    """Laid out afresh, these seven cards would put the hearts first; the hand that held the
    A♣ keeps its order as it loses cards (a newcomer saw the hearts jump under their finger),
    and a new deal's cards are laid out afresh."""
    hand = ["JS", "QS", "8S", "9H", "8H", "AC", "AD", "7D"]
    assert call(page, "cards", "sortHand", hand, "you") == hand
    after = [c for c in hand if c != "AC"]
    assert call(page, "cards", "sortHand", after) == ["9H", "8H", "JS", "QS", "8S", "AD", "7D"]
    assert call(page, "cards", "sortHand", after, "you") == after
    assert call(page, "cards", "sortHand", ["JS", "QS"], "you") == ["JS", "QS"]
    dealt = ["9H", "8H", "AD", "JS"]  # the next deal's first packet: afresh
    assert call(page, "cards", "sortHand", dealt, "you") == ["9H", "8H", "JS", "AD"]


def test_it_sorts_a_hand_by_suit_and_rank_with_colours_alternating(page: Page) -> None:
    hand = ["7S", "JH", "AC", "9H", "TD", "KS", "QH", "8D"]
    assert call(page, "cards", "sortHand", hand) == ["KS", "7S", "JH", "9H", "QH", "AC", "TD", "8D"]
    assert call(page, "cards", "sortHand", ["TH", "JS", "AC", "9H", "7S"]) == [
        "JS",
        "7S",
        "9H",
        "TH",
        "AC",
    ]
    assert call(page, "cards", "sortHand", ["8D", "7D", "JD", "AD", "9D", "TD", "QD", "KD"]) == [
        "JD",
        "9D",
        "AD",
        "TD",
        "KD",
        "QD",
        "8D",
        "7D",
    ]


def test_it_seats_the_next_player_on_your_right_when_play_is_counter_clockwise(page: Page) -> None:
    where = [call(page, "seats", "positionOf", seat, TABLE) for seat in range(4)]
    assert where == ["left", "bottom", "right", "top"]


def test_it_seats_the_next_player_on_your_left_when_play_is_clockwise(page: Page) -> None:
    table = {**TABLE, "play_direction": "cw"}
    where = [call(page, "seats", "positionOf", seat, table) for seat in range(4)]
    assert where == ["right", "bottom", "left", "top"]


def test_it_puts_the_host_at_the_bottom_for_a_spectator(page: Page) -> None:
    watching = {**TABLE, "you": {"seat": None, "spectator": True, "host": False}, "host_seat": 2}
    assert call(page, "seats", "bottomSeat", watching) == 2
    assert call(page, "seats", "bottomSeat", {**watching, "host_seat": None}) == 0


def test_it_names_teams_by_their_players_in_the_round_result(page: Page) -> None:
    made = {
        "annulled": False,
        "kind": "regular",
        "bidder": 2,
        "team": 0,
        "target": 16,
        "points": [17, 11],
        "tricks": [5, 3],
        "made": True,
        "bonus": False,
        "delta": 1,
        "ended_early": False,
        "dealer": 3,
    }
    assert call(page, "words", "roundResultText", TABLE, made) == (
        "Team Asha & Chitra made 17 of 16: +1"
    )
    lost = {
        **made,
        "team": 1,
        "bidder": 1,
        "points": [20, 6],
        "made": False,
        "delta": -2,
        "target": 18,
        "tricks": [5, 2],
        "ended_early": True,
    }
    assert call(page, "words", "roundResultText", TABLE, lost) == (
        "Team Bilal & Dev fell short with 6 of 18 (decided after 7 tricks): \u22122"
    )
    annulled = {"annulled": True, "reason": 2, "reason_text": "All four passed", "dealer": 3}
    assert call(page, "words", "roundResultText", TABLE, annulled) == (
        "Deal annulled: All four passed. Dev deals again."
    )
    # The engine's reasons end with a full stop: never two in a row.
    never_shown = {**annulled, "reason_text": "Trump was never shown."}
    assert call(page, "words", "roundResultText", TABLE, never_shown) == (
        "Deal annulled: Trump was never shown. Dev deals again."
    )


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ({"type": "bid", "seat": 1, "value": 17, "match": False}, "Bilal bids 17"),
        ({"type": "bid", "seat": 0, "value": 17, "match": True}, "Asha matches 17"),
        ({"type": "pass", "seat": 3}, "Dev passes"),
        ({"type": "pass", "seat": 3, "question": "single_hand"}, "Dev passes (no Single Hand)"),
        ({"type": "trump_shown", "seat": 0, "suit": "H"}, "Asha asks for trump: hearts"),
        (
            {"type": "trump_shown", "seat": 1, "suit": "S", "card": "9S"},
            "Bilal shows trump: spades (7th card 9♠)",
        ),
        ({"type": "set_double", "seat": 2}, "Chitra calls SetDouble"),
        ({"type": "play", "seat": 2, "card": "TD"}, "Chitra plays 10♦"),
        ({"type": "trick", "winner": 3, "cards": [], "points": 1}, "Dev wins the trick (1 point)"),
        (
            {"type": "marriage", "seat": 2, "suit": "C", "target": 20},
            "Chitra has the marriage in clubs: target now 20",
        ),
        ({"type": "reset", "what": "score"}, "The host reset the score"),
    ],
)
def test_it_writes_each_event_in_plain_words(page: Page, event: dict[str, Any], words: str) -> None:
    assert (
        call(page, "words", "eventText", TABLE, event, {"bid": {"seat": 1, "value": 17}}) == words
    )


def test_it_tells_the_three_resets_of_reset_all_as_one(page: Page) -> None:
    events = [
        {"type": "reset", "what": "score", "all": True},
        {"type": "reset", "what": "deck", "all": True},
        {"type": "reset", "what": "round", "all": True},
        {"type": "deal", "dealer": 2, "packet": 1},
    ]
    told = call(page, "words", "toldEvents", events)
    assert told == [events[0], events[3]]
    assert call(page, "words", "eventText", TABLE, told[0], None) == (
        "The host reset the score, the deal and the deck"
    )
    one = [{"type": "reset", "what": "round"}, {"type": "deal", "dealer": 2, "packet": 1}]
    assert call(page, "words", "toldEvents", one) == one
    assert call(page, "words", "eventText", TABLE, one[0], None) == (
        "The host abandoned this deal: the same dealer deals again"
    )


def test_history_lines_name_each_seat_as_it_was_then(page: Page) -> None:
    """Charu (a computer player) bid, then Mina took seat 3 by the link and bid: a page that
    fills its log from the history names the first bid Charu's, the second Mina's."""
    table = {**TABLE, "players": [*TABLE["players"][:2], {"seat": 2, "name": "Mina"},
                                  TABLE["players"][3]]}
    took = {"type": "seated", "seat": 2, "name": "Mina", "computer": "", "was": "Charu",
            "was_computer": "easy"}
    history = [
        [5, [{"type": "bid", "seat": 2, "value": 16, "match": False}]],
        [6, [took]],
        [7, [{"type": "bid", "seat": 2, "value": 18, "match": False}]],
    ]
    tables = call(page, "words", "tablesAsTheyWere", history, table)
    lines = [
        call(page, "words", "eventText", tables[i], event, None)
        for i, (_, events) in enumerate(history) for event in events
    ]
    assert lines == ["Charu bids 16", "Mina takes seat 3 from Charu", "Mina bids 18"]
    assert tables[0]["players"][2]["computer"] == "easy"
    assert tables[2]["players"][2] == table["players"][2]
    left = {**took, "name": None, "computer": "", "was": "Mina"}
    assert call(page, "words", "eventText", table, left, None) == "Mina leaves seat 3"
    # A deal's page: each event of its one list named by who held the seat then.
    events = [event for _, changes in history for event in changes]
    named = page.evaluate(
        """async ([events, table]) => {
            const m = await import('/static/js/table/words.js');
            const tables = m.tablesByEvent(events, table);
            return events.map((e) => m.eventText(tables.get(e), e, null));
        }""",
        [events, table],
    )
    assert named == lines
    handover = {"type": "handover", "seat": 2, "to": "computer", "level": "easy",
                "name": "Charu", "player": "Mina"}
    assert call(page, "words", "logEvents", [handover, took]) == [handover]


def test_it_says_an_annulment_reason_from_the_pages_catalogue(page: Page) -> None:
    """The socket sends the engine's English; the page's catalogue (learn/catalogue.py)
    holds its translation, which every place that shows a reason looks up."""
    english = "All four players passed."
    page.evaluate(
        """(english) => {
            globalThis.gettext = (m) => (m === english ? "চারজনই পাস (TEST-bn)" : m);
        }""",
        english,
    )
    try:
        annulled = {"annulled": True, "reason": "all_passed", "reason_text": english, "dealer": 3}
        assert call(page, "words", "roundResultText", TABLE, annulled) == (
            "Deal annulled: চারজনই পাস (TEST-bn). Dev deals again."
        )
        event = {"type": "annulled", "reason": "all_passed", "reason_text": english}
        assert call(page, "words", "eventText", TABLE, event, None) == (
            "Deal annulled, no score: চারজনই পাস (TEST-bn)"
        )
        assert call(page, "result", "resultReason", TABLE, annulled) == "চারজনই পাস (TEST-bn)."
    finally:
        page.evaluate("() => { delete globalThis.gettext; }")


def test_it_says_when_the_score_went_into_a_set(page: Page) -> None:
    """Minus one, now 0, adds up: the 6 that went into the black set is said."""
    result = {
        "annulled": False,
        "kind": "regular",
        "bidder": 1,
        "team": 1,
        "target": 16,
        "points": [14, 14],
        "tricks": [5, 3],
        "made": False,
        "bonus": False,
        "delta": -1,
        "ended_early": False,
        "dealer": 0,
        "score": [3, 0],
        "new_sets": [[0, 0], [0, 1]],
    }
    assert call(page, "result", "scoreLine", TABLE, result) == (
        "Score change: Bilal & Dev \u22121. That passes \u22125, so Bilal & Dev take a black"
        " set: 6 of their minus score goes into it. Now Asha & Chitra +3, Bilal & Dev 0."
    )
    plain = {**result, "score": [3, -4], "new_sets": [[0, 0], [0, 0]]}
    assert call(page, "result", "scoreLine", TABLE, plain) == (
        "Score change: Bilal & Dev \u22121; now Asha & Chitra +3, Bilal & Dev \u22124."
    )
    both_reset = {**TABLE, "rules": {"reset_after_set": True}}
    red = {
        **result,
        "team": 0,
        "made": True,
        "delta": 12,
        "score": [0, 0],
        "new_sets": [[2, 0], [0, 0]],
    }
    assert call(page, "result", "scoreLine", both_reset, red) == (
        "Score change: Asha & Chitra +12. That passes +5, so Asha & Chitra win 2 red sets:"
        " 6 of their score goes into each. At this table both scores then start again"
        " from 0. Now Asha & Chitra 0, Bilal & Dev 0."
    )


def test_it_lists_the_sets_each_deal_made_with_true_minus_signs(page: Page) -> None:
    deal = {
        "number": 4,
        "outcome": "lost",
        "kind": "regular",
        "dealer": 0,
        "bidder": 1,
        "bid": 16,
        "target": 16,
        "team": 1,
        "delta": -1,
        "points": [14, 14],
        "score": [3, 0],
        "new_sets": [[0, 0], [0, 1]],
        "stake": 1,
        "doubles": [],
        "trump": "H",
        "trump_card": None,
        "trump_method": "suit",
        "match_winner": None,
        "players": ["Asha", "Bilal", "Chitra", "Dev"],
    }
    table = call(page, "history", "dealTable", deal, None)
    cells = call(page, "history", "dealCells", deal, table)
    assert (cells["sets"], cells["score"]) == ("a black set", "+3 : 0")
    assert cells["outcome"] == "Failed 14/16 \u22121 \u00b7 a black set"
    none = {**deal, "score": [3, -4], "new_sets": [[0, 0], [0, 0]]}
    cells = call(page, "history", "dealCells", none, table)
    assert (cells["sets"], cells["score"]) == ("\u2014", "+3 : \u22124")


def test_the_phones_score_button_puts_your_team_first_with_its_sets(page: Page) -> None:
    drawn = page.evaluate(
        """async () => {
            const m = await import('/static/js/table/score.js');
            const mini = document.createElement('span');
            const draw = (seat) => {
                const table = { players: [], you: { seat } };
                m.drawScoreMini(mini, table, [3, -2], [[1, 0], [0, 2]]);
                return [mini.textContent, mini.dataset.order, mini.getAttribute('aria-label')];
            };
            return [draw(1), draw(null)];
        }"""
    )
    assert drawn[0][:2] == ["We \u221222\u2009:\u2009+31", "1 0"]
    assert drawn[1][:2] == ["+31\u2009:\u2009\u221222", "0 1"]
    assert "Seat 2 & Seat 4 \u22122 (0 red sets, 2 black sets)" in drawn[0][2]


def test_it_says_whose_marriage_moved_the_target_and_the_last_tricks_point(page: Page) -> None:
    result = {
        "annulled": False,
        "kind": "regular",
        "bidder": 1,
        "team": 1,
        "bid": 20,
        "target": 16,
        "points": [12, 17],
        "tricks": [3, 5],
        "made": True,
        "bonus": False,
        "delta": 1,
        "ended_early": False,
        "dealer": 0,
    }
    assert call(page, "result", "resultReason", TABLE, result) == (
        "Bilal & Dev needed 16 card points (the call of 20, lowered by their own marriage)"
        " and took 17."
    )
    raised = {**result, "bid": 16, "target": 20, "made": False, "delta": -1}
    assert call(page, "result", "resultReason", TABLE, raised) == (
        "Bilal & Dev needed 20 card points (the call of 16, raised by the marriage of"
        " Asha & Chitra) but took only 17."
    )
    extra = {**TABLE, "rules": {"last_trick_point": True}}
    last = {"cards": [], "winner": 3}
    plain = {**result, "target": 20, "bid": 20, "points": [8, 21]}
    assert call(page, "result", "resultReason", extra, plain, last) == (
        "Bilal & Dev needed 20 card points and took 21. The last trick carried 1 extra point"
        " (29 in all); Bilal & Dev won it."
    )


def test_the_host_picks_the_computer_players_level_and_confirms_a_hand_over(page: Page) -> None:
    asked = page.evaluate(
        """async () => {
            const m = await import('/static/js/table/handover.js');
            const root = document.createElement('div');
            root.innerHTML = '<select id="handover-level"><option value="strong"></option>'
              + '<option value="easy"></option></select><ul id="handover-controls"></ul>';
            const state = { table: {
                you: { seat: 0, host: true },
                players: [
                    { seat: 0, name: 'Asha' }, { seat: 1, name: 'Bilal' },
                    { seat: 2, name: 'Charu', computer: 'easy' },
                    { seat: 3, name: 'Dipu', computer: 'strong', replaces: 'Dev' },
                ],
            } };
            m.drawHandover(root, state);
            const level = root.querySelector('#handover-level');
            level.value = 'easy';
            const hand = root.querySelector('li[data-seat="1"] button');
            const questions = [];
            const yes = m.handoverMessage(hand, level, (q) => { questions.push(q); return true; });
            const no = m.handoverMessage(hand, level, () => false);
            const giveBack = root.querySelector('li[data-seat="3"] button');
            const back = m.handoverMessage(giveBack, level, () => false);
            return { yes, no, back, questions,
                     seat2: root.querySelector('li[data-seat="2"]').textContent };
        }"""
    )
    assert asked["yes"] == {"type": "hand_over", "seat": 1, "level": "easy"}
    assert asked["no"] is None
    assert asked["back"] == {"type": "give_back", "seat": 3}  # giving back asks nothing
    assert asked["questions"] == [
        "Hand Bilal's seat to a computer player (easy)? They watch from the seat until you"
        " give it back."
    ]
    assert asked["seat2"] == "Seat 3: Charu"  # a computer player's seat has no control


def test_the_felt_says_who_raised_the_stake(page: Page) -> None:
    calls = [
        {"seat": 1, "call": "double"},
        {"seat": 0, "call": "redouble"},
        {"seat": 3, "call": "pass"},
    ]
    assert call(page, "centre", "stakeCalls", {"calls": calls}) == calls[:2]
    after_single = [*calls, {"seat": 2, "call": "single_hand"}, {"seat": 3, "call": "double"}]
    assert call(page, "centre", "stakeCalls", {"calls": after_single}) == [after_single[-1]]
    def drawn(target: int) -> list[str]:
        return list(page.evaluate(
            """async ([calls, target]) => {
                const m = await import('/static/js/table/centre.js');
                const root = document.createElement('div');
                root.innerHTML = '<div id="seat-top"></div><div id="contract"></div>'
                  + '<div id="trump-marker"></div><div id="trick"></div><p id="trick-caption"></p>'
                  + '<div id="waiting"></div><div id="round-result"></div>';
                const view = { phase: 'play', bid: { seat: 2, value: 17 }, target, stake: 4,
                               calls, turn: [], trick: [], score: [0, 0] };
                const table = { players: [{ seat: 0, name: 'Asha' }, { seat: 1, name: 'Bilal' },
                                          { seat: 2, name: 'Chitra' }, { seat: 3, name: 'Dev' }],
                                you: { seat: 0 } };
                m.drawCentre(root, { view, table, legal: [] }, Date.now());
                return [...root.querySelectorAll('#contract div')].map((d) => d.textContent);
            }""",
            [calls, target],
        ))

    # The target is said only when a marriage moved it off the call (a short box on a phone).
    assert drawn(17) == ["Chitra bid 17", "Stake 4", "Doubled by Bilal", "Redoubled by Asha"]
    assert drawn(21) == [
        "Chitra bid 17",
        "Target 21",
        "Stake 4",
        "Doubled by Bilal",
        "Redoubled by Asha",
    ]


def test_every_number_below_zero_has_a_true_minus_sign(page: Page) -> None:
    signed = page.evaluate(
        """async () => {
            const m = await import('/static/js/numbers.js');
            return [m.signed(3), m.signed(0), m.signed(-2), m.signed(0.5, 2), m.signed(-1.25, 2)];
        }"""
    )
    assert signed == ["+3", "0", "\u22122", "+0.50", "\u22121.25"]
    item = {
        "seat": 1,
        "trick": 2,
        "played": {"type": "play", "card": "JH"},
        "suggested": {"type": "play", "card": "9H"},
        "same": False,
        "expected": {"played": 0.5, "suggested": 0.25, "made_played": 0.5, "made_suggested": 0.4},
    }
    line = call(page, "words", "analysisLine", TABLE, item)
    assert "(the computer's choice: \u22120.25 game points on average;" in line
    assert "-" not in line
    # Each percentage says whose it is.
    made = "the contract makes in 40% of the deals it tried with it, 50% with the choice made)"
    assert made in line
    # With the bidder known, whose points and whose contract are named.
    line = call(page, "words", "analysisLine", {**TABLE, "bidder": 2}, item)
    whose = "\u22120.25 game points on average for Bilal & Dev; Chitra's contract makes in 40%"
    assert whose in line


def test_a_call_the_strong_player_would_make_otherwise_reads_as_a_sentence(page: Page) -> None:
    def line(played: dict[str, Any], suggested: dict[str, Any]) -> str:
        item = {"seat": 1, "trick": 0, "played": played, "suggested": suggested, "same": False}
        return str(call(page, "words", "analysisLine", TABLE, item))

    trump = line({"type": "trump", "suit": "C"}, {"type": "trump", "suit": "H"})
    assert (
        trump
        == "Calls: Bilal chose clubs as trump; the analysis would choose hearts as trump."
    )
    bid = line({"type": "pass"}, {"type": "bid", "value": 17})
    assert bid == "Calls: Bilal chose pass; the analysis would bid 17."
    # The caller's own copy says why (the server sends the reason to them alone).
    item = {"seat": 1, "trick": 0, "played": {"type": "pass"}, "same": False,
            "suggested": {"type": "bid", "value": 17}, "why_text": "your partner holds the call"}
    why = call(page, "words", "analysisLine", TABLE, item)
    assert why == (
        "Calls: Bilal chose pass; the analysis would bid 17 — your partner holds the call."
    )
    hint = call(page, "words", "hintLine", {"type": "trump", "suit": "S"}, {}, "")
    assert hint == "Hint: choose spades as trump."
    # A call of the value standing matches it, as its button says ("Match 17").
    standing = {"bid": {"seat": 0, "value": 17}}
    match = call(page, "words", "hintLine", {"type": "bid", "value": 17}, standing, "")
    assert match == "Hint: match 17."
    over = call(page, "words", "hintLine", {"type": "bid", "value": 18}, standing, "")
    assert over == "Hint: bid 18."
    assert line({"type": "pass"}, {"type": "bid", "value": 17}) == bid  # no call standing
    item = {"seat": 1, "trick": 0, "played": {"type": "pass"}, "same": False,
            "suggested": {"type": "bid", "value": 17}, "high": 17}
    matched = call(page, "words", "analysisLine", TABLE, item)
    assert matched == "Calls: Bilal chose pass; the analysis would match 17."
    # The hinted card is described by this line, so the card is said in words, not "9♣".
    card = call(page, "words", "hintLine", {"type": "play", "card": "9C"}, {}, "draws trump")
    assert card == "Hint: play the 9 of clubs — draws trump."
    # Inside a sentence an action reads in lower case, as something done, not as its button.
    shown = line({"type": "play", "card": "7C"}, {"type": "show_trump"})
    assert shown.endswith("Bilal chose 7♣; the analysis would show trump."), shown
    doubled = line({"type": "pass"}, {"type": "double"})
    assert doubled == "Calls: Bilal chose pass; the analysis would call Double."
    # A hint to show trump says "ask for trump" to the bidder's opponents and "show" to the
    # bidder, who knows it.
    bidder_2 = {"bid": {"seat": 2, "value": 17}, "phase": "play"}
    asks = call(page, "words", "hintLine", {"type": "show_trump"}, bidder_2, "", 1)
    assert asks == "Hint: ask for trump."
    shows = call(page, "words", "hintLine", {"type": "show_trump"}, bidder_2, "", 2)
    assert shows == "Hint: show trump."


def test_an_analysis_line_says_a_pass_chosen_as_a_thing_and_ends_in_its_scripts_stop(
    page: Page,
) -> None:
    # A Nepali catalogue's words for this line: "pass" as a hint asks ("please pass"), as a
    # call chosen it names it; a Devanagari line ends in "।", not ".".
    line = page.evaluate(
        """async () => {
            const words = {
                "Calls: %(who)s chose %(played)s": "बोलीमा %(who)s ले छान्यो: %(played)s",
                "pass": "पास गर्नुहोस्",
            };
            globalThis.gettext = (id) => words[id] || id;
            globalThis.pgettext = (context, id) => (context === "a call chosen" ? "पास" : id);
            try {
                const m = await import('/static/js/table/words.js');
                const item = { seat: 1, trick: 0, played: { type: "pass" },
                               suggested: { type: "pass" }, same: true };
                return m.analysisLine({ players: [{ seat: 1, name: "Bilal" }] }, item);
            } finally {
                delete globalThis.gettext;
                delete globalThis.pgettext;
            }
        }"""
    )
    assert line == "बोलीमा Bilal ले छान्यो: पास।"


def test_the_seventh_card_trump_is_told_as_the_bidders_to_a_spectator(page: Page) -> None:
    def label(you: dict[str, Any]) -> str:
        return str(
            page.evaluate(
                """async ([table]) => {
                    const { drawTrumpMarker } = await import('/static/js/table/centre.js');
                    const root = document.createElement('div');
                    root.innerHTML = '<div id="trump-marker"></div>';
                    const view = { trump_method: 'seventh_card', trump_shown: false, trump: 'S',
                                   seventh_card: '7S', bid: { seat: 3, value: 17 } };
                    drawTrumpMarker(root, view, table);
                    return root.querySelector('.marker-label').textContent;
                }""",
                [{**TABLE, "you": you}],
            )
        )

    assert label({"seat": 3, "spectator": False}) == "Hidden trump: spades (your 7th card)"
    spectator = label({"seat": None, "spectator": True})
    assert spectator == "Hidden trump: spades (Dev's 7th card)"


def test_the_exact_cost_of_a_card_counts_its_points_in_words(page: Page) -> None:
    item = {
        "seat": 1,
        "trick": 5,
        "played": {"type": "play", "card": "KS"},
        "suggested": {"type": "play", "card": "AS"},
        "same": False,
        "exact": {"cost": [0, 1], "best_moves": ["AS"]},
    }
    line = str(call(page, "words", "analysisLine", TABLE, item))
    assert line.endswith("it cost 0 game points and 1 card point (best: A♠).")
    item["exact"] = {"cost": [1, 2], "best_moves": ["AS", "show_trump"]}
    line = str(call(page, "words", "analysisLine", TABLE, item))
    assert line.endswith("it cost 1 game point and 2 card points (best: A♠, show trump).")


def test_a_chat_lines_time_is_on_the_24_hour_clock_in_ascii_digits_in_every_language(
    page: Page,
) -> None:
    times = page.evaluate(
        """async () => {
            const { timeOfDay } = await import('/static/js/table/chat.js');
            const at = new Date(2026, 10, 28, 14, 5, 9);
            const said = {};
            for (const lang of ["en", "bn", "hi", "ne"]) {
                document.documentElement.lang = lang;
                said[lang] = timeOfDay(at);
            }
            document.documentElement.lang = "";
            return said;
        }"""
    )
    assert times == {"en": "14:05", "bn": "14:05", "hi": "14:05", "ne": "14:05"}, times


def test_a_deal_being_analysed_is_asked_for_again_less_and_less_often_and_never_given_up(
    page: Page,
) -> None:
    """A queue of deals can keep one "Analysing…" for minutes: its page asks again after 3 s,
    then each time half as long again, never less often than every 30 s, for as long as it is
    open (it once gave up after 40 tries, two minutes, and stayed "Analysing…")."""
    delays = page.evaluate(
        """async () => {
            const { DealReview } = await import('/static/js/table/history.js');
            const box = document.createElement('div');
            document.body.append(box);
            const realSet = window.setTimeout, realClear = window.clearTimeout;
            const delays = [], queue = [];
            window.setTimeout = (fn, ms) => {
              delays.push(ms);
              return queue.push(fn);
            };
            window.clearTimeout = () => {};
            try {
              const deal = { number: 1, events: [], stake: 1, score: [0, 0], outcome: 'made',
                             players: ['Asha', 'Bilal', 'Chitra', 'Dev'],
                             review: { status: 'analysing' } };
              new DealReview(box, deal, null, async () => deal);
              for (let i = 0; i < 60 && queue.length; i += 1) await queue.shift()();
            } finally {
              window.setTimeout = realSet;
              window.clearTimeout = realClear;
              box.remove();
            }
            return delays;
        }"""
    )
    assert len(delays) > 40, delays
    assert delays[0] == 3000 and max(delays) == 30000 and delays[-1] == 30000
    assert all(b >= a for a, b in itertools.pairwise(delays))


def test_an_analysis_with_nothing_to_show_says_so_in_a_sentence(page: Page) -> None:
    """Not as item 1 of a list of one (a newcomer's review saw that on a phone)."""
    drawn = page.evaluate(
        """async (table) => {
            const { drawAnalysis } = await import('/static/js/table/history.js');
            const box = document.createElement('section');
            const same = { at: 3, seat: 1, trick: 1, played: { type: 'play', card: 'AS' },
                           suggested: { type: 'play', card: 'AS' }, same: true };
            drawAnalysis(box, { status: 'ready', exact: false, decisions: [same], turning: [] },
                         table);
            return { lists: box.querySelectorAll('ol, li').length,
                     said: box.querySelector('p.analysis-state')?.textContent };
        }""",
        TABLE,
    )
    assert drawn == {
        "lists": 0,
        "said": "Every decision here matched the strong player's choice or had no choice.",
    }


def test_a_sentence_ends_as_the_pages_language_writes_it(page: Page) -> None:
    """A Bengali analysis line may end in a bracket of cards, an English log line in a name
    written in Devanagari: the page's language decides the stop, not the last letter."""
    ends = page.evaluate(
        """async () => {
            const { sentence } = await import('/static/js/table/words.js');
            const root = document.documentElement, before = root.lang;
            try {
              root.lang = 'bn';
              const bengali = sentence('নম্বর হাত (সেরা: A♠, K♠)');
              root.lang = 'en';
              const english = sentence('राम passes to राम');
              root.lang = '';
              const unknown = sentence('पास');
              return [bengali, english, unknown];
            } finally {
              root.lang = before;
            }
        }"""
    )
    assert ends == ["নম্বর হাত (সেরা: A♠, K♠)।", "राम passes to राम.", "पास।"]
