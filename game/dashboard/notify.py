"""Telling open dashboards that what they list changed: a friend hosted or deleted a game, a
friendship began or ended. Each user's dashboard sockets (in every process) listen on the
user's group; the message makes them read their list of games again."""

from __future__ import annotations

from collections.abc import Iterable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

REFRESH = "dashboard.refresh"


def user_group(user_id: int) -> str:
    """The channel-layer group of one user's dashboard sockets."""
    return f"dashboard.user.{user_id}"


def refresh(user_ids: Iterable[int]) -> None:
    """Have these users' open dashboards read their games again, once the current
    transaction (if any) commits."""
    ids = sorted(set(user_ids))
    if ids:
        transaction.on_commit(lambda: _send(ids))


def _send(user_ids: list[int]) -> None:
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    send = async_to_sync(layer.group_send)
    for user_id in user_ids:
        send(user_group(user_id), {"type": REFRESH})
