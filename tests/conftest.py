"""Fixtures shared by every test package."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.table import memory
from tests.live_site import LiveSite


@pytest.fixture(autouse=True)
def _forget_games_after() -> Iterator[None]:
    """After each test this process forgets every game it remembers, as the database is
    emptied: the next test's games may be given the same ids (CI saw a computer player
    never move, its new game's versions already marked as started). Set up first, so
    torn down last: after the table's tests have stopped their background tasks."""
    yield
    memory.forget()


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[LiveSite]:
    """A real daphne server on loopback with its own database, stopped afterwards."""
    with LiveSite.running(tmp_path) as site:
        yield site
