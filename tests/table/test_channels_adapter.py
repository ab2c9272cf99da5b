"""The table's replacements for two pieces of Channels (game/table/channels_adapter.py)
stand in for the Channels code they were written against: these fail when Channels
changes it, so the adapter is re-read before an upgrade lands."""

from __future__ import annotations

import inspect

import channels
from channels.consumer import AsyncConsumer
from channels.layers import InMemoryChannelLayer

from game.table.channels_adapter import CHANNELS_VERSION


def test_it_runs_on_the_channels_release_the_adapter_was_written_for() -> None:
    assert channels.__version__.startswith(CHANNELS_VERSION + "."), channels.__version__


def test_it_replaces_a_consumer_loop_that_still_dispatches_from_two_sources() -> None:
    loop = inspect.getsource(AsyncConsumer.__call__)
    assert "self.channel_layer.new_channel()" in loop
    assert "await_many_dispatch" in loop
    assert "self.base_send = send" in loop


def test_it_skips_the_connection_clean_up_that_dispatch_still_runs_per_message() -> None:
    dispatch = inspect.getsource(AsyncConsumer.dispatch)
    assert "aclose_old_connections()" in dispatch
    assert "get_handler_name(message)" in dispatch


def test_it_throttles_an_expiry_sweep_that_the_layer_still_runs_on_each_receive() -> None:
    assert "self._clean_expired()" in inspect.getsource(InMemoryChannelLayer.receive)
    assert callable(InMemoryChannelLayer._clean_expired)
