"""The ismcts level: plays like the public C++ IS-MCTS bot (its calls, its trump
requests, its search) and stays legal under every rule option."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.bots import choose_action
from game.bots.ismcts._mcts import search
from game.bots.ismcts.calls import hand_value
from game.bots.ismcts.player import iterations_for
from game.engine import Match, Rules
from game.engine.cards import INDEX
from tests.bots.conftest import SCALE
from tests.bots.tables import play_deal, random_rules

REDUCED = Rules(seventh_card=False, doubling=False, single_hand=False, marriage="off")


def mask(*codes: str) -> int:
    out = 0
    for code in codes:
        out |= 1 << INDEX[code]
    return out


def test_it_plays_every_rule_option_legally() -> None:
    rnd = random.Random(9)
    seen: Counter[tuple[str, str]] = Counter()
    for n in range(30 * SCALE):
        m = Match(random_rules(rnd), dealer=n % 4, seed=n)
        levels = {s: rnd.choice(["ismcts", "ismcts", "rule"]) for s in range(4)}
        play_deal(m, rnd, levels, budget_s=0.01, seen=seen)
    assert seen[("play", "play")] > 100 and seen[("play", "show_trump")] > 0
    assert seen[("bidding", "bid")] > 0 and seen[("trump", "trump")] > 0


def test_it_values_four_cards_at_16_plus_jacks_and_a_long_suit_at_most_17() -> None:
    assert hand_value(mask("9H", "AC", "TD", "7S")) == 16
    assert hand_value(mask("JH", "AC", "TD", "7S")) == 17
    assert hand_value(mask("9H", "AH", "7H", "7S")) == 17
    assert hand_value(mask("JH", "JC", "JD", "9S")) == 17


def test_it_calls_and_asks_for_trump_as_the_cpp_bot_does() -> None:
    """In real deals under the reduced rules: the first speaker calls 16, a later one its
    hand's value when that beats the highest call (never matching), else passes; the
    bidder names its longest suit; a seat that cannot follow while trump is hidden asks
    (unless it has one card left)."""
    rnd = random.Random(4)
    checked: Counter[str] = Counter()
    for n in range(10 * SCALE):
        m = Match(REDUCED, dealer=n % 4, seed=100 + n)
        history = m.deal()
        while m.round is not None:
            seat = m.turn()[0]
            r = m.round
            view = m.view(seat)
            action = choose_action(
                REDUCED, seat, view, history, level="ismcts", budget_s=0.01, seed=rnd.randrange(99)
            )
            assert action is not None and action in m.legal_actions(seat)
            hand = mask(*view["hand"])
            if r.phase == "bidding":
                auction = r.auction
                if not auction.calls:
                    assert action == {"type": "bid", "value": 16}
                    checked["opening"] += 1
                elif auction.high < hand_value(hand):
                    assert action == {"type": "bid", "value": hand_value(hand)}
                    checked["call"] += 1
                else:
                    assert action == {"type": "pass"}
                    checked["pass"] += 1
            elif r.phase == "trump":
                longest = max((hand >> (8 * s) & 0xFF).bit_count() for s in range(4))
                assert (hand >> (8 * "CDHS".index(action["suit"])) & 0xFF).bit_count() == longest
                checked["trump"] += 1
            elif r.trick and not r.trump_shown and len(view["hand"]) > 1:
                led = r.trick[0][1] >> 3
                if not hand >> (8 * led) & 0xFF:
                    assert action == {"type": "show_trump"}
                    checked["ask"] += 1
            history += m.apply(seat, action)
    assert min(checked[k] for k in ("opening", "call", "pass", "trump", "ask")) > 0, checked


def endgame(trump: int) -> tuple[int, list[tuple[int, int]]]:
    """Seat 0 (bidder, 13 of 17 points) plays last to a trick with the 9C or the 7C:
    the 9C takes 4 points and makes the contract; the last trick goes to seat 1's JC
    either way."""
    _, _, visits = search(
        (mask("9C", "7C"), mask("JC"), mask("QD"), mask("8S")),
        (0, 0, 0, 0),
        0,
        (0, 0, 0, 0),
        [(1, INDEX["AC"]), (2, INDEX["KD"]), (3, INDEX["TC"])],
        0,
        (13, 2),
        6,
        trump,
        -1,
        0,
        17,
        False,
        mask("9C", "7C"),
        400,
        0.0,
        7,
        0.7,
    )
    best = max(visits, key=lambda pair: pair[1])[0]
    return best, visits


def test_it_plays_the_card_that_makes_the_contract() -> None:
    best, visits = endgame(trump=2)
    assert best == INDEX["9C"]
    assert dict(visits)[INDEX["9C"]] > 10 * dict(visits)[INDEX["7C"]]


def test_it_sees_every_card_alike_while_trump_is_hidden_as_the_cpp_bot_does() -> None:
    """Its playouts never show trump, so a deal still hidden at the root is always
    annulled there (a result of 0.5 whatever is played)."""
    _, visits = endgame(trump=-1)
    counts = [v for _, v in visits]
    assert max(counts) - min(counts) <= 1


def test_it_refuses_a_search_whose_cards_do_not_add_up() -> None:
    args = [
        (mask("9C", "7C"), 0, 0, 0),
        (0, 2, 2, 2),
        mask("JC", "QD", "8S", "KC", "7D", "7S"),
        (0, 0, 0, 0),
        [],
        0,
        (0, 0),
        6,
        2,
        -1,
        0,
        17,
        False,
        mask("9C", "7C"),
        10,
        0.0,
        1,
        0.7,
    ]
    assert search(*args)[1] == 10
    with pytest.raises(ValueError, match="root moves"):
        search(*args[:13], mask("JC"), *args[14:])
    with pytest.raises(ValueError, match="slots"):
        search(args[0], (0, 3, 2, 2), *args[2:])
    with pytest.raises(ValueError, match="cards left"):
        search(*args[:7], 5, *args[8:])


def test_it_thinks_longer_early_in_the_deal_as_the_cpp_bot_does_per_card() -> None:
    early, late = iterations_for(0.35, 32), iterations_for(0.35, 4)
    assert 5_000 < early < 15_000 and late > 2 * early
