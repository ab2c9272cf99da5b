"""Duplicate-deal arena: two bot configurations play the same decks with the teams swapped.

Every deck (seeded, so a run is reproducible) is dealt twice by the same
dealer on a fresh match: once with side A in seats 0 and 2 and side B in
seats 1 and 3, once the other way round, so both sides hold every hand. The
bots only get ``choose_action(rules, seat, view, history, ...)``, exactly as
the server calls them.

Printed for side A (paired per deck, 95% confidence interval = 1.96 standard
errors of the per-deck sums): game points (score change) per deal, the margin
of card points taken over side B per deal, deals won (of those with a result);
then each side's decisions per second and p95 decision time (wall clock), the
CPU time of one ``Belief.sample`` in play positions, and the load average.

    .venv/bin/python bench/bots.py --a strong --b random --decks 50
    .venv/bin/python bench/bots.py --a strong:0.2 --b easy --decks 100 --rules reduced
    .venv/bin/python bench/bots.py --a strong --b rollout --bidding

``--log FILE`` writes every deal's public events (one JSON line per deal, with the
deck number and side A's team) for a closer look. ``--bidding`` also prints, per
side, how many of the contracts it won it made, and for side A's passes when a call
was open, how often a simulation (strong-sim's solved sampled deals,
bench/sparring/calls.py) says the seat's team would have made the lowest call
open to it (in at least half of the deals).

A side is ``LEVEL[:BUDGET_S]`` with LEVEL one of bench.sparring.LEVELS (the site's
easy and strong, and the sparring partners random, rule, rollout, ismcts, ...); the
budget defaults to ``--budget``. ``--rules reduced`` plays without 7th card, doubling,
Single Hand and marriage, min bid 16, priority bidding.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.sparring import LEVELS, REDUCED, choose_action
from bench.sparring.calls import make_shares
from game.bots.decision import Decision
from game.bots.inference import auction_weight
from game.engine import Match, Rules
from game.engine.belief import Belief
from game.engine.cards import CODES
from game.engine.deck import fresh_deck


@dataclass
class Side:
    """One bot configuration and the time its decisions took."""

    level: str
    budget_s: float
    times: list[float] = field(default_factory=list)
    cpu: float = 0.0  # CPU seconds of all its decisions

    @property
    def name(self) -> str:
        return f"{self.level}:{self.budget_s:g}s"


@dataclass
class Result:
    """What each team made of one deal."""

    game_points: tuple[int, int]  # each team's score change
    card_points: tuple[int, int]
    winner: int | None  # the team that won the deal; None if annulled
    contract: tuple[int, bool] | None = None  # the bidder's team and whether it made it
    events: list[dict[str, Any]] = field(default_factory=list)  # the deal's public events


@dataclass
class Bidding:
    """Side A's contracts and passes, for ``--bidding``."""

    passes: int = 0  # passes while a call was open
    passes_making: int = 0  # of which a simulation says the lowest call makes
    contracts: dict[str, list[int]] = field(default_factory=dict)  # side -> [made, won]

    def check_pass(self, rules: Rules, seat: int, view: dict, history: list, seed: int) -> None:
        belief = Belief(rules, seat, view, history, weigh=auction_weight)
        rng = random.Random(seed)
        sample = belief.sample(rng)
        moves = sample.moves(seat)
        values = sorted(arg for kind, arg in moves if kind == "bid")
        if not values:
            return
        decision = Decision(rules, seat, belief, sample, moves, 0.4, rng, True)
        self.passes += 1
        self.passes_making += make_shares(decision, [values[0]])[0] >= 0.5


def parse_side(text: str, budget_s: float) -> Side:
    level, _, budget = text.partition(":")
    if level not in LEVELS:
        raise SystemExit(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    return Side(level, float(budget) if budget else budget_s)


def play(
    rules: Rules,
    deck: list[str],
    dealer: int,
    sides: dict[int, Side],
    seed: int,
    bidding: Bidding | None = None,
    a_team: int = 0,
) -> Result:
    """One deal of ``deck`` on a fresh match; ``sides[team]`` plays that team's seats;
    with ``bidding``, side A (team ``a_team``) has its passes checked."""
    m = Match(rules, dealer=dealer, seed=seed)
    history = m.deal(deck)
    rnd = random.Random(seed)
    while m.round is not None:
        turn = m.turn()
        seat = turn[0]
        side = sides[seat & 1]
        began, began_cpu = time.perf_counter(), time.process_time()
        action = choose_action(
            rules,
            seat,
            m.view(seat),
            history,
            level=side.level,
            budget_s=side.budget_s,
            seed=rnd.randrange(1 << 30),
        )
        side.times.append(time.perf_counter() - began)
        side.cpu += time.process_time() - began_cpu
        if action is None:  # a declined marriage: the other seat in turn acts
            seat = turn[1]
            side = sides[seat & 1]
            action = choose_action(
                rules,
                seat,
                m.view(seat),
                history,
                level=side.level,
                budget_s=side.budget_s,
                seed=rnd.randrange(1 << 30),
            )
            assert action is not None
        if (
            bidding is not None
            and seat & 1 == a_team
            and action["type"] == "pass"
            and m.round.phase == "bidding"
        ):
            bidding.check_pass(rules, seat, m.view(seat), list(history), seed)
        history += m.apply(seat, action)
    last = m.last_round
    assert last is not None
    if last["annulled"]:
        return Result((0, 0), (0, 0), None, events=history)
    team, delta = last["team"], last["delta"]
    game = (delta, -delta) if team == 0 else (-delta, delta)
    winner = team if last["made"] else 1 - team
    points = (last["points"][0], last["points"][1])
    return Result(game, points, winner, (team, last["made"]), history)


def sample_speed() -> float:
    """Microseconds of CPU per ``Belief.sample`` over play positions of rule-based deals."""
    beliefs = []
    for n in range(30):
        m = Match(Rules(), dealer=n % 4, seed=n)
        history = m.deal()
        while m.round is not None:
            seat = m.turn()[0]
            view = m.view(seat)
            if view["phase"] == "play":
                beliefs.append(Belief(m.rules, seat, view, list(history)))
            action = choose_action(m.rules, seat, view, history, level="rule", seed=n)
            assert action is not None
            history += m.apply(seat, action)
    rnd = random.Random(1)
    start = time.process_time()
    for belief in beliefs:
        for _ in range(10):
            belief.sample(rnd)
    return 1e6 * (time.process_time() - start) / (10 * len(beliefs))


def interval(values: list[float]) -> str:
    """Mean and 95% confidence half-width."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:+.3f}"
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.3f} ± {half:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="strong", help="side A: LEVEL[:BUDGET_S]")
    parser.add_argument("--b", default="random", help="side B: LEVEL[:BUDGET_S]")
    parser.add_argument("--decks", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.4, help="default thinking budget (s)")
    parser.add_argument("--rules", choices=("default", "reduced"), default="default")
    parser.add_argument("--bidding", action="store_true", help="contracts made, passes checked")
    parser.add_argument("--log", help="write each deal's public events to this file (JSON lines)")
    args = parser.parse_args()
    bidding = Bidding() if args.bidding else None
    a, b = parse_side(args.a, args.budget), parse_side(args.b, args.budget)
    rules = REDUCED if args.rules == "reduced" else Rules()
    game: list[float] = []
    cards: list[float] = []
    won = scored = 0
    shares: list[float] = []  # per deck: the share of its deals with a result that A won
    started = time.perf_counter()
    if args.log:
        Path(args.log).write_text("")
    for n in range(args.decks):
        deck = [CODES[c] for c in fresh_deck(random.Random(f"{args.seed}:{n}"))]
        dealer = n % 4
        first = play(rules, deck, dealer, {0: a, 1: b}, args.seed * 100003 + 2 * n, bidding, 0)
        second = play(rules, deck, dealer, {0: b, 1: a}, args.seed * 100003 + 2 * n + 1, bidding, 1)
        if args.log:
            with open(args.log, "a") as log:
                for result, a_team in ((first, 0), (second, 1)):
                    line = {"deck": n, "a_team": a_team, "events": result.events}
                    log.write(json.dumps(line) + "\n")
        if bidding is not None:
            for result, a_team in ((first, 0), (second, 1)):
                if result.contract is not None:
                    team, made = result.contract
                    tally = bidding.contracts.setdefault("A" if team == a_team else "B", [0, 0])
                    tally[0] += made
                    tally[1] += 1
        # Side A is team 0 in the first deal, team 1 in the second.
        game.append(first.game_points[0] + second.game_points[1])
        cards.append(
            first.card_points[0]
            - first.card_points[1]
            + second.card_points[1]
            - second.card_points[0]
        )
        results = [
            r.winner == team for r, team in ((first, 0), (second, 1)) if r.winner is not None
        ]
        scored += len(results)
        won += sum(results)
        if results:
            shares.append(sum(results) / len(results))
        if (n + 1) % 10 == 0:
            print(f"  {n + 1} decks, A {sum(game):+.0f} game points", file=sys.stderr)
    deals = 2 * args.decks
    print(f"rules {args.rules}, {args.decks} decks x 2 deals, A = {a.name}, B = {b.name}")
    print(f"game points per deal for A: {interval([g / 2 for g in game])} (per deck pair / 2)")
    print(f"card-point margin per deal for A: {interval([c / 2 for c in cards])}")
    print(
        f"deals won by A: {won} of {scored} with a result ({deals - scored} annulled),"
        f" share {interval(shares)}"
    )
    for side in (a, b):
        times = sorted(side.times)
        if times:
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(
                f"{side.name}: {len(times)} decisions, {len(times) / sum(times):.1f} decisions/s,"
                f" p95 {1000 * p95:.1f} ms (wall); {1000 * side.cpu / len(times):.1f} ms CPU each"
            )
    if bidding is not None:
        for name in ("A", "B"):
            made, total = bidding.contracts.get(name, [0, 0])
            print(f"contracts won by {name}: {total}, made {made}")
        print(
            f"A passed {bidding.passes} times with a call open; a simulation says the lowest"
            f" call would have made in {bidding.passes_making} of them"
        )
    print(f"Belief.sample in play positions: {sample_speed():.0f} us of CPU per sample")
    load = os.getloadavg()
    print(f"wall {time.perf_counter() - started:.0f} s, load average {load[0]:.2f} {load[1]:.2f}")


if __name__ == "__main__":
    main()
