"""Inference from the auction: the strong level reads its partner's calls closely, the
opponents' as loosely as every level does."""

from __future__ import annotations

import random
import statistics

from game.bots import choose_action
from game.bots.inference import PARTNERSHIP, auction_weight
from game.bots.rule_based import hand_limit
from game.engine import Match, Rules
from game.engine.belief import Belief

REDUCED = Rules(seventh_card=False, doubling=False, single_hand=False, marriage="off", min_bid=16)


def first_leads(deals: int) -> list[tuple[Belief, int, int, list[int]]]:
    """(belief at the first lead, the partner of its seat, the partner's highest call, the
    real deck) for each deal where the seat to lead's partner called, rule-based players
    at every seat."""
    found: list[tuple[Belief, int, int, list[int]]] = []
    for n in range(deals):
        m = Match(REDUCED, dealer=n % 4, seed=n)
        history = m.deal()
        while m.round is not None and m.round.phase != "play":
            seat = m.turn()[0]
            action = choose_action(m.rules, seat, m.view(seat), history, level="rule", seed=n)
            assert action is not None
            history += m.apply(seat, action)
        if m.round is None:  # every seat passed
            continue
        seat = m.turn()[0]
        view = m.view(seat)
        partner = (seat + 2) % 4
        calls = [c["call"] for c in view["auction"] if c["seat"] == partner and c["call"] != "pass"]
        if calls:
            belief = Belief(m.rules, seat, view, list(history))
            found.append((belief, partner, max(calls), list(m.round.deck)))
    return found


def partner_limit(belief: Belief, partner: int, deck: list[int]) -> int:
    """The worth, to the rule-based bidder, of the partner's first four cards in ``deck``."""
    k = (partner - belief.first) % 4
    return hand_limit(sum(1 << card for card in deck[4 * k : 4 * k + 4]))


def test_it_weighs_a_partner_hand_below_its_call_down() -> None:
    rnd = random.Random(1)
    below: list[float] = []
    fitting: list[float] = []
    for belief, partner, call, _ in first_leads(40):
        for _ in range(20):
            deck = belief.sample(rnd).round.deck  # type: ignore[union-attr]
            ratio = PARTNERSHIP(belief, deck) / auction_weight(belief, deck)
            (below if partner_limit(belief, partner, deck) < call - 2 else fitting).append(ratio)
    assert below and fitting
    assert statistics.fmean(below) < 0.6 * statistics.fmean(fitting)


def test_it_samples_partner_hands_that_fit_the_partners_calls_more_often() -> None:
    rnd = random.Random(2)
    plain: list[bool] = []
    partnership: list[bool] = []
    for belief, partner, call, real in first_leads(40):
        assert partner_limit(belief, partner, real) >= call  # the rule-based partner's real hand
        for weigh, out in ((auction_weight, plain), (PARTNERSHIP, partnership)):
            belief.weigh = weigh
            for _ in range(10):
                deck = belief.sample(rnd).round.deck  # type: ignore[union-attr]
                out.append(partner_limit(belief, partner, deck) >= call - 1)
    assert statistics.fmean(partnership) > statistics.fmean(plain) + 0.05
