"""RULES.md section 1: cards, ranks, points, card codes, seats in play order, teams, first hand."""

from __future__ import annotations

import pytest

from game.engine import Rules
from tests.engine.decks import HANDS_A, cards, rotate
from tests.engine.scripts import (
    AUCTION_1_16,
    CODE,
    NO_DOUBLE_1,
    NO_SINGLE_HAND_0,
    TRICKS_A,
    flat,
    new_match,
    of_type,
    run,
    tricks,
)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_it_gives_the_first_cards_and_first_word_to_the_seat_after_the_dealer(dealer: int) -> None:
    m = new_match(rotate(HANDS_A, dealer - 0), dealer=dealer)
    first_hand = (dealer + 1) % 4
    view = m.view(first_hand)
    assert view["phase"] == "bidding"
    assert view["turn"] == [first_hand]
    assert view["dealer"] == dealer
    assert sorted(view["hand"]) == sorted(cards(HANDS_A[1])[:4])


def test_it_passes_the_word_to_the_next_seat_in_play_order() -> None:
    m = new_match(rotate(HANDS_A, 2), dealer=2)
    seen = []
    for seat in (3, 0, 1):
        seen.append(m.view(None)["turn"])
        run(m, [(seat, "pass")])
    seen.append(m.view(None)["turn"])
    assert seen == [[3], [0], [1], [2]]


def test_it_asks_the_partners_facing_each_other_as_one_team() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H")])
    assert sorted(m.view(None)["turn"]) == [0, 2]
    rotated = new_match(rotate(HANDS_A, 1), dealer=1)
    run(rotated, [(2, 16), (3, "pass"), (0, "pass"), (1, "pass"), (2, "trump:H")])
    assert sorted(rotated.view(None)["turn"]) == [1, 3]


def test_it_ranks_every_suit_j_9_a_t_k_q_8_7_and_counts_28_points() -> None:
    m = new_match(HANDS_A, Rules(early_end=False))
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    events = run(m, flat(TRICKS_A))
    # JC over 9C; JH over TH, QH; JS over AS; a trump 8H over JD; 9H over AH, KH; AC over QC;
    # TC over KC; 9D over 8D.
    assert tricks(events) == [(1, 5), (1, 4), (3, 4), (0, 3), (1, 3), (1, 2), (1, 2), (2, 5)]
    result = of_type(events, "round_end")[0]
    assert result["points"] == [8, 20]
    assert sum(result["points"]) == 28
    assert m.view(None)["last_round"]["points"] == [8, 20]


def test_it_ranks_nine_over_ace_and_ten_over_king() -> None:
    m = new_match(HANDS_A, Rules(early_end=False))
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    events = run(m, [(1, "AC"), (2, "KC"), (3, "7C"), (0, "9C")])
    assert tricks(events) == [(0, 3)]
    assert m.view(None)["turn"] == [0]


def test_it_shows_cards_only_as_two_character_codes() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1])
    hands = m.view(None)["hands"]
    assert sorted(hands) == ["0", "1", "2", "3"]
    for seat in range(4):
        assert all(CODE.match(code) for code in hands[str(seat)])
        assert sorted(hands[str(seat)]) == sorted(cards(HANDS_A[seat]))
