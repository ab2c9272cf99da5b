"""Headless Chromium for the browser tests: Debian's /usr/bin/chromium, driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

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


@pytest.fixture(autouse=True)
def refused_by_policy(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every page of every browser test runs under the site's Content-Security-Policy
    (settings.CONTENT_SECURITY_POLICY): whatever a page of the site refuses to run or load
    because of it (an inline script, handler or style, a script from elsewhere) fails the
    test that opened it. Each refusal is listed as (its text, the address of what caused it);
    one with no address came from code the test itself evaluated in the page (axe-core's
    scan applies styles of its own), not from the site, and fails nothing."""
    refused: list[tuple[str, str]] = []

    def watch(console: ConsoleMessage) -> None:
        if "Content Security Policy" in console.text:
            refused.append((console.text, console.location.get("url", "")))

    new_context, new_page = Browser.new_context, Browser.new_page

    def watched_context(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
        context = new_context(self, *args, **kwargs)
        context.on("console", watch)
        return context

    def watched_page(self: Browser, *args: Any, **kwargs: Any) -> Page:
        page = new_page(self, *args, **kwargs)
        page.on("console", watch)
        return page

    monkeypatch.setattr(Browser, "new_context", watched_context)
    monkeypatch.setattr(Browser, "new_page", watched_page)
    yield refused
    assert [(text, url) for text, url in refused if url] == []
