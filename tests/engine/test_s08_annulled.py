"""RULES.md section 8: the seven annulments, each detected by the engine at its stated moment with
its reason code, no score, and the same dealer dealing again."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import Match, Rules
from tests.engine.decks import HANDS_A, HANDS_S7, HANDS_SH1, deck_of_hands
from tests.engine.scripts import (
    AUCTION_1_16,
    NO_DOUBLE_1,
    NO_SINGLE_HAND_0,
    REASONS,
    TRICKS_S7_LAST,
    flat,
    new_match,
    of_type,
    run,
    tricks,
)

# Deck A with seat 1's first packet and seat 0's second packet swapped: no point card for the
# first hand among its first four.
HANDS_NO_OPENING_POINT = {
    1: "KH QS 8H 7H JC 7D 8D 7S",
    2: HANDS_A[2],
    3: HANDS_A[3],
    0: "AS TS KS 9C JH 9H AC TC",
}
# Seat 2 gets all four jacks in deal 1.
HANDS_JACKS_FIRST = {
    1: "9D 9H AC TC KC 7D 8D 7S",
    2: "JD JH JC JS AH 8C 8S QH",
    3: "QC 9S AD TD TH 7C KD QD",
    0: HANDS_A[0],
}
# Seat 2 gets JD in deal 1 and the other three jacks in deal 2.
HANDS_JACKS_SECOND = {
    1: "AH 9H AC TC 8C 7D 8D 7S",
    2: "JD 9D KC QC JH JC JS QH",
    3: "8S 9S AD TD TH 7C KD QD",
    0: HANDS_A[0],
}
# Seat 0 holds no point card among its eight (none in its first four either).
HANDS_POINTLESS = {
    1: HANDS_A[1],
    2: "JD 9D AS TS AH 9C 8S QH",
    3: HANDS_A[3],
    0: "KC QC KS 8C KH QS 8H 7H",
}
# Deck S7 where team 1's only spade is seat 1's 7th card QS (seat 3 holds none).
HANDS_ONLY_SEVENTH = {
    1: HANDS_S7[1],
    2: "JS 9S KS 8S AS TS 7S KC",
    3: "JD 9D AD TD KD QD 7C 8C",
    0: HANDS_S7[0],
}
# Deck S7 with seat 1 holding 9S (points) besides QS, or 8S (no points) besides QS.
HANDS_S7_NINE = {1: "JC AC TC 9H JH 9S QS 7D", 2: "JS 8D KS 8S JD 9D AD KC",
                 3: HANDS_S7[3], 0: HANDS_S7[0]}
HANDS_S7_EIGHT = {1: "JC AC TC 9H JH 8S QS 7D", 2: "JS 9S KS 8D JD 9D AD KC",
                  3: HANDS_S7[3], 0: HANDS_S7[0]}


def assert_annulled(m: Match, code: int, events: list[dict[str, Any]]) -> None:
    """The deal is over with that reason, nobody scored, and the same dealer deals next."""
    view = m.view(None)
    assert view["phase"] == "deal"
    assert view["dealer"] == 0
    assert view["turn"] == []
    assert view["score"] == [0, 0]
    result = view["last_round"]
    assert result["annulled"] is True
    assert result["reason"] == REASONS[code]
    assert isinstance(result["reason_text"], str) and result["reason_text"]
    assert result["dealer"] == 0
    assert [e["reason"] for e in of_type(events, "annulled")] == [REASONS[code]]
    for seat in range(4):
        assert m.legal_actions(seat) == []


def test_it_annuls_at_deal_1_when_the_first_hand_has_no_point_card() -> None:
    m = Match(Rules(), dealer=0, seed=7)
    events = m.deal(deck=deck_of_hands(0, HANDS_NO_OPENING_POINT))
    assert_annulled(m, 1, events)
    m.deal(deck=deck_of_hands(0, HANDS_A))
    assert m.view(None)["phase"] == "bidding"
    assert m.view(None)["turn"] == [1]


def test_it_annuls_when_all_four_pass_and_the_same_dealer_deals_again() -> None:
    m = new_match(HANDS_A)
    events = run(m, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert_annulled(m, 2, events)
    m.deal(deck=deck_of_hands(0, HANDS_A))
    assert m.view(None)["turn"] == [1]
    assert m.view(None)["dealer"] == 0


def test_it_annuls_at_deal_1_when_one_player_holds_the_four_jacks() -> None:
    m = Match(Rules(), dealer=0, seed=7)
    events = m.deal(deck=deck_of_hands(0, HANDS_JACKS_FIRST))
    assert_annulled(m, 3, events)


def test_it_annuls_at_deal_2_when_one_player_completes_the_four_jacks() -> None:
    m = new_match(HANDS_JACKS_SECOND)
    assert m.view(None)["phase"] == "bidding"
    events = run(m, [*AUCTION_1_16, (1, "trump:H"), (2, "pass")])
    assert m.view(None)["phase"] == "doubling"
    events = run(m, [(0, "pass")])
    assert_annulled(m, 3, events)


def test_it_annuls_at_deal_2_before_stage_6_when_a_player_has_no_point_card() -> None:
    m = new_match(HANDS_POINTLESS)
    run(m, [*AUCTION_1_16, (1, "seventh_card"), (2, "double"), (1, "pass")])
    events = run(m, [(3, "pass")])
    assert_annulled(m, 4, events)


def test_it_annuls_when_single_hand_ends_uncalled_and_a_team_has_no_trump() -> None:
    m = new_match(HANDS_SH1)
    # Hearts: seats 2 and 0 hold none.
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, (1, "pass"), (2, "pass"), (3, "pass")])
    assert m.view(None)["phase"] == "single_hand"
    events = run(m, [(0, "pass")])
    assert_annulled(m, 5, events)


def test_it_counts_the_seventh_card_as_the_bidders_trump() -> None:
    m = new_match(HANDS_ONLY_SEVENTH)
    run(m, [*AUCTION_1_16, (1, "seventh_card"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    assert m.view(None)["phase"] == "play"


@pytest.mark.parametrize(
    ("hands", "check", "annulled"),
    [
        (HANDS_S7, "none", False),
        (HANDS_S7, "point_trump", True),
        (HANDS_S7, "two_trumps", True),
        (HANDS_S7_EIGHT, "point_trump", True),
        (HANDS_S7_EIGHT, "two_trumps", False),
        (HANDS_S7_NINE, "point_trump", False),
        (HANDS_S7_NINE, "two_trumps", False),
        (HANDS_ONLY_SEVENTH, "two_trumps", True),
    ],
)
def test_it_applies_the_seventh_card_check_when_single_hand_ends_uncalled(
    hands: dict[int, str], check: str, annulled: bool
) -> None:
    m = new_match(hands, Rules(seventh_card_check=check))
    run(m, [*AUCTION_1_16, (1, "seventh_card"), *NO_DOUBLE_1, (1, "pass"), (2, "pass"),
            (3, "pass")])
    assert m.view(None)["phase"] == "single_hand"
    events = run(m, [(0, "pass")])
    if annulled:
        assert_annulled(m, 6, events)
    else:
        assert m.view(None)["phase"] == "play"
        assert of_type(events, "annulled") == []


def test_it_ignores_the_seventh_card_check_for_a_trump_in_hand() -> None:
    m = new_match(HANDS_S7, Rules(seventh_card_check="two_trumps"))
    run(m, [*AUCTION_1_16, (1, "trump:S"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    assert m.view(None)["phase"] == "play"


def test_it_annuls_after_the_8th_trick_when_trump_was_never_shown() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "trump:S"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    steps = flat(TRICKS_S7_LAST)
    steps.remove((1, "show"))
    events = run(m, steps[:-1])
    assert m.view(None)["phase"] == "play"
    events = run(m, steps[-1:])
    # QS was a discard while trump was hidden: AD takes the trick.
    assert tricks(events) == [(2, 3)]
    assert_annulled(m, 7, events)


def test_it_checks_for_a_team_without_trump_before_play_when_single_hand_is_off() -> None:
    m = new_match(HANDS_SH1, Rules(single_hand=False))
    run(m, [*AUCTION_1_16, (1, "trump:H"), (2, "pass")])
    events = run(m, [(0, "pass")])
    assert_annulled(m, 5, events)


def test_it_annuls_when_the_bidders_own_team_holds_no_trump() -> None:
    m = new_match(HANDS_SH1)
    # Seat 2 names hearts, which neither it nor seat 0 holds.
    run(m, [(1, "pass"), (2, 16), (3, "pass"), (0, "pass"), (2, "trump:H"), (1, "pass"),
            (3, "pass"), (1, "pass"), (2, "pass"), (3, "pass")])
    events = run(m, [(0, "pass")])
    assert_annulled(m, 5, events)


def test_it_keeps_what_the_table_saw_of_an_annulled_deal_but_never_the_hidden_trump() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "trump:S"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    steps = flat(TRICKS_S7_LAST)
    steps.remove((1, "show"))
    run(m, steps)
    for seat in (0, 1, None):
        view = m.view(seat)
        result = view["last_round"]
        assert (result["bidder"], result["bid"], result["stake"]) == (1, 16, 1)
        assert sum(result["points"]) == 28 and sum(result["tricks"]) == 8
        assert result["tricks_played"] == 8
        assert not {"trump", "trump_method", "trump_card", "suit"} & set(result)
        # The last trick stays on show until the next deal, then goes.
        assert view["last_trick"]["winner"] == 2
        assert [c["card"] for c in view["last_trick"]["cards"]][-1] == steps[-1][1]
    m.deal()
    assert m.view(0)["last_trick"] is None
    assert "last_trick" not in m.view(0)["last_round"]


def test_it_keeps_only_the_reason_of_a_deal_annulled_before_any_call() -> None:
    m = new_match(HANDS_NO_OPENING_POINT)
    result = m.view(0)["last_round"]
    assert set(result) == {"annulled", "reason", "reason_no", "reason_text", "dealer"}
    assert m.view(0)["last_trick"] is None
