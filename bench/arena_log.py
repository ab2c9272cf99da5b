"""Where side A gains or loses in an arena: reads the events ``bench/bots.py --log`` wrote.

    .venv/bin/python bench/bots.py --a strong --b ismcts --rules reduced --log arena.jsonl
    .venv/bin/python bench/arena_log.py arena.jsonl

Printed, for side A against side B (every figure over the deals with a result):
- as bench/bots.py prints them, game points per deal and the share of deals won,
  with 95% intervals (so a run stopped early still gives its figures);
- contracts by the side that won the call and its value: how many, how many made,
  side A's game points from them;
- the duplicate view of the auction: for each deck, the seat that won the call in
  each of its two deals (the same cards, the teams swapped), so a hand one side
  called and the other passed shows up with both results;
- card points each side took per trick number (who plays which tricks better);
- trump requests: how many each side made and in which trick trump was shown.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.cards import INDEX, POINTS


def side_of(seat: int, a_team: int) -> str:
    return "A" if seat & 1 == a_team else "B"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", help="the JSON lines bench/bots.py --log wrote")
    args = parser.parse_args()
    with open(args.log) as lines:
        deals = [json.loads(line) for line in lines if line.strip()]
    contracts: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    per_trick: dict[int, list[int]] = defaultdict(list)  # trick -> A's margin per deal
    asks: Counter[str] = Counter()
    shown_in: Counter[int] = Counter()
    by_deck: dict[int, list[tuple[int, int, str, int, bool, int]]] = defaultdict(list)
    for deal in deals:
        a_team = deal["a_team"]
        events = deal["events"]
        end = events[-1]
        if end["type"] != "round_end" or end["annulled"]:
            continue
        bidder = end["bidder"]
        side = side_of(bidder, a_team)
        delta = end["delta"] if side == "A" else -end["delta"]
        tally = contracts[(side, end["bid"])]
        tally[0] += 1
        tally[1] += end["made"]
        tally[2] += delta
        by_deck[deal["deck"]].append((a_team, bidder, side, end["bid"], end["made"], delta))
        trick = 0
        for event in events:
            if event["type"] == "trump_shown":
                asks[side_of(event["seat"], a_team)] += 1
                shown_in[trick + 1] += 1
            elif event["type"] == "trick":
                points = sum(POINTS[INDEX[c["card"]]] for c in event["cards"])
                winner = side_of(event["winner"], a_team)
                per_trick[trick + 1].append(points if winner == "A" else -points)
                trick += 1
    print(f"{len(deals)} deals read")
    game: dict[int, float] = defaultdict(float)
    won: dict[int, list[int]] = defaultdict(list)
    for deal in deals:
        end = deal["events"][-1]
        game[deal["deck"]] += 0
        if end["type"] != "round_end" or end["annulled"]:
            continue
        a_won = (end["team"] == deal["a_team"]) == end["made"]
        delta = end["delta"] if end["team"] == deal["a_team"] else -end["delta"]
        game[deal["deck"]] += delta
        won[deal["deck"]].append(a_won)
    shares = [sum(w) / len(w) for w in won.values() if w]
    print(f"game points per deal for A: {interval([g / 2 for g in game.values()])}")
    print(
        f"deals won by A: {sum(sum(w) for w in won.values())} of"
        f" {sum(len(w) for w in won.values())}, share {interval(shares)}"
    )
    print("contracts: side, call -> won, made, A's game points")
    for (side, bid), (called, made, points) in sorted(contracts.items()):
        print(f"  {side} {bid}: {called} won, {made} made, A {points:+d}")
    pairs: Counter[str] = Counter()
    pair_points: Counter[str] = Counter()
    for results in by_deck.values():
        if len(results) != 2:
            continue
        (_, seat1, side1, _, _, d1), (_, seat2, side2, _, _, d2) = results
        if seat1 == seat2:
            kind = "same seat"
        else:
            kind = "partners" if seat1 & 1 == seat2 & 1 else "other team"
        key = f"{kind}: {side1} then {side2}"
        pairs[key] += 1
        pair_points[key] += d1 + d2
    print("duplicate auctions (decks with two results): who called -> decks, A's game points")
    for key, count in sorted(pairs.items()):
        print(f"  {key}: {count}, A {pair_points[key]:+d}")
    print("card points A took minus B per trick number (mean over deals that played it)")
    for trick in sorted(per_trick):
        margins = per_trick[trick]
        print(f"  trick {trick}: {statistics.fmean(margins):+.2f} over {len(margins)} deals")
    print(f"trump shown at the request of: A {asks['A']}, B {asks['B']}")
    print("trump shown in trick: " + ", ".join(f"{t}: {n}" for t, n in sorted(shown_in.items())))


def interval(values: list[float]) -> str:
    """Mean and 95% confidence half-width (1.96 standard errors)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:+.3f} ± {half:.3f}"


if __name__ == "__main__":
    main()
