"""strong-infer's reading of the play: with rule-based players every real hand explains
every clue, and the clues come from what the deciding seat saw."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.sparring import choose_action, play_inference
from game.bots.decision import Decision
from game.bots.inference import auction_weight
from game.engine import Match
from game.engine.belief import Belief, Weigh
from tests.bots.conftest import BOTS_PROFILE
from tests.bots.tables import random_rules


def rule_deal_in_play(seed: int, cards: int) -> tuple[Match, list] | None:
    """A deal under random rules that four rule-based players have played ``cards``
    cards into (None if it ended or never reached them)."""
    rnd = random.Random(seed)
    m = Match(random_rules(rnd), dealer=seed % 4, seed=seed)
    history = m.deal()
    played = 0
    while m.round is not None and played < cards:
        seat = m.turn()[0]
        action = choose_action(m.rules, seat, m.view(seat), history, level="rule", seed=seed)
        if action is None:
            seat = m.turn()[1]
            action = choose_action(m.rules, seat, m.view(seat), history, level="rule", seed=seed)
            assert action is not None
        history += m.apply(seat, action)
        played += action["type"] == "play"
    if m.round is None or m.round.phase != "play":
        return None
    return m, history


@settings(BOTS_PROFILE)
@given(seed=st.integers(0, 10**6), cards=st.integers(4, 28))
def test_real_rule_based_hands_explain_every_clue(seed: int, cards: int) -> None:
    found = rule_deal_in_play(seed, cards)
    assume(found is not None)
    assert found is not None
    m, history = found
    seat = m.turn()[0]
    rng = random.Random(seed)
    belief = Belief(m.rules, seat, m.view(seat), history, weigh=auction_weight)
    sample = belief.sample(rng)
    decision = Decision(m.rules, seat, belief, sample, sample.moves(seat), 0.01, rng, True)
    clues = play_inference.clues(decision)
    assume(clues)
    for clue in clues:
        assert clue.seat != seat
        assert play_inference.agrees(clue, m) is not False, clue
    expected = 1.0
    for clue in clues:
        if play_inference.agrees(clue, m):
            expected *= play_inference.AGREE[clue.key]
    assert play_inference.weight(clues, m) == expected


def rule_readings(
    cards: int, weigh: Weigh | None = None
) -> Iterator[tuple[Match, Belief, Decision, random.Random]]:
    """For each of 40 rule-based deals played ``cards`` cards into: the deal, the Belief
    of the seat in turn (its calls read by ``weigh``), a decision of that seat, its RNG."""
    for seed in range(40):
        found = rule_deal_in_play(seed, cards)
        if found is None:
            continue
        m, history = found
        seat = m.turn()[0]
        rng = random.Random(seed)
        belief = Belief(m.rules, seat, m.view(seat), history, weigh=weigh)
        decision = Decision(m.rules, seat, belief, belief.sample(rng), [], 0.01, rng, True)
        yield m, belief, decision, rng


def test_a_sampled_hand_that_would_have_played_otherwise_disagrees() -> None:
    """Somewhere in these deals a sampled hand does not explain a rule-based card."""
    disagreements = 0
    for _, belief, decision, rng in rule_readings(12):
        clues = play_inference.clues(decision)
        for _ in range(5):
            sample = belief.sample(rng)
            disagreements += sum(play_inference.agrees(c, sample) is False for c in clues)
    assert disagreements > 0
