"""The Belief: what a seat knows, and sampled deals that keep every constraint it saw."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.engine import Match, Rules
from game.engine.belief import Belief
from game.engine.cards import SUITS
from tests.bots.conftest import BOTS_PROFILE
from tests.bots.positions import position
from tests.engine.decks import HANDS_A, deck_of_hands


def shown_voids(history: list[dict[str, Any]]) -> list[set[str]]:
    """The suits each seat's hand (a set-aside 7th card apart) has shown it lacks."""
    voids: list[set[str]] = [set(), set(), set(), set()]
    led = ""
    asker = -1
    trump = ""
    for event in history:
        if event["type"] == "trick":
            led, asker = "", -1
        elif event["type"] == "trump_shown":
            trump, asker = event["suit"], event["seat"]
            if led:
                voids[event["seat"]].add(led)
        elif event["type"] == "play":
            suit = event["card"][1]
            if not led:
                led = suit
            elif suit != led:
                voids[event["seat"]].add(led)
                if event["seat"] == asker and suit != trump:
                    voids[event["seat"]].add(trump)
    return voids


@settings(BOTS_PROFILE)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 50))
def test_it_samples_deals_that_keep_everything_the_seat_saw(seed: int, steps: int) -> None:
    found = position(seed, steps)
    assume(found is not None)
    assert found is not None
    m, history = found
    real = m.view(None)
    voids = shown_voids(history)
    rnd = random.Random(seed)
    for seat in range(4):
        view = m.view(seat)
        belief = Belief(m.rules, seat, view, history)
        for _ in range(3):
            sample = belief.sample(rnd)
            # The same position as the seat sees it: hand, trick, points, stake, turn, score...
            assert sample.view(seat) == view
            # Replaying the deal's public actions on the sampled deck gives the same match
            # (later samples are patched copies of the first: they must not cut corners).
            r = sample.round
            assert r is not None
            again = belief.replay(r.deck, r.trump)
            assert again is not None and again.round == r
            spect = sample.view(None)
            for other in range(4):
                cards = spect["hands"][str(other)]
                assert not {c[1] for c in cards} & voids[other], (other, cards, voids[other])
            # Cards the seat was shown stay where it saw them.
            assert spect["trump_card"] == real["trump_card"]
            if view["partner_hand"]:
                assert spect["hands"][str((seat + 2) % 4)] == view["partner_hand"]
            bidder = real["bidder"]
            if seat == bidder and real["single_hand"] is None:
                assert spect["trump"] == real["trump"]
                assert spect["seventh_card"] == real["seventh_card"]
            if spect["seventh_card"]:
                assert spect["seventh_card"][1] == spect["trump"]
                assert spect["seventh_card"] not in spect["hands"][str(bidder)]


def test_it_gives_the_hidden_cards_to_other_seats_differently() -> None:
    """Samples vary the cards the seat has not seen, never the seat's own."""
    m = Match(Rules(), dealer=0, seed=1)
    history = m.deal(deck_of_hands(0, HANDS_A))
    history += m.apply(1, {"type": "bid", "value": 16})
    belief = Belief(m.rules, 2, m.view(2), history)
    rnd = random.Random(2)
    hands = [belief.sample(rnd).view(None)["hands"] for _ in range(20)]
    assert all(h["2"] == m.view(2)["hand"] for h in hands)
    assert len({tuple(h["1"]) for h in hands}) > 10


def test_it_never_gives_a_seat_a_suit_it_showed_void_in() -> None:
    """Seat 3 discards on a club lead: no sample gives seat 3 a club."""
    m = Match(Rules(single_hand=False, doubling=False), dealer=0, seed=1)
    hands = {
        1: "JC 9C AC TC JH 9H 8D 7D",
        2: "KC QC 8C 7C JD 9D AH QH",
        3: "JS 9S AS TS TH 7H KD QD",
        0: "KS QS 7S AD TD KH 8S 8H",
    }
    history = m.deal(deck_of_hands(0, hands))
    for seat, action in [
        (1, {"type": "bid", "value": 16}),
        (2, {"type": "pass"}),
        (3, {"type": "pass"}),
        (0, {"type": "pass"}),
        (1, {"type": "trump", "suit": "H"}),
        (1, {"type": "play", "card": "JC"}),
        (2, {"type": "play", "card": "7C"}),
        (3, {"type": "play", "card": "7H"}),
    ]:
        history += m.apply(seat, action)
    belief = Belief(m.rules, 0, m.view(0), history)
    rnd = random.Random(3)
    for _ in range(50):
        spect = belief.sample(rnd).view(None)
        assert not [c for c in spect["hands"]["3"] if c[1] == "C"]
        assert spect["trump"] in SUITS


def test_it_refuses_a_view_and_history_that_do_not_belong_together() -> None:
    m = Match(Rules(), dealer=0, seed=1)
    history = m.deal(deck_of_hands(0, HANDS_A))
    with pytest.raises(ValueError, match="seat"):
        Belief(m.rules, 2, m.view(1), history)
    with pytest.raises(ValueError, match="history"):
        Belief(m.rules, 1, m.view(1), history[1:] or [{"type": "play"}])


def test_it_refuses_malformed_views_and_histories_with_a_value_error() -> None:
    m = Match(Rules(), dealer=0, seed=1)
    history = m.deal(deck_of_hands(0, HANDS_A))
    view = m.view(1)
    with pytest.raises(ValueError, match="view"):
        Belief(m.rules, 1, {"seat": 1, "phase": "bidding"}, history)
    with pytest.raises(ValueError, match="not a view and history"):
        Belief(m.rules, 1, view, [*history, {"type": "play", "seat": 1}])
    with pytest.raises(ValueError, match="history"):
        Belief(m.rules, 1, view, "deal")  # type: ignore[arg-type]
