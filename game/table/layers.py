"""The in-memory channel layer (one process, no Redis), made to scale with many sockets.

Channels' ``InMemoryChannelLayer`` scans every channel and every group for
expired messages on each ``receive``: with hundreds of sockets that is
hundreds of steps for every message delivered, which dominated the server's
time in bench/table.py. This layer does the same clean-up at most once a
second; messages still expire after ``expiry`` seconds, give or take one.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer

CLEAN_EVERY_SECONDS = 1.0


class InMemoryChannelLayer(ChannelsInMemoryChannelLayer):  # type: ignore[misc]
    """Channels' in-memory layer with its expiry sweep throttled to once a second."""

    _cleaned_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at < CLEAN_EVERY_SECONDS:
            return
        self._cleaned_at = now
        super()._clean_expired()
