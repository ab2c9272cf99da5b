"""Telling a table's sockets that it changed: one group per game, messages carry only the version.

Delivery through a channel layer is at most once, so a message says only
"game 5 is now at version 12"; each socket builds its own seat's view from the
snapshot of that version (cached per process) and catches up from the action
log when it missed one.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from game import snapshot
from game.snapshot import Snapshot

CHANGED = "table.changed"


def group_name(game_id: int) -> str:
    """The channel-layer group of every socket watching this game."""
    return f"game.{game_id}"


def _message(latest: Snapshot) -> dict[str, object]:
    return {"type": CHANGED, "game": latest.game_id, "version": latest.version}


async def announce(latest: Snapshot) -> None:
    """Tell every socket of the game (in every process) about a committed change."""
    snapshot.remember(latest)
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    await layer.group_send(group_name(latest.game_id), _message(latest))


def announce_from_sync(latest: Snapshot) -> None:
    """``announce`` for synchronous callers such as the dashboard's views."""
    snapshot.remember(latest)
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    async_to_sync(layer.group_send)(group_name(latest.game_id), _message(latest))
