"""The table at every decision, on a 390x844 phone and a 1280x800 laptop, in a real Chromium.

Each test seeds a table at one moment of a deal (``staging.seed_table``) on a live daphne
server and opens it as the player who must act. Without scrolling, that player sees their
whole hand, the controls, the trick and whose turn it is; the round result explains itself
(a made contract and an annulled deal); the tab title says when it is your turn. Screenshots
go to /tmp/twentynine-fits-*.png for a person to look at.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser.conftest import launch
from tests.browser.staging import NAMES
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

PHONE: ViewportSize = {"width": 390, "height": 844}
# The same phone as its browser leaves it to the page (the address and tool bars take the rest).
SHORT_PHONE: ViewportSize = {"width": 390, "height": 664}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "laptop": LAPTOP}
SHOTS = "/tmp/twentynine-fits"
WAIT_MS = 30000  # generous: CI runs on one busy core
SUIT = {"S": "Spades", "H": "Hearts", "C": "Clubs", "D": "Diamonds"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    """One server for the module; a long NEXT_DEAL_DELAY keeps each round result on show."""
    with LiveSite.running(
        Path(tmp_path_factory.mktemp("fits")), {"NEXT_DEAL_DELAY": "600"}
    ) as live:
        yield live


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    yield from launch()


class Table:
    """A seeded table: its game id, a session per name, and the seats whose turn it is."""

    count = 0

    def __init__(self, site: LiveSite, moment: str, **options: Any) -> None:
        Table.count += 1
        given = [f"{key}={value!r}" for key, value in options.items()]
        args = ", ".join([repr(moment), f"tag='t{Table.count}'", *given])
        output = site.shell(f"from tests.browser.staging import seed_table; seed_table({args})")
        data = json.loads(output.strip().splitlines()[-1])
        self.site = site
        self.game: int = data["game"]
        self.sessions: dict[str, str] = data["sessions"]
        self.turn: list[int] = data["turn"]

    def open(
        self, browser: Browser, name: str, viewport: ViewportSize, dark: bool = False
    ) -> Page:
        """The table as ``name`` sees it, once its state has arrived (``dark``: on a device set
        to dark colours)."""
        context = browser.new_context(
            viewport=viewport, has_touch=viewport["width"] < 600,
            color_scheme="dark" if dark else "no-preference",
        )
        cookie = {"name": "sessionid", "value": self.sessions[name], "url": self.site.url}
        context.add_cookies([cookie])
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{self.site.url}/table/{self.game}/")
        page.wait_for_selector("#table-app:not([data-phase='waiting'])", timeout=WAIT_MS)
        page.wait_for_selector("#status:not(:text('Connecting'))", timeout=WAIT_MS)
        page.script_errors = errors  # type: ignore[attr-defined]
        return page

    def actor(self) -> str:
        return NAMES[self.turn[0]]


def close(page: Page) -> None:
    assert page.script_errors == [], page.script_errors  # type: ignore[attr-defined]
    page.context.close()


def inside(page: Page, selector: str, at_least: int = 1) -> None:
    """Every element matching ``selector`` is visible and wholly inside the viewport."""
    size = page.viewport_size
    assert size is not None
    elements = page.locator(selector)
    assert elements.count() >= at_least, f"{selector}: {elements.count()} found"
    for i in range(elements.count()):
        box = elements.nth(i).bounding_box()
        assert box is not None, f"{selector} #{i} is not shown"
        assert box["x"] >= -0.5 and box["y"] >= -0.5, (selector, i, box)
        assert box["x"] + box["width"] <= size["width"] + 0.5, (selector, i, box, size)
        assert box["y"] + box["height"] <= size["height"] + 0.5, (selector, i, box, size)


def no_scrolling(page: Page) -> None:
    """Neither the page nor the table column scrolls."""
    overflow = page.evaluate(
        """() => {
            const main = document.querySelector('.table-main');
            const page = document.scrollingElement;
            return [page.scrollHeight - page.clientHeight, main.scrollHeight - main.clientHeight,
                    page.scrollWidth - page.clientWidth];
        }"""
    )
    assert max(overflow) <= 1, overflow


def sees_turn_and_hand(page: Page) -> None:
    inside(page, "#status.your-turn")
    assert page.locator("#status").inner_text().startswith(("Your turn", "You or "))
    inside(page, "#hand .card", at_least=4)
    inside(page, "#seat-bottom .plate")
    no_scrolling(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("moment", "controls"),
    [
        ("bidding", "#controls .action-bid, #controls .action-pass"),
        ("trump", "#controls .action-trump, #controls .action-seventh_card"),
        ("doubling", "#controls .action-double, #controls .action-pass"),
    ],
)
def test_it_fits_the_hand_and_the_calls_on_screen(
    site: LiveSite, chromium: Browser, size: str, moment: str, controls: str
) -> None:
    table = Table(site, moment)
    page = table.open(chromium, table.actor(), SIZES[size])
    page.wait_for_selector(controls, timeout=WAIT_MS)
    page.screenshot(path=f"{SHOTS}-{moment}-{size}.png")
    sees_turn_and_hand(page)
    inside(page, controls, at_least=2)
    if moment == "bidding":
        # The compact strip: every legal call from the lowest, Pass first, in at most two rows.
        labels = page.locator("#controls .button").all_inner_texts()
        assert labels[0] == "Pass" and labels[1] == "16" and labels[-1] == "28", labels
        tops = {round(b["y"]) for b in (page.locator(controls).nth(i).bounding_box() or {"y": 0}
                                         for i in range(1, len(labels)))}
        assert len(tops) <= 2, tops
        # Every label is whole: its text is no wider than its button.
        clipped = page.locator("#controls .button").evaluate_all(
            """els => els.filter(e => {
                const words = document.createRange();
                words.selectNodeContents(e);
                return words.getBoundingClientRect().width > e.clientWidth;
            }).map(e => e.textContent)"""
        )
        assert clipped == [], clipped
        if size == "phone":  # two even rows, Pass beside both
            boxes = [page.locator(controls).nth(i).bounding_box() for i in range(len(labels))]
            assert boxes[0] and boxes[1] and boxes[0]["height"] > 1.5 * boxes[1]["height"], boxes
    close(page)


@pytest.mark.parametrize("viewport", [PHONE, SHORT_PHONE], ids=["390x844", "390x664"])
@pytest.mark.parametrize(
    ("moment", "controls"),
    [
        ("single_hand", "#controls .action-single_hand, #controls .action-pass"),
        ("doubling", "#controls .action-double, #controls .action-pass"),
    ],
)
def test_it_fits_the_whole_hand_under_a_question_and_the_hint_on_a_phone(
    site: LiveSite, chromium: Browser, viewport: ViewportSize, moment: str, controls: str
) -> None:
    table = Table(site, moment, hints="on")
    page = table.open(chromium, table.actor(), viewport)
    page.wait_for_selector(controls, timeout=WAIT_MS)
    page.wait_for_selector("#hint-row:not([hidden]) #hint-button", timeout=WAIT_MS)
    page.screenshot(path=f"{SHOTS}-{moment}-hint-{viewport['width']}x{viewport['height']}.png")
    inside(page, "#hand .card", at_least=4 if moment == "doubling" else 8)
    inside(page, controls, at_least=2)
    inside(page, "#hint-button")
    inside(page, "#status.your-turn")
    no_scrolling(page)
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_it_fits_the_trick_and_says_what_was_led_mid_trick(
    site: LiveSite, chromium: Browser, size: str
) -> None:
    table = Table(site, "mid_trick")
    page = table.open(chromium, table.actor(), SIZES[size])
    page.wait_for_selector("#hand .card[data-legal='true']", timeout=WAIT_MS)
    page.screenshot(path=f"{SHOTS}-mid-trick-{size}.png")
    sees_turn_and_hand(page)
    inside(page, "#trick .card", at_least=2)
    inside(page, "#trick-caption")

    led = page.locator("#trick .card.led")
    assert led.count() == 1
    suit = (led.get_attribute("data-card") or "")[1]
    caption = page.locator("#trick-caption").inner_text()
    hand = page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    follows = any(code[1] == suit for code in hand)
    assert caption == f"{'♠♥♣♦'['SHCD'.index(suit)]} {SUIT[suit]} led — " + (
        "follow suit" if follows else "you have none"
    )

    # Each greyed card says why, in the engine's words, before any click.
    greyed = page.locator("#hand .card.unplayable")
    for i in range(greyed.count()):
        card = greyed.nth(i)
        assert card.get_attribute("title") == f"You must follow {SUIT[suit].lower()}."
        assert "cannot be played. You must follow" in (card.get_attribute("aria-label") or "")

    # Double-clicking a card selects no text.
    page.locator("#hand .card").first.dblclick()
    assert page.evaluate("() => String(window.getSelection())") == ""
    close(page)


def test_it_puts_score_and_round_one_tap_away_on_a_phone(site: LiveSite, chromium: Browser) -> None:
    table = Table(site, "mid_trick")
    page = table.open(chromium, "Asha", PHONE)
    assert page.locator("#score").is_hidden()
    # Your own team first, named; the button says what it opens.
    assert page.locator("#score-mini").inner_text() == "We 0\u2009:\u20090"
    inside(page, ".side-toggle-note")
    assert page.locator(".side-toggle-note").inner_text() == "Log · chat"
    page.locator("#side-toggle").click()
    page.wait_for_selector("#table-side.open", timeout=WAIT_MS)
    page.locator("#side-close").wait_for(state="visible")
    page.wait_for_function(  # the sheet has slid in
        "() => document.querySelector('#table-side').getBoundingClientRect().right"
        " <= innerWidth + 1",
        timeout=WAIT_MS,
    )
    inside(page, "#score .team-score", at_least=2)
    inside(page, "#round-info dd[data-key='bid']")
    inside(page, "#tab-log")
    page.locator("#tab-host").click()
    inside(page, "[data-reset]", at_least=4)
    page.screenshot(path=f"{SHOTS}-phone-sheet.png")
    page.locator("#side-close").click()
    page.wait_for_selector("#table-side:not(.open)", timeout=WAIT_MS)
    close(page)


def test_the_phones_sheet_says_when_it_is_your_turn_and_takes_you_back(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "mid_trick")
    page = table.open(chromium, table.actor(), PHONE)
    status = page.locator("#status").inner_text()
    assert status.startswith("Your turn")
    # Overlapping cards show no stray lower corner: only the last card of the hand has one.
    corners = page.evaluate(
        "() => [...document.querySelectorAll('#hand .card .corner.br')]"
        ".map((c) => getComputedStyle(c).visibility)"
    )
    assert corners == ["hidden"] * (len(corners) - 1) + ["visible"], corners
    page.locator("#side-toggle").click()
    page.wait_for_selector("#table-side.open", timeout=WAIT_MS)
    page.locator("#side-turn").wait_for(state="visible")
    page.wait_for_function(
        "() => document.querySelector('#table-side').getBoundingClientRect().right"
        " <= innerWidth + 1",
        timeout=WAIT_MS,
    )
    inside(page, "#side-turn")
    assert page.locator("#side-turn .side-turn-status").inner_text() == status
    page.screenshot(path=f"{SHOTS}-phone-sheet-your-turn.png")
    page.locator("#side-turn").click()
    page.wait_for_selector("#table-side:not(.open)", timeout=WAIT_MS)
    sees_turn_and_hand(page)
    close(page)


def test_the_phones_waiting_screen_says_each_thing_once_and_keeps_badges_in_their_plates(
    site: LiveSite, chromium: Browser
) -> None:
    output = site.shell(
        "from tests.browser.staging import seed_waiting; seed_waiting(tag='w', computers=1)"
    )
    data = json.loads(output.strip().splitlines()[-1])
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.add_cookies([{"name": "sessionid", "value": data["sessions"]["Asha"], "url": site.url}])
    page = context.new_page()
    page.goto(f"{site.url}/table/{data['game']}/")
    page.wait_for_selector("#waiting:has-text('Waiting for')", timeout=WAIT_MS)
    waiting = page.locator("#waiting").inner_text()
    status = page.locator("#status").inner_text()
    assert status != waiting and "Waiting for" not in status
    assert "computer player" in status  # the host is told how to start without someone
    for position in ("left", "right", "top"):
        plate = page.locator(f"#seat-{position} .plate").bounding_box()
        assert plate is not None
        for badge in page.locator(f"#seat-{position} .plate .badge").all():
            box = badge.bounding_box()
            assert box is not None
            assert box["x"] >= plate["x"] - 0.5, (position, box, plate)
            assert box["x"] + box["width"] <= plate["x"] + plate["width"] + 0.5, (position, box)
    page.screenshot(path=f"{SHOTS}-phone-waiting.png")
    context.close()


def test_it_keeps_the_score_the_log_and_the_hosts_buttons_on_a_laptop_screen(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "mid_trick")
    page = table.open(chromium, "Asha", LAPTOP)
    page.screenshot(path=f"{SHOTS}-host-laptop.png")
    inside(page, "#score .team-score", at_least=2)
    inside(page, ".side-tabs")
    inside(page, "#log li:last-child")
    # The host's buttons are a tab away, never below the log.
    page.locator("#tab-host").click()
    inside(page, "[data-reset]", at_least=4)
    inside(page, "#handover-controls li", at_least=4)
    assert page.locator("#log").is_hidden()
    page.screenshot(path=f"{SHOTS}-host-tab-laptop.png")
    no_scrolling(page)
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_it_warns_that_a_deal_whose_trump_is_never_shown_is_annulled(
    site: LiveSite, chromium: Browser, size: str
) -> None:
    table = Table(site, "show_trump", show_trump=False)
    page = table.open(chromium, table.actor(), SIZES[size])
    page.wait_for_selector("#controls .action-show_trump", timeout=WAIT_MS)
    page.screenshot(path=f"{SHOTS}-show-trump-{size}.png")
    sees_turn_and_hand(page)
    inside(page, "#controls .action-show_trump")
    warning = "If trump is never shown, the deal is annulled: nobody scores."
    assert page.locator("#controls .action-show_trump").get_attribute("title") == warning
    assert page.locator("#controls .control-hint").inner_text() == warning
    inside(page, "#controls .control-hint")
    # The staged bidder, Vikramaditya, is the one who may show it: the button says why.
    assert table.actor() == "Vikramaditya"
    assert page.locator("#status-note").inner_text() == "Your trump is still face down."
    trump_set = page.locator("#log li[data-type='trump_set']").text_content() or ""
    assert trump_set.endswith("if trump is never shown, the deal is annulled")
    close(page)


def test_it_tells_the_bidder_on_their_status_line_while_trump_stays_hidden(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "mid_trick")
    assert table.actor() != "Vikramaditya"
    bidder = table.open(chromium, "Vikramaditya", PHONE)
    assert bidder.locator("#trump-marker").get_attribute("data-shown") == "false"
    inside(bidder, "#status-note")
    assert bidder.locator("#status-note").inner_text() == (
        "Your trump is still face down. "
        "If trump is never shown, the deal is annulled: nobody scores."
    )
    close(bidder)


def play_the_last_card(page: Page) -> None:
    page.wait_for_selector("#hand .card[data-legal='true']", timeout=WAIT_MS)
    page.locator("#hand .card[data-legal='true']").first.click()
    page.wait_for_selector("#round-result:not([hidden]) #countdown", timeout=WAIT_MS)


@pytest.mark.parametrize("size", SIZES)
def test_it_explains_a_made_contract_until_the_next_deal(
    site: LiveSite, chromium: Browser, size: str
) -> None:
    table = Table(site, "last_card")
    page = table.open(chromium, table.actor(), SIZES[size])
    play_the_last_card(page)
    page.screenshot(path=f"{SHOTS}-made-{size}.png")
    panel = page.locator("#round-result")
    assert panel.get_attribute("data-made") == "true"
    inside(page, "#round-result")
    lines = panel.inner_text()
    assert page.locator("#round-result .result-title").text_content() == "Deal 1 · dealt by Asha"
    assert "Vikramaditya & Dev made it: +1" in lines
    assert "Vikramaditya bid 16" in lines
    assert page.locator("#round-result .result-trump").inner_text() == "Trump: clubs"
    assert page.locator("#round-result [data-key='points-1']").inner_text() == "21 points"
    assert page.locator("#round-result [data-key='tricks-1']").inner_text() == "6 tricks"
    assert page.locator("#round-result [data-key='points-0']").inner_text() == "7 points"
    assert "Vikramaditya & Dev needed 16 card points and took 21." in lines
    assert (
        "Score change: Vikramaditya & Dev +1; now Asha & Chitra 0, Vikramaditya & Dev +1."
    ) in lines
    assert "Vikramaditya deals in" in lines
    assert ".." not in lines
    # This round's panel names the deal's own dealer, not the next one.
    assert page.locator("#round-info dd[data-key='deal']").text_content() == "#1, dealt by Asha"
    # The last trick can still be looked at from the felt, in a box of its own with one caption.
    inside(page, "#round-result .show-last-trick")
    page.locator("#round-result .show-last-trick").click()
    overlay = page.locator("#last-trick")
    overlay.wait_for(state="visible", timeout=WAIT_MS)
    assert overlay.locator(".card").count() == 4
    assert overlay.locator(".trick-caption").count() == 1
    inside(page, "#last-trick .last-trick-box")
    page.screenshot(path=f"{SHOTS}-last-trick-{size}.png")
    overlay.click()
    overlay.wait_for(state="hidden", timeout=WAIT_MS)
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_it_explains_an_annulled_deal_in_plain_words(
    site: LiveSite, chromium: Browser, size: str
) -> None:
    table = Table(site, "last_card", show_trump=False)
    page = table.open(chromium, table.actor(), SIZES[size])
    play_the_last_card(page)
    page.screenshot(path=f"{SHOTS}-annulled-{size}.png")
    panel = page.locator("#round-result")
    assert panel.get_attribute("data-annulled") == "true"
    inside(page, "#round-result")
    lines = panel.inner_text()
    assert "Deal annulled: no score" in lines
    assert "Vikramaditya bid 16" in lines
    assert "All eight tricks were played and trump was never shown." in lines
    assert "Asha deals again in" in lines
    assert ".." not in lines
    points = [page.locator(f"#round-result [data-key='points-{t}']").inner_text() for t in (0, 1)]
    tricks = [page.locator(f"#round-result [data-key='tricks-{t}']").inner_text() for t in (0, 1)]
    assert sum(int(p.split()[0]) for p in points) == 28, points
    assert sum(int(t.split()[0]) for t in tricks) == 8, tricks
    last = page.locator("#log li").last.text_content()
    assert last == "Deal annulled, no score: all eight tricks were played and trump was never shown"
    close(page)


def test_it_says_your_turn_in_the_tab_title_and_offers_a_sound(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "bidding")
    actor = table.open(chromium, table.actor(), LAPTOP)
    other = table.open(chromium, NAMES[(table.turn[0] + 1) % 4], PHONE)
    assert actor.title() == "● Your turn — bid or pass · Friday 29 · TwentyNine"
    assert other.title() == "Friday 29 · TwentyNine"

    sound = actor.locator("#sound-toggle")
    assert sound.get_attribute("aria-pressed") == "false"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    assert actor.get_attribute("#sound-toggle", "data-chimes") == "1"
    actor.reload()
    actor.wait_for_selector("#status.your-turn", timeout=WAIT_MS)
    assert actor.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    assert other.locator("#sound-toggle").get_attribute("aria-pressed") == "false"

    # The actor passes: the title goes back, and the next player's title and chime follow.
    other.locator("#sound-toggle").click()
    actor.locator("#controls .action-pass").click()
    other.wait_for_function("() => document.title.startsWith('● Your turn')", timeout=WAIT_MS)
    actor.wait_for_function("() => document.title === 'Friday 29 · TwentyNine'", timeout=WAIT_MS)
    assert other.get_attribute("#sound-toggle", "data-chimes") == "2"
    close(actor)
    close(other)


def test_it_keeps_every_name_whole_and_the_turn_badge_on_a_phone_spectators_table(
    site: LiveSite, chromium: Browser
) -> None:
    table = Table(site, "mid_trick")
    page = table.open(chromium, "Esha", PHONE)
    page.screenshot(path=f"{SHOTS}-spectator-phone.png")
    no_scrolling(page)
    for plate in page.locator(".plate").all():
        name = plate.locator(".name")
        box = name.bounding_box()
        assert box is not None
        line = float(name.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 20"))
        assert box["height"] < line * 1.5, (name.inner_text(), box)  # one line, never broken
        assert name.get_attribute("title") in NAMES
    inside(page, ".seat.turn .badge.turn-badge")
    close(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("moment", ["bidding", "mid_trick"])
def test_the_guide_leaves_the_other_seats_and_the_trick_in_sight(
    site: LiveSite, chromium: Browser, size: str, moment: str
) -> None:
    """The first-game guide's note covers neither another seat's plate nor a card of the
    trick: it sits over your own side of the felt, where nothing is played yet on your turn."""
    table = Table(site, moment)
    page = table.open(chromium, table.actor(), SIZES[size])
    page.evaluate("() => localStorage.setItem('twentynine-guide', 'on')")
    page.reload()
    page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
    page.screenshot(path=f"{SHOTS}-guide-{moment}-{size}.png")
    covered = page.evaluate(
        """() => {
            const guide = document.querySelector('#guide').getBoundingClientRect();
            const parts = [...document.querySelectorAll(
                '#seat-top .plate, #seat-left .plate, #seat-right .plate, #trick .card')];
            return parts.filter(el => {
                const r = el.getBoundingClientRect();
                return r.left < guide.right && guide.left < r.right
                    && r.top < guide.bottom && guide.top < r.bottom;
            }).map(el => el.closest('[id]').id + ' ' + el.className);
        }"""
    )
    assert covered == [], covered
    close(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("topic", ["result", "annulled"])
def test_the_guide_leaves_the_deals_result_in_sight(
    site: LiveSite, chromium: Browser, size: str, topic: str
) -> None:
    """The note on a deal's end sits over the partner's side, not over the result panel: its
    figures and its button stay in sight. An annulled deal (trump never shown) has its own
    note: nobody scores, not how a contract scores."""
    table = Table(site, "last_card", show_trump=topic == "result")
    page = table.open(chromium, table.actor(), SIZES[size])
    page.evaluate("() => localStorage.setItem('twentynine-guide', 'on')")
    page.reload()
    page.locator('#hand .card[data-legal="true"]').first.click(timeout=WAIT_MS)
    page.wait_for_selector(f"#guide[data-topic='{topic}']:not([hidden])", timeout=WAIT_MS)
    page.wait_for_selector("#round-result:not([hidden])", timeout=WAIT_MS)
    page.screenshot(path=f"{SHOTS}-guide-{topic}-{size}.png")
    note = page.locator("#guide p").inner_text()
    assert ("nobody scores" in note) == (topic == "annulled"), note
    covered = page.evaluate(
        """() => {
            const guide = document.querySelector('#guide').getBoundingClientRect();
            const parts = [...document.querySelectorAll('#round-result > *, #round-result button')];
            return parts.filter(el => {
                const r = el.getBoundingClientRect();
                return r.width && r.left < guide.right && guide.left < r.right
                    && r.top < guide.bottom && guide.top < r.bottom;
            }).map(el => el.tagName + ' ' + el.className + ' ' + el.textContent.slice(0, 40));
        }"""
    )
    assert covered == [], covered
    close(page)


@pytest.mark.parametrize("language", ["en", "ne"])
@pytest.mark.parametrize("viewport", [PHONE, SHORT_PHONE], ids=["390x844", "390x664"])
def test_the_last_deals_note_leaves_the_calls_and_the_hand_on_a_phone(
    site: LiveSite, chromium: Browser, viewport: ViewportSize, language: str
) -> None:
    # The deal before (seed 10) was annulled as dealt, the first hand holding no point card:
    # its note during this auction says why in a long sentence, in English or in Nepali.
    table = Table(site, "bidding", seed=10, deals_before=1, language=language)
    page = table.open(chromium, table.actor(), viewport)
    page.wait_for_selector("#round-result.earlier:not([hidden])", timeout=WAIT_MS)
    assert page.locator("#round-result").get_attribute("data-annulled") == "true"
    size = f"{viewport['width']}x{viewport['height']}"
    page.screenshot(path=f"{SHOTS}-last-deal-annulled-{language}-{size}.png")
    inside(page, "#status.your-turn")
    inside(page, "#hand .card", at_least=4)
    inside(page, "#controls .action-bid, #controls .action-pass", at_least=2)
    no_scrolling(page)
    close(page)


def test_a_reload_brings_the_hand_back_in_the_order_it_was_drawn(
    site: LiveSite, chromium: Browser
) -> None:
    # Dealt spades, clubs, hearts and diamonds, the hand is laid out ♠ ♥ ♣ ♦; once the clubs
    # are played it stays ♠ ♥ ♦, where a hand of those three suits dealt afresh would be ♥ ♠ ♦.
    table = Table(site, "doubling")
    page = table.open(chromium, table.actor(), PHONE)
    order = """async ([dealt, left]) => {
        const module = document.querySelector("script[type=module]").src;
        const cards = await import(new URL("table/cards.js", module));
        const key = cards.handKey({ game: 1 }, { round_no: 2 }, "you");
        if (dealt) cards.sortHand(dealt, key);
        return cards.sortHand(left, key);
    }"""
    dealt = ["JS", "9S", "JH", "JC", "9C", "AC", "JD", "9D"]
    left = ["9D", "JH", "9S", "JS"]
    assert page.evaluate(order, [dealt, left]) == ["JS", "9S", "JH", "9D"]
    page.reload()
    page.wait_for_selector("#hand .card", timeout=WAIT_MS)
    assert page.evaluate(order, [None, left]) == ["JS", "9S", "JH", "9D"]
    # Another deal's hand is laid out afresh.
    assert page.evaluate(order.replace("round_no: 2", "round_no: 3"), [None, left]) == [
        "JH", "JS", "9S", "9D"
    ]
    # And the hand on the felt is the same after a reload.
    before = page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    page.reload()
    page.wait_for_selector("#hand .card", timeout=WAIT_MS)
    after = page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert after == before
    close(page)


def test_a_laptops_visible_height_keeps_the_hand_under_the_trump_question(
    site: LiveSite, chromium: Browser
) -> None:
    # 1280 x 800 less the browser's own bars: the felt gives way, not the hand.
    table = Table(site, "show_trump", show_trump=False)
    page = table.open(chromium, table.actor(), {"width": 1280, "height": 680})
    page.wait_for_selector("#controls .action-show_trump", timeout=WAIT_MS)
    page.screenshot(path=f"{SHOTS}-show-trump-laptop-680.png")
    sees_turn_and_hand(page)
    inside(page, "#controls .control-hint")
    close(page)
