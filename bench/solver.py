"""Speed of the strong bot's search: the compiled solver, deals per decision, decision times.

    .venv/bin/python bench/solver.py [--deals 200] [--decisions 300] [--rules default|reduced]

Prints, with the machine's load average next to each figure:
1. the solver alone: nodes per second and time per solve of the first lead of random
   deals (every move valued against the contract, as the card search does);
2. the card search's work per second of thinking: sampled deals solved by the strong
   level against the earlier strong level's Python rollouts (sample + rollout per move);
3. decision times of ``choose_action(level="strong", budget_s=0.4)`` (or ``--level``)
   over whole random games, wall clock and CPU time, p50 / p95 / max, per phase.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.sparring import REDUCED, choose_action, pimc
from game.bots import rule_based
from game.bots.solver.position import position, solver
from game.bots.solver.search import MAX_NODES, thresholds
from game.engine import Match, Rules
from game.engine.belief import Belief


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f} on {os.cpu_count()} cores"


def first_leads(rules: Rules, count: int, seed: int) -> list[tuple[Match, list[dict]]]:
    """Matches at their first lead, reached by the rule-based player's calls."""
    rng = random.Random(seed)
    out: list[tuple[Match, list[dict]]] = []
    game = 0
    while len(out) < count:
        game += 1
        m = Match(rules, dealer=rng.randrange(4), seed=seed * 100_000 + game)
        history = m.deal()
        while m.round is not None and m.round.phase != "play":
            seat = m.turn()[0]
            action = choose_action(rules, seat, m.view(seat), history, level="rule", seed=game)
            if action is not None:
                history = history + m.apply(seat, action)
        if m.round is not None:
            out.append((m, history))
    return out


def solver_speed(rules: Rules, deals: int) -> None:
    nodes = 0
    spent = 0.0
    times = []
    for m, _ in first_leads(rules, deals, 1):
        ths, _, start = thresholds(m)
        began = time.process_time()
        _, n = solver().levels(position(m), ths, start)
        took = time.process_time() - began
        nodes += n
        spent += took
        times.append(took)
    times.sort()
    print(
        f"solver, first lead, {deals} deals: {nodes / spent / 1e6:.1f} M nodes/s (CPU), "
        f"{nodes / deals:,.0f} nodes and {spent / deals * 1000:.2f} ms per deal "
        f"(p95 {times[int(0.95 * deals)] * 1000:.1f} ms)  [{load()}]"
    )


def work_per_second(rules: Rules, deals: int) -> None:
    rng = random.Random(2)
    solved = rolled = 0
    solve_s = roll_s = 0.0
    for m, history in first_leads(rules, deals, 3):
        r = m.round
        assert r is not None
        seat = r.to_play
        belief = Belief(rules, seat, m.view(seat), history)
        moves = [mv for mv in m.moves(seat) if mv[0] in ("play", "show_trump")]
        began = time.process_time()
        for _ in range(5):
            sample = belief.sample(rng)
            ths, _, start = thresholds(sample)
            solver().levels(position(sample), ths, start, MAX_NODES)
            solved += 1
        solve_s += time.process_time() - began
        began = time.process_time()
        for _ in range(5):
            sample = belief.sample(rng)
            for mv in moves:
                copy = sample.copy()
                copy.apply_move(seat, mv)
                pimc.rollout(copy, seat & 1, rng, rule_based.decide)
                rolled += 1
        roll_s += time.process_time() - began
    moves_per_deal = rolled / (5 * deals)
    print(
        f"card search at the first lead: strong solves {solved / solve_s:.0f} sampled deals/s "
        f"(every move valued exactly); the earlier strong plays {rolled / roll_s:.0f} rollouts/s "
        f"= {rolled / roll_s / moves_per_deal:.0f} deals/s with one rollout per move  [{load()}]"
    )


def decision_times(rules: Rules, decisions: int, level: str = "strong") -> None:
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    game = 0
    count = 0
    while count < decisions:
        game += 1
        m = Match(rules, dealer=game % 4, seed=game)
        history = m.deal()
        while m.round is not None and count < decisions:
            seat = m.turn()[0]
            phase = m.round.phase
            began, began_cpu = time.perf_counter(), time.process_time()
            action = choose_action(rules, seat, m.view(seat), history, level=level)
            wall.setdefault(phase, []).append(time.perf_counter() - began)
            cpu.setdefault(phase, []).append(time.process_time() - began_cpu)
            count += 1
            if action is not None:
                history = history + m.apply(seat, action)
    every_wall = sorted(t for ts in wall.values() for t in ts)
    every_cpu = sorted(t for ts in cpu.values() for t in ts)
    print(f"decision times of {level}, budget 0.4 s, {count} decisions  [{load()}]")
    print(f"  all phases: wall {_stats(every_wall)}; CPU {_stats(every_cpu)}")
    for phase in wall:
        print(
            f"  {phase:>20} ({len(wall[phase])}): wall {_stats(sorted(wall[phase]))}; "
            f"CPU {_stats(sorted(cpu[phase]))}"
        )


def _stats(ts: list[float]) -> str:
    return f"p50 {ts[len(ts) // 2]:.3f} p95 {ts[int(0.95 * len(ts))]:.3f} max {ts[-1]:.3f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--rules", choices=["default", "reduced", "both"], default="both")
    parser.add_argument("--skip-decisions", action="store_true")
    parser.add_argument("--level", default="strong", help="the level whose decisions are timed")
    args = parser.parse_args()
    chosen = {"default": [Rules()], "reduced": [REDUCED], "both": [Rules(), REDUCED]}[args.rules]
    for rules in chosen:
        name = "default rules" if rules == Rules() else "reduced rules"
        print(f"== {name}")
        solver_speed(rules, args.deals)
        work_per_second(rules, max(10, args.deals // 10))
        if not args.skip_decisions:
            decision_times(rules, args.decisions, args.level)


if __name__ == "__main__":
    main()
