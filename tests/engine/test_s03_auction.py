"""RULES.md section 3: priority bidding with its matching duels, min_bid, raise and once bidding,
all passing (redeal or dealer_forced)."""

from __future__ import annotations

from game.engine import Rules
from tests.engine.decks import HANDS_A
from tests.engine.scripts import REASONS, as_json, bids, legal, new_match, of_type, refused, run


def test_it_lets_the_first_hand_pass_or_call_16_to_28() -> None:
    m = new_match(HANDS_A)
    assert m.view(None)["turn"] == [1]
    assert legal(m, 1) == as_json(["pass", *bids(16)])
    for seat in (0, 2, 3):
        assert legal(m, seat) == []


def test_it_lets_the_first_hand_call_15_when_min_bid_is_15() -> None:
    m = new_match(HANDS_A, Rules(min_bid=15))
    assert legal(m, 1) == as_json(["pass", *bids(15)])
    run(m, [(1, 15), (2, "pass"), (3, "pass"), (0, "pass")])
    assert m.view(None)["bid"] == {"seat": 1, "value": 15}
    assert m.view(None)["phase"] == "trump"


def test_it_refuses_a_call_below_16_by_default() -> None:
    m = new_match(HANDS_A)
    refused(m, 1, {"type": "bid", "value": 15})
    refused(m, 1, {"type": "bid", "value": 29})


def test_it_gives_the_call_to_a_lone_caller_when_the_rest_pass() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, 16), (2, "pass"), (3, "pass"), (0, "pass")])
    view = m.view(None)
    assert view["phase"] == "trump"
    assert view["turn"] == [1]
    assert view["bid"] == {"seat": 1, "value": 16}
    assert view["target"] == 16


def test_it_lets_the_holder_match_and_duels_until_one_passes() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, 16)])
    assert m.view(None)["turn"] == [2]
    assert legal(m, 2) == as_json(["pass", *bids(17)])
    events = run(m, [(2, 17)])
    # The holder (seat 1) has priority: it may match 17.
    assert m.view(None)["turn"] == [1]
    assert legal(m, 1) == as_json(["pass", *bids(17)])
    events += run(m, [(1, 17)])
    # After a match the challenger must call higher or pass.
    assert m.view(None)["turn"] == [2]
    assert legal(m, 2) == as_json(["pass", *bids(18)])
    events += run(m, [(2, 18)])
    assert m.view(None)["turn"] == [1]
    assert legal(m, 1) == as_json(["pass", *bids(18)])
    events += run(m, [(1, "pass")])
    # The survivor (seat 2) holds 18; the next player who has not spoken enters.
    assert m.view(None)["turn"] == [3]
    assert legal(m, 3) == as_json(["pass", *bids(19)])
    assert legal(m, 1) == []
    events += run(m, [(3, "pass")])
    assert m.view(None)["turn"] == [0]
    assert legal(m, 0) == as_json(["pass", *bids(19)])
    events += run(m, [(0, 19)])
    assert m.view(None)["turn"] == [2]
    assert legal(m, 2) == as_json(["pass", *bids(19)])
    events += run(m, [(2, "pass")])
    view = m.view(None)
    assert view["phase"] == "trump"
    assert view["turn"] == [0]
    assert view["bid"] == {"seat": 0, "value": 19}
    assert view["auction"] == [
        {"seat": 1, "call": 16},
        {"seat": 2, "call": 17},
        {"seat": 1, "call": 17},
        {"seat": 2, "call": 18},
        {"seat": 1, "call": "pass"},
        {"seat": 3, "call": "pass"},
        {"seat": 0, "call": 19},
        {"seat": 2, "call": "pass"},
    ]
    calls = [(e["seat"], e["value"], e["match"]) for e in of_type(events, "bid")]
    assert calls == [(2, 17, False), (1, 17, True), (2, 18, False), (0, 19, False)]
    assert [e["seat"] for e in of_type(events, "pass")] == [1, 3, 2]


def test_it_makes_the_challenger_outcall_a_holder_who_called_higher() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, 16), (2, 17), (1, 18)])
    assert m.view(None)["turn"] == [2]
    assert legal(m, 2) == as_json(["pass", *bids(19)])
    refused(m, 2, {"type": "bid", "value": 18})


def test_it_never_lets_a_player_who_passed_speak_again() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, "pass"), (2, 16), (3, 17)])
    # Seat 2 holds and answers seat 3; seat 1 passed and is never asked.
    assert m.view(None)["turn"] == [2]
    run(m, [(2, "pass")])
    assert m.view(None)["turn"] == [0]
    run(m, [(0, "pass")])
    view = m.view(None)
    assert view["phase"] == "trump"
    assert view["bid"] == {"seat": 3, "value": 17}
    assert legal(m, 1) == []


def test_it_refuses_a_call_that_is_not_higher() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, 18)])
    refused(m, 2, {"type": "bid", "value": 18})
    refused(m, 2, {"type": "bid", "value": 17})


def test_it_annuls_the_deal_when_all_four_pass() -> None:
    m = new_match(HANDS_A)
    events = run(m, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    view = m.view(None)
    assert view["phase"] == "deal"
    assert view["dealer"] == 0
    assert view["last_round"]["annulled"] is True
    assert view["last_round"]["reason"] == REASONS[2]
    assert [e["reason"] for e in of_type(events, "annulled")] == [REASONS[2]]


def test_it_runs_raise_bidding_in_turn_skipping_passed_players() -> None:
    m = new_match(HANDS_A, Rules(bidding="raise"))
    run(m, [(1, 16), (2, "pass")])
    assert m.view(None)["turn"] == [3]
    assert legal(m, 3) == as_json(["pass", *bids(17)])
    run(m, [(3, 17), (0, "pass")])
    assert m.view(None)["turn"] == [1]
    assert legal(m, 1) == as_json(["pass", *bids(18)])
    run(m, [(1, 18)])
    assert m.view(None)["turn"] == [3]
    assert legal(m, 2) == []
    run(m, [(3, "pass")])
    view = m.view(None)
    assert view["phase"] == "trump"
    assert view["bid"] == {"seat": 1, "value": 18}


def test_it_annuls_raise_bidding_when_all_pass_by_default() -> None:
    m = new_match(HANDS_A, Rules(bidding="raise"))
    run(m, [(1, "pass"), (2, "pass"), (3, "pass")])
    assert m.view(None)["turn"] == [0]
    assert {"type": "pass"} in m.legal_actions(0)
    run(m, [(0, "pass")])
    assert m.view(None)["phase"] == "deal"
    assert m.view(None)["last_round"]["reason"] == REASONS[2]


def test_it_makes_the_dealer_take_min_bid_when_all_pass_and_dealer_forced() -> None:
    m = new_match(HANDS_A, Rules(bidding="raise", all_pass="dealer_forced"))
    run(m, [(1, "pass"), (2, "pass"), (3, "pass")])
    assert m.view(None)["turn"] == [0]
    dealer_options = m.legal_actions(0)
    forced = {"type": "bid", "value": 16}
    assert forced in dealer_options or {"type": "pass"} in dealer_options
    run(m, [(0, "pass" if {"type": "pass"} in dealer_options else 16)])
    view = m.view(None)
    assert view["phase"] == "trump"
    assert view["turn"] == [0]
    assert view["bid"] == {"seat": 0, "value": 16}


def test_it_makes_the_dealer_take_15_when_min_bid_is_15_and_dealer_forced() -> None:
    m = new_match(HANDS_A, Rules(bidding="raise", all_pass="dealer_forced", min_bid=15))
    run(m, [(1, "pass"), (2, "pass"), (3, "pass")])
    run(m, [(0, "pass" if {"type": "pass"} in m.legal_actions(0) else 15)])
    assert m.view(None)["bid"] == {"seat": 0, "value": 15}


def test_it_lets_each_player_speak_once_in_once_bidding() -> None:
    m = new_match(HANDS_A, Rules(bidding="once"))
    run(m, [(1, 16), (2, "pass"), (3, 18)])
    # Seat 1 has spoken and cannot answer; the dealer speaks last.
    assert m.view(None)["turn"] == [0]
    assert legal(m, 1) == []
    assert legal(m, 0) == as_json(["pass", *bids(19)])
    run(m, [(0, "pass")])
    view = m.view(None)
    assert view["phase"] == "trump"
    assert view["bid"] == {"seat": 3, "value": 18}


def test_it_gives_the_call_to_the_last_higher_caller_in_once_bidding() -> None:
    m = new_match(HANDS_A, Rules(bidding="once"))
    run(m, [(1, 16), (2, 17), (3, "pass"), (0, "pass")])
    assert m.view(None)["bid"] == {"seat": 2, "value": 17}
    assert m.view(None)["turn"] == [2]


def test_it_annuls_once_bidding_when_all_pass() -> None:
    m = new_match(HANDS_A, Rules(bidding="once"))
    run(m, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert m.view(None)["last_round"]["reason"] == REASONS[2]


def test_it_leaves_only_pass_to_a_challenger_after_the_holder_matches_28() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, 27), (2, 28)])
    assert legal(m, 1) == as_json(["pass", 28])
    run(m, [(1, 28)])
    assert legal(m, 2) == as_json(["pass"])
    run(m, [(2, "pass")])
    assert legal(m, 3) == as_json(["pass"])
    run(m, [(3, "pass"), (0, "pass")])
    assert m.view(None)["bid"] == {"seat": 1, "value": 28}


def test_it_lets_the_holder_match_again_and_again_in_one_duel() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, 16), (2, 17), (1, 17), (2, 18), (1, 18)])
    assert m.view(None)["turn"] == [2]
    assert legal(m, 2) == as_json(["pass", *bids(19)])
    run(m, [(2, "pass")])
    assert m.view(None)["turn"] == [3]
    assert m.view(None)["bid"] == {"seat": 1, "value": 18}
    assert legal(m, 3) == as_json(["pass", *bids(19)])
    run(m, [(3, "pass"), (0, "pass")])
    assert m.view(None)["bid"] == {"seat": 1, "value": 18}
    assert m.view(None)["phase"] == "trump"
