"""Two arenas on the same decks, compared deck by deck: is variant X better than Y?

    .venv/bin/python bench/bots.py --a strong --b rollout --rules reduced --seed 5 --log y.jsonl
    .venv/bin/python bench/bots.py --a VARIANT --b rollout --rules reduced --seed 5 --log x.jsonl
    .venv/bin/python bench/arena_pair.py y.jsonl x.jsonl [more.jsonl ...]

Each log is read as ``bench/bots.py --log`` wrote it; a deck counts once both of its
deals are in (so a run still going, or stopped, can be read). Printed: side A's game
points per deal in each log, with a 95% interval, and for every later log the paired
difference from the first over the decks both finished. When a variant changes few
decks' results, the paired interval is much tighter than the runs' own.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_log import interval


def per_deck(path: str) -> dict[int, float]:
    """Side A's game points per deal of each finished deck of one log."""
    points: dict[int, float] = defaultdict(float)
    deals: dict[int, int] = defaultdict(int)
    with open(path) as lines:
        for line in lines:
            if not line.strip():
                continue
            deal = json.loads(line)
            deck, end = deal["deck"], deal["events"][-1]
            deals[deck] += 1
            if end["type"] == "round_end" and not end["annulled"]:
                delta = end["delta"] if end["team"] == deal["a_team"] else -end["delta"]
                points[deck] += delta / 2
    return {deck: points[deck] for deck, n in deals.items() if n == 2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", help="bench/bots.py --log files of the same decks")
    args = parser.parse_args()
    decks = {path: per_deck(path) for path in args.logs}
    for path, points in decks.items():
        if points:
            values = list(points.values())
            print(f"{path}: game points per deal for A {interval(values)} (n={len(values)})")
    base = args.logs[0]
    for path in args.logs[1:]:
        both = sorted(set(decks[base]) & set(decks[path]))
        if both:
            diff = [decks[path][d] - decks[base][d] for d in both]
            print(f"{path} - {base}: {interval(diff)} (n={len(diff)})")


if __name__ == "__main__":
    main()
