"""Fit the model of play of game/bots/play_reading.py to logged arena deals, and say
how much it tells about the hidden hands.

Usage::

    .venv/bin/python bench/learn_play.py --train LOG:SEED:RULES ... --test LOG:SEED:RULES

Each LOG is a ``bench/bots.py --log`` file of side A ``strong`` against ``ismcts``; SEED
and RULES (``reduced`` or ``default``) the run's ``--seed`` and ``--rules``, from which
every deck is dealt again, so each card played is seen with the hand it came from. A
*clue* is a lead, or a card following suit, by a hand that had a choice (a bidder's
plays while a 7th card lies aside, and deals whose trump was never shown, are left
out). The model's weights are fitted by maximum likelihood (gradient ascent, a little
L2) per (player, kind) on the training logs and printed ready for ``WEIGHTS``. On the
test log it prints, per key, the mean log-likelihood per clue against a uniform choice
and, from every other seat's Belief, the mean log-weight the model gives the real hand
minus the mean over hands sampled from that Belief (nats per clue: how much each clue
tells a reader), beside the same figure for play_inference.py's rule-based reading.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.sparring import REDUCED, play_inference
from game.bots import play_reading
from game.bots.decision import Decision
from game.bots.inference import auction_weight
from game.engine import Match, Rules
from game.engine.belief import Belief
from game.engine.cards import CODES, INDEX
from game.engine.deck import fresh_deck

Key = tuple[str, str]
Row = tuple[list[tuple[float, ...]], int]  # each choice's features, the one played


def replay(
    log: str, seed: int, rules: Rules, decks: int = 10**9, after: bool = False
) -> Iterator[tuple[Match, list, dict, int]]:
    """Each play of each logged deal of the first ``decks`` decks: the match and history
    just before it (``after``: just after it), the event, and side A's team."""
    with open(log) as lines:
        deals = [json.loads(line) for line in lines]
    for d in deals:
        if d["deck"] >= decks:
            break
        events = d["events"]
        shown = next((e["suit"] for e in events if e["type"] == "trump_shown"), None)
        if shown is None:
            continue
        n = d["deck"]
        deck = [CODES[c] for c in fresh_deck(random.Random(f"{seed}:{n}"))]
        m = Match(rules, dealer=n % 4, seed=0)
        history = m.deal(deck)
        for e in events[1:]:
            action = _action(e, shown)
            if action is None:
                continue
            if m.round is None:
                break
            play = e["type"] == "play" and m.round.phase == "play"
            if play and not after:
                yield m, history, e, d["a_team"]
            history += m.apply(e["seat"], action)
            if play and after:
                yield m, history, e, d["a_team"]


def _action(e: dict, shown: str) -> dict | None:
    """The action behind a logged event (None for events no seat acted in)."""
    t = e["type"]
    if t == "bid":
        return {"type": "bid", "value": e["value"]}
    if t == "pass":
        return {"type": "pass"}
    if t == "play":
        return {"type": "play", "card": e["card"]}
    if t == "trump_set" and e["method"] == "in_hand":
        return {"type": "trump", "suit": shown}
    if t == "trump_shown":
        return {"type": "show_trump"}
    return None


def clue_row(m: Match, seat: int, card: int) -> tuple[str, Row] | None:
    """The clue of ``seat`` playing ``card`` now, with its real hand, if it is one."""
    r = m.round
    assert r is not None
    clue = None if r.sh_caller >= 0 else play_reading.clue_at(m, seat, card, seat)
    if clue is None:
        return None
    found = play_reading.choice_rows(clue.pos, card, clue.key[1] == "lead")
    return None if found is None else (clue.key[1], found)


def collect(specs: list[str]) -> dict[Key, list[Row]]:
    """The clues of the logs, by (player as its partner or opponents see it, kind)."""
    data: dict[Key, list[Row]] = defaultdict(list)
    for spec in specs:
        log, seed, rules = spec.split(":")
        for m, _, e, a_team in replay(log, int(seed), REDUCED if rules == "reduced" else Rules()):
            found = clue_row(m, e["seat"], INDEX[e["card"]])
            if found is not None:
                who = "partner" if e["seat"] & 1 == a_team else "opponent"
                data[(who, found[0])].append(found[1])
    return data


def log_likelihood(weights: list[float], rows: list[Row]) -> tuple[float, list[float]]:
    """The mean log-likelihood of the rows and its gradient."""
    total, grad = 0.0, [0.0] * len(weights)
    for feats, chosen in rows:
        scores = [sum(w * x for w, x in zip(weights, f, strict=True)) for f in feats]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        z = sum(exps)
        total += scores[chosen] - top - math.log(z)
        for f, e in zip(feats, exps, strict=True):
            p = e / z
            for i, x in enumerate(f):
                grad[i] -= p * x
        for i, x in enumerate(feats[chosen]):
            grad[i] += x
    n = len(rows)
    return total / n, [g / n for g in grad]


def fit(rows: list[Row], steps: int = 300, l2: float = 0.001) -> list[float]:
    """Maximum-likelihood weights by gradient ascent with a step that adapts."""
    weights = [0.0] * len(rows[0][0][0])
    step, last = 1.0, -math.inf
    for _ in range(steps):
        ll, grad = log_likelihood(weights, rows)
        ll -= l2 * sum(w * w for w in weights)
        if ll < last:
            step /= 2
        last = ll
        weights = [w + step * (g - 2 * l2 * w) for w, g in zip(weights, grad, strict=True)]
    return weights


def uniform(rows: list[Row]) -> float:
    """The mean log-likelihood of choosing uniformly."""
    return -sum(math.log(len(feats)) for feats, _ in rows) / len(rows)


def information(spec: str, decks: int, samples: int) -> dict[Key, list[tuple[float, float]]]:
    """Per (player as the reader sees it, kind): for each clue of the first ``decks``
    decks and each other seat reading it, the log-weight the real hand gets minus the
    mean over ``samples`` hands drawn from the reader's Belief, by the learned model and
    by the rule-based reading."""
    log, seed, rules_name = spec.split(":")
    rules = REDUCED if rules_name == "reduced" else Rules()
    rng = random.Random(5)
    gains: dict[Key, list[tuple[float, float]]] = defaultdict(list)
    for m, history, e, _ in replay(log, int(seed), rules, decks, after=True):
        card = INDEX[e["card"]]
        for reader in range(4):
            if reader == e["seat"] or m.round is None or m.round.phase != "play":
                continue
            belief = Belief(rules, reader, m.view(reader), history, weigh=auction_weight)
            sample = belief.sample(rng)
            decision = Decision(rules, reader, belief, sample, [], 0.1, rng, True)
            found = [c for c in play_inference.clues(decision) if c.card == card]
            if not found or play_inference.agrees(found[0], m) is None:
                continue
            clue = found[0]
            learned = math.log(play_reading.likelihood(clue, m))
            rule = math.log(_rule_ratio(clue, m))
            drawn = [belief.sample(rng) for _ in range(samples)]
            learned -= sum(math.log(play_reading.likelihood(clue, s)) for s in drawn) / samples
            rule -= sum(math.log(_rule_ratio(clue, s)) for s in drawn) / samples
            gains[clue.key].append((learned, rule))
    return gains


def _rule_ratio(clue: play_inference.Clue, sample: Match) -> float:
    agree = play_inference.agrees(clue, sample)
    if agree is None:
        return 1.0
    table = play_inference.AGREE if agree else play_inference.DISAGREE
    return table[clue.key]


def arguments(doc: str) -> argparse.Namespace:
    """The command line of a fitting script: training and test logs, how much to read."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--train", nargs="*", default=[], help="LOG:SEED:RULES")
    parser.add_argument("--test", help="LOG:SEED:RULES")
    parser.add_argument("--decks", type=int, default=20, help="test decks read from each seat")
    parser.add_argument("--samples", type=int, default=6, help="hands drawn per reading")
    return parser.parse_args()


def main() -> None:
    args = arguments(__doc__)
    train = collect(args.train)
    test = collect([args.test]) if args.test else {}
    if train:
        print("WEIGHTS = {")
    for key in sorted(train):
        rows = train[key]
        weights = fit(rows)
        names = play_reading.LEAD_FEATURES if key[1] == "lead" else play_reading.FOLLOW_FEATURES
        print(f"    {key!r}: ({', '.join(f'{w:.3f}' for w in weights)}),  # {len(rows)} clues")
        print(f"    # {dict(zip(names, (round(w, 2) for w in weights), strict=True))}")
        held = test.get(key)
        if held:
            ll, _ = log_likelihood(weights, held)
            gain = ll - uniform(held)
            print(f"    # test: {len(held)} clues, {gain:+.3f} nats per clue over uniform")
    if train:
        print("}")
    if args.test:
        for key, pairs in sorted(information(args.test, args.decks, args.samples).items()):
            learned = sum(p[0] for p in pairs) / len(pairs)
            rule = sum(p[1] for p in pairs) / len(pairs)
            print(
                f"{key}: {len(pairs)} readings, nats per clue: learned {learned:+.3f}, "
                f"rule-based {rule:+.3f}"
            )


if __name__ == "__main__":
    main()
