"""Calibrates the strong level's calls (game/bots/bidding.py) by simulation.

For random decks, every seat in turn is made the bidder with the trump the rule-based
player would pick from its first four cards; the whole deal is then solved (every
hand known, trump hidden until asked for, reduced rules) for the most card points the
bidder's team takes. A logistic model of "the team takes at least ``v``" in the
rule-based worth of the four cards, the call ``v`` and whether the bidder leads
the first trick is fitted to those outcomes and printed as the constants that
bidding.py uses, with the observed and fitted make rates per worth band.

    .venv/bin/python bench/calibrate_bids.py --decks 600
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.bidding import FEATURES, LOWEST, features, make_chance
from game.bots.rule_based import best_suit
from game.bots.solver.position import POINT_SCALE, SolverPosition, solver
from game.engine.cards import SUIT_MASK
from game.engine.deck import fresh_deck, packet

CALLS = list(range(LOWEST, 29))  # the calls a regular round can be won at (no last-trick point)
MAX_NODES = 3_000_000


def hands_of(deck: list[int], first: int) -> list[int]:
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for second in (False, True):
            for card in packet(deck, first, seat, second):
                hands[seat] |= 1 << card
    return hands


Row = tuple[float, list[float], int, list[list[float]]]


def outcomes(decks: int, seed: int) -> list[Row]:
    """(rule-based worth of the bidder's first four cards, their features, the most
    card points its team takes, the features of each opponent's first four cards)."""
    rng = random.Random(seed)
    out: list[Row] = []
    first = 0
    for _ in range(decks):
        deck = fresh_deck(rng)
        hands = hands_of(deck, first)
        for bidder in range(4):
            four = 0
            for card in packet(deck, first, bidder, False):
                four |= 1 << card
            trump, worth = best_suit(four)
            mask = SUIT_MASK[trump]
            if not (hands[0] | hands[2]) & mask or not (hands[1] | hands[3]) & mask:
                continue  # annulled: a team without trump
            pos = SolverPosition(
                hands=(hands[0], hands[1], hands[2], hands[3]),
                aside=-1, bidder=bidder, trump=trump, shown=False, single=False, trick=[],
                to_play=first, asker=-1, forced=-1, points=(0, 0), tricks=(0, 0), played=0,
                target=LOWEST, stake=1, min_bid=LOWEST, must_ask=False, marriage=False,
                last_point=False,
            )  # fmt: skip
            level, _ = solver().level(pos, [POINT_SCALE + v for v in CALLS], MAX_NODES)
            if level < 0:
                continue
            against = []
            for seat in (bidder + 1) % 4, (bidder + 3) % 4:
                theirs = 0
                for card in packet(deck, first, seat, False):
                    theirs |= 1 << card
                against.append(features(theirs, seat, first))
            out.append((worth, features(four, bidder, first), LOWEST - 1 + level, against))
    return out


def fit(rows: list[tuple[list[float], float]], steps: int = 8) -> list[float]:
    """Logistic regression of y on x by Newton's method."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in rows:
            p = 1.0 / (1.0 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))
            q = p * (1 - p)
            for i in range(k):
                grad[i] += (y - p) * x[i]
                qi = q * x[i]
                if qi:
                    row = hess[i]
                    for j in range(k):
                        row[j] += qi * x[j]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-5:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination, a symmetric positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(n):
        piv = m[i][i]
        for j in range(i + 1, n):
            f = m[j][i] / piv
            for k in range(i, n + 1):
                m[j][k] -= f * m[i][k]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][k] * x[k] for k in range(i + 1, n))) / m[i][i]
    return x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=int, default=600)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    began = time.process_time()
    data = outcomes(args.decks, args.seed)
    solved = time.process_time() - began
    w = fit([([*x, v - 20.0], float(best >= v)) for _, x, best, _ in data for v in CALLS])
    d = fit(
        [([*x, v - 20.0], float(best >= v)) for *_, best, xs in data for x in xs for v in CALLS]
    )
    print(f"{len(data)} bidder hands solved from {args.decks} decks in {solved:.0f} s of CPU")
    print("COEF = (" + ", ".join(f"{c:.4f}" for c in w) + ")  # " + ", ".join(FEATURES))
    print("DEFENCE = (" + ", ".join(f"{c:.4f}" for c in d) + ")  # the same, of an opponent")
    print("worth band: hands, then observed / fitted share making 16, 18, 20, 22")
    bands: dict[int, list[Row]] = {}
    for row in data:
        bands.setdefault(int(row[0]), []).append(row)
    for band in sorted(bands):
        rows = bands[band]
        cells = []
        for v in (16, 18, 20, 22):
            seen = sum(best >= v for _, _, best, _ in rows) / len(rows)
            fitted = sum(make_chance(x, v, w) for _, x, _, _ in rows) / len(rows)
            cells.append(f"{seen:.2f}/{fitted:.2f}")
        print(f"  {band:>2}-{band + 1:<2} {len(rows):>4}  " + "  ".join(cells))
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f}")


if __name__ == "__main__":
    main()
