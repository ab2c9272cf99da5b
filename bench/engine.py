"""How many complete random deals the engine plays per second on one core.

Usage: ``.venv/bin/python bench/engine.py [seconds per figure]``

Figures (CPU time of this process, so other load on the machine matters less):

* public interface, as the server drives it: at every step ``view(seat)`` for
  every seat in turn plus ``view(None)`` for the spectator, ``legal_actions``
  of the seat that acts, then ``apply`` of a random legal action;
* public interface without views (``legal_actions`` + ``apply``);
* the internal fast path bots use: ``moves(seat)`` + ``apply_move(seat, move)``.

Two policies: ``uniform`` picks any legal action (so many deals end in an early
Single Hand or a pass-out), ``game-like`` passes most Single Hand and doubling
questions, so most deals are regular rounds played to their end.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Match, Rules

Policy = Callable[[random.Random, list[Any]], Any]


def uniform(rnd: random.Random, options: list[Any]) -> Any:
    """Any legal option."""
    return options[int(rnd.random() * len(options))]


def game_like(rnd: random.Random, options: list[Any]) -> Any:
    """Pass most Single Hand and stake questions; otherwise any option."""
    for option in options:
        kind = option["type"] if isinstance(option, dict) else option[0]
        if kind in ("single_hand", "double", "redouble", "set_double") and rnd.random() < 0.9:
            return {"type": "pass"} if isinstance(option, dict) else ("pass", -1)
    return options[int(rnd.random() * len(options))]


def public_deal(m: Match, rnd: random.Random, policy: Policy, views: bool) -> None:
    """One deal through deal/view/legal_actions/apply."""
    m.deal()
    while m.round is not None:
        turn = m.turn()
        if views:
            for seat in turn:
                m.view(seat)
            m.view(None)
        seat = turn[0]
        m.apply(seat, policy(rnd, m.legal_actions(seat)))


def fast_deal(m: Match, rnd: random.Random, policy: Policy, views: bool) -> None:
    """One deal through the fast path moves/apply_move."""
    m.deal()
    while m.round is not None:
        seat = m.turn()[0]
        m.apply_move(seat, policy(rnd, m.moves(seat)))


def measure(run: Callable[..., None], policy: Policy, views: bool, seconds: float) -> float:
    """Complete deals per CPU second: the best of three runs (the machine is shared)."""
    return max(measure_once(run, policy, views, seconds / 3) for _ in range(3))


def measure_once(run: Callable[..., None], policy: Policy, views: bool, seconds: float) -> float:
    """Complete deals per CPU second over one run."""
    m = Match(Rules(), dealer=0, seed=1)
    rnd = random.Random(2)
    deals = 0
    start = time.process_time()
    while True:
        for _ in range(50):
            run(m, rnd, policy, views)
        deals += 50
        spent = time.process_time() - start
        if spent >= seconds:
            return deals / spent


def main() -> None:
    """Print every figure."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for name, policy in (("game-like", game_like), ("uniform", uniform)):
        print(f"policy {name}:")
        rate = measure(public_deal, policy, True, seconds)
        print(f"  public, views of seats in turn + spectator: {rate:8.0f} deals/s")
        rate = measure(public_deal, policy, False, seconds)
        print(f"  public, legal_actions + apply only:        {rate:8.0f} deals/s")
        rate = measure(fast_deal, policy, False, seconds)
        print(f"  fast path, moves + apply_move:             {rate:8.0f} deals/s")


if __name__ == "__main__":
    main()
