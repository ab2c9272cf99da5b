"""The events ``Match.deal`` and ``Match.apply`` return (docs/protocol.md lists them all).

An event is a small JSON-able dict with a ``type``: ``deal`` (with ``dealer`` and
``packet`` 1 or 2), ``bid``, ``pass``, ``trump_set``, ``double``, ``redouble``,
``set_double``, ``single_hand``, ``trump_shown``, ``marriage``, ``play``, ``trick``,
``round_end``, ``annulled`` and ``reset``.

>>> starts_deal({"type": "deal", "dealer": 3, "packet": 1})
True
>>> starts_deal({"type": "deal", "dealer": 3, "packet": 2})
False
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def starts_deal(event: Event) -> bool:
    """Whether an event is the first packet of a deal: the start of a new deal."""
    return event.get("type") == "deal" and event.get("packet") == 1
