"""Helpers for the bot tests: random rule options and deals played by bots at a real Match.

The Match here is the table: the bots only ever get ``m.view(seat)`` and the
deal's public events, exactly as the server will give them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bench.sparring import choose_action
from game.engine import Match, Rules
from game.engine.rules import OPTION_VALUES


def random_rules(rnd: random.Random) -> Rules:
    """Any combination of every rule option."""
    return Rules(**{name: rnd.choice(values) for name, values in OPTION_VALUES.items()})


def play_deal(
    m: Match,
    rnd: random.Random,
    levels: dict[int, str],
    budget_s: float = 0.02,
    seen: Counter[tuple[str, str]] | None = None,
) -> list[dict[str, Any]]:
    """Deal and let bots (``levels[seat]``) play the deal out; every action they return
    is checked against ``legal_actions``. Returns the deal's events."""
    history = m.deal()
    while m.round is not None:
        turn = m.turn()
        seat = turn[int(rnd.random() * len(turn))]
        phase = m.round.phase
        action = choose_action(
            m.rules,
            seat,
            m.view(seat),
            history,
            level=levels[seat],
            budget_s=budget_s,
            seed=rnd.randrange(1 << 30),
        )
        if action is None:
            assert m.legal_actions(seat) == [{"type": "marriage"}]
            other = [s for s in turn if s != seat]
            assert other, "a bot declined its only move while nobody else could act"
            continue
        assert action in m.legal_actions(seat), (phase, action, m.legal_actions(seat))
        if seen is not None:
            seen[(phase, action["type"])] += 1
        history += m.apply(seat, action)
    return history
