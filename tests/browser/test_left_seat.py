"""A host who takes themselves out of their seat mid-deal, in a real Chromium at both sizes.

Asha hosts and plays seat 1 (Vikramaditya, Chitra and Dev hold the others). Mid-trick she
hands her seat to a computer player on the host form. Until the deal ends she watches from
the seat she left: her table page shows that seat's own cards face up and says why, and
never offers to turn the other hands over (she may not see them and play on in this deal).
Screenshots go to /tmp/twentynine-left-seat-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser.test_table_play import PHONE
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

LAPTOP: ViewportSize = {"width": 1280, "height": 800}
SHOTS = "/tmp/twentynine-left-seat"
NOTE = "You left this seat during the deal"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LiveSite]:
    """Computer players that wait: the deal is still going on when the page is read."""
    with LiveSite.running(tmp_path, extra_env={"BOT_DELAY": "30"}) as running:
        yield running


def open_page(browser: Browser, site: LiveSite, session: str, viewport: ViewportSize,
              path: str) -> Page:
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    page = context.new_page()
    page.goto(f"{site.url}{path}")
    return page


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_host_out_of_their_seat_mid_deal_sees_that_seats_cards_and_is_told_why(
    site: LiveSite, browser: Browser, viewport: ViewportSize
) -> None:
    seeded = json.loads(site.shell(
        "from tests.browser.staging import seed_table; seed_table('mid_trick')"
    ).strip().splitlines()[-1])
    game, asha = seeded["game"], seeded["sessions"]["Asha"]
    table = open_page(browser, site, asha, viewport, f"/table/{game}/")
    table.wait_for_selector("#table-app[data-phase='play']", timeout=30000)
    own = sorted(table.locator("#hand .card[data-card]").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)"))
    assert len(own) >= 6

    form = open_page(browser, site, asha, LAPTOP, f"/games/{game}/edit/")
    form.select_option("#id_seat_0", "bot:easy")
    form.get_by_role("button", name="Save").click()
    form.wait_for_load_state()

    table.wait_for_selector(f"#status-note:has-text('{NOTE}')", timeout=20000)
    shown = sorted(table.locator("#hand .card[data-card]").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)"))
    assert shown == own  # the seat she left, face up, at the bottom
    assert table.locator("#hand").get_attribute("data-face") == "up"
    assert table.locator("#hand.toggle").count() == 0  # nothing to turn over
    assert "tap a player's cards" not in table.locator("#status").inner_text()
    assert table.locator(".card[data-legal='true']").count() == 0
    assert table.locator("#role").inner_text() == "Watching · host"
    table.screenshot(path=f"{SHOTS}-{viewport['width']}.png")
