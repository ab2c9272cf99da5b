"""The strong level's model of play: the fit recovers a known model, and the fitted model
favours the hands the cards really came from over hands sampled from a reader's Belief."""

from __future__ import annotations

import math
import random

from bench.learn_play import fit, log_likelihood
from bench.sparring import play_inference
from game.bots import play_reading
from game.bots.inference import auction_weight
from tests.sparring.test_play_inference import rule_readings


def test_the_fit_recovers_the_weights_that_made_the_choices() -> None:
    rng = random.Random(3)
    truth = [1.5, -1.0, 0.5]
    rows = []
    for _ in range(3000):
        feats = [tuple(rng.random() for _ in truth) for _ in range(rng.randint(2, 5))]
        scores = [math.exp(sum(w * x for w, x in zip(truth, f, strict=True))) for f in feats]
        chosen = rng.choices(range(len(feats)), weights=scores)[0]
        rows.append((feats, chosen))
    fitted = fit(rows, steps=400, l2=0.0)
    for want, got in zip(truth, fitted, strict=True):
        assert abs(want - got) < 0.35, (truth, fitted)
    assert log_likelihood(fitted, rows)[0] > log_likelihood([0.0] * 3, rows)[0]


def test_the_real_hands_weigh_more_than_sampled_ones() -> None:
    """Over rule-based deals, the clues' log-weight of the real hands beats that of hands
    drawn from the deciding seat's Belief (the model reads hands, not noise)."""
    real = drawn = 0.0
    clues_read = 0
    for m, belief, decision, rng in rule_readings(16, auction_weight):
        clues = play_inference.clues(decision)
        clues_read += len(clues)
        weigh = play_reading.weighing(decision)
        real += math.log(weigh(m))
        drawn += sum(math.log(weigh(belief.sample(rng))) for _ in range(4)) / 4
    assert clues_read > 100
    assert real > drawn + 0.05 * clues_read, (real, drawn, clues_read)
