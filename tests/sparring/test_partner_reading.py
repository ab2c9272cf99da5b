"""strong-pm's reading of the partner's calls: a strong partner's real four cards never
break its calls read the model's way, and the reading does tell hands apart."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.sparring import REDUCED, choose_action, partner_reading
from game.engine import Match, Rules
from game.engine.belief import Belief
from game.engine.cards import partner_of
from game.engine.deck import packet
from tests.bots.conftest import BOTS_PROFILE


def auction(rules: Rules, seed: int) -> tuple[Match, list]:
    """A deal bid to its end by the strong level at every seat."""
    m = Match(rules, dealer=seed % 4, seed=seed)
    history = m.deal()
    while m.round is not None and m.round.phase == "bidding":
        seat = m.turn()[0]
        action = choose_action(m.rules, seat, m.view(seat), history, level="strong", seed=seed)
        assert action is not None
        history += m.apply(seat, action)
    return m, history


def four(deck: list[int], first: int, seat: int) -> int:
    hand = 0
    for card in packet(deck, first, seat, False):
        hand |= 1 << card
    return hand


@settings(BOTS_PROFILE)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 3), reduced=st.booleans())
def test_a_strong_partners_real_cards_keep_its_calls(seed: int, seat: int, reduced: bool) -> None:
    m, history = auction(REDUCED if reduced else Rules(), seed)
    assume(m.round is not None)
    assert m.round is not None
    belief = Belief(m.rules, seat, m.view(seat), history)
    partner = partner_of(seat)
    hand = four(list(m.round.deck), belief.first, partner)
    turns = partner_reading.partner_turns(belief)
    assert len(turns) == sum(1 for c in belief.view["auction"] if c["seat"] == partner)
    for turn in turns:
        assert partner_reading.calls_as_model(turn, hand, partner, belief.first) == turn.called


def test_the_reading_tells_hands_apart() -> None:
    """Other four cards for the partner break some of its calls and keep others, and a
    deck that breaks one weighs less than the real deck."""
    kept = broken = 0
    for seed in range(40):
        m, history = auction(REDUCED, seed)
        if m.round is None:
            continue
        belief = Belief(m.rules, 0, m.view(0), history)
        deck = list(m.round.deck)
        other = deck[::-1]
        hand = four(other, belief.first, 2)
        for turn in partner_reading.partner_turns(belief):
            if partner_reading.calls_as_model(turn, hand, 2, belief.first) == turn.called:
                kept += 1
            else:
                broken += 1
                real = partner_reading.partner_weight(belief, deck)
                assert partner_reading.partner_weight(belief, other) < real or real < 0.1
    assert broken > 0 and kept > 0
