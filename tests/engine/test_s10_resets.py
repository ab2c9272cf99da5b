"""RULES.md section 10: the host's score, round and deck resets."""

from __future__ import annotations

from typing import Any

from game.engine import Match, Rules
from tests.engine.decks import HANDS_A, HANDS_SH1, rotate
from tests.engine.decks import deck_of_hands as deck
from tests.engine.scripts import (
    AUCTION_1_16,
    NO_DOUBLE_1,
    NO_SINGLE_HAND_0,
    TRICKS_A,
    flat,
    new_match,
    run,
)


def reset_kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["what"] for e in events if e.get("type") == "reset"]


def test_it_zeroes_both_scores_and_the_sets_on_a_score_reset() -> None:
    m = new_match(HANDS_SH1)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, (1, "pass"), (2, "single_hand"),
            (1, "double"), (0, "pass"), (2, "pass"), (2, "9S"), (3, "8C"), (1, "JS")])
    assert m.view(None)["score"] == [0, 0]
    assert m.view(None)["sets"] == [[0, 1], [0, 0]]
    m.deal(deck=deck(1, rotate(HANDS_A, 1)))
    run(m, [(2, 16), (3, "pass"), (0, "pass"), (1, "pass")])
    events = m.reset_score()
    assert reset_kinds(events) == ["score"]
    view = m.view(None)
    assert view["score"] == [0, 0]
    assert view["sets"] == [[0, 0], [0, 0]]
    # The deal in progress goes on.
    assert view["phase"] == "trump"
    assert view["dealer"] == 1


def test_it_abandons_the_round_and_keeps_the_dealer_on_a_round_reset() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0,
            *flat(TRICKS_A[:2]), (1, "7S")])
    events = m.reset_round()
    assert reset_kinds(events) == ["round"]
    view = m.view(None)
    assert view["phase"] == "deal"
    assert view["dealer"] == 0
    assert view["score"] == [0, 0]
    assert view["points"] == [0, 0]
    assert view["trick"] == []
    for seat in range(4):
        assert m.legal_actions(seat) == []
        assert m.view(seat)["hand"] == []
    m.deal(deck=deck(0, HANDS_A))
    assert m.view(None)["phase"] == "bidding"
    assert m.view(None)["turn"] == [1]
    assert sorted(m.view(1)["hand"]) == sorted(HANDS_A[1].split()[:4])


def test_it_keeps_the_score_on_a_round_reset() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0,
            *flat(TRICKS_A[:5])])
    assert m.view(None)["score"] == [0, 1]
    m.deal(deck=deck(1, rotate(HANDS_A, 1)))
    run(m, [(2, 16)])
    m.reset_round()
    view = m.view(None)
    assert view["score"] == [0, 1]
    assert view["dealer"] == 1
    assert view["phase"] == "deal"


def test_it_deals_from_a_fresh_deck_after_a_deck_reset() -> None:
    m = Match(Rules(), dealer=0, seed=5)
    twin = Match(Rules(), dealer=0, seed=5)
    events = m.reset_deck()
    twin.reset_deck()
    assert reset_kinds(events) == ["deck"]
    m.deal()
    twin.deal()
    assert m.view(None)["hands"] == twin.view(None)["hands"]
    dealt = [c for hand in m.view(None)["hands"].values() for c in hand]
    assert len(set(dealt)) == 16


def all_pass(m: Match) -> None:
    """Every seat passes: the deal is annulled and its cards gathered."""
    first = m.view(None)["turn"][0]
    run(m, [((first + k) % 4, "pass") for k in range(4)])
    assert m.view(None)["phase"] == "deal"


def next_hands(reset_during_deal: bool | None) -> dict[str, list[str]]:
    """The hands of the deal after an all-pass deal of a seeded match, with a Deck reset
    during that deal (True), after it (False) or none (None)."""
    m = Match(Rules(), dealer=0, seed=5)
    m.deal()
    if reset_during_deal:
        m.reset_deck()
    all_pass(m)
    if reset_during_deal is False:
        m.reset_deck()
    m.deal()
    return m.view(None)["hands"]


def test_a_deck_reset_during_a_deal_holds_for_the_next_one() -> None:
    """The cards of the deal in progress are gathered when it ends; the next deal is still
    shuffled from a fresh deck (the same one as after a reset between the deals)."""
    assert next_hands(True) == next_hands(False)
    assert next_hands(True) != next_hands(None)


def test_all_three_resets_in_any_order_deal_a_fresh_deck() -> None:
    """All reset: the three methods, the deck's before or after the round's."""
    dealt = []
    for order in (("score", "round", "deck"), ("score", "deck", "round")):
        m = Match(Rules(), dealer=0, seed=7)
        m.deal()
        for what in order:
            getattr(m, f"reset_{what}")()
        restored = Match.from_json(m.to_json())
        m.deal()
        restored.deal()
        assert restored.view(None)["hands"] == m.view(None)["hands"]
        dealt.append(m.view(None)["hands"])
    plain = Match(Rules(), dealer=0, seed=7)
    plain.deal()
    plain.reset_score()
    plain.reset_round()
    plain.deal()
    assert dealt[0] == dealt[1] != plain.view(None)["hands"]


def test_it_performs_all_three_resets_together() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0,
            *flat(TRICKS_A[:5])])
    m.deal(deck=deck(1, rotate(HANDS_A, 1)))
    events = m.reset_score() + m.reset_round() + m.reset_deck()
    assert sorted(reset_kinds(events)) == ["deck", "round", "score"]
    view = m.view(None)
    assert (view["phase"], view["dealer"], view["score"]) == ("deal", 1, [0, 0])
    m.deal()
    assert m.view(None)["phase"] in ("bidding", "deal")
