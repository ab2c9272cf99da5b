"""strong-read's reading of the calls: the public bot's real four cards never break
its calls read its way, and its opening says nothing about them."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.sparring import REDUCED, bot_reading, choose_action
from game.engine import Match
from game.engine.belief import Belief, bidders_choice
from tests.bots.conftest import BOTS_PROFILE


def auction(seed: int, bot_team: int) -> tuple[Match, list]:
    """A reduced-rules deal bid to its end by the public bot's imitation on one team
    and the rule-based player on the other."""
    m = Match(REDUCED, dealer=seed % 4, seed=seed)
    history = m.deal()
    while m.round is not None and m.round.phase == "bidding":
        seat = m.turn()[0]
        level = "ismcts" if seat % 2 == bot_team else "rule"
        action = choose_action(m.rules, seat, m.view(seat), history, level=level, seed=seed)
        assert action is not None
        history += m.apply(seat, action)
    return m, history


@settings(BOTS_PROFILE)
@given(seed=st.integers(0, 10**6), bot_team=st.integers(0, 1))
def test_the_bots_real_cards_keep_their_calls(seed: int, bot_team: int) -> None:
    m, history = auction(seed, bot_team)
    assume(m.round is not None)
    assert m.round is not None
    seat = 1 - bot_team  # a seat of the other team reads the bot's calls
    belief = Belief(m.rules, seat, m.view(seat), history)
    bounds = bot_reading._bounds(belief)
    deck = list(m.round.deck)
    for opponent in (bot_team, bot_team + 2):
        if opponent in bounds:
            factor = bot_reading._bot_factor(belief, deck, opponent, bounds[opponent])
            assert factor == 1.0, (opponent, bounds[opponent], belief.view["auction"])


def test_an_opening_sixteen_says_nothing_and_a_pass_over_it_says_no_jack() -> None:
    for seed in range(300):
        m, history = auction(seed, bot_team=1)
        calls = m.view(0)["auction"]
        opener = calls[0]["seat"]
        high = [
            max([0, *(c["call"] for c in calls[:i] if c["call"] != "pass")])
            for i in range(len(calls))
        ]
        passers = [
            c["seat"]
            for i, c in enumerate(calls)
            if c["call"] == "pass" and c["seat"] % 2 == 1 and high[i] == 16
        ]
        if m.round is None or calls[0]["call"] != 16 or opener % 2 != 1 or not passers:
            continue
        belief = Belief(m.rules, 0, m.view(0), history)
        bounds = bot_reading._bounds(belief)
        assert bounds[opener][0] == 0  # the opening shows nothing
        passer = passers[0]
        assert bounds[passer][1] == 16  # worth at most 16: no jack, no three of a suit
        deck = list(m.round.deck)
        start = 4 * ((passer - belief.first) % 4)
        assert bot_reading._bot_factor(belief, deck, passer, bounds[passer]) == 1.0
        jack = next(i for i in range(32) if deck[i] % 8 == 0 and not start <= i < start + 4)
        deck[start], deck[jack] = deck[jack], deck[start]  # give the passer a jack
        assert bot_reading._bot_factor(belief, deck, passer, bounds[passer]) == bot_reading.BREACH
        return
    raise AssertionError("no deal opened by the bot and passed by its partner in 300 seeds")


def test_a_hidden_trump_is_guessed_as_the_bidder_would_choose_it() -> None:
    m, history = auction(4, bot_team=1)
    belief = Belief(m.rules, 0, m.view(0), history)
    three_hearts = [8 * 2 + 1, 8 * 2 + 4, 8 * 2 + 7, 8 * 3 + 0]  # 9, K, 7 of one suit, a jack
    assert bot_reading.bot_trump_odds(three_hearts) == [0.0, 0.0, 1.0, 0.0]
    belief.bidder = 1  # an opponent: half the odds go the public bot's way
    odds = bot_reading.mixed_trump_odds(belief, three_hearts)
    rule = bidders_choice(belief, three_hearts)
    assert abs(sum(odds) - 1.0) < 1e-9
    assert odds[2] == 0.5 + 0.5 * rule[2] / sum(rule)
    belief.bidder = 2  # the partner bids as our own bot: the rule-based odds, unchanged
    assert bot_reading.mixed_trump_odds(belief, three_hearts) == bidders_choice(
        belief, three_hearts
    )
