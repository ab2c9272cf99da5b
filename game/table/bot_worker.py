"""What a computer player's worker process runs: one decision from what its seat may see.

No Django here: the worker receives only the rules, the seat, that seat's view and the
public events of the deal (never a ``Match``), and returns an action dict or None.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from game.bots import choose_action
from game.engine import Rules

PARENT_CHECK_SECONDS = 1.0
# How much lower than the serving process a worker runs (Unix nice): the sockets come first.
NICENESS = 10


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
