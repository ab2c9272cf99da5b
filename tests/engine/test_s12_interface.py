"""RULES.md section 12: the engine's public interface — Match, deal, legal_actions, apply with
IllegalAction leaving the match unchanged, view, to_json/from_json, and the Rules table."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from game.engine import IllegalAction, Match, Rules
from tests.engine.decks import HANDS_A, HANDS_S7, deck_of_hands
from tests.engine.scripts import (
    AUCTION_1_16,
    NO_DOUBLE_1,
    NO_SINGLE_HAND_0,
    TRICKS_A,
    Step,
    action,
    flat,
    legal,
    new_match,
    refused,
    run,
)

DEFAULTS = {
    "min_bid": 16, "bidding": "priority", "all_pass": "redeal", "seventh_card": True,
    "doubling": True, "set_double": True, "single_hand": True, "single_hand_stake": 3,
    "must_ask_trump": False, "marriage": "on_show", "last_trick_point": False,
    "early_end": True, "seventh_card_check": "none", "reset_after_set": False,
    "shuffle": "realistic",
}
BAD_VALUES: list[tuple[str, Any]] = [
    ("min_bid", 14), ("min_bid", 17), ("bidding", "auction"), ("all_pass", "again"),
    ("seventh_card", "yes"), ("doubling", None), ("set_double", "on"), ("single_hand", "no"),
    ("single_hand_stake", 4), ("must_ask_trump", "maybe"), ("marriage", "always"),
    ("last_trick_point", 1.5), ("early_end", "off"), ("seventh_card_check", "three"),
    ("reset_after_set", "sometimes"), ("shuffle", "perfect"),
]
GOOD_VALUES: list[tuple[str, Any]] = [
    ("min_bid", 15), ("bidding", "raise"), ("bidding", "once"), ("all_pass", "dealer_forced"),
    ("seventh_card", False), ("doubling", False), ("set_double", False),
    ("single_hand", False), ("single_hand_stake", 6), ("must_ask_trump", True),
    ("marriage", "after_trick"), ("marriage", "off"), ("last_trick_point", True),
    ("early_end", False), ("seventh_card_check", "point_trump"),
    ("seventh_card_check", "two_trumps"), ("reset_after_set", True), ("shuffle", "thorough"),
]


def test_it_has_exactly_the_rules_fields_and_defaults_of_the_table() -> None:
    rules = Rules()
    assert {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)} == DEFAULTS


@pytest.mark.parametrize(("field", "value"), GOOD_VALUES)
def test_it_accepts_every_other_value_of_the_table(field: str, value: Any) -> None:
    assert getattr(Rules(**{field: value}), field) == value


@pytest.mark.parametrize(("field", "value"), BAD_VALUES)
def test_it_refuses_a_rules_value_outside_the_table_by_name(field: str, value: Any) -> None:
    with pytest.raises(ValueError, match=field):
        Rules(**{field: value})


def test_it_freezes_the_rules() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().min_bid = 15  # type: ignore[misc]


def test_it_starts_a_match_in_the_deal_phase_with_nothing_dealt() -> None:
    m = Match(Rules(), dealer=0, seed=7)
    view = m.view(None)
    assert view["phase"] == "deal"
    assert view["turn"] == []
    assert view["dealer"] == 0
    assert view["score"] == [0, 0]
    assert view["sets"] == [[0, 0], [0, 0]]
    assert view["last_round"] is None
    for seat in range(4):
        assert m.legal_actions(seat) == []
        assert m.view(seat)["hand"] == []
    with pytest.raises(IllegalAction):
        m.apply(1, {"type": "bid", "value": 16})


def test_it_refuses_a_deal_while_a_deal_is_in_progress() -> None:
    m = new_match(HANDS_A)
    before = m.to_json()
    with pytest.raises(IllegalAction):
        m.deal(deck=deck_of_hands(0, HANDS_A))
    assert m.to_json() == before


def test_it_returns_json_able_events_with_a_type() -> None:
    m = Match(Rules(), dealer=0, seed=7)
    events = m.deal(deck=deck_of_hands(0, HANDS_A))
    events += run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0,
                      *flat(TRICKS_A[:5])])
    assert events
    assert all(isinstance(e, dict) and isinstance(e["type"], str) for e in events)
    assert json.loads(json.dumps(events)) == events
    assert [e["type"] for e in events][-1] == "round_end"


def test_it_refuses_a_play_out_of_turn_and_changes_nothing() -> None:
    m = new_match(HANDS_A)
    message = refused(m, 2, {"type": "bid", "value": 16})
    assert message
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    refused(m, 2, {"type": "play", "card": "JD"})
    refused(m, 0, {"type": "play", "card": "AS"})


def test_it_refuses_an_illegal_card_and_changes_nothing() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0, (1, "JC")])
    refused(m, 2, {"type": "play", "card": "JD"})  # must follow clubs
    refused(m, 2, {"type": "play", "card": "JS"})  # not in seat 2's hand
    refused(m, 2, {"type": "play", "card": "JC"})  # already played
    refused(m, 2, {"type": "show_trump"})  # can follow


def test_it_refuses_a_double_from_the_wrong_team_and_changes_nothing() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H")])
    refused(m, 1, {"type": "double"})
    refused(m, 3, {"type": "double"})


@pytest.mark.parametrize(
    "bad",
    [
        "bid",
        None,
        17,
        [],
        {},
        {"value": 17},
        {"type": "fly"},
        {"type": "bid"},
        {"type": "bid", "value": "17"},
        {"type": "bid", "value": 17.0},
        {"type": "bid", "value": True},
        {"type": "bid", "value": 29},
        {"type": "bid", "value": 15},
        {"type": "play", "card": "JH"},
        {"type": "BID", "value": 17},
    ],
)
def test_it_refuses_a_malformed_action_and_changes_nothing(bad: Any) -> None:
    m = new_match(HANDS_A)
    refused(m, 1, bad)


@pytest.mark.parametrize("seat", [-1, 4, "1", None])
def test_it_refuses_a_seat_that_is_not_a_seat(seat: Any) -> None:
    m = new_match(HANDS_A)
    refused(m, seat, {"type": "bid", "value": 16})


@pytest.mark.parametrize("bad_card", ["ZZ", "jc", "JCX", "", 5, None])
def test_it_refuses_a_play_of_something_that_is_not_a_card(bad_card: Any) -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    refused(m, 1, {"type": "play", "card": bad_card})


def test_it_refuses_a_deck_that_is_not_32_distinct_codes() -> None:
    deck = deck_of_hands(0, HANDS_A)
    for bad in (deck[:31], [*deck[:31], deck[0]], [*deck[:31], "ZZ"]):
        m = Match(Rules(), dealer=0, seed=7)
        before = m.to_json()
        with pytest.raises((IllegalAction, ValueError)):
            m.deal(deck=bad)
        assert m.to_json() == before


def _same(a: Match, b: Match) -> None:
    assert a.to_json() == b.to_json()
    for seat in (0, 1, 2, 3, None):
        assert a.view(seat) == b.view(seat)
    for seat in range(4):
        assert legal(a, seat) == legal(b, seat)


MID_TRICK: list[Step] = [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0,
                         *flat(TRICKS_A[:3]), (3, "KD"), (0, "show")]


def test_it_restores_a_match_exactly_from_json_mid_trick() -> None:
    m = new_match(HANDS_A)
    run(m, MID_TRICK)
    text = m.to_json()
    assert isinstance(text, str)
    restored = Match.from_json(text)
    _same(m, restored)
    rest = [*flat(TRICKS_A[3:5])][2:]
    for step in rest:
        assert m.apply(step[0], action(step[1])) == restored.apply(step[0], action(step[1]))
        _same(m, restored)
    assert restored.view(None)["last_round"]["delta"] == 1
    # The restored match deals on from the same seeded randomness.
    m.deal()
    restored.deal()
    _same(m, restored)


@pytest.mark.parametrize(
    "steps",
    [
        [(1, 16), (2, 17)],
        [*AUCTION_1_16, (1, "seventh_card")],
        [*AUCTION_1_16, (1, "seventh_card"), (2, "double"), (1, "pass"), (3, "pass")],
        [*AUCTION_1_16, (1, "seventh_card"), *NO_DOUBLE_1, (1, "pass")],
    ],
    ids=["duel", "doubling", "stage_6", "single_hand"],
)
def test_it_restores_a_match_exactly_from_json_in_every_phase(steps: list[Step]) -> None:
    m = new_match(HANDS_S7)
    run(m, steps)
    restored = Match.from_json(m.to_json())
    _same(m, restored)
    for seat in range(4):
        for act in m.legal_actions(seat):
            a, b = Match.from_json(m.to_json()), Match.from_json(m.to_json())
            assert a.apply(seat, act) == b.apply(seat, act)
            _same(a, b)


def test_it_applies_every_action_it_calls_legal() -> None:
    m = new_match(HANDS_A)
    for step in MID_TRICK:
        for seat in range(4):
            for act in m.legal_actions(seat):
                json.dumps(act)
                Match.from_json(m.to_json()).apply(seat, act)
        run(m, [step])
