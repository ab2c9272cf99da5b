"""The table beyond the cards, in a real Chromium: reviewing a finished deal, the chat, who is here.

Four players play a whole deal over websockets (quick and scripted); then a
player reviews it trick by trick at the table (on a phone) and on the game's
history page (on a desktop), and every trick shown must be the trick the table
saw. Two browsers chat: HTML in a line is shown as text on the other screen. The
seats show who has the table open. Screenshots go to /tmp for a person to look at.
"""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser.test_table_play import NAMES, SEED_TABLE
from tests.live_site import LiveSite
from tests.table.live_tables import LivePlayer

pytestmark = [pytest.mark.browser, pytest.mark.server]

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
SHOTS = "/tmp/twentynine-together"
HTML_LINE = '<img src=x onerror="window.pwned=1"><b>bold</b> & "quotes"'


def seed(site: LiveSite) -> tuple[int, dict[str, str]]:
    """Asha's game with Asha, Bilal, Chitra and Dev seated; Esha is a friend who may watch."""
    output = site.shell(SEED_TABLE.replace("NAMES", repr(NAMES)))
    seeded = json.loads(output.strip().splitlines()[-1])
    return seeded["game"], seeded["sessions"]


def cautious(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A quick deal: the first call is the minimum and everyone else passes; no doubles or
    Single Hand; trump is shown as soon as anyone may ask; any legal card."""
    kinds = [a["type"] for a in legal]
    if "bid" in kinds:
        lowest = min((a for a in legal if a["type"] == "bid"), key=lambda a: a["value"])
        return lowest if lowest["value"] == 16 else {"type": "pass"}
    if "trump" in kinds:
        return rng.choice([a for a in legal if a["type"] == "trump"])
    if "show_trump" in kinds:
        return {"type": "show_trump"}
    if "pass" in kinds:
        return {"type": "pass"}
    return rng.choice(legal)


async def play_until_scored(
    site: LiveSite, game: int, sessions: dict[str, str]
) -> list[dict[str, Any]]:
    """Play deals over websockets until one is scored; the tricks of that deal as the table
    saw them (from the events every player was sent)."""
    players = [LivePlayer(site, game, f"sessionid={sessions[name]}") for name in NAMES[:4]]
    rng = random.Random(8)
    for player in players:
        await player.open()
    tricks: list[dict[str, Any]] = []
    try:
        for _ in range(2000):
            await asyncio.gather(*(p.until(lambda s: s["table"]["started"]) for p in players))
            version = max(p.state["version"] for p in players)
            await asyncio.gather(
                *(p.until(lambda s, v=version: s["version"] >= v) for p in players)
            )
            for event in players[0].state["events"]:
                if event["type"] == "deal" and event.get("packet") == 1:
                    tricks = []
                elif event["type"] == "trick":
                    tricks.append(event)
                elif event["type"] == "round_end":
                    return tricks
            able = [p for p in players if p.state["legal"]]
            if able:
                await able[0].act(cautious(able[0].state["legal"], rng))
            await players[0].until(lambda s, v=version: s["version"] > v, timeout=10)
    finally:
        for player in players:
            await player.close()
    raise AssertionError("no deal was scored")


def open_page(
    browser: Browser, site: LiveSite, session: str, viewport: ViewportSize, path: str
) -> Page:
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site.url}{path}")
    page.errors = errors  # type: ignore[attr-defined]
    return page


def shown_trick(page: Page, scope: str) -> list[str]:
    return page.locator(f"{scope} .review-trick .card[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.seat + e.dataset.card)"
    )


def step_through(page: Page, scope: str, tricks: list[dict[str, Any]], shot: str) -> None:
    """Press Next through the whole deal: the calls, every trick as played, the result."""
    review = page.locator(scope)
    assert review.get_attribute("data-step-kind") == "calls"
    calls = review.locator(".review-lines").inner_text()
    assert "deals four cards each" in calls and "bids 16" in calls, calls
    for number, trick in enumerate(tricks, start=1):
        review.locator("[data-review='next']").click()
        assert review.get_attribute("data-step-kind") == "trick"
        heading = review.locator(".review-step").inner_text()
        leader = NAMES[trick["cards"][0]["seat"]]
        winner = NAMES[trick["winner"]]
        expected = f"Trick {number} of {len(tricks)}: {leader} led, {winner} won"
        assert heading.startswith(expected), heading
        assert shown_trick(page, scope) == [f"{c['seat']}{c['card']}" for c in trick["cards"]]
        winner_card = review.locator(".card.winner").get_attribute("data-seat")
        led_card = review.locator(".card.led").get_attribute("data-seat")
        assert (winner_card, led_card) == (str(trick["winner"]), str(trick["cards"][0]["seat"]))
        if number == 1:
            page.screenshot(path=f"{shot}-trick.png")
    review.locator("[data-review='next']").click()
    assert review.get_attribute("data-step-kind") == "result"
    assert "Team " in review.locator(".review-lines").inner_text()
    assert review.locator("[data-review='next']").is_disabled()
    page.screenshot(path=f"{shot}-result.png")
    review.locator("[data-review='prev']").click()
    assert review.get_attribute("data-step-kind") == "trick"


def test_it_reviews_a_whole_deal_trick_by_trick_after_it_ends(
    live_site: LiveSite, browser: Browser
) -> None:
    game, sessions = seed(live_site)
    # Playwright's sync API runs an event loop in this thread: play from another one.
    with ThreadPoolExecutor(1) as pool:
        tricks = pool.submit(asyncio.run, play_until_scored(live_site, game, sessions)).result()
    assert tricks

    phone = open_page(browser, live_site, sessions["Chitra"], PHONE, f"/table/{game}/")
    scored = "#deal-list tr[data-outcome='made'], #deal-list tr[data-outcome='lost']"
    phone.locator("#side-toggle").click()
    phone.locator("#tab-deals").click()
    phone.wait_for_selector(scored)
    phone.screenshot(path=f"{SHOTS}-deals-tab-phone.png")
    row = phone.locator(scored).last
    row.locator(".deal-open").click()
    phone.wait_for_selector("#deal-review-overlay:not([hidden]) .deal-review")
    step_through(phone, "#deal-review-overlay .deal-review", tricks, f"{SHOTS}-review-phone")
    phone.locator(".review-close").click()
    assert phone.locator("#deal-review-overlay").is_hidden()

    desktop = open_page(browser, live_site, sessions["Esha"], DESKTOP, f"/table/{game}/deals/")
    desktop.wait_for_selector(".deals-table")
    desktop.screenshot(path=f"{SHOTS}-deals-page.png", full_page=True)
    number = row.get_attribute("data-deal")
    desktop.locator(f"tr[data-deal='{number}'] .deal-open").click()
    desktop.wait_for_selector("#deal-review .review-step")
    step_through(desktop, "#deal-review", tricks, f"{SHOTS}-review-desktop")
    # The game's pages fit a phone too (pictures for a person to look at).
    phone.goto(f"{live_site.url}/table/{game}/deals/")
    phone.wait_for_selector(".deals-table")
    phone.screenshot(path=f"{SHOTS}-deals-page-phone.png", full_page=True)
    phone.goto(f"{live_site.url}/table/{game}/deals/{number}/")
    phone.locator("#deal-review [data-review='next']").click()
    phone.screenshot(path=f"{SHOTS}-deal-page-phone.png", full_page=True)
    assert not phone.errors and not desktop.errors  # type: ignore[attr-defined]


def test_it_sends_a_chat_line_to_another_browser_as_text_and_shows_who_is_here(
    live_site: LiveSite, browser: Browser
) -> None:
    game, sessions = seed(live_site)
    asha = open_page(browser, live_site, sessions["Asha"], DESKTOP, f"/table/{game}/")
    bilal = open_page(browser, live_site, sessions["Bilal"], PHONE, f"/table/{game}/")
    esha = open_page(browser, live_site, sessions["Esha"], DESKTOP, f"/table/{game}/")
    asha.wait_for_selector("#seat-bottom[data-presence='online']")
    bilal_seat = ".seat[data-seat='1']"
    asha.wait_for_selector(f"{bilal_seat}[data-presence='online']")
    assert asha.locator(".seat[data-seat='2']").get_attribute("data-presence") == "away"
    asha.wait_for_selector("#watching:has-text('1 watching')")

    asha.locator("#tab-chat").click()
    esha.locator("#tab-chat").click()
    asha.fill("#chat-input", HTML_LINE)
    asha.press("#chat-input", "Enter")
    # On the phone the chat is out of sight: the button that opens the side shows a dot.
    bilal.wait_for_selector("#side-toggle[data-unread]")
    bilal.locator("#side-toggle").click()
    bilal.locator("#tab-chat").click()
    assert bilal.locator("#side-toggle[data-unread], #tab-chat[data-unread]").count() == 0
    line = bilal.locator("#chat-lines .chat-line").last
    line.wait_for()
    assert line.locator(".chat-text").inner_text() == HTML_LINE
    assert line.locator(".chat-name").inner_text() == "Asha"
    assert bilal.locator("#chat-lines img").count() == 0
    assert bilal.locator("#chat-lines b").count() == 1  # the name only
    assert bilal.evaluate("window.pwned") is None
    assert asha.input_value("#chat-input") == ""
    bilal.screenshot(path=f"{SHOTS}-chat-phone.png")
    # A burst of three quick lines goes through; a fourth within the second is refused and
    # its text comes back to the input (the socket stays open).
    asha.wait_for_timeout(1200)
    for n in range(1, 5):
        asha.fill("#chat-input", f"Quick line {n}")
        asha.press("#chat-input", "Enter")
    asha.wait_for_function("() => document.querySelector('#chat-input').value !== ''")
    assert asha.input_value("#chat-input") == "Quick line 4"
    bilal.locator("#chat-lines .chat-line").filter(has_text="Quick line 3").wait_for()
    asha.fill("#chat-input", "")

    esha.fill("#chat-input", "Watching from the rail")
    esha.press("#chat-input", "Enter")
    asha.wait_for_selector("#chat-lines .from-spectator:has-text('Watching from the rail')")
    asha.locator("#spectator-chat-toggle").uncheck()
    esha.wait_for_selector("#chat-input:disabled")
    assert esha.locator("#chat-note").is_visible()
    assert bilal.locator("#chat-input").is_enabled()

    bilal.reload()
    bilal.locator("#side-toggle").click()
    bilal.locator("#tab-chat").click()
    bilal.wait_for_selector("#chat-lines .from-spectator")
    assert bilal.locator("#chat-lines .chat-text").first.inner_text() == HTML_LINE
    bilal.context.close()
    asha.wait_for_selector(f"{bilal_seat}[data-presence='away']")
    asha.screenshot(path=f"{SHOTS}-chat-desktop.png")
    assert not asha.errors and not esha.errors  # type: ignore[attr-defined]
