"""RULES.md section 6: Single Hand calls in play order, first call wins, refused for a risk-free
hand, allowed after a regular Redouble; the partner sits out, the caller leads, the round ends at
the first lost trick; stake 3 (or 6) doubled and redoubled; partner_hand after the first card."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import Rules
from tests.engine.decks import HANDS_A, HANDS_C, HANDS_SH1, HANDS_SH2, PACK, cards, points
from tests.engine.scripts import (
    AUCTION_1_16,
    NO_DOUBLE_1,
    TRICKS_SH2,
    Step,
    as_json,
    leaked,
    legal,
    new_match,
    of_type,
    refused,
    run,
)

TO_SINGLE_HAND: list[Step] = [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1]
def test_it_asks_for_single_hand_from_the_first_hand_in_play_order() -> None:
    m = new_match(HANDS_SH1)
    run(m, TO_SINGLE_HAND)
    view = m.view(None)
    assert view["phase"] == "single_hand"
    assert view["turn"] == [1]
    # JH 9H AH TH KH 7H JC JS cannot lose a trick: RULES.md's risk-free example.
    assert legal(m, 1) == as_json(["pass"])
    refused(m, 1, {"type": "single_hand"})
    assert legal(m, 2) == []
    run(m, [(1, "pass")])
    assert m.view(None)["turn"] == [2]
    # JD 9D AD TD KD QD 8D 9S: the 9S may lose to JS.
    assert legal(m, 2) == as_json(["single_hand", "pass"])


def test_it_refuses_single_hand_for_a_hand_whose_low_cards_fall_last() -> None:
    m = new_match(HANDS_C)
    run(m, TO_SINGLE_HAND)
    # JH 9H AH TH KH QH JC 9C: every card outranks all the cards of its suit it lacks.
    assert legal(m, 1) == as_json(["pass"])
    run(m, [(1, "pass"), (2, "pass")])
    # JS 9S AS TS JD 9D AD KD: KD is the 4th diamond and 4 diamonds are missing.
    assert legal(m, 3) == as_json(["single_hand", "pass"])


def test_it_gives_single_hand_to_the_first_caller_and_asks_the_opponents_to_double() -> None:
    m = new_match(HANDS_SH1)
    events = run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand")])
    assert [e["seat"] for e in of_type(events, "single_hand")] == [2]
    view = m.view(None)
    assert view["phase"] == "single_hand_doubling"
    assert view["single_hand"] == 2
    assert view["stake"] == 3
    assert sorted(view["turn"]) == [1, 3]
    assert legal(m, 1) == as_json(["double", "pass"])
    assert legal(m, 3) == as_json(["double", "pass"])
    assert legal(m, 0) == []
    assert legal(m, 2) == []


def test_it_lets_the_caller_lead_while_the_partner_sits_out() -> None:
    m = new_match(HANDS_SH1)
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand"), (1, "pass"), (3, "pass")])
    view = m.view(None)
    assert view["phase"] == "play"
    assert view["turn"] == [2]
    assert view["sits_out"] == 0
    assert view["stake"] == 3
    assert legal(m, 0) == []
    run(m, [(2, "9S")])
    assert m.view(None)["turn"] == [3]
    run(m, [(3, "8C")])
    # Seat 0 sits out: seat 1 plays next.
    assert m.view(None)["turn"] == [1]
    assert legal(m, 0) == []


def test_it_ends_a_single_hand_at_the_first_lost_trick() -> None:
    m = new_match(HANDS_SH1)
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand"), (1, "pass"), (3, "pass")])
    events = run(m, [(2, "9S"), (3, "8C"), (1, "JS")])
    (trick,) = of_type(events, "trick")
    assert trick["winner"] == 1
    assert len(trick["cards"]) == 3
    view = m.view(None)
    assert view["phase"] == "deal"
    assert view["dealer"] == 1
    assert view["score"] == [-3, 0]
    result = view["last_round"]
    assert result["annulled"] is False
    assert result["kind"] == "single_hand"
    assert result["bidder"] == 2
    assert result["team"] == 0
    assert result["stake"] == 3
    assert result["made"] is False
    assert result["delta"] == -3
    assert result["tricks"] == [0, 1]
    assert result["ended_early"] is True


def test_it_scores_a_single_hand_won_with_all_eight_tricks() -> None:
    m = new_match(HANDS_SH2)
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand"), (1, "pass"), (3, "pass")])
    events: list[dict[str, Any]] = []
    for trick in TRICKS_SH2:
        assert m.view(None)["turn"] == [2]
        events += run(m, trick)
    assert [e["winner"] for e in of_type(events, "trick")] == [2] * 8
    view = m.view(None)
    assert view["score"] == [3, 0]
    result = view["last_round"]
    assert (result["kind"], result["made"], result["delta"]) == ("single_hand", True, 3)
    assert result["tricks"] == [8, 0]
    assert result["bonus"] is False


def test_it_shows_the_partners_hand_to_the_caller_only_after_the_first_card() -> None:
    m = new_match(HANDS_SH2)
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand"), (1, "pass"), (3, "pass")])
    partner = cards(HANDS_SH2[0])
    before = m.view(2)
    assert not before.get("partner_hand")
    assert leaked(before, partner) == []
    assert sorted(m.view(None)["hands"]["0"]) == sorted(partner)
    run(m, [(2, "JD")])
    assert sorted(m.view(2)["partner_hand"]) == sorted(partner)
    for step in [step for trick in TRICKS_SH2 for step in trick][1:]:
        for seat in (1, 3):
            assert leaked(m.view(seat), partner) == []
        run(m, [step])


def test_it_lets_opponents_double_to_6_and_the_callers_team_redouble_to_12() -> None:
    m = new_match(HANDS_SH1)
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand"), (1, "double")])
    view = m.view(None)
    assert view["stake"] == 6
    assert sorted(view["turn"]) == [0, 2]
    assert legal(m, 0) == as_json(["redouble", "pass"])
    assert legal(m, 3) == []
    refused(m, 3, {"type": "redouble"})
    run(m, [(0, "redouble")])
    view = m.view(None)
    assert view["stake"] == 12
    assert view["phase"] == "play"
    run(m, [(2, "9S"), (3, "8C"), (1, "JS")])
    view = m.view(None)
    # 0 then -12: two black sets and 0.
    assert view["score"] == [0, 0]
    assert view["sets"] == [[0, 2], [0, 0]]
    assert view["last_round"]["delta"] == -12
    assert view["last_round"]["new_sets"] == [[0, 2], [0, 0]]


def test_it_stakes_6_with_single_hand_stake_6() -> None:
    m = new_match(HANDS_SH1, Rules(single_hand_stake=6))
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand")])
    assert m.view(None)["stake"] == 6
    run(m, [(1, "double")])
    assert m.view(None)["stake"] == 12
    run(m, [(2, "redouble")])
    assert m.view(None)["stake"] == 24


def test_it_loses_6_for_a_lost_single_hand_with_single_hand_stake_6() -> None:
    m = new_match(HANDS_SH1, Rules(single_hand_stake=6))
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand"), (1, "pass"), (3, "pass")])
    run(m, [(2, "9S"), (3, "8C"), (1, "JS")])
    view = m.view(None)
    assert view["last_round"]["delta"] == -6
    assert view["score"] == [0, 0]
    assert view["sets"] == [[0, 1], [0, 0]]


def test_it_allows_single_hand_after_a_regular_redouble_and_drops_the_regular_stake() -> None:
    m = new_match(HANDS_SH1)
    run(m, [*AUCTION_1_16, (1, "trump:H"), (2, "double"), (1, "redouble"), (2, "pass"),
            (0, "pass")])
    assert m.view(None)["stake"] == 4
    assert m.view(None)["phase"] == "single_hand"
    run(m, [(1, "pass")])
    assert legal(m, 2) == as_json(["single_hand", "pass"])
    run(m, [(2, "single_hand")])
    assert m.view(None)["stake"] == 3


def test_it_returns_a_set_aside_seventh_card_to_its_owner() -> None:
    m = new_match(HANDS_SH1)
    run(m, [*AUCTION_1_16, (1, "seventh_card"), *NO_DOUBLE_1])
    assert "JC" not in m.view(1)["hand"]
    run(m, [(1, "pass"), (2, "single_hand")])
    bidder = m.view(1)
    assert sorted(bidder["hand"]) == sorted(cards(HANDS_SH1[1]))
    assert bidder["seventh_card_aside"] is False
    assert bidder["hand_counts"] == [8, 8, 8, 8]


def test_it_plays_a_single_hand_without_doubles_when_doubling_is_off() -> None:
    m = new_match(HANDS_SH1, Rules(doubling=False))
    run(m, [*AUCTION_1_16, (1, "trump:H")])
    assert m.view(None)["phase"] == "single_hand"
    run(m, [(1, "pass"), (2, "single_hand")])
    view = m.view(None)
    assert view["phase"] == "play"
    assert view["stake"] == 3
    assert view["turn"] == [2]


def test_it_skips_single_hand_when_the_option_is_off() -> None:
    m = new_match(HANDS_A, Rules(single_hand=False))
    run(m, TO_SINGLE_HAND)
    view = m.view(None)
    assert view["phase"] == "play"
    assert view["turn"] == [1]
    for seat in range(4):
        assert all(a["type"] != "single_hand" for a in m.legal_actions(seat))


def test_it_lets_a_void_opponent_play_any_card_and_never_ask_for_trump() -> None:
    m = new_match(HANDS_SH2)
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand"), (1, "pass"), (3, "pass")])
    assert legal(m, 2) == as_json(cards(HANDS_SH2[2]))
    run(m, [(2, "JD")])
    # Seat 3 must follow with its only diamond; seat 1 has none and may play anything.
    assert legal(m, 3) == as_json(["7D"])
    run(m, [(3, "7D")])
    assert legal(m, 1) == as_json(cards(HANDS_SH2[1]))
    run(m, [(1, "7H"), (2, "9D")])
    assert legal(m, 3) == as_json(cards("QH 8H AC TC KC QC 8C"))
    view = m.view(None)
    assert view["trump_shown"] is False


def test_it_asks_nobody_else_once_single_hand_is_called() -> None:
    m = new_match(HANDS_SH1)
    run(m, [*TO_SINGLE_HAND, (1, "pass"), (2, "single_hand")])
    for seat in range(4):
        assert all(a["type"] != "single_hand" for a in m.legal_actions(seat))
    refused(m, 3, {"type": "single_hand"})


def _hands_around(first_hand: str) -> dict[int, str]:
    """Seat 1 holds these eight cards; the other 24 go round seats 2, 3, 0 in pack order."""
    own = cards(first_hand)
    rest = [c for c in sorted(PACK, key=lambda c: ("CDHS".index(c[1]), "J9ATKQ87".index(c[0])))
            if c not in own]
    hands = {1: " ".join(own)}
    for k, seat in enumerate((2, 3, 0)):
        hands[seat] = " ".join(rest[k::3])
    assert all(points(h) for h in hands.values())
    return hands


@pytest.mark.parametrize(
    ("hand", "allowed"),
    [
        ("JH 9H AH TH 7H JC 9C AC", False),  # 7H is the 5th heart, 3 hearts missing
        ("JH 9H AH 7H JC 9C AC TC", True),  # 7H is the 4th heart, 4 hearts missing
        ("JH 9H AH TH KH QH 8H 7H", False),  # every heart
        ("9H AH TH KH QH 8H 7H JC", True),  # JH is missing: even 9H may lose
        ("JH 9H AH TH JC 9C AC TC", False),  # eight top cards
    ],
)
def test_it_refuses_single_hand_exactly_for_risk_free_hands(hand: str, allowed: bool) -> None:
    m = new_match(_hands_around(hand))
    run(m, [*AUCTION_1_16, (1, "trump:C"), *NO_DOUBLE_1])
    assert m.view(None)["turn"] == [1]
    expected = ["single_hand", "pass"] if allowed else ["pass"]
    assert legal(m, 1) == as_json(expected)


def test_it_counts_a_set_aside_seventh_card_when_judging_the_risk() -> None:
    # Without its 7th card 8S the hand would be risk-free; with it, 8S may lose.
    m = new_match(_hands_around("JH 9H AH TH JC 9C 8S AC"))
    run(m, [*AUCTION_1_16, (1, "seventh_card"), *NO_DOUBLE_1])
    assert m.view(1)["seventh_card"] == "8S"
    assert legal(m, 1) == as_json(["single_hand", "pass"])
