"""Real matches stopped mid-deal, for the belief and information-set tests."""

from __future__ import annotations

import random
from typing import Any

from bench.sparring import choose_action
from game.engine import Match, Rules
from tests.bots.tables import random_rules


def position(
    seed: int, steps: int, rules: Rules | None = None
) -> tuple[Match, list[dict[str, Any]]] | None:
    """A match under random rules, ``steps`` bot actions into a deal (None if it ended)."""
    rnd = random.Random(seed)
    m = Match(rules or random_rules(rnd), dealer=seed % 4, seed=seed)
    history = m.deal()
    for _ in range(steps):
        if m.round is None:
            return None
        turn = m.turn()
        seat = turn[int(rnd.random() * len(turn))]
        level = "random" if rnd.random() < 0.3 else "rule"
        action = choose_action(m.rules, seat, m.view(seat), history, level=level, seed=seed)
        if action is None:
            continue
        history += m.apply(seat, action)
    if m.round is None:
        return None
    return m, history


def replayed(
    m: Match, history: list[dict[str, Any]], deck: list[str]
) -> tuple[Match, list[dict[str, Any]]] | None:
    """The same public actions replayed on another deck, or None if one is refused."""
    other = Match(m.rules, dealer=m.dealer, seed=0)
    events = other.deal(deck)
    for event in history[len(events) :]:
        action = action_of(m.rules, event)
        if action is None:
            continue
        if action["type"] == "trump" and "suit" not in action:
            action["suit"] = "CDHS"[m.round.trump] if m.round is not None else "C"
        if action not in other.legal_actions(event["seat"]):
            return None
        events += other.apply(event["seat"], action)
    return other, events


def action_of(rules: Rules, event: dict[str, Any]) -> dict[str, Any] | None:
    """The action behind a public event, or None for an event the engine made itself."""
    kind = event["type"]
    if kind == "bid":
        return {"type": "bid", "value": event["value"]}
    if kind == "play":
        return {"type": "play", "card": event["card"]}
    if kind == "trump_set":
        return {"type": "seventh_card"} if event["method"] == "seventh_card" else {"type": "trump"}
    if kind == "trump_shown":
        return {"type": "show_trump"}
    if kind == "marriage":
        return {"type": "marriage"} if rules.marriage == "after_trick" else None
    if kind in ("pass", "double", "redouble", "set_double", "single_hand"):
        return {"type": kind}
    return None
