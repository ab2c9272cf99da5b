"""The ismcts levels: play like the public C++ IS-MCTS bot's latest and older versions
(their calls, trump requests and search) and stay legal under every rule option."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from bench.sparring import REDUCED, choose_action
from bench.sparring.ismcts._mcts import search
from bench.sparring.ismcts.calls import hand_value
from bench.sparring.ismcts.player import iterations_for
from bench.sparring.ismcts.style import AS_READ, OLDER
from game.engine import Match
from game.engine.cards import INDEX
from game.engine.state import Round
from tests.bots.conftest import SCALE
from tests.bots.tables import play_deal, random_rules


def mask(*codes: str) -> int:
    out = 0
    for code in codes:
        out |= 1 << INDEX[code]
    return out


def void_in_led(hand: list[str], trick: list[tuple[int, int]]) -> bool:
    """Whether a hand holds no card of the trick's led suit."""
    return not mask(*hand) >> (8 * (trick[0][1] >> 3)) & 0xFF


def decisions(
    level: str, choices: int, first_seed: int
) -> Iterator[tuple[Round, int, dict[str, Any], dict[str, Any]]]:
    """Every decision of ``level`` at all four seats through ``10 * SCALE`` seeded deals
    under the reduced rules: the round (before the move), the seat, its view and the legal
    move chosen, which is applied once the caller has looked."""
    rnd = random.Random(choices)
    for n in range(10 * SCALE):
        m = Match(REDUCED, dealer=n % 4, seed=first_seed + n)
        history = m.deal()
        while m.round is not None:
            seat = m.turn()[0]
            view = m.view(seat)
            action = choose_action(
                REDUCED, seat, view, history, level=level, budget_s=0.01, seed=rnd.randrange(99)
            )
            assert action is not None and action in m.legal_actions(seat)
            yield m.round, seat, view, action
            history += m.apply(seat, action)


def test_it_plays_every_rule_option_legally() -> None:
    rnd = random.Random(9)
    seen: Counter[tuple[str, str]] = Counter()
    for n in range(30 * SCALE):
        m = Match(random_rules(rnd), dealer=n % 4, seed=n)
        levels = {s: rnd.choice(["ismcts", "ismcts-old", "rule"]) for s in range(4)}
        play_deal(m, rnd, levels, budget_s=0.01, seen=seen)
    assert seen[("play", "play")] > 100 and seen[("play", "show_trump")] > 0
    assert seen[("bidding", "bid")] > 0 and seen[("trump", "trump")] > 0


def test_it_values_four_cards_at_16_plus_jacks_and_a_long_suit_at_most_17() -> None:
    assert hand_value(mask("9H", "AC", "TD", "7S")) == 16
    assert hand_value(mask("JH", "AC", "TD", "7S")) == 17
    assert hand_value(mask("9H", "AH", "7H", "7S")) == 17
    assert hand_value(mask("JH", "9H", "7H", "7S")) == 17
    assert hand_value(mask("JH", "JC", "JD", "9S"), AS_READ) == 17
    # The older version: 2 per jack, no cap.
    assert hand_value(mask("JH", "9H", "7H", "7S"), OLDER) == 19
    assert hand_value(mask("JH", "JC", "JD", "9S"), OLDER) == 22


def test_it_calls_and_asks_for_trump_as_the_cpp_bot_does() -> None:
    """In real deals under the reduced rules: the first speaker calls 16, a later one its
    hand's value when that beats the highest call (never matching), else passes; the
    bidder names its longest suit; a seat that cannot follow while trump is hidden asks
    (unless it has one card left); a challenger the holder matched calls again."""
    checked: Counter[str] = Counter()
    for r, seat, view, action in decisions("ismcts", 4, 100):
        hand = mask(*view["hand"])
        if r.phase == "bidding":
            auction = r.auction
            if not auction.calls:
                assert action == {"type": "bid", "value": 16}
                checked["opening"] += 1
            elif matched(auction.calls, seat, auction.high, auction.high_seat):
                # Matched: it calls its value again, which becomes the next call up.
                value = hand_value(hand)
                expected = {"type": "bid", "value": auction.high + 1}
                assert action == (expected if value >= auction.high else {"type": "pass"})
                checked["matched"] += value >= auction.high
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
    assert min(checked[k] for k in ("opening", "call", "pass", "trump", "ask")) > 0, checked


def test_its_defenders_only_variant_asks_as_a_defender_and_never_for_the_bidders_side() -> None:
    """``ismcts-def``: a defender that cannot follow while trump is hidden asks (unless it
    has one card left); the bidder and its partner play a card instead."""
    checked: Counter[str] = Counter()
    for r, seat, view, action in decisions("ismcts-def", 5, 300):
        hidden = r.phase == "play" and r.trick and not r.trump_shown
        if hidden and len(view["hand"]) > 1 and void_in_led(view["hand"], r.trick):
            defender = seat % 2 != r.bidder % 2
            assert (action == {"type": "show_trump"}) == defender
            checked["asked" if defender else "played"] += 1
    assert checked["asked"] > 0 and checked["played"] > 0, checked


@pytest.mark.parametrize("worth", [16, 17])
def test_a_challenger_matched_calls_its_value_again_which_goes_one_up(worth: int) -> None:
    """Seat 1 challenged 17 and seat 0 matched: a hand worth 17 calls 18, one worth 16 passes."""
    for seed in range(200):
        m = Match(REDUCED, dealer=3, seed=seed)
        history = m.deal()
        if hand_value(mask(*m.view(1)["hand"])) == worth:
            break
    for seat, value in ((0, 16), (1, 17), (0, 17)):
        history += m.apply(seat, {"type": "bid", "value": value})
    action = choose_action(REDUCED, 1, m.view(1), history, level="ismcts", seed=1)
    assert action == ({"type": "bid", "value": 18} if worth == 17 else {"type": "pass"})
    older = choose_action(REDUCED, 1, m.view(1), history, level="ismcts-old", seed=1)
    assert (
        older != {"type": "bid", "value": 18} or hand_value(mask(*m.view(1)["hand"]), OLDER) >= 18
    )


def matched(calls: list, seat: int, high: int, high_seat: int) -> bool:
    """Whether the seat's last call is the highest and another seat matched it."""
    own = [value for who, value in calls if who == seat and value != "pass"]
    return bool(own) and own[-1] == high and high_seat != seat


def visits_of(
    hands: tuple[int, int, int, int],
    trick: list[tuple[int, int]],
    points: tuple[int, int],
    target: int,
    trump: int,
    older: bool,
    half_hidden: bool,
) -> dict[int, int]:
    """Root visits of seat 0 (the bidder, to play with two cards left, every hand known)."""
    _, _, visits = search(
        hands,
        (0, 0, 0, 0),
        0,
        (0, 0, 0, 0),
        [(seat, INDEX[card]) for seat, card in trick],
        0,
        points,
        6,
        trump,
        -1,
        0,
        target,
        False,
        older,
        half_hidden,
        hands[0],
        400,
        0.0,
        7,
        0.7,
    )
    return dict(visits)


def endgame(trump: int, older: bool = False, half_hidden: bool = False) -> dict[int, int]:
    """Seat 0 (13 of 17 points) plays last to a trick with the 9C or the 7C: the 9C
    takes 4 points and makes the contract; the last trick goes to seat 1's JC."""
    hands = (mask("9C", "7C"), mask("JC"), mask("QD"), mask("8S"))
    trick = [(1, "AC"), (2, "KD"), (3, "TC")]
    return visits_of(hands, trick, (13, 2), 17, trump, older, half_hidden)


def discard(older: bool, half_hidden: bool = False) -> dict[int, int]:
    """Trump hidden, seat 0 (10 of 15 points) cannot follow a trick the opponents take:
    throwing the 7S keeps the 9D for the last trick, which its partner's JH takes."""
    hands = (mask("9D", "7S"), mask("8H"), mask("JH"), mask("QH"))
    trick = [(1, "AC"), (2, "KC"), (3, "TC")]
    return visits_of(hands, trick, (10, 5), 15, -1, older, half_hidden)


def test_it_plays_the_card_that_makes_the_contract() -> None:
    visits = endgame(trump=2)
    assert visits[INDEX["9C"]] > 10 * visits[INDEX["7C"]]


def test_as_read_it_sees_every_card_alike_while_trump_is_hidden() -> None:
    """The latest code as read: its playouts never show trump, so a deal still hidden at
    the root is always annulled there (a result of 0.5 whatever is played)."""
    for visits in (endgame(trump=-1, half_hidden=True), discard(older=False, half_hidden=True)):
        assert max(visits.values()) - min(visits.values()) <= 1


def test_it_scores_the_contract_while_trump_is_hidden_as_the_arenas_bot_does() -> None:
    """The level plays its cards by the contract with trump hidden too (docs/bots.md)."""
    visits = discard(older=False)
    assert visits[INDEX["7S"]] > 10 * visits[INDEX["9D"]]


def test_its_older_version_scores_the_contract_with_trump_hidden_and_must_beat() -> None:
    visits = discard(older=True)
    assert visits[INDEX["7S"]] > 10 * visits[INDEX["9D"]]
    # Before trump is shown its model makes a seat beat the trick when it can.
    assert set(endgame(trump=-1, older=True)) == {INDEX["9C"]}


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
        False,
        False,
        mask("9C", "7C"),
        10,
        0.0,
        1,
        0.7,
    ]
    assert search(*args)[1] == 10
    with pytest.raises(ValueError, match="root moves"):
        search(*args[:15], mask("JC"), *args[16:])
    with pytest.raises(ValueError, match="slots"):
        search(args[0], (0, 3, 2, 2), *args[2:])
    with pytest.raises(ValueError, match="cards left"):
        search(*args[:7], 5, *args[8:])


def test_it_thinks_by_the_clock_as_the_cpp_bot_does() -> None:
    """Unseeded, a card takes about its budget of wall clock; seeded, the count of
    iterations that fits in it (more late in the deal, where each is cheaper)."""
    early, late = iterations_for(0.4, 32), iterations_for(0.4, 4)
    assert 50_000 < early < 200_000 and late > 4 * early
    m = Match(REDUCED, dealer=0, seed=3)
    history = m.deal()
    took = []
    while m.round is not None and len(took) < 3:
        seat = m.turn()[0]
        view = m.view(seat)
        began = time.perf_counter()
        action = choose_action(REDUCED, seat, view, history, level="ismcts", budget_s=0.05)
        if m.round.phase == "play" and len(m.legal_actions(seat)) > 1 and m.round.trick == []:
            took.append(time.perf_counter() - began)
        assert action is not None
        history += m.apply(seat, action)
    assert took and min(took) > 0.04


def ask_visits(asks: int) -> dict[int, int]:
    """Root visits of seat 0 (the bidder, trump hearts hidden, 12 of 18 points, two cards
    left) to a trick of clubs it cannot follow, with ``asks`` the search's asks argument."""
    hands = (mask("JH", "7S"), mask("8D"), mask("QD"), mask("9D"))
    _, _, visits = search(
        hands,
        (0, 0, 0, 0),
        0,
        (0, 0, 0, 0),
        [(1, INDEX["AC"]), (2, INDEX["KC"]), (3, INDEX["TC"])],
        0,
        (12, 0),
        6,
        -1,
        -1,
        0,
        18,
        False,
        False,
        True,
        hands[0],
        2000,
        0.0,
        7,
        0.7,
        asks,
    )
    return dict(visits)


def test_asking_for_trump_is_a_move_of_its_search_in_the_later_model() -> None:
    """Only asking now (then trumping with the JH) takes the 5 points of this trick and the
    last one: a discard lets the opponents take it, and the JH's 5 in the last trick leave
    the bidder's team one short. Without asks in the model the ask is never a move."""
    hearts = INDEX["JH"] >> 3
    for asks in (hearts, -1):
        visits = ask_visits(asks)
        assert max(visits, key=visits.__getitem__) == 32, visits
    assert 32 not in ask_visits(-2)


def test_a_seat_that_can_follow_has_no_ask() -> None:
    hearts = INDEX["JH"] >> 3
    hands = (mask("JH", "7S"), mask("8D"), mask("QD"), mask("9D"))
    _, _, visits = search(
        hands, (0, 0, 0, 0), 0, (0, 0, 0, 0),
        [(1, INDEX["AS"]), (2, INDEX["KC"]), (3, INDEX["TC"])],
        0, (12, 0), 6, -1, -1, 0, 18, False, False, True, mask("7S"), 500, 0.0, 7, 0.7, hearts,
    )  # fmt: skip
    assert set(dict(visits)) == {INDEX["7S"]}
