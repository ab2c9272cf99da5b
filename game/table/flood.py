"""Flood control for one websocket: a token bucket, and a second bucket that spots a flood.

Each socket may send ``rate`` messages a second, in bursts of up to ``burst`` (``rate``
unless given).
A message over that is refused (the socket is told so); refused messages pour
into an overflow bucket that drains at ``rate`` a second and holds ``2 * rate``.
Sustained sending at three times the rate overflows it within a few seconds:
that is a flood, and the socket is closed. Sending at twice the rate never is.

>>> clock = iter(x / 1000 for x in range(10_000)).__next__
>>> guard = FloodGuard(rate=2, clock=clock)
>>> [guard.admit() for _ in range(4)]
[<Verdict.OK: 'ok'>, <Verdict.OK: 'ok'>, <Verdict.LIMITED: 'limited'>, <Verdict.LIMITED: 'limited'>]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum

# How often a page may ask for everything again (``sync``: the table's full state, the
# dashboard's every game); answering one costs far more than the small message asking, so
# asks beyond this are ignored (the answer to the last one admitted is on its way).
SYNCS_PER_SECOND = 2.0


class Verdict(Enum):
    """What to do with one incoming message."""

    OK = "ok"
    LIMITED = "limited"
    FLOOD = "flood"


class FloodGuard:
    """Per-socket token bucket with a flood detector (see the module docstring)."""

    def __init__(
        self, rate: float, clock: Callable[[], float] = time.monotonic, burst: float | None = None
    ) -> None:
        self.rate = rate
        self.burst = rate if burst is None else burst
        self.clock = clock
        self.tokens = self.burst
        self.overflow = 0.0
        self.last = clock()

    def admit(self) -> Verdict:
        """Take a token for one message: OK, LIMITED (refuse it) or FLOOD (close the socket)."""
        now = self.clock()
        elapsed = max(0.0, now - self.last)
        self.last = now
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.overflow = max(0.0, self.overflow - elapsed * self.rate)
        if self.tokens >= 1:
            self.tokens -= 1
            return Verdict.OK
        self.overflow += 1
        if self.overflow > 2 * self.rate:
            return Verdict.FLOOD
        return Verdict.LIMITED
