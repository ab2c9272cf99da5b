"""The coach's budgets: how long a hint takes and how much CPU the analysis of a deal costs.

    .venv/bin/python bench/coach.py [--hints 100] [--deals 10] [--seed 1]

Hints: decisions of people in deals played by the easy level (seeded), each answered as
the bot worker answers a hint (``game.table.bot_worker.hint``: the strong player with
the table's 0.4 s budget, then its reason): wall-clock and CPU seconds per hint, p50 /
p95 / max. Analysis: whole deals played to a score by the easy level, each analysed as
the worker analyses one (``game.table.bot_worker.analyse``, decision by decision): CPU
seconds per deal and per piece sent to the worker (``SLICE_S`` of CPU and one decision
at most: what a computer player's move may wait behind in the worker). One process, like
one bot worker; on a busy machine the wall-clock figures grow, the CPU figures much less.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any

from game.bots import choose_action
from game.engine import Match, Rules
from game.engine.cards import CODES
from game.table.bot_worker import analyse, hint
from game.table.deal_analysis import SLICE_S, played_cards, trump_shown
from game.table.hints import HINT_BUDGET_S

Deal = tuple[Rules, int, list[str], list[tuple[int, dict[str, Any]]], list[dict[str, Any]]]


def played_deal(rng: random.Random) -> Deal | None:
    """One deal played by the easy level to its end: rules, dealer, deck, actions, events
    (None when it was annulled)."""
    m = Match(Rules(), dealer=rng.randrange(4), seed=rng.randrange(1 << 30))
    dealer = m.dealer
    events = m.deal()
    if m.round is None:
        return None
    deck = [CODES[c] for c in m.round.deck]
    actions: list[tuple[int, dict[str, Any]]] = []
    while m.round is not None:
        seat = m.turn()[0]
        view = m.view(seat)
        action = choose_action(m.rules, seat, view, events, level="easy",
                               seed=rng.randrange(1 << 30))
        if action is None:
            action = next(a for a in m.legal_actions(seat) if a["type"] != "marriage")
        actions.append((seat, action))
        events += m.apply(seat, action)
    if events[-1]["type"] != "round_end":
        return None
    return m.rules, dealer, deck, actions, events


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def line(name: str, values: list[float]) -> str:
    return (f"{name}: n={len(values)} p50={percentile(values, 0.5):.3f} "
            f"p95={percentile(values, 0.95):.3f} max={max(values):.3f} "
            f"mean={statistics.fmean(values):.3f}")


def bench_hints(rng: random.Random, count: int) -> None:
    walls: list[float] = []
    cpus: list[float] = []
    reasons = 0
    while len(walls) < count:
        deal = played_deal(rng)
        if deal is None:
            continue
        rules, dealer, deck, actions, _events = deal
        m = Match(rules, dealer=dealer)
        history = m.deal(deck)
        for seat, action in actions:
            if len(m.legal_actions(seat)) > 1 and len(walls) < count:
                began, cpu = time.perf_counter(), time.process_time()
                answer = hint(rules, seat, m.view(seat), list(history), HINT_BUDGET_S)
                walls.append(time.perf_counter() - began)
                cpus.append(time.process_time() - cpu)
                reasons += answer["reason"] is not None
            history += m.apply(seat, action)
    print(line("hint wall s", walls))
    print(line("hint cpu s", cpus))
    print(f"hints with a reason: {reasons} of {len(walls)}")


def bench_analysis(rng: random.Random, deals: int) -> None:
    per_deal: list[float] = []
    steps: list[float] = []
    items = 0
    exact = 0
    while len(per_deal) < deals:
        deal = played_deal(rng)
        if deal is None:
            continue
        rules, dealer, deck, actions, events = deal
        out, shown = played_cards(events), trump_shown(events)
        exact += len(out) == 32
        total = 0.0
        at = 0
        while at < len(actions):
            found, at, spent = analyse(rules, dealer, deck, actions, at, out, shown, SLICE_S)
            steps.append(spent)
            total += spent
            items += len(found)
        per_deal.append(total)
    print(line("analysis cpu s per deal", per_deal))
    print(line("analysis cpu s per piece sent to the worker", steps))
    print(f"deals={len(per_deal)} (all 32 cards played in {exact}); decisions judged={items}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hints", type=int, default=100)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load_avg={' '.join(f'{x:.1f}' for x in os.getloadavg())} cores={os.cpu_count()}")
    rng = random.Random(args.seed)
    if args.hints:
        bench_hints(rng, args.hints)
    if args.deals:
        bench_analysis(rng, args.deals)


if __name__ == "__main__":
    main()
