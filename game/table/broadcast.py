"""Telling a table's sockets that it changed: one group per game.

A group message says "game 5 is now at version 12" and carries that version's
snapshot as plain data (``wire.to_group``), so a process that did not make the
change builds it once from the message, with no database query, and each
socket sends its own seat's view of it. Delivery through a channel layer is at
most once: a socket that sees a version gap re-checks what it must and sends
the latest state, and the page then asks for the full state (``sync``); see
docs/protocol.md, "Delivery and recovery".

``close_table`` tells every socket of a deleted game to close (4404).
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from game.table import cache
from game.table.snapshot import Snapshot
from game.table.wire import to_group
from twentynine import metrics

CHANGED = "table.changed"
GONE = "table.gone"


GROUP_PREFIX = "game."


def group_name(game_id: int) -> str:
    """The channel-layer group of every socket watching this game."""
    return f"{GROUP_PREFIX}{game_id}"


def is_table_group(group: str) -> bool:
    """Whether a channel-layer group is a game's (not, say, a dashboard's)."""
    return group.startswith(GROUP_PREFIX)


def _message(latest: Snapshot) -> dict[str, Any]:
    return {
        "type": CHANGED,
        "game": latest.game_id,
        "version": latest.version,
        "snapshot": to_group(latest),
    }


def _layer() -> Any:
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    return layer


async def announce(latest: Snapshot) -> None:
    """Tell every socket of the game (in every process) about a committed change."""
    cache.remember(latest)
    try:
        await _layer().group_send(group_name(latest.game_id), _message(latest))
    except Exception:
        metrics.layer_error()
        raise


def announce_from_sync(latest: Snapshot) -> None:
    """``announce`` for synchronous callers such as the dashboard's views."""
    cache.remember(latest)
    async_to_sync(_layer().group_send)(group_name(latest.game_id), _message(latest))


def close_table(game_id: int) -> None:
    """Tell every socket of a deleted game (in every process) to close with 4404."""
    async_to_sync(_layer().group_send)(group_name(game_id), {"type": GONE, "game": game_id})
