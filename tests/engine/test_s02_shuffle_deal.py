"""RULES.md section 2: where each card of a given deck goes, the 7th card, seeded shuffles."""

from __future__ import annotations

import pytest

from game.engine import Match, Rules
from tests.engine.decks import HANDS_A, HANDS_S7, PACK, cards, deck_of_hands, rotate
from tests.engine.scripts import NO_DOUBLE_1, REASONS, of_type, run


def dealt_to_bidding(m: Match) -> None:
    """Deal shuffled decks until one is not annulled at deal 1 (reasons 1 and 3 only)."""
    for _ in range(60):
        m.deal()
        view = m.view(None)
        if view["phase"] == "bidding":
            return
        assert view["phase"] == "deal"
        assert view["last_round"]["reason"] in (REASONS[1], REASONS[3])
    pytest.fail("sixty shuffled deals in a row were annulled at deal 1")


def test_it_deals_deck_packets_to_the_seats_section_2_names() -> None:
    deck = deck_of_hands(2, rotate(HANDS_A, 2))
    m = Match(Rules(), dealer=2, seed=7)
    m.deal(deck=deck)
    hands = m.view(None)["hands"]
    for k in range(4):
        assert sorted(hands[str((2 + 1 + k) % 4)]) == sorted(deck[4 * k : 4 * k + 4])
    # Seat 3 (first hand) bids; seat 0 and seat 2 are the other team.
    run(m, [(3, 16), (0, "pass"), (1, "pass"), (2, "pass"), (3, "trump:H"), (0, "pass"),
            (2, "pass")])
    hands = m.view(None)["hands"]
    for k in range(4):
        expected = deck[4 * k : 4 * k + 4] + deck[16 + 4 * k : 16 + 4 * k + 4]
        assert sorted(hands[str((2 + 1 + k) % 4)]) == sorted(expected)


def test_it_deals_the_second_packets_by_itself_when_the_stake_question_ends() -> None:
    m = Match(Rules(), dealer=0, seed=7)
    m.deal(deck=deck_of_hands(0, HANDS_A))
    run(m, [(1, 16), (2, "pass"), (3, "pass"), (0, "pass"), (1, "trump:H"), (2, "pass")])
    assert len(m.view(2)["hand"]) == 4
    events = run(m, [(0, "pass")])
    assert {"type": "deal", "dealer": 0, "packet": 2} in [
        {k: e[k] for k in ("type", "dealer", "packet")} for e in of_type(events, "deal")
    ]
    for seat in range(4):
        assert sorted(m.view(seat)["hand"]) == sorted(cards(HANDS_A[seat]))


def test_it_takes_the_third_card_of_the_second_packet_as_the_7th_card() -> None:
    deck = deck_of_hands(0, HANDS_S7)
    assert deck[16 + 0 * 4 + 2] == "QS"
    m = Match(Rules(), dealer=0, seed=7)
    m.deal(deck=deck)
    run(m, [(1, 16), (2, "pass"), (3, "pass"), (0, "pass"), (1, "seventh_card"), *NO_DOUBLE_1])
    view = m.view(1)
    assert view["seventh_card"] == "QS"
    assert "QS" not in view["hand"]
    assert view["trump"] == "S"


@pytest.mark.parametrize("shuffle", ["realistic", "thorough"])
def test_it_shuffles_the_same_way_for_the_same_seed(shuffle: str) -> None:
    first = Match(Rules(shuffle=shuffle), dealer=0, seed=11)
    second = Match(Rules(shuffle=shuffle), dealer=0, seed=11)
    dealt_to_bidding(first)
    dealt_to_bidding(second)
    assert first.view(None)["hands"] == second.view(None)["hands"]
    dealt = [c for hand in first.view(None)["hands"].values() for c in hand]
    assert len(dealt) == 16
    assert len(set(dealt)) == 16
    assert set(dealt) <= PACK


def test_it_deals_a_whole_pack_again_after_a_deck_reset() -> None:
    m = Match(Rules(), dealer=0, seed=3)
    events = m.reset_deck()
    assert {"type": "reset", "what": "deck"} in [
        {k: e.get(k) for k in ("type", "what")} for e in events
    ]
    dealt_to_bidding(m)
    first_hand = m.view(None)["turn"][0]
    assert first_hand == 1
    hands = m.view(None)["hands"]
    assert sum(len(h) for h in hands.values()) == 16
