"""How much the strong level's early card choices lose to sampling: would more deals help?

    .venv/bin/python bench/bots_search_noise.py [--positions 60] [--reference 150] [--rules reduced]

Positions: the first two tricks of seeded random deals (the rule-based player's calls
and cards up to that point, 0 to 5 cards into the play, so every seat's turn appears).
For each, a reference values every legal move over ``--reference`` deals drawn from
the seat's Belief, each solved with the strong level's grading and no node limit (no
deal left out). Each variant then chooses, seeded (counted work, so the figures do not
depend on the machine's load), with ``--seeds`` seeds; its loss is the reference's
value of the best move minus that of the move it chose, in stakes (game points of a
stake-1 contract). Variants:

- ``strong``: the strong level at a 0.4 s budget;
- ``strong-2x``: the same with twice the work (twice the deals);
- ``early``: strong-v2's search (moves graded made / not made, hard deals kept).

If twice the deals does not lose less than ``strong``, a faster solver would not
help at this budget. The reference has its own sampling error, so a loss near zero
is all any variant can show.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.sparring import REDUCED, choose_action
from bench.sparring.strong_variants import EARLY_SEARCH
from game.bots.decision import Decision
from game.bots.inference import auction_weight
from game.bots.solver.search import SEARCH, add, card_values, choose_card
from game.engine import Match, Rules
from game.engine.belief import Belief
from game.engine.moves import Move

VARIANTS = ("strong", "strong-2x", "early")
BUDGET_S = 0.4
NO_LIMIT = 50_000_000  # nodes: the reference settles every deal


def early_positions(rules: Rules, count: int, seed: int) -> list[tuple[int, Belief]]:
    """The seat to play and its Belief in ``count`` positions of the first two tricks."""
    out: list[tuple[int, Belief]] = []
    game = 0
    while len(out) < count:
        game += 1
        m = Match(rules, dealer=game % 4, seed=seed * 100_000 + game)
        history = m.deal()
        cards = game % 6  # cards played before the position
        while m.round is not None and (m.round.phase != "play" or cards > 0):
            if m.round.phase == "play":
                cards -= 1
            seat = m.turn()[0]
            action = choose_action(rules, seat, m.view(seat), history, level="rule", seed=game)
            if action is not None:
                history = history + m.apply(seat, action)
        if m.round is None:
            continue
        seat = m.turn()[0]
        belief = Belief(rules, seat, m.view(seat), history, weigh=auction_weight)
        if len(belief.sample(random.Random(0)).moves(seat)) > 1:
            out.append((seat, belief))
    return out


def reference(seat: int, belief: Belief, deals: int) -> dict[Move, float]:
    """Each legal move's mean value over ``deals`` solved sampled deals."""
    rng = random.Random(99)
    sample = belief.sample(rng)
    totals = dict.fromkeys(sample.moves(seat), 0.0)
    for _ in range(deals):
        values, _ = card_values(sample, seat, cap=NO_LIMIT)
        assert values is not None
        add(totals, values)
        sample = belief.sample(rng)
    return {move: total / deals for move, total in totals.items()}


def choice(variant: str, rules: Rules, seat: int, belief: Belief, seed: int) -> Move:
    """The move a variant picks, seeded."""
    rng = random.Random(seed)
    sample = belief.sample(rng)
    budget = 2 * BUDGET_S if variant == "strong-2x" else BUDGET_S
    decision = Decision(rules, seat, belief, sample, sample.moves(seat), budget, rng, True)
    return choose_card(decision, EARLY_SEARCH if variant == "early" else SEARCH)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--reference", type=int, default=150, help="deals of the reference")
    parser.add_argument("--seeds", type=int, default=3, help="decisions per position and variant")
    parser.add_argument("--rules", choices=("default", "reduced"), default="reduced")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rules = REDUCED if args.rules == "reduced" else Rules()
    began = time.process_time()
    losses: dict[str, list[float]] = {variant: [] for variant in VARIANTS}
    positions = early_positions(rules, args.positions, args.seed)
    for seat, belief in positions:
        values = reference(seat, belief, args.reference)
        top = max(values.values())
        for variant in VARIANTS:
            for seed in range(args.seeds):
                losses[variant].append(top - values[choice(variant, rules, seat, belief, seed)])
    print(
        f"rules {args.rules}: {len(positions)} positions of the first two tricks, reference"
        f" {args.reference} deals, {args.seeds} seeded decisions per variant"
        f" ({time.process_time() - began:.0f} s of CPU)"
    )
    for variant, xs in losses.items():
        half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
        best = sum(x < 1e-9 for x in xs) / len(xs)
        print(
            f"  {variant:>9}: loss {statistics.fmean(xs):.4f} ± {half:.4f} stakes per decision,"
            f" the reference's best move in {best:.0%}"
        )
    one, five, _ = os.getloadavg()
    print(f"load average {one:.2f} {five:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
