"""Headless Chromium for the browser tests: Debian's /usr/bin/chromium, driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = "/usr/bin/chromium"
# No sandbox (CI runs as root); no background traffic (the machine has no network).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch() -> Iterator[Browser]:
    """A headless Chromium, closed when the generator ends."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def browser() -> Iterator[Browser]:
    """A fresh headless Chromium for one test."""
    yield from launch()
