"""One person plays a whole deal by clicks against three computer players, a friend watching.

A real daphne server (computer players pause ``BOT_DELAY`` 0.2 s) and a real Chromium:
Asha hosts with three bots and opens the table; the deal starts at once; she bids,
chooses trump and plays her cards through the page alone while the bots play theirs,
until the round result shows. Every seat a bot holds, on her screen and the spectator's,
carries the "computer" badge, and so do the bots' lines in the log.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.test_table_play import DESKTOP, choose, round_over, version, wait_past
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = "/tmp/twentynine-bots"
SEED = (
    "from tests.browser.staging import seed_with_computers; "
    'seed_with_computers("Asha and the bots", ["strong", "easy", "strong"])'
)
# Something for Asha to click, or the result of a deal that was played out.
READY = (
    "() => document.querySelector('#controls [data-action], #hand .card[data-legal=\"true\"]')"
    " || document.querySelector('#round-result[data-annulled=\"false\"]:not([hidden])')"
)


@pytest.fixture
def bot_site(tmp_path: Path) -> Iterator[LiveSite]:
    # The result stays on show: the next deal would start (and the bots bid) 30 s later.
    with LiveSite.running(
        tmp_path, extra_env={"BOT_DELAY": "0.2", "NEXT_DEAL_DELAY": "30"}
    ) as site:
        yield site


def open_page(browser: Browser, site: LiveSite, game: int, session: str, errors: list[str]) -> Page:
    context = browser.new_context(viewport=DESKTOP)
    context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site.url}/table/{game}/")
    return page


def test_it_plays_a_whole_deal_against_three_computer_players(
    bot_site: LiveSite, browser: Browser
) -> None:
    try:
        play_against_bots(bot_site, browser)
    finally:
        # Shown by pytest only when the test fails.
        print(bot_site.log()[-5000:])


def play_against_bots(bot_site: LiveSite, browser: Browser) -> None:
    """Asha's whole deal against the bots, watched by Esha."""
    seeded = json.loads(bot_site.shell(SEED).strip().splitlines()[-1])
    errors: list[str] = []
    asha = open_page(browser, bot_site, seeded["game"], seeded["sessions"]["Asha"], errors)
    watcher = open_page(browser, bot_site, seeded["game"], seeded["sessions"]["Esha"], errors)
    for page in (asha, watcher):
        page.wait_for_selector("#table-app:not([data-phase='waiting'])", timeout=30000)
        # Each computer player by its seat's own name, the same on every screen.
        for position, name in (("right", "Bela"), ("top", "Charu"), ("left", "Dipu")):
            plate = page.locator(f"#seat-{position} .plate")
            assert plate.locator(".badge.computer").count() == 1, position
            assert plate.locator(".name").inner_text() == name
        assert page.locator("#seat-bottom .badge.computer").count() == 0
    assert asha.locator("#seat-bottom .name").inner_text() == "Asha (you)"

    rng = random.Random(29)
    clicks = 0
    for _step in range(300):
        try:
            asha.wait_for_function(READY, timeout=60000)
        except Exception:
            print("stuck at", version(asha), asha.locator("#status").inner_text(), errors)
            raise
        if round_over(asha):
            break
        before = version(asha)
        if choose(asha, rng) is not None:
            clicks += 1
            wait_past(asha, before)
    else:
        pytest.fail("the deal did not reach a round result in 300 of Asha's turns")

    assert clicks >= 2, "Asha called and played by clicks"
    asha.screenshot(path=f"{SHOTS}-result.png", full_page=True)
    for page in (asha, watcher):
        page.locator("#round-result[data-annulled='false']").wait_for()
        result = page.locator("#round-result").inner_text()
        assert "Asha & Charu" in result and "Bela & Dipu" in result, result
        plays = page.locator("#log li[data-type='play']")
        assert plays.filter(has_text="Asha plays").count() >= 1
        bot_plays = plays.filter(has=page.locator(".badge.computer"))
        assert bot_plays.count() >= 3, "the bots' cards are in the log, badged"
        bots = ("Bela", "Charu", "Dipu")
        assert all(line.startswith(bots) for line in bot_plays.all_inner_texts())
        assert plays.count() == bot_plays.count() + plays.filter(has_text="Asha plays").count()
    watcher.screenshot(path=f"{SHOTS}-spectator.png", full_page=True)
    assert errors == []
