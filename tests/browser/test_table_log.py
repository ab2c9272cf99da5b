"""The table's log follows new lines until the reader scrolls up, whatever scrolls the
browser makes by itself (run in Chromium on the module, served from disk as the page does)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import launch
from tests.browser.test_table_words import ORIGIN, TABLE, serve

pytestmark = pytest.mark.browser

SETUP = """async ([table]) => {
    const { TableLog } = await import('/static/js/table/log.js');
    sessionStorage.clear();
    const list = document.createElement('ol');
    list.style.cssText = 'height: 120px; overflow-y: auto; margin: 0';
    document.body.replaceChildren(list);
    let version = 0;
    const log = new TableLog(list, 7);
    window.addLines = (n) => {
        const play = (_, i) => ({ type: 'play', seat: i % 4, card: 'JH' });
        const events = Array.from({ length: n }, play);
        version += 1;
        log.add(events, table, null, version);
    };
    window.atBottom = () => list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    window.list = list;
    window.addLines(30);
}"""
FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


@pytest.fixture
def page() -> Iterator[Page]:
    for browser in launch():
        tab = browser.new_page()
        tab.route(f"{ORIGIN}/**", serve)
        tab.goto(f"{ORIGIN}/")
        tab.evaluate(SETUP, [TABLE])
        yield tab


def test_a_scroll_the_browser_makes_by_itself_does_not_stop_the_log(page: Page) -> None:
    assert page.evaluate("() => atBottom()")
    # A deal ends: the list is scrolled up without the reader (a resize, a clamp, anchoring).
    page.evaluate("() => { list.scrollTop = 0; }")
    page.evaluate(FRAME)
    page.evaluate("() => addLines(5)")
    assert page.evaluate("() => atBottom()")


def test_the_reader_scrolling_up_stops_it_and_scrolling_back_down_starts_it(page: Page) -> None:
    box = page.locator("ol").bounding_box()
    assert box
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.wheel(0, -400)
    page.wait_for_function("() => list.scrollTop < list.scrollHeight - list.clientHeight - 50")
    page.evaluate(FRAME)
    page.evaluate("() => addLines(5)")
    assert not page.evaluate("() => atBottom()")
    page.mouse.wheel(0, 5000)
    page.wait_for_function("() => atBottom()")
    page.evaluate(FRAME)
    page.evaluate("() => addLines(5)")
    assert page.evaluate("() => atBottom()")
