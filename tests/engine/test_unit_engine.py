"""Unit tests of engine decisions that docs/rules.md records and of the bots' fast path."""

from __future__ import annotations

import json
import random

import pytest

from game.engine import IllegalAction, Match, Rules
from game.engine.cards import CODES, mask_of
from game.engine.deck import realistic_shuffle, riffle
from game.engine.stake import risk_free
from tests.engine.decks import HANDS_A, deck_of_hands


def rising_sequences(deck: list[int]) -> int:
    """How many rising sequences of original positions a shuffled deck of 0..n-1 holds."""
    where = {card: i for i, card in enumerate(deck)}
    return 1 + sum(where[c + 1] < where[c] for c in range(len(deck) - 1))


def test_it_riffles_as_an_interleaving_of_two_halves() -> None:
    rnd = random.Random(5)
    for _ in range(200):
        deck = riffle(list(range(32)), rnd)
        assert sorted(deck) == list(range(32))
        assert rising_sequences(deck) <= 2


def test_it_leaves_a_realistic_shuffle_partly_stacked() -> None:
    """Three riffles and a cut give at most 2**3 rising sequences (+1 for the cut)."""
    rnd = random.Random(6)
    for _ in range(200):
        deck = realistic_shuffle(list(range(32)), rnd)
        assert rising_sequences(deck) <= 9


def test_it_refuses_single_hand_for_the_risk_free_example_of_rules_md() -> None:
    assert risk_free(mask_of(["JH", "9H", "AH", "TH", "KH", "7H", "JC", "JS"]))
    assert not risk_free(mask_of(["JH", "9H", "AH", "TH", "KH", "7H", "JC", "9S"]))
    assert not risk_free(mask_of(["9H", "AH", "TH", "KH", "QH", "8H", "7H", "JC"]))


@pytest.mark.parametrize("style", ["priority", "raise", "once"])
def test_it_lets_a_forced_dealer_only_call_min_bid(style: str) -> None:
    m = Match(Rules(bidding=style, all_pass="dealer_forced"), dealer=0, seed=1)
    m.deal(deck=deck_of_hands(0, HANDS_A))
    for seat in (1, 2, 3):
        m.apply(seat, {"type": "pass"})
    assert m.legal_actions(0) == [{"type": "bid", "value": 16}]
    with pytest.raises(IllegalAction, match="must call 16"):
        m.apply(0, {"type": "pass"})
    m.apply(0, {"type": "bid", "value": 16})
    assert m.view(0)["phase"] == "trump"


def play_to_the_end(m: Match, rnd: random.Random) -> None:
    """Finish the deal with random legal actions."""
    while m.view(None)["phase"] != "deal":
        seat = m.view(None)["turn"][0]
        m.apply(seat, rnd.choice(m.legal_actions(seat)))


def test_it_plays_the_same_through_the_fast_path() -> None:
    """moves/apply_move lead where legal_actions/apply lead, event for event."""
    for seed in range(30):
        slow = Match(Rules(), dealer=seed % 4, seed=seed)
        fast = slow.copy()
        rnd = random.Random(seed)
        for _ in range(3):
            assert slow.deal() == fast.deal()
            while slow.view(None)["phase"] != "deal":
                seat = slow.view(None)["turn"][0]
                actions = slow.legal_actions(seat)
                moves = fast.moves(seat)
                assert len(actions) == len(moves)
                i = rnd.randrange(len(actions))
                assert slow.apply(seat, actions[i]) == fast.apply_move(seat, moves[i])
            assert slow.to_json() == fast.to_json()


def test_it_copies_a_match_independently() -> None:
    m = Match(Rules(), dealer=0, seed=3)
    m.deal(deck=deck_of_hands(0, HANDS_A))
    twin = m.copy()
    before = m.to_json()
    play_to_the_end(twin, random.Random(1))
    assert m.to_json() == before
    assert twin.to_json() != before


def test_it_refuses_a_view_for_a_seat_that_is_not_a_seat() -> None:
    m = Match(Rules(), dealer=0, seed=3)
    with pytest.raises(IllegalAction):
        m.view(4)
    assert m.legal_actions(7) == []


def test_it_refuses_to_restore_text_that_is_not_a_saved_match() -> None:
    saved = json.loads(Match(Rules(), seed=1).to_json())
    del saved["round"]
    for text in ("[]", "{}", json.dumps(saved)):
        with pytest.raises(ValueError):
            Match.from_json(text)


def test_it_restores_an_unseeded_match_and_plays_on() -> None:
    m = Match(Rules())
    m.deal()
    restored = Match.from_json(m.to_json())
    assert restored.view(None) == m.view(None)
    play_to_the_end(restored, random.Random(2))
    assert restored.view(None)["phase"] == "deal"


def test_it_gives_the_whole_pack_to_a_deal_after_many_realistic_shuffles() -> None:
    m = Match(Rules(), dealer=0, seed=11)
    rnd = random.Random(11)
    for _ in range(40):
        m.deal()
        play_to_the_end(m, rnd)
        gathered = m.gathered
        assert gathered is not None
        assert sorted(gathered) == list(range(32))
        assert len({CODES[c] for c in gathered}) == 32


def test_it_gathers_the_played_cards_first_in_trick_order() -> None:
    m = Match(Rules(early_end=False), dealer=0, seed=2)
    rnd = random.Random(2)
    played: list[str] = []
    while True:
        m.deal()
        while m.view(None)["phase"] != "deal":
            seat = m.view(None)["turn"][0]
            for event in m.apply(seat, rnd.choice(m.legal_actions(seat))):
                if event["type"] == "play":
                    played.append(event["card"])
        if played:
            break
    assert m.gathered is not None
    assert [CODES[c] for c in m.gathered[: len(played)]] == played
