"""An automated accessibility scan (axe-core, through axe-playwright-python) of every page and
of the table at each stage of a deal, in English and Bengali, at 390x844 and 1280x800, and of
the table and the dashboard in the dark theme with the four-colour deck: no serious or critical
violation (text contrast included). And the hand from the keyboard: one Tab stop, the arrow keys
move along it, and the focus stays on its card when a state message redraws the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tests.browser.conftest import launch
from tests.browser.staging import NAMES
from tests.browser.test_table_fits import LAPTOP, PHONE, WAIT_MS, Table, close
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

AXE = Axe()
SIZES = {"phone": PHONE, "laptop": LAPTOP}
PAGES = [
    "/", "/learn/how-to-play/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"
]
STAGES = ["bidding", "trump", "doubling", "mid_trick", "show_trump"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite.running(
        Path(tmp_path_factory.mktemp("a11y")), {"NEXT_DEAL_DELAY": "600"}
    ) as live:
        yield live


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    yield from launch()


def serious(page: Page) -> list[dict[str, Any]]:
    """The serious and critical violations axe finds on the page as it is now."""
    found = AXE.run(page).response["violations"]
    return [
        {"rule": v["id"], "where": [n["target"] for n in v["nodes"]][:5]}
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "bn"])
def test_the_pages_have_no_serious_violation(
    site: LiveSite, chromium: Browser, lang: str, size: str
) -> None:
    context = chromium.new_context(viewport=SIZES[size])
    context.add_cookies([{"name": "django_language", "value": lang, "url": site.url}])
    page = context.new_page()
    for path in PAGES:
        page.goto(site.url + path)
        assert serious(page) == [], path
        page.screenshot(path=f"/tmp/twentynine-a11y-{lang}-{size}{path.replace('/', '-')}.png")
    page.locator(".language-menu summary").click()
    assert serious(page) == [], "the open language menu"
    table = Table(site, "bidding")
    context.add_cookies([{"name": "sessionid", "value": table.sessions["Asha"], "url": site.url}])
    page.goto(site.url + "/")
    assert serious(page) == [], "dashboard"
    context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("stage", STAGES)
def test_the_table_has_no_serious_violation_at_any_stage(
    site: LiveSite, chromium: Browser, stage: str, size: str
) -> None:
    table = Table(site, stage)
    page = table.open(chromium, table.actor(), SIZES[size])
    page.wait_for_selector("#controls .button, #hand .card[data-legal='true']", timeout=WAIT_MS)
    assert serious(page) == [], stage
    page.locator("#help-toggle").click()
    assert serious(page) == [], f"{stage}: the rules dialog"
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement.id") == "help-toggle"
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_the_dark_theme_has_no_serious_violation_at_the_table_and_the_dashboard(
    site: LiveSite, chromium: Browser, size: str
) -> None:
    for stage in [*STAGES, "last_card"]:
        table = Table(site, stage, four_colour=True, hints="on")
        page = table.open(chromium, table.actor(), SIZES[size], dark=True)
        page.wait_for_selector("#controls .button, #hand .card[data-legal='true']", timeout=WAIT_MS)
        assert page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
        assert serious(page) == [], f"dark: {stage}"
        if stage == "last_card":
            page.locator("#hand .card[data-legal='true']").first.click()
            page.wait_for_selector("#round-result:not([hidden])", timeout=WAIT_MS)
            assert serious(page) == [], "dark: the round's result"
        page.locator("#prefs-toggle").click()
        assert serious(page) == [], f"dark: {stage}: the preferences dialog"
        page.keyboard.press("Escape")
        assert page.evaluate("() => document.activeElement.id") == "prefs-toggle"
        if stage == "mid_trick":
            page.goto(site.url + "/")
            assert serious(page) == [], "dark: dashboard"
            page.goto(site.url + "/account/")
            assert serious(page) == [], "dark: account"
            page.goto(site.url + "/learn/how-to-play/")
            assert serious(page) == [], "dark: how to play"
        close(page)


def test_the_hand_answers_the_keyboard_and_keeps_its_focus(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "mid_trick")
    page = table.open(chromium, table.actor(), LAPTOP)
    page.wait_for_selector("#hand .card[data-legal='true']", timeout=WAIT_MS)
    cards = page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.locator("#hand .card").first.focus()
    page.keyboard.press("ArrowRight")
    focused = "() => document.activeElement.dataset.card"
    assert page.evaluate(focused) == cards[1]
    page.screenshot(path="/tmp/twentynine-a11y-hand-focus.png")
    page.keyboard.press("End")
    assert page.evaluate(focused) == cards[-1]
    page.keyboard.press("ArrowRight")  # round the hand, both ways
    assert page.evaluate(focused) == cards[0]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == cards[-1]
    # A state message redraws the hand (new card elements): the same card keeps the focus.
    page.evaluate("() => { document.activeElement.dataset.before = 'yes'; }")
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # a sync
    page.wait_for_function("() => !document.querySelector('#hand [data-before]')")
    assert page.evaluate(focused) == cards[-1]
    close(page)


def test_the_hand_is_one_tab_stop_that_remembers_its_card(
    site: LiveSite, chromium: Browser
) -> None:
    """Tab enters the hand once, on a card that may be played; the arrows move inside it; Tab
    leaves it (not to its next card), and Shift+Tab comes back to the card last focused."""
    table = Table(site, "mid_trick")
    page = table.open(chromium, table.actor(), LAPTOP)
    page.wait_for_selector("#hand .card[data-legal='true']", timeout=WAIT_MS)
    stops = (
        "() => [...document.querySelectorAll('#hand .card[tabindex=\"0\"]')]"
        ".map(e => ({...e.dataset}))"
    )
    (stop,) = page.evaluate(stops)
    assert stop["legal"] == "true"
    keys = page.locator("#hand").get_attribute("aria-describedby")
    assert "arrow keys" in page.locator(f"#{keys}").inner_text()
    page.locator(f"#hand .card[data-card='{stop['card']}']").focus()
    page.keyboard.press("ArrowRight")
    moved = page.evaluate("() => document.activeElement.dataset.card")
    assert moved != stop["card"]
    assert [s["card"] for s in page.evaluate(stops)] == [moved]  # the stop follows the focus
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.closest('#hand') === null")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.dataset.card") == moved
    close(page)


@pytest.mark.parametrize("stage", ["bidding", "mid_trick", "last_card"])
def test_the_focus_stays_in_the_hand_after_a_move_made_from_the_keyboard(
    site: LiveSite, chromium: Browser, stage: str
) -> None:
    """A card played or a call made with Enter leaves the focus on the table (a card of the
    hand, a button, or the hand itself once the deal's last card is played), not at the top
    of the page."""
    table = Table(site, stage)
    page = table.open(chromium, table.actor(), LAPTOP)
    playing = stage in ("mid_trick", "last_card")
    target = "#hand .card[data-legal='true']" if playing else "#controls [data-action]"
    page.wait_for_selector(target, timeout=WAIT_MS)
    version = page.evaluate("() => document.querySelector('#table-app').dataset.version")
    page.locator(target).first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => document.querySelector('#table-app').dataset.version !== v",
        arg=version,
        timeout=WAIT_MS,
    )
    where = page.evaluate(
        "() => { const el = document.activeElement;"
        " return el.closest('#hand, #controls')?.id || el.tagName; }"
    )
    assert where in ("hand", "controls")
    close(page)


def test_a_question_put_to_you_takes_the_focus_from_your_hand(
    site: LiveSite, chromium: Browser
) -> None:
    """The bidder picks trump while an opponent's focus is on a card of their hand: the
    Double question then put to that opponent takes the focus to its Pass (not Double,
    its first button: an Enter pressed again must not raise the stake)."""
    table = Table(site, "trump")
    bidder = table.turn[0]
    page = table.open(chromium, NAMES[(bidder + 1) % 4], LAPTOP)
    page.locator("#hand .card").first.focus()
    picker = table.open(chromium, NAMES[bidder], LAPTOP)
    picker.locator("#controls [data-action*='trump']").first.click()
    page.wait_for_selector("#controls [data-action]", timeout=WAIT_MS)
    page.wait_for_function("() => document.activeElement.closest('#controls') !== null")
    first = page.locator("#controls [data-action]").first.get_attribute("data-action")
    assert first != '{"type":"pass"}', first  # the question puts Double before Pass
    assert page.evaluate("() => document.activeElement.dataset.action") == '{"type":"pass"}'
    close(picker)
    close(page)


def test_a_screen_reader_hears_each_card_of_the_trick_and_who_played_it(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "mid_trick")
    page = table.open(chromium, table.actor(), LAPTOP)
    trick = page.get_by_role("group", name="The current trick")
    cards = trick.get_by_role("img")
    assert cards.count() >= 1
    names = [cards.nth(i).get_attribute("aria-label") or "" for i in range(cards.count())]
    assert ", led by " in names[0] and all(", played by " in n for n in names[1:]), names
    # The corners and the pip are drawing only: nothing in the trick is read twice.
    assert page.locator("#trick .corner:not([aria-hidden='true'])").count() == 0
    close(page)


def deal_played_out(site: LiveSite, chromium: Browser) -> tuple[Page, Page]:
    """A deal's last card played (from a staged table): the page that played it, once its
    result shows, and the page of the next deal's first bidder (who sits after the next
    dealer, named in the result)."""
    table = Table(site, "last_card")
    player = table.open(chromium, table.actor(), LAPTOP)
    player.locator("#hand .card[data-legal='true']").first.click()
    player.wait_for_selector("#round-result:not([hidden])", timeout=WAIT_MS)
    dealer = player.locator("#round-result .countdown, #countdown").inner_text()
    name = next(n for n in NAMES[:4] if dealer.startswith(n))
    return player, table.open(chromium, NAMES[(NAMES.index(name) + 1) % 4], LAPTOP)


def test_the_next_deals_first_question_takes_the_focus_from_the_hand(
    tmp_path: Path, chromium: Browser
) -> None:
    """Between deals the keyboard rests on the hand (the deal's last card was played from
    it); the next deal's first question to this seat, a call or a pass, takes the focus to
    its first button (Pass), not leave it a Shift+Tab away from the highest call."""
    with LiveSite.running(tmp_path, {"NEXT_DEAL_DELAY": "3"}) as quick:
        player, page = deal_played_out(quick, chromium)
        page.locator("#hand").focus()
        page.wait_for_selector("#controls [data-action]", timeout=WAIT_MS)
        page.wait_for_function("() => document.activeElement.closest('#controls') !== null")
        assert page.evaluate("() => document.activeElement.dataset.action") == '{"type":"pass"}'
        close(player)
        close(page)


def test_a_deal_review_open_at_the_table_closes_when_it_becomes_your_turn(
    tmp_path: Path, chromium: Browser
) -> None:
    """The next deal's first bidder reads the deal just played over the table: when the
    question comes, the review closes so that it (and any countdown) is in sight."""
    with LiveSite.running(tmp_path, {"NEXT_DEAL_DELAY": "6"}) as quick:
        player, page = deal_played_out(quick, chromium)
        page.locator("#tab-deals").click()
        page.locator("#deal-list .deal-open").last.click()
        page.wait_for_selector("#deal-review-overlay:not([hidden]) .deal-review")
        page.wait_for_selector("#controls [data-action]", timeout=WAIT_MS)
        page.wait_for_selector("#deal-review-overlay", state="hidden", timeout=5000)
        close(player)
        close(page)


def test_closing_a_deal_review_gives_the_focus_back_to_its_deal(
    tmp_path: Path, chromium: Browser
) -> None:
    """Esc or Close on a review opened from the Deals tab by keyboard: the focus is on that
    deal's button again, not at the top of the page."""
    with LiveSite.running(tmp_path, {"NEXT_DEAL_DELAY": "120"}) as quick:
        player, page = deal_played_out(quick, chromium)
        page.locator("#tab-deals").click()
        opener = page.locator("#deal-list .deal-open").last
        opener.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#deal-review-overlay:not([hidden]) .deal-review")
        page.keyboard.press("Escape")
        page.wait_for_selector("#deal-review-overlay", state="hidden", timeout=5000)
        focused = "() => document.activeElement.closest('tr')?.dataset.deal"
        assert page.evaluate(focused) == "1"
        page.keyboard.press("Enter")
        page.get_by_role("button", name="Close").click()
        page.wait_for_selector("#deal-review-overlay", state="hidden", timeout=5000)
        assert page.evaluate(focused) == "1"
        close(player)
        close(page)


def test_the_first_tab_offers_a_skip_to_your_turn(site: LiveSite, chromium: Browser) -> None:
    """From the top of the table page one Tab reaches "Skip to your turn", Enter takes it,
    and the next Tab is on Pass (not fifteen Tabs through the header and the tools)."""
    table = Table(site, "bidding")
    page = table.open(chromium, table.actor(), LAPTOP)
    page.keyboard.press("Tab")
    skip = page.evaluate("() => [document.activeElement.className, document.activeElement.text]")
    assert skip == ["skip-link", "Skip to your turn: the calls and your hand"], skip
    page.screenshot(path="/tmp/twentynine-a11y-skip-link.png")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == '{"type":"pass"}'
    # On a phone its words take two lines: unfocused, none of it shows over the header.
    page.set_viewport_size({"width": 390, "height": 844})
    rect = "() => document.querySelector('.skip-link').getBoundingClientRect()"
    assert page.evaluate(rect)["bottom"] <= 0
    page.locator(".skip-link").focus()
    assert page.evaluate(rect)["top"] >= 0
    close(page)
