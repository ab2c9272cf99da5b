"""A person's preferences in a real Chromium: tap to lift and tap again to play (and Enter or
Space the same), a single legal card played after a visible pause, once; the four-colour
deck on the hand, the felt, the log and How to play, changed live from the table's dialog;
skipping routine questions from that dialog answers the one that waits; the theme button
kept across a reload, in the browser and in the account. Screenshots go to
/tmp/twentynine-prefs-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import launch
from tests.browser.test_table_fits import LAPTOP, PHONE, WAIT_MS, Table, close
from tests.browser.test_table_play import version, wait_past
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = "/tmp/twentynine-prefs"
# The colours of a card face's suits (cards.css): spades, hearts, diamonds, clubs.
FOUR = {
    "S": "rgb(29, 29, 31)", "H": "rgb(200, 16, 46)", "D": "rgb(11, 87, 208)",
    "C": "rgb(8, 117, 47)",
}
TWO = FOUR | {"D": FOUR["H"], "C": FOUR["S"]}
COLOURS = "els => els.map(e => [e.dataset.card[1], getComputedStyle(e).color])"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite.running(
        Path(tmp_path_factory.mktemp("prefs")), {"NEXT_DEAL_DELAY": "600"}
    ) as live:
        yield live


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    yield from launch()


def playable(page: Page) -> list[str]:
    page.wait_for_selector("#hand .card[data-legal='true']", timeout=WAIT_MS)
    cards = page.locator("#hand .card[data-legal='true']")
    return [code for code in cards.evaluate_all("els => els.map(e => e.dataset.card)")]


def card(page: Page, code: str):  # type: ignore[no-untyped-def]
    return page.locator(f"#hand .card[data-card='{code}']")


def lifted(page: Page) -> list[str]:
    return page.locator("#hand .card.lifted").evaluate_all("els => els.map(e => e.dataset.card)")


def test_a_first_tap_lifts_a_card_and_a_second_plays_it(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "mid_trick", tap_to_lift=True)
    page = table.open(chromium, table.actor(), PHONE)
    first, second, *_ = playable(page)
    before = version(page)
    card(page, first).tap()
    assert lifted(page) == [first]
    assert card(page, first).get_attribute("aria-pressed") == "true"
    assert card(page, second).get_attribute("aria-pressed") == "false"
    assert page.locator("#hand-note").text_content() == (
        f"{card(page, first).get_attribute('aria-label')} raised: tap it again to play it."
    )
    page.screenshot(path=f"{SHOTS}-lifted-phone.png")
    page.wait_for_timeout(300)
    assert version(page) == before  # nothing was played
    # A tap on another card lifts that one instead.
    card(page, second).tap()
    assert lifted(page) == [second]
    assert card(page, first).get_attribute("aria-pressed") == "false"
    # The same from the keyboard: Space lifts the focused card, Enter then plays it.
    card(page, first).focus()
    page.keyboard.press(" ")
    assert lifted(page) == [first]
    assert version(page) == before
    page.keyboard.press("Enter")
    wait_past(page, before)
    played = page.locator("#log li[data-type='play']").last.text_content() or ""
    assert played.startswith(f"{table.actor()} plays")
    assert first not in page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    close(page)


def test_without_the_preference_one_tap_plays(site: LiveSite, chromium: Browser) -> None:
    table = Table(site, "mid_trick")
    page = table.open(chromium, table.actor(), LAPTOP)
    first, *_ = playable(page)
    before = version(page)
    assert card(page, first).get_attribute("aria-pressed") is None
    card(page, first).click()
    wait_past(page, before)
    close(page)


def test_a_single_legal_card_is_played_after_a_visible_pause(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "last_card", play_single_card=True)
    page = table.open(chromium, table.actor(), LAPTOP)
    # The card is raised and said before it goes.
    page.wait_for_selector("#hand .card.only-card", timeout=WAIT_MS)
    seen = time.monotonic()
    (only,) = lifted(page)
    assert page.locator("#hand .card[data-legal='true']").evaluate_all(
        "els => els.map(e => e.dataset.card)") == [only]
    assert "is your only legal card" in (page.locator("#hand-note").text_content() or "")
    page.screenshot(path=f"{SHOTS}-only-card-laptop.png")
    page.wait_for_selector("#round-result:not([hidden])", timeout=WAIT_MS)
    assert time.monotonic() - seen > 0.3  # not at once: the pause shows it
    plays = page.locator("#log li[data-type='play']").filter(has_text=table.actor())
    assert (plays.last.text_content() or "").startswith(f"{table.actor()} plays")
    assert page.locator("#hand .card").count() == 0
    # Once: the round is over and nothing more is sent (no refusal comes back).
    page.wait_for_timeout(1000)
    assert page.locator("#toast[data-kind='error']:not([hidden])").count() == 0
    close(page)


def test_without_the_preference_a_single_card_waits(site: LiveSite, chromium: Browser) -> None:
    table = Table(site, "last_card")
    page = table.open(chromium, table.actor(), LAPTOP)
    playable(page)
    before = version(page)
    page.wait_for_timeout(1500)
    assert version(page) == before
    assert lifted(page) == []
    close(page)


def test_the_four_colour_deck_colours_every_suit_and_changes_live(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "mid_trick", four_colour=True)
    page = table.open(chromium, table.actor(), LAPTOP)
    playable(page)
    assert page.get_attribute("html", "data-deck") == "four"
    classes = page.locator("#hand .card, #trick .card").evaluate_all(
        "els => els.map(e => [e.dataset.card[1], e.className])")
    assert all(f"suit-{suit}" in names for suit, names in classes), classes
    # The felt's cards (the trick) and the log's symbols, playable or not (greyed ones
    # are grey). Every card face of a suit has that suit's colour.
    faces = page.locator("#trick .card, #hand .card.playable").evaluate_all(COLOURS)
    assert faces and all(FOUR[suit] == colour for suit, colour in faces), faces
    marks = page.locator("#log .suit-mark").evaluate_all(
        "els => els.map(e => [e.className, getComputedStyle(e).color])")
    assert marks, "the log shows suit symbols"
    by_suit = {name.split("suit-")[1]: colour for name, colour in marks}
    assert len(set(by_suit.values())) == len(by_suit), by_suit  # a colour each
    page.screenshot(path=f"{SHOTS}-four-colour-laptop.png")
    # How to play draws its cards the same way.
    how = page.context.new_page()
    how.goto(f"{site.url}/learn/how-to-play/")
    pictures = how.locator(".card[data-card]").evaluate_all(COLOURS)
    assert {suit for suit, _ in pictures} >= {"H", "S"}
    assert all(FOUR[suit] == colour for suit, colour in pictures), pictures
    how.close()
    # Off from the table's dialog: two colours at once, no reload, and kept on the account.
    page.evaluate("() => { window.notReloaded = true; }")
    page.locator("#prefs-toggle").click()
    page.locator("#table-prefs input[name='four_colour']").uncheck()
    page.locator("#prefs-saved").filter(has_text="Saved.").wait_for(timeout=WAIT_MS)
    assert page.get_attribute("html", "data-deck") is None
    faces = page.locator("#trick .card, #hand .card.playable").evaluate_all(COLOURS)
    assert all(TWO[suit] == colour for suit, colour in faces), faces
    assert page.evaluate("() => window.notReloaded === true")
    page.reload()
    page.wait_for_selector("#hand .card", timeout=WAIT_MS)
    assert page.get_attribute("html", "data-deck") is None
    close(page)


def test_skipping_questions_from_the_table_answers_the_one_that_waits(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "doubling")
    page = table.open(chromium, table.actor(), PHONE)
    page.wait_for_selector("#controls .action-double", timeout=WAIT_MS)
    before = version(page)
    page.locator("#prefs-toggle").click()
    page.locator("#table-prefs input[name='skip_questions']").check()
    wait_past(page, before)
    page.locator("#table-prefs [data-close-prefs]").click()
    line = page.locator("#log li[data-type='pass']").last.text_content()
    assert line == f"{table.actor()}: no Double (automatic)"
    page.screenshot(path=f"{SHOTS}-skipped-phone.png")
    assert page.locator("#controls .action-double").count() == 0
    close(page)


# Kept by the page from its first line: whether a Double button was ever drawn.
WATCH_FOR_DOUBLE = """
new MutationObserver(() => {
  if (document.querySelector("#controls .action-double")) window.sawDouble = true;
}).observe(document, { childList: true, subtree: true });
"""


def test_a_person_who_skips_them_is_never_offered_the_routine_questions(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "doubling", skip_questions=True)
    asked = table.actor()
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.add_init_script(WATCH_FOR_DOUBLE)
    context.add_cookies([{"name": "sessionid", "value": table.sessions[asked], "url": site.url}])
    page = context.new_page()
    page.goto(f"{site.url}/table/{table.game}/")
    skipped = page.locator("#log li[data-type='pass']").filter(has_text="(automatic)")
    skipped.nth(1).wait_for(state="attached", timeout=WAIT_MS)  # both opponents skip: both pass
    assert skipped.filter(has_text=f"{asked}: no Double (automatic)").count() == 1
    assert page.evaluate("() => window.sawDouble") is None
    context.close()


def background(page: Page) -> str:
    return str(page.evaluate("() => getComputedStyle(document.querySelector('.panel')"
                             " || document.body).backgroundColor"))


def test_the_theme_button_steps_through_auto_light_and_dark_and_is_kept(
    site: LiveSite, chromium: Browser
) -> None:
    # Someone not signed in: kept by this browser.
    context = chromium.new_context(viewport=PHONE, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{site.url}/accounts/login/")
    theme = "() => document.documentElement.dataset.theme"
    assert page.evaluate(theme) == "auto"
    auto_dark = background(page)
    button = page.locator("#theme-toggle")
    shown = button.locator(".theme-is:visible")
    assert shown.inner_text().strip() == "Auto"
    assert button.get_attribute("title", timeout=1000) == (
        "Colours: Auto follows your device; click for Light, Dark or Auto")
    button.click()
    assert page.evaluate(theme) == "light" and shown.inner_text().strip() == "Light"
    light = background(page)
    button.click()
    assert page.evaluate(theme) == "dark" and background(page) == auto_dark != light
    page.reload()
    assert page.evaluate(theme) == "dark" and background(page) == auto_dark
    page.screenshot(path=f"{SHOTS}-dark-login-phone.png", full_page=True)
    context.close()
    # Signed in: kept by the account too, so another browser opens in it.
    table = Table(site, "bidding")
    one = table.open(chromium, "Asha", LAPTOP)
    assert one.evaluate(theme) == "auto"
    one.locator("#theme-toggle").click()
    one.wait_for_function(
        "() => fetch('/account/', {credentials: 'same-origin'}).then(r => r.text())"
        ".then(t => t.includes('data-account=\"light\"'))", timeout=WAIT_MS)
    other = table.open(chromium, "Asha", LAPTOP)
    assert other.evaluate(theme) == "light"
    assert other.locator("#table-prefs input[name='theme'][value='light']").is_checked()
    close(one)
    close(other)
