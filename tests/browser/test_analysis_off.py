"""A server that does not analyse deals (``DEAL_ANALYSIS=false``) says so on a deal's page,
instead of "Analysing…" for ever: in a real Chromium, on a phone (390x844) and a laptop.

Four computer players play the card that decides a match (``staging.seed_deciding_card``);
the host then opens that deal from the game's list of deals. Screenshots go to
/tmp/twentynine-analysis-off-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.browser.test_table_play import PHONE
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = "/tmp/twentynine-analysis-off"
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
OFF = "This server does not analyse deals."


@pytest.fixture
def quiet_site(tmp_path: Path) -> Iterator[LiveSite]:
    with LiveSite.running(
        tmp_path,
        extra_env={"BOT_DELAY": "0.1", "NEXT_DEAL_DELAY": "60", "DEAL_ANALYSIS": "false"},
    ) as site:
        yield site


def test_a_deals_page_says_the_server_does_not_analyse_deals(
    quiet_site: LiveSite, browser: Browser
) -> None:
    seeded = json.loads(
        quiet_site.shell(
            "from tests.browser.staging import seed_deciding_card; seed_deciding_card()"
        ).strip().splitlines()[-1]
    )
    game, session = seeded["game"], seeded["sessions"]["Asha"]
    errors: list[str] = []
    for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        context = browser.new_context(viewport=viewport)
        context.add_cookies([{"name": "sessionid", "value": session, "url": quiet_site.url}])
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{quiet_site.url}/table/{game}/")
        page.wait_for_selector("#match-over:not([hidden])", timeout=60000)
        page.goto(f"{quiet_site.url}/table/{game}/deals/")
        row = page.locator("#deal-list tr[data-deal]").first
        row.wait_for(timeout=10000)
        number = row.get_attribute("data-deal")
        page.goto(f"{quiet_site.url}/table/{game}/deals/{number}/")
        state = page.locator("#deal-review .review-analysis[data-status='off'] .analysis-state")
        state.wait_for(timeout=10000)
        assert state.inner_text() == OFF
        state.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}-{name}.png")
        context.close()
    assert errors == []
