"""What a computer player's worker process runs: one decision from what its seat may see.

No Django here: for a move or a hint the worker receives only the rules, the seat, that
seat's view and the public events of the deal (never a ``Match``); for the analysis of a
finished deal, that deal's deck and actions (every hand is then the table's past).
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from game.bots import choose_action
from game.bots.coach import expectations, reason
from game.engine import Rules
from game.table.deal_analysis import analyse_decision

PARENT_CHECK_SECONDS = 1.0
# How much lower than the serving process a worker runs (Unix nice): the sockets come first.
NICENESS = 10
# Sampled deals behind a hint's "makes the contract in N% of deals".
HINT_DEALS = 6


def warm_up() -> None:
    """Run once when a worker starts (the imports above are done, so the first move is quick):
    yield the CPU to the serving process whenever both want it (a lower priority), watch the
    serving process, and end this worker when it has gone, however it ended."""
    os.nice(NICENESS)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def decide(
    rules: Rules,
    seat: int,
    view: dict[str, Any],
    history: list[dict[str, Any]],
    level: str,
    budget_s: float,
) -> dict[str, Any] | None:
    """The bot's action for ``seat`` (None: it declines an optional declaration)."""
    return choose_action(rules, seat, view, history, level=level, budget_s=budget_s, seed=None)


def hint(
    rules: Rules,
    seat: int,
    view: dict[str, Any],
    history: list[dict[str, Any]],
    budget_s: float,
) -> dict[str, Any]:
    """What the strong player would do for ``seat`` now, with a reason where one can be given:
    ``{"action": ..., "reason": [code, percent] or None}`` (``game.bots.coach`` names it;
    the sampled deals that back a contract reason cost about 0.1 s more)."""
    action = choose_action(rules, seat, view, history, level="strong", budget_s=budget_s)
    if action is None:  # the strong player declares a marriage whenever it may
        return {"action": None, "reason": None}
    why = reason(rules, seat, view, history, action)
    if why is None and view.get("phase") == "play":
        worth = expectations(rules, seat, view, history, HINT_DEALS)
        why = reason(rules, seat, view, history, action, worth)
    return {"action": action, "reason": list(why) if why else None}


def analyse(
    rules: Rules,
    dealer: int,
    deck: list[str],
    actions: list[tuple[int, dict[str, Any]]],
    start: int,
    played_out: list[str],
    trump_shown: bool,
    slice_s: float,
) -> tuple[list[dict[str, Any]], int, float]:
    """Decisions of a finished deal analysed (``game.table.deal_analysis``) from action
    ``start`` on, until ``slice_s`` seconds of CPU are spent or the deal is done: the items,
    the next action to analyse, and the CPU seconds spent in this worker."""
    began = time.process_time()
    items: list[dict[str, Any]] = []
    at = start
    while at < len(actions) and time.process_time() - began < slice_s:
        item = analyse_decision(rules, dealer, deck, actions, at, played_out, trump_shown)
        if item is not None:
            items.append(item)
        at += 1
    return items, at, time.process_time() - began
