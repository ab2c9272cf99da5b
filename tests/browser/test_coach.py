"""The coach in a real browser: a hint on your turn, and the analysis of the finished deal.

A real daphne server and a real Chromium, on a laptop (1280x800) and a phone (390x844):
Asha plays alone against three computer players (hints are allowed by default then). On
her turn she asks for a hint on each screen: the hint and its reason show under her
choices, and the log says she asked. She plays the deal out; the Deals tab, and then the
deal's own page, show its analysis once the bot worker has made it ("Analysing…" until
then).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser.test_bots_play import READY, SEED
from tests.browser.test_table_play import (
    PHONE,
    choose,
    round_over,
    settle,
    version,
    wait_past,
)
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = "/tmp/twentynine-coach"
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
ANALYSIS_TIMEOUT_MS = 240_000


@pytest.fixture
def coach_site(tmp_path: Path) -> Iterator[LiveSite]:
    # About one deal in twenty is annulled as it is dealt (and some later): the next deal
    # then comes within the 60 s that the test waits for something to click.
    with LiveSite.running(
        tmp_path, extra_env={"BOT_DELAY": "0.2", "NEXT_DEAL_DELAY": "25"}
    ) as site:
        yield site


def open_page(
    browser: Browser, site: LiveSite, session: str, size: ViewportSize, path: str,
    errors: list[str],
) -> Page:
    context = browser.new_context(viewport=size)
    context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site.url}{path}")
    return page


def ask_for_a_hint(page: Page, shot: str) -> str:
    """Click Hint on this page (it is Asha's turn) and return the hint shown."""
    page.wait_for_selector("#hint-row:not([hidden]) #hint-button")
    page.locator("#hint-button").click()
    page.wait_for_function(
        "() => (document.querySelector('#hint-text')?.textContent || '').startsWith('Hint:')",
        timeout=60000,
    )
    page.screenshot(path=shot)
    return page.locator("#hint-text").inner_text()


def hint_marks_the_card(page: Page) -> bool:
    """Asked on a choice of cards, the hint marks its card apart from the other playable
    ones (raised higher, a "Hint" tag, described by the hint's words); whether it did."""
    hint = ask_for_a_hint(page, f"{SHOTS}-hint-card-laptop.png")
    if page.locator("#hand .card.hinted").count() == 0:  # a hint to ask for trump, say
        return False
    card = page.locator("#hand .card.hinted")
    assert card.count() == 1 and card.get_attribute("data-legal") == "true"
    assert card.get_attribute("data-hint") == "Hint"
    assert card.get_attribute("aria-describedby") == "hint-text"
    assert (card.get_attribute("aria-label") or "").split(" ")[0] in hint
    other = page.locator('#hand .card.playable:not(.hinted)').first
    assert card.bounding_box()["y"] < other.bounding_box()["y"] - 5  # type: ignore[index]
    return True


def hinted_card_clears_the_hint_row(phone: Page) -> None:
    """On a phone the hinted card is marked in place: not raised over the Hint button and
    the hint's words just above the hand (a newcomer saw them covered)."""
    ask_for_a_hint(phone, f"{SHOTS}-hint-card-phone.png")
    assert phone.locator("#hand .card.hinted").count() == 1  # the laptop's decision
    row = phone.locator("#hint-row").bounding_box()
    top = phone.evaluate(
        """() => {
            const card = document.querySelector('#hand .card.hinted');
            const tag = parseFloat(getComputedStyle(card, '::after').top);  // NaN: auto
            return card.getBoundingClientRect().top + Math.min(0, isNaN(tag) ? 0 : tag);
        }"""
    )
    assert row is not None and top >= row["y"] + row["height"] - 1, (top, row)


def test_a_hint_on_your_turn_and_the_analysis_of_the_deal(
    coach_site: LiveSite, browser: Browser
) -> None:
    try:
        coach(coach_site, browser)
    finally:
        print(coach_site.log()[-5000:])  # shown by pytest only when the test fails


def coach(site: LiveSite, browser: Browser) -> None:
    seeded = json.loads(site.shell(SEED).strip().splitlines()[-1])
    game, session = seeded["game"], seeded["sessions"]["Asha"]
    errors: list[str] = []
    laptop = open_page(browser, site, session, LAPTOP, f"/table/{game}/", errors)
    phone = open_page(browser, site, session, PHONE, f"/table/{game}/", errors)
    laptop.wait_for_function(READY, timeout=60000)
    hint = ask_for_a_hint(laptop, f"{SHOTS}-hint-laptop.png")
    assert "Hint:" in hint, hint
    laptop.wait_for_selector("#log li[data-type='hint']:has-text('Asha asked for a hint')")
    phone.wait_for_function(READY, timeout=60000)
    if version(phone) == version(laptop):  # the same decision: the same hint, at once
        assert ask_for_a_hint(phone, f"{SHOTS}-hint-phone.png") == hint

    rng = random.Random(20)
    card_hinted = False
    for _step in range(300):
        laptop.wait_for_function(READY, timeout=60000)
        if round_over(laptop):
            break
        if not card_hinted and laptop.locator('#hand .card[data-legal="true"]').count() > 1:
            card_hinted = hint_marks_the_card(laptop)
            if card_hinted:
                settle([laptop, phone])
                hinted_card_clears_the_hint_row(phone)
        before = version(laptop)
        if choose(laptop, rng) is not None:
            wait_past(laptop, before)
    else:
        pytest.fail("the deal did not reach a round result")
    assert card_hinted, "Asha never had a choice of cards to ask about"

    laptop.locator("#tab-deals").click()
    scored = "#deal-list tr[data-outcome='made'], #deal-list tr[data-outcome='lost']"
    laptop.wait_for_selector(scored)
    number = laptop.locator(scored).last.get_attribute("data-deal")
    laptop.locator(scored).last.locator(".deal-open").click()
    analysis = "#deal-review-overlay .review-analysis"
    laptop.wait_for_selector(f"{analysis}[data-status='ready']", timeout=ANALYSIS_TIMEOUT_MS)
    laptop.locator(analysis).scroll_into_view_if_needed()
    laptop.screenshot(path=f"{SHOTS}-analysis-laptop.png")
    lines = laptop.locator(f"{analysis} .analysis-list li").all_inner_texts()
    assert lines and all(line.strip() for line in lines), lines
    # What its figures are (sampled deals, not the real hands) is said above them.
    assert "not over the real hands" in laptop.locator(f"{analysis} .analysis-legend").inner_text()

    phone.reload()
    phone.wait_for_selector("#table-app:not([data-phase='waiting'])")
    phone.locator("#side-toggle").click()
    phone.locator("#tab-deals").click()
    phone.locator(f"#deal-list tr[data-deal='{number}'] .deal-open").click()
    phone.wait_for_selector(f"{analysis}[data-status='ready']", timeout=ANALYSIS_TIMEOUT_MS)
    phone.locator(analysis).scroll_into_view_if_needed()
    phone.screenshot(path=f"{SHOTS}-analysis-phone.png")

    for page, name in ((phone, "phone"), (laptop, "laptop")):
        page.goto(f"{site.url}/table/{game}/deals/{number}/")
        page.wait_for_selector("#deal-review .review-analysis[data-status='ready']")
        page.screenshot(path=f"{SHOTS}-deal-page-{name}.png", full_page=True)
    assert errors == []


def test_a_hint_in_the_auction_gives_its_reason(coach_site: LiveSite, browser: Browser) -> None:
    """Asked for a hint on a call, the strong player's choice comes with its reason: how often
    the call makes with four cards like the player's, by its model of calls; on the trump, why
    that suit (or the seventh card)."""
    names = ["Asha", "Vikramaditya", "Chitra", "Dev"]
    errors: list[str] = []
    for moment, words in (
        ("bidding", ("four cards like yours", "(the computer's estimate)")),
        ("trump", ("cards are worth most (in trumps the jack", "let the seventh card decide")),
    ):
        seeded = json.loads(coach_site.shell(
            "from tests.browser.staging import seed_table; "
            f"seed_table('{moment}', hints='on', tag='{moment}')"
        ).strip().splitlines()[-1])
        session, path = seeded["sessions"][names[seeded["turn"][0]]], f"/table/{seeded['game']}/"
        for name, size in (("laptop", LAPTOP), ("phone", PHONE)):
            page = open_page(browser, coach_site, session, size, path, errors)
            hint = ask_for_a_hint(page, f"{SHOTS}-{moment}-hint-{name}.png")
            if moment == "bidding":
                assert all(word in hint for word in words), hint
            else:
                assert any(word in hint for word in words), hint
            assert page.locator("#hint-text").is_visible()
            page.context.close()
    assert errors == []
