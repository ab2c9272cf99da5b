"""RULES.md section 9: +/- stake for the bidding team only, the bonus with no Double, Single Hand
stakes, red and black sets with the rest carried over, reset_after_set, and dealer rotation."""

from __future__ import annotations

from game.engine import Match, Rules
from tests.engine.decks import HANDS_A, HANDS_B, HANDS_C, HANDS_D, HANDS_SH1, HANDS_SH2, rotate
from tests.engine.decks import deck_of_hands as deck
from tests.engine.scripts import (
    AUCTION_1_16,
    NO_DOUBLE_1,
    NO_SINGLE_HAND_0,
    TRICKS_A,
    TRICKS_B,
    TRICKS_C,
    TRICKS_SH2,
    Step,
    flat,
    new_match,
    run,
)


def regular(bid: int = 16, calls: list[Step] | None = None) -> list[Step]:
    """Seat 1 calls ``bid`` with hearts in hand, the stake calls, no Single Hand."""
    return [(1, bid), (2, "pass"), (3, "pass"), (0, "pass"), (1, "trump:H"),
            *(NO_DOUBLE_1 if calls is None else calls), *NO_SINGLE_HAND_0]


# Deck D dealt by seat 1: seat 3 calls 16, Double and Redouble, seat 3 shows trump at trick 1
# and team 1 has 18 points after five tricks (5 3 2 3 5).
ROUND_D_REDOUBLED: list[Step] = [
    (2, "pass"), (3, 16), (0, "pass"), (1, "pass"), (3, "trump:H"),
    (0, "double"), (3, "redouble"), (0, "pass"), (2, "pass"),
    (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"),
    (2, "7S"), (3, "show"), (3, "9H"), (0, "7C"), (1, "JS"),
    (3, "JC"), (0, "KC"), (1, "KD"), (2, "8S"),
    (3, "9C"), (0, "QC"), (1, "QD"), (2, "QS"),
    (3, "AC"), (0, "8C"), (1, "TS"), (2, "AD"),
    (3, "TC"), (0, "9D"), (1, "AS"), (2, "TD"),
]
# Deck SH1 moved one seat on, dealt by seat 1: seat 3 calls Single Hand, is doubled and
# redoubled (12), and loses trick 1 to seat 2's JS.
ROUND_SH1_LOST_12: list[Step] = [
    (2, 16), (3, "pass"), (0, "pass"), (1, "pass"), (2, "trump:H"), (3, "pass"), (1, "pass"),
    (2, "pass"), (3, "single_hand"), (2, "double"), (1, "redouble"),
    (3, "9S"), (0, "8C"), (2, "JS"),
]


def test_it_scores_the_made_call_for_the_bidding_team_only() -> None:
    m = new_match(HANDS_A)
    run(m, [*regular(), *flat(TRICKS_A[:5])])
    view = m.view(None)
    assert view["score"] == [0, 1]
    assert view["sets"] == [[0, 0], [0, 0]]
    result = dict(view["last_round"])
    assert "dealer" in result
    del result["dealer"]
    assert result == {
        "annulled": False, "kind": "regular", "bidder": 1, "team": 1, "bid": 16, "target": 16,
        "stake": 1, "points": [3, 16], "tricks": [1, 4], "made": True, "bonus": False,
        "delta": 1, "score": [0, 1], "sets": [[0, 0], [0, 0]], "new_sets": [[0, 0], [0, 0]],
        "ended_early": True, "trump": "H", "trump_method": "in_hand",
    }


def test_it_takes_the_stake_off_when_the_call_fails() -> None:
    m = new_match(HANDS_A)
    run(m, [*regular(bid=28), *flat(TRICKS_A[:4])])
    assert m.view(None)["score"] == [0, -1]
    assert m.view(None)["last_round"]["delta"] == -1


def test_it_adds_the_bonus_when_the_bidders_team_takes_all_8_tricks_undoubled() -> None:
    m = new_match(HANDS_C)
    run(m, [*regular(), *flat(TRICKS_C)])
    result = m.view(None)["last_round"]
    assert (result["tricks"], result["points"]) == ([0, 8], [0, 28])
    assert (result["made"], result["bonus"], result["delta"]) == (True, True, 2)
    assert result["ended_early"] is False
    assert m.view(None)["score"] == [0, 2]


def test_it_takes_the_bonus_off_when_the_bidders_team_takes_no_trick_undoubled() -> None:
    m = new_match(HANDS_C)
    run(m, [(1, "pass"), (2, "pass"), (3, "pass"), (0, 16), (0, "trump:H"), (1, "pass"),
            (3, "pass"), *NO_SINGLE_HAND_0])
    run(m, [(1, "JH"), (2, "8H"), (3, "show"), (3, "KD"), (0, "7H")])
    # Seat 1, an opponent of the bidder, holds KH and QH: the target goes up to 20.
    assert m.view(None)["target"] == 20
    run(m, [(1, "JC"), (2, "QC"), (3, "9D"), (0, "KC"),
            (1, "9C"), (2, "8C"), (3, "AD"), (0, "AC"),
            (1, "9H"), (2, "7D"), (3, "JD"), (0, "7S"),
            (1, "AH"), (2, "8D"), (3, "TS"), (0, "8S"),
            (1, "TH"), (2, "QD"), (3, "9S"), (0, "QS"),
            (1, "KH"), (2, "TD"), (3, "AS"), (0, "KS"),
            (1, "QH"), (2, "7C"), (3, "JS"), (0, "TC")])
    view = m.view(None)
    result = view["last_round"]
    assert (result["bidder"], result["team"], result["target"]) == (0, 0, 20)
    assert (result["points"], result["tricks"]) == ([0, 28], [0, 8])
    assert (result["made"], result["bonus"], result["delta"]) == (False, True, -2)
    assert view["score"] == [-2, 0]


def test_it_gives_no_bonus_after_a_double() -> None:
    m = new_match(HANDS_C)
    run(m, [*regular(calls=[(2, "double"), (1, "pass"), (3, "pass")]), *flat(TRICKS_C[:4])])
    view = m.view(None)
    result = view["last_round"]
    assert (result["tricks"], result["points"]) == ([0, 4], [0, 17])
    assert (result["stake"], result["bonus"], result["delta"]) == (2, False, 2)
    assert view["score"] == [0, 2]


def test_it_scores_4_for_a_redoubled_call() -> None:
    m = new_match(HANDS_B)
    calls: list[Step] = [(2, "double"), (1, "redouble"), (2, "pass"), (0, "pass")]
    run(m, [*regular(calls=calls), *flat(TRICKS_B[:5])])
    view = m.view(None)
    assert view["last_round"]["stake"] == 4
    assert view["score"] == [0, 4]


def test_it_scores_6_for_a_set_double_and_makes_it_a_red_set() -> None:
    m = new_match(HANDS_B)
    calls: list[Step] = [(2, "double"), (1, "redouble"), (0, "set_double")]
    run(m, [*regular(calls=calls), *flat(TRICKS_B[:5])])
    view = m.view(None)
    assert view["last_round"]["delta"] == 6
    assert view["score"] == [0, 0]
    assert view["sets"] == [[0, 0], [1, 0]]
    assert view["last_round"]["new_sets"] == [[0, 0], [1, 0]]


def test_it_carries_the_rest_over_a_red_set_4_then_4_gives_one_set_and_2() -> None:
    m = new_match(HANDS_B)
    calls: list[Step] = [(2, "double"), (1, "redouble"), (2, "pass"), (0, "pass")]
    run(m, [*regular(calls=calls), *flat(TRICKS_B[:5])])
    assert m.view(None)["score"] == [0, 4]
    assert m.view(None)["dealer"] == 1
    m.deal(deck=deck(1, HANDS_D))
    run(m, ROUND_D_REDOUBLED)
    view = m.view(None)
    result = view["last_round"]
    assert (result["bidder"], result["points"], result["delta"]) == (3, [0, 18], 4)
    assert view["score"] == [0, 2]
    assert view["sets"] == [[0, 0], [1, 0]]
    assert result["new_sets"] == [[0, 0], [1, 0]]
    assert view["dealer"] == 2


def _two_rounds(rules: Rules) -> Match:
    """Team 0 wins a Single Hand (+3), then team 1 loses a redoubled one (-12)."""
    m = new_match(HANDS_SH2, rules)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, (1, "pass"), (2, "single_hand"),
            (1, "pass"), (3, "pass"), *flat(TRICKS_SH2)])
    assert m.view(None)["score"] == [3, 0]
    m.deal(deck=deck(1, rotate(HANDS_SH1, 1)))
    run(m, ROUND_SH1_LOST_12)
    return m


def test_it_keeps_the_other_teams_score_after_a_set_by_default() -> None:
    view = _two_rounds(Rules()).view(None)
    assert view["last_round"]["delta"] == -12
    assert view["score"] == [3, 0]
    assert view["sets"] == [[0, 0], [0, 2]]


def test_it_zeroes_both_scores_after_a_set_with_reset_after_set() -> None:
    view = _two_rounds(Rules(reset_after_set=True)).view(None)
    assert view["score"] == [0, 0]
    assert view["sets"] == [[0, 0], [0, 2]]
    assert view["last_round"]["score"] == [0, 0]


def test_it_passes_the_deal_on_only_after_a_completed_round() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert m.view(None)["dealer"] == 0
    m.deal(deck=deck(0, HANDS_A))
    run(m, [*regular(), *flat(TRICKS_A[:5])])
    assert m.view(None)["dealer"] == 1
    m.deal(deck=deck(1, rotate(HANDS_A, 1)))
    assert m.view(None)["turn"] == [2]
    assert m.view(None)["dealer"] == 1
