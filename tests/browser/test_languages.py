"""The site in Bengali, Hindi and Nepali in a real Chromium: the header's language menu
switches the page (and remembers it), and the table speaks the chosen language at 390x844,
in the fonts the site serves, with nothing cut or overflowing; a call made there is logged in
that language. Screenshots go to /tmp/twentynine-lang-*.png for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import launch
from tests.browser.test_table_fits import (
    LAPTOP,
    PHONE,
    WAIT_MS,
    Table,
    close,
    inside,
    no_scrolling,
)
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = "/tmp/twentynine-lang"
# Per language: the status line's start on your turn, Pass, and the log's line for a pass.
WORDS = {
    "bn": ("আপনার পালা", "পাস", "পাস"),
    "hi": ("आपकी बारी", "पास", "पास"),
    "ne": ("तपाईंको पालो", "पास", "पास"),
}
FONT = {
    "bn": ("TwentyNine Bengali", "বাংলা"),
    "hi": ("TwentyNine Devanagari", "हिन्दी"),
    "ne": ("TwentyNine Devanagari", "नेपाली"),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite.running(
        Path(tmp_path_factory.mktemp("lang")), {"NEXT_DEAL_DELAY": "600"}
    ) as live:
        yield live


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    yield from launch()


def in_language(table: Table, browser: Browser, name: str, lang: str) -> Page:
    """The table as ``name`` sees it with ``lang`` chosen in this browser."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.add_cookies(
        [
            {"name": "sessionid", "value": table.sessions[name], "url": table.site.url},
            {"name": "django_language", "value": lang, "url": table.site.url},
        ]
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{table.site.url}/table/{table.game}/")
    page.wait_for_selector("#controls .action-pass", timeout=WAIT_MS)
    page.script_errors = errors  # type: ignore[attr-defined]
    return page


def nothing_cut(page: Page, selector: str) -> None:
    """No element matching ``selector`` hides part of its text (wider or taller than its box)."""
    cut = page.locator(selector).evaluate_all(
        """els => els.filter(e => e.scrollWidth > e.clientWidth + 1
                                || e.scrollHeight > e.clientHeight + 1).map(e => e.textContent)"""
    )
    assert cut == [], cut


@pytest.mark.parametrize("lang", WORDS)
def test_the_table_speaks_the_chosen_language(site: LiveSite, chromium: Browser, lang: str) -> None:
    table = Table(site, "bidding")
    page = in_language(table, chromium, table.actor(), lang)
    your_turn, pass_label, passes = WORDS[lang]
    assert page.get_attribute("html", "lang") == lang
    assert page.locator("#status").inner_text().startswith(your_turn)
    assert page.locator("#controls .action-pass").inner_text() == pass_label
    # The script is drawn with the site's own font (none is installed on this machine).
    family, sample = FONT[lang]
    page.evaluate("() => document.fonts.ready")
    loaded = page.evaluate(
        """([family, sample]) => document.fonts.check(`16px "${family}"`, sample)
            && [...document.fonts].some(f => f.family.replaceAll('"', '') === family
                                              && f.status === 'loaded')""",
        [family, sample],
    )
    assert loaded, f"{family} was not loaded"
    page.screenshot(path=f"{SHOTS}-{lang}-bidding.png")
    no_scrolling(page)
    inside(page, "#status")
    inside(page, "#controls .button", at_least=2)
    nothing_cut(page, "#controls .button, #status, .plate .name, .badge, .table-bar .role")
    # A call made in this language is logged in it.
    page.locator("#controls .action-pass").click()
    page.wait_for_selector("#status:not(.your-turn)", timeout=WAIT_MS)
    page.locator("#side-toggle").click()
    page.wait_for_function(
        """words => (document.querySelector('#log li:last-child')?.textContent || '')
            .includes(words)""",
        arg=f"{table.actor()} {passes}",
        timeout=WAIT_MS,
    )
    page.screenshot(path=f"{SHOTS}-{lang}-log.png")
    close(page)


def test_the_header_menu_switches_the_language_and_remembers_it(
    site: LiveSite, chromium: Browser
) -> None:
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{site.url}/learn/how-to-play/")
    assert page.get_attribute("html", "lang") == "en"
    page.locator(".language-menu summary").click()
    page.locator(".language-switcher button[lang='bn']").click()
    page.wait_for_url(f"{site.url}/learn/how-to-play/")
    assert page.get_attribute("html", "lang") == "bn"
    assert page.locator("h1").inner_text() == "টোয়েন্টি-নাইন কীভাবে খেলবেন"
    page.screenshot(path=f"{SHOTS}-bn-how-to-play.png", full_page=True)
    page.goto(f"{site.url}/")  # remembered by the browser
    assert page.get_attribute("html", "lang") == "bn"
    assert "বন্ধুদের সঙ্গে টোয়েন্টি-নাইন খেলুন" in page.locator("h1").inner_text()
    page.locator(".language-menu summary").click()
    page.locator(".language-switcher button[lang='en']").click()
    page.wait_for_load_state()
    assert page.get_attribute("html", "lang") == "en"
    context.close()


def test_the_language_menu_opens_over_a_phones_table(site: LiveSite, chromium: Browser) -> None:
    """On a phone the table page's header links open under its Menu button, over the table;
    every link is then on screen, and the language menu takes a tap."""
    table = Table(site, "bidding")
    page = table.open(chromium, table.actor(), PHONE)
    links = page.locator("#site-nav > a, #site-nav .link, #site-nav summary, #theme-toggle")
    assert not any(link.is_visible() for link in links.all())
    page.locator("#menu-toggle").click()
    assert page.locator("#menu-toggle").get_attribute("aria-expanded") == "true"
    for link in links.all():
        box = link.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], link
    page.screenshot(path=f"{SHOTS}-table-menu.png")
    page.keyboard.press("Escape")
    assert page.locator("#menu-toggle").get_attribute("aria-expanded") == "false"
    assert not page.locator("#site-nav").is_visible()
    # Tab past its last link: the menu closes rather than cover the table.
    page.locator("#menu-toggle").click()
    page.locator(".language-menu summary").focus()
    page.keyboard.press("Tab")
    assert page.locator("#menu-toggle").get_attribute("aria-expanded") == "false"
    page.locator("#menu-toggle").click()
    page.locator(".language-menu summary").click()
    choice = page.locator(".language-switcher button[lang='hi']")
    page.screenshot(path=f"{SHOTS}-table-language-menu.png")
    choice.click(timeout=5000)  # refused if anything else would take the tap
    page.wait_for_url(f"{site.url}/table/{table.game}/")
    assert page.get_attribute("html", "lang") == "hi"
    close(page)


def test_signed_in_pages_keep_the_header_one_row_on_a_phone(
    site: LiveSite, chromium: Browser
) -> None:
    """The dashboard on a phone: the brand and a Menu button in one short row, every link on
    screen once it opens; a laptop shows the links themselves, and no Menu."""
    table = Table(site, "bidding")
    for viewport, menu in ((PHONE, True), (LAPTOP, False)):
        context = chromium.new_context(viewport=viewport)
        context.add_cookies(
            [{"name": "sessionid", "value": table.sessions["Asha"], "url": site.url}]
        )
        page = context.new_page()
        page.goto(f"{site.url}/")
        links = page.locator("#site-nav > a, #site-nav .link, #site-nav summary, #theme-toggle")
        assert page.locator("#menu-toggle").is_visible() == menu
        assert all(link.is_visible() for link in links.all()) != menu
        if menu:
            header = page.locator(".site-header").bounding_box()
            assert header and header["height"] <= 56, header
            page.locator("#menu-toggle").click()
            for link in links.all():
                box = link.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            page.screenshot(path=f"{SHOTS}-dashboard-menu.png")
            page.keyboard.press("Escape")
            assert not page.locator("#site-nav").is_visible()
        else:
            page.screenshot(path=f"{SHOTS}-dashboard-laptop.png")
        context.close()


# Whether a line of the table's log holds these words.
LOG_HAS = "w => [...document.querySelectorAll('#log li')].some(li => li.textContent.includes(w))"


def test_the_log_is_told_again_in_the_language_switched_to(
    site: LiveSite, chromium: Browser
) -> None:
    """A reader who switches language mid-deal finds the log's earlier lines in the new one
    (the page keeps its lines as words across a reload: those of another language go, and
    the recent past the server sends is told again)."""
    table = Table(site, "bidding")
    actor = table.actor()
    page = table.open(chromium, actor, LAPTOP)
    page.locator("#controls .action-pass").click()
    english = f"{actor} passes"
    page.wait_for_function(
        LOG_HAS,
        arg=english, timeout=WAIT_MS,
    )
    page.context.add_cookies(
        [{"name": "django_language", "value": "hi", "url": site.url}]
    )
    page.reload()
    hindi = f"{actor} {WORDS['hi'][2]}"
    page.wait_for_function(
        LOG_HAS,
        arg=hindi, timeout=WAIT_MS,
    )
    lines = page.locator("#log li").all_inner_texts()
    assert not any(english in line for line in lines), lines
    page.screenshot(path=f"{SHOTS}-hi-log-after-switch.png")
    close(page)
