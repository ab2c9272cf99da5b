"""Fit ``strong-disc``'s model of discards (bench/sparring/discard_reading.py) to logged
arena deals, and say how much a discard tells about the hidden hands.

Usage::

    .venv/bin/python bench/learn_discards.py --train LOG:SEED:RULES ... --test LOG:SEED:RULES

The logs are ``bench/bots.py --log`` files of side A ``strong`` against ``ismcts``, dealt
again from their seed as ``bench/learn_play.py`` does. A *discard* is a card that does not
follow the led suit, played by a hand with a choice (after asking for trump, a choice of
trumps). The weights are fitted by maximum likelihood per player (the partner, read as
side A plays; the opponents) and printed ready for ``DISCARD_WEIGHTS``. On the test log it
prints, per player, the mean log-likelihood per discard against a uniform choice, and from
every other seat's Belief the mean log-weight the model gives the real hand minus the mean
over hands drawn from that Belief (nats per discard: how much each tells a reader).
"""

from __future__ import annotations

import math
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.learn_play import Key, Row, arguments, fit, log_likelihood, replay, uniform
from bench.sparring import REDUCED, discard_reading
from bench.sparring.discard_reading import (
    DISCARD_FEATURES,
    discard_at,
    discard_likelihood,
    discard_rows,
)
from game.bots.inference import auction_weight
from game.engine import Rules
from game.engine.belief import Belief
from game.engine.cards import INDEX


def rules_of(name: str) -> Rules:
    return REDUCED if name == "reduced" else Rules()


def collect(specs: list[str]) -> dict[Key, list[Row]]:
    """The discards of the logs with their real hands, by player as the reader sees it."""
    data: dict[Key, list[Row]] = defaultdict(list)
    for spec in specs:
        log, seed, rules = spec.split(":")
        for m, _, e, a_team in replay(log, int(seed), rules_of(rules)):
            r = m.round
            assert r is not None
            clue = None if r.sh_caller >= 0 else discard_at(m, e["seat"], INDEX[e["card"]], 0)
            found = None if clue is None else discard_rows(clue.pos, clue.card)
            if found is not None:
                who = "partner" if e["seat"] & 1 == a_team else "opponent"
                data[(who, "discard")].append(found)
    return data


def information(spec: str, decks: int, samples: int) -> dict[Key, list[float]]:
    """Per player as the reader sees it: for each discard of the first ``decks`` decks and
    each other seat reading it, the log-weight of the real hand minus the mean over
    ``samples`` hands drawn from the reader's Belief."""
    log, seed, rules_name = spec.split(":")
    rules = rules_of(rules_name)
    rng = random.Random(5)
    gains: dict[Key, list[float]] = defaultdict(list)
    before = replay(log, int(seed), rules, decks)
    after = replay(log, int(seed), rules, decks, after=True)
    for (m0, _, e, a_team), (m, history, _, _) in zip(before, after, strict=True):
        r0 = m0.round
        assert r0 is not None
        clue = None if r0.sh_caller >= 0 else discard_at(m0, e["seat"], INDEX[e["card"]], 0)
        if clue is None or discard_rows(clue.pos, clue.card) is None:
            continue
        clue.later = 1 << clue.card
        for reader in range(4):
            if reader == e["seat"] or m.round is None or m.round.phase != "play":
                continue
            belief = Belief(rules, reader, m.view(reader), history, weigh=auction_weight)
            real = math.log(discard_likelihood(clue, m))
            drawn = [belief.sample(rng) for _ in range(samples)]
            mean = sum(math.log(discard_likelihood(clue, s)) for s in drawn) / samples
            who = "partner" if e["seat"] & 1 == a_team else "opponent"
            gains[(who, "discard")].append(real - mean)
    return gains


def main() -> None:
    args = arguments(__doc__)
    if args.train:
        data = collect(args.train)
        for key in sorted(data):
            weights = fit(data[key])
            discard_reading.DISCARD_WEIGHTS[key] = tuple(weights)
            shown = ", ".join(f"{w:.3f}" for w in weights)
            print(f"{key}: {len(data[key])} discards; weights ({shown})")
        print("features:", ", ".join(DISCARD_FEATURES))
    if args.test:
        test = collect([args.test])
        for key in sorted(test):
            rows = test[key]
            ll, _ = log_likelihood(list(discard_reading.DISCARD_WEIGHTS[key]), rows)
            print(f"{key} test: {len(rows)} discards, log-likelihood per discard {ll:.3f} "
                  f"(uniform {uniform(rows):.3f})")
        for key, gains in sorted(information(args.test, args.decks, args.samples).items()):
            print(f"{key} read by the other seats: {len(gains)} readings, "
                  f"{sum(gains) / len(gains):+.3f} nats per discard")


if __name__ == "__main__":
    main()
