"""Fixtures shared by every test package."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_site import LiveSite


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[LiveSite]:
    """A real daphne server on loopback with its own database, stopped afterwards."""
    with LiveSite.running(tmp_path) as site:
        yield site
