"""RULES.md section 4: trump in hand (any suit, held or not) or by the 7th card, which lies aside
face down, cannot be led or played, does not count for following suit, must be shown when its
suit is led and the bidder holds no other card of it or when it is the bidder's last card, and
becomes public and joins the bidder's hand when trump is shown by anyone."""

from __future__ import annotations

from game.engine import Rules
from tests.engine.decks import HANDS_C, HANDS_S7, cards
from tests.engine.scripts import (
    AUCTION_1_16,
    NO_DOUBLE_1,
    NO_SINGLE_HAND_0,
    TRICKS_S7_LAST,
    as_json,
    legal,
    new_match,
    of_type,
    plays,
    refused,
    run,
    tricks,
)

# Deck S7 with seat 1's 8D and seat 2's 9S swapped: seat 1 holds 9S besides its 7th card QS.
HANDS_S7_NINE = {
    1: "JC AC TC 9H JH 9S QS 7D",
    2: "JS 8D KS 8S JD 9D AD KC",
    3: HANDS_S7[3],
    0: HANDS_S7[0],
}
SEVENTH_CARD_PLAY = [*AUCTION_1_16, (1, "seventh_card"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0]


def test_it_offers_the_bidder_every_suit_or_the_seventh_card() -> None:
    m = new_match(HANDS_C)
    run(m, AUCTION_1_16)
    assert m.view(None)["phase"] == "trump"
    assert sorted(m.view(None)["turn"]) == [1]
    assert legal(m, 1) == as_json(["trump:C", "trump:D", "trump:H", "trump:S", "seventh_card"])
    for seat in (0, 2, 3):
        assert legal(m, seat) == []


def test_it_offers_only_the_four_suits_without_the_seventh_card_option() -> None:
    m = new_match(HANDS_C, Rules(seventh_card=False))
    run(m, AUCTION_1_16)
    assert legal(m, 1) == as_json(["trump:C", "trump:D", "trump:H", "trump:S"])
    refused(m, 1, {"type": "seventh_card"})


def test_it_lets_the_bidder_name_a_suit_it_does_not_hold() -> None:
    m = new_match(HANDS_C)
    events = run(m, [*AUCTION_1_16, (1, "trump:S")])
    assert not any(code.endswith("S") for code in m.view(1)["hand"])
    assert m.view(1)["trump"] == "S"
    for seat in (0, 2, 3):
        assert m.view(seat)["trump"] is None
    assert m.view(None)["trump"] == "S"
    (trump_set,) = of_type(events, "trump_set")
    assert trump_set["seat"] == 1
    assert trump_set["method"] == "in_hand"
    assert "suit" not in trump_set
    assert m.view(0)["trump_method"] == "in_hand"


def test_it_refuses_a_suit_that_is_not_a_suit() -> None:
    m = new_match(HANDS_C)
    run(m, AUCTION_1_16)
    refused(m, 1, {"type": "trump", "suit": "X"})
    refused(m, 2, {"type": "trump", "suit": "H"})


def test_it_sets_the_seventh_card_aside_for_the_bidder_only() -> None:
    m = new_match(HANDS_S7)
    events = run(m, SEVENTH_CARD_PLAY)
    bidder = m.view(1)
    assert sorted(bidder["hand"]) == sorted(cards("JC AC TC 9H JH 8D 7D"))
    assert bidder["seventh_card"] == "QS"
    assert bidder["trump"] == "S"
    assert bidder["seventh_card_aside"] is True
    assert bidder["hand_counts"] == [8, 7, 8, 8]
    for seat in (0, 2, 3):
        view = m.view(seat)
        assert view.get("seventh_card") is None
        assert view["trump"] is None
        assert view["seventh_card_aside"] is True
    (trump_set,) = of_type(events, "trump_set")
    assert trump_set["method"] == "seventh_card"
    assert "QS" not in str(events)


def test_it_never_lets_the_seventh_card_be_led() -> None:
    m = new_match(HANDS_S7)
    run(m, SEVENTH_CARD_PLAY)
    assert m.view(None)["turn"] == [1]
    assert legal(m, 1) == plays("JC AC TC 9H JH 8D 7D")
    refused(m, 1, {"type": "play", "card": "QS"})
    refused(m, 1, {"type": "show_trump"})


def test_it_forces_the_show_when_its_suit_is_led_and_the_bidder_has_no_other_card_of_it() -> None:
    m = new_match(HANDS_S7)
    run(m, SEVENTH_CARD_PLAY)
    events = run(m, [(1, "JC"), (2, "KC"), (3, "7C"), (0, "9C")])
    events += run(m, [(1, "7D"), (2, "JD"), (3, "QD"), (0, "7H")])
    assert tricks(events) == [(1, 5), (2, 3)]
    events = run(m, [(2, "8S"), (3, "7S"), (0, "8H")])
    assert legal(m, 1) == as_json(["show"])
    refused(m, 1, {"type": "play", "card": "JH"})
    shown = run(m, [(1, "show")])
    (event,) = of_type(shown, "trump_shown")
    assert (event["seat"], event["suit"], event["card"]) == (1, "S", "QS")
    assert legal(m, 1) == plays("QS")
    for seat in (0, 2, 3, None):
        view = m.view(seat)
        assert view["trump"] == "S"
        assert view["trump_shown"] is True
        assert view["trump_card"] == "QS"
    events = run(m, [(1, "QS")])
    # Trump shown in this trick: QS is the highest trump of 8S, 7S, QS.
    assert tricks(events) == [(1, 0)]
    assert m.view(None)["points"] == [3, 5]


def test_it_does_not_count_the_seventh_card_for_following_suit() -> None:
    m = new_match(HANDS_S7_NINE)
    run(m, SEVENTH_CARD_PLAY)
    run(m, [(1, "JC"), (2, "KC"), (3, "7C"), (0, "9C")])
    run(m, [(1, "7D"), (2, "JD"), (3, "QD"), (0, "7H"), (2, "8S"), (3, "7S"), (0, "8H")])
    assert legal(m, 1) == plays("9S")


def test_it_forces_the_show_when_the_seventh_card_is_the_bidders_last_card() -> None:
    m = new_match(HANDS_S7)
    run(m, SEVENTH_CARD_PLAY)
    events = run(m, [step for trick in TRICKS_S7_LAST[:7] for step in trick])
    assert m.view(1)["hand"] == []
    assert m.view(1)["seventh_card"] == "QS"
    events += run(m, [(2, "AD"), (3, "TD"), (0, "AH")])
    assert legal(m, 1) == as_json(["show"])
    events += run(m, [(1, "show")])
    assert legal(m, 1) == plays("QS")
    events += run(m, [(1, "QS")])
    assert tricks(events) == [
        (1, 5), (1, 1), (1, 3), (1, 3), (1, 8), (2, 2), (2, 3), (1, 3)
    ]
    result = m.view(None)["last_round"]
    assert result["annulled"] is False
    assert result["points"] == [5, 23]
    assert result["made"] is True


def test_it_makes_the_seventh_card_public_and_gives_it_back_when_anyone_shows_trump() -> None:
    m = new_match(HANDS_S7)
    run(m, SEVENTH_CARD_PLAY)
    run(m, [(1, "JC"), (2, "KC"), (3, "7C"), (0, "9C"), (1, "7D"), (2, "JD"), (3, "QD")])
    # Seat 0 has no diamond: it may discard or ask for trump.
    assert legal(m, 0) == as_json(["show", "QC", "KH", "QH", "AH", "TH", "8H", "7H"])
    shown = run(m, [(0, "show")])
    (event,) = of_type(shown, "trump_shown")
    assert (event["seat"], event["suit"], event["card"]) == (0, "S", "QS")
    bidder = m.view(1)
    assert "QS" in bidder["hand"]
    assert bidder["seventh_card_aside"] is False
    assert m.view(2)["trump_card"] == "QS"
    # Seat 0 holds no spade, so any card will do.
    assert legal(m, 0) == plays("QC KH QH AH TH 8H 7H")
    events = run(m, [(0, "7H")])
    assert tricks(events) == [(2, 3)]
    run(m, [(2, "8S"), (3, "7S"), (0, "8H")])
    assert legal(m, 1) == plays("QS")
