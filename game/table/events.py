"""How the table reads the engine's public events: where a deal starts and where it ends."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def is_deal_start(event: Event) -> bool:
    """The first packet of a deal: the start of a new deal."""
    return event["type"] == "deal" and event.get("packet") == 1


def starts_deal(events: list[Event]) -> bool:
    """True when one change's events hold the start of a deal."""
    return any(map(is_deal_start, events))


def ends_deal(event: Event) -> bool:
    """A deal's end: scored, annulled, or abandoned by the host's round reset."""
    kind = event["type"]
    return kind in ("round_end", "annulled") or (kind == "reset" and event.get("what") == "round")
