"""Four players play a whole deal at the live table by clicking, while a friend watches.

A real daphne server (``live_site``) and a real Chromium: the players bid, choose trump
and play cards through the page alone until the round result shows; the spectator turns
a hand over and back; a player reloads in the middle of a trick and carries on; the host
resets the score and every screen announces it. Screenshots go to /tmp for a person to
look at (desktop and phone).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[LiveSite]:
    """The site with a next deal 3 s after a round's end: long enough for every page's result
    to be read on a busy machine before the next deal replaces it (an annulled one may end as
    it is dealt), short enough for play to go on after the reset and the restart."""
    with LiveSite.running(tmp_path, extra_env={"NEXT_DEAL_DELAY": "3"}) as site:
        yield site

NAMES = ["Asha", "Bilal", "Chitra", "Dev", "Esha"]
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
SHOTS = "/tmp/twentynine-table"
SCRIPT_ERRORS: list[str] = []
OPEN_PAGES: list[Page] = []

SEED_TABLE = """
import json
from allauth.account.models import EmailAddress
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from accounts.models import Friendship, User
from game.models import Game
from game.table.store import create_game
people = []
for name in NAMES:
    user = User.objects.create_user(name.lower() + "@example.com", "a-long-table-password-29",
                                    first_name=name)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    people.append(user)
host = people[0]
for other in people[1:]:
    Friendship.objects.create(user=host, friend=other)
    Friendship.objects.create(user=other, friend=host)
game = create_game(host, "Friday 29", people[:4], conference_link="https://meet.example.com/29")
sessions = {}
for user in people:
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    sessions[user.first_name] = store.session_key
print(json.dumps({"game": game.pk, "sessions": sessions}))
"""



def open_table(
    browser: Browser, site: LiveSite, game: int, session: str, viewport: ViewportSize
) -> tuple[BrowserContext, Page]:
    """A browser context logged in by its session cookie, showing the table."""
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    page = context.new_page()
    page.on("pageerror", lambda error: SCRIPT_ERRORS.append(f"{session[:6]}: {error}"))
    OPEN_PAGES.append(page)
    page.goto(f"{site.url}/table/{game}/")
    return context, page


def version(page: Page) -> int:
    value = page.get_attribute("#table-app", "data-version")
    return int(value) if value else -1


def settle(pages: list[Page]) -> None:
    """Wait until every page shows the same (latest) version of the table."""
    for _ in range(100):
        versions = {version(p) for p in pages}
        if len(versions) == 1 and -1 not in versions:
            return
        pages[0].wait_for_timeout(50)


def wait_past(page: Page, seen: int) -> None:
    """Wait until the page shows a version after ``seen`` (its move was accepted)."""
    try:
        page.wait_for_function(
            "v => Number(document.querySelector('#table-app').dataset.version || -1) > v",
            arg=seen,
            timeout=20000,
        )
    except Exception:
        print(
            "stuck at",
            version(page),
            SCRIPT_ERRORS,
            "toast:",
            page.locator("#toast").inner_text(),
            "status:",
            page.locator("#status").inner_text(),
            "pending:",
            page.locator("#table-app.pending").count(),
            "badge hidden:",
            page.locator("#conn-badge").is_hidden(),
        )
        raise


def round_over(page: Page) -> bool:
    return page.locator('#round-result[data-annulled="false"]').is_visible()


def choose(page: Page, rng: random.Random) -> str | None:
    """Click one legal control or card on this page; what was chosen, or None if nothing."""
    buttons = page.locator("#controls [data-action]")
    raw = [buttons.nth(i).get_attribute("data-action") or "{}" for i in range(buttons.count())]
    actions: list[dict[str, Any]] = [json.loads(r) for r in raw]
    cards = page.locator('#hand .card[data-legal="true"]')
    if not actions and cards.count() == 0:
        return None
    kinds = [a["type"] for a in actions]
    if "bid" in kinds:
        lowest = min(range(len(actions)), key=lambda i: actions[i].get("value", 99))
        label = buttons.nth(lowest).inner_text()
        # The first bidder calls the minimum; everyone after passes, so the auction ends at once.
        first_call = actions[lowest]["value"] == 16 and not label.startswith("Match")
        pick = lowest if first_call else kinds.index("pass")
    elif "trump" in kinds:
        pick = rng.choice([i for i, k in enumerate(kinds) if k in ("trump", "seventh_card")])
    elif "show_trump" in kinds:
        pick = kinds.index("show_trump")
    elif "pass" in kinds:
        pick = kinds.index("pass")
    elif actions and cards.count() == 0:
        pick = rng.randrange(len(actions))
    else:
        card = cards.nth(rng.randrange(cards.count()))
        code = card.get_attribute("data-card") or ""
        card.click()
        return f"play {code}"
    buttons.nth(pick).click()
    return raw[pick]


def hand_and_trick(page: Page) -> tuple[list[str], list[str]]:
    hand = page.locator("#hand .card[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    trick = page.locator("#trick:not(.previous) .card[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.seat + e.dataset.card)"
    )
    return hand, trick


def check_hidden_trump(players: list[Page], watcher: Page) -> bool:
    """While trump is hidden only the bidder (and the spectator) sees its suit on the marker."""
    hidden = "#trump-marker[data-shown='false']"
    if not all(p.locator(hidden).is_visible() for p in players):
        return False
    suits = [p.get_attribute("#trump-marker", "data-trump") for p in players]
    known = [i for i, suit in enumerate(suits) if suit]
    if not known:  # a 7th-card trump before the second packet: nobody knows it yet
        return False
    assert len(known) == 1, suits
    bidder = players[known[0]]
    assert bidder.locator("#seat-bottom .badge.bidder").count() == 1
    assert watcher.get_attribute("#trump-marker", "data-trump") == suits[known[0]]
    return True


def check_phone_cards_are_big_enough_to_tap(phone: Page) -> bool:
    """With a full hand on a phone (8 cards, or 7 beside a set-aside 7th card), every card
    shows at least 40 by 80 pixels of itself."""
    boxes = [c.bounding_box() for c in phone.locator("#hand .card").all()]
    if len(boxes) < 7 or None in boxes:
        return False
    lefts = sorted(box["x"] for box in boxes if box)
    assert min(b - a for a, b in itertools.pairwise(lefts)) >= 40, lefts
    assert all(box["height"] >= 80 for box in boxes if box)
    assert max(box["x"] + box["width"] for box in boxes if box) <= PHONE["width"]
    return True


def check_spectator_toggle(watcher: Page) -> None:
    """The host's hand shows face up at the bottom; a click turns another hand over and back."""
    # The first deal's state may still be on its way (a busy machine): wait for its cards.
    watcher.locator("#hand[data-face='up'] .card[data-card]").nth(3).wait_for(timeout=10000)
    assert watcher.locator("#hand[data-face='up'] .card[data-card]").count() >= 4
    assert watcher.locator("#controls [data-action]").count() == 0
    assert watcher.locator("#hand .card[data-legal]").count() == 0
    seat = watcher.locator("#seat-right .seat-hand")
    assert seat.get_attribute("data-face") == "down"
    assert seat.locator(".card.back").count() >= 4
    assert seat.locator(".card[data-card]").count() == 0
    seat.click()
    seat = watcher.locator("#seat-right .seat-hand")
    assert seat.get_attribute("data-face") == "up"
    assert seat.locator(".card[data-card]").count() >= 4
    watcher.screenshot(path=f"{SHOTS}-spectator-desktop.png", full_page=True)
    seat.click()
    seat = watcher.locator("#seat-right .seat-hand")
    assert seat.get_attribute("data-face") == "down"
    assert seat.locator(".card[data-card]").count() == 0
    # The keyboard too: each hand is a toggle button; Enter turns it over, and the focus
    # stays on it through the redraw, so a second Enter turns it back.
    assert seat.get_attribute("role") == "button" and seat.get_attribute("aria-pressed") == "false"
    assert (seat.get_attribute("aria-label") or "").startswith("Show ")
    seat.focus()
    watcher.keyboard.press("Enter")
    seat = watcher.locator("#seat-right .seat-hand")
    assert seat.get_attribute("data-face") == "up" and seat.get_attribute("aria-pressed") == "true"
    assert watcher.evaluate("() => document.activeElement.matches('#seat-right .seat-hand')")
    watcher.keyboard.press("Space")
    assert watcher.locator("#seat-right .seat-hand").get_attribute("data-face") == "down"
    hand = watcher.locator("#hand")
    assert hand.get_attribute("role") == "button" and hand.get_attribute("aria-pressed") == "true"
    # A hand turned over stays so through a reload of the page.
    watcher.locator("#seat-right .seat-hand").click()
    watcher.reload()
    watcher.locator("#seat-right .seat-hand[data-face='up'] .card[data-card]").nth(0).wait_for(
        timeout=10000
    )
    assert watcher.locator("#hand").get_attribute("data-face") == "up"
    watcher.locator("#seat-right .seat-hand").click()
    assert watcher.locator("#seat-right .seat-hand").get_attribute("data-face") == "down"


def test_it_plays_a_whole_deal_by_clicks_and_everyone_sees_the_reset(
    live_site: LiveSite, browser: Browser
) -> None:
    try:
        play_a_deal_watch_it_and_reset(live_site, browser)
    finally:
        # Shown by pytest only when the test fails.
        print(live_site.log()[-5000:])
        for page in OPEN_PAGES:
            if not page.is_closed():
                print(
                    page.get_attribute("#table-app", "data-version"),
                    page.get_attribute("#table-app", "data-resyncs"),
                )
        OPEN_PAGES.clear()


def play_a_deal_watch_it_and_reset(live_site: LiveSite, browser: Browser) -> None:
    """The whole story: the table fills, a deal is played by clicks, reset, reconnect."""
    output = live_site.shell(SEED_TABLE.replace("NAMES", repr(NAMES)))
    seeded = json.loads(output.strip().splitlines()[-1])
    game, sessions = seeded["game"], seeded["sessions"]
    rng = random.Random(29)
    contexts: list[BrowserContext] = []
    players: list[Page] = []
    for seat, name in enumerate(NAMES[:4]):
        context, page = open_table(
            browser, live_site, game, sessions[name], PHONE if seat == 2 else DESKTOP
        )
        contexts.append(context)
        players.append(page)
        if seat == 0:
            # Alone at the table: it says who it is waiting for.
            page.wait_for_selector("#waiting:has-text('Waiting for')")
            assert "Bilal, Chitra, Dev" in page.locator("#waiting").inner_text()
            page.screenshot(path=f"{SHOTS}-waiting.png", full_page=True)
    watcher_context, watcher = open_table(browser, live_site, game, sessions["Esha"], DESKTOP)
    contexts.append(watcher_context)
    everyone = [*players, watcher]

    for page in everyone:
        try:
            page.wait_for_selector("#table-app:not([data-phase='waiting'])", timeout=30000)
        except Exception:
            print([(p.get_attribute("#table-app", "data-phase"), version(p)) for p in everyone])
            print(SCRIPT_ERRORS)
            raise
    settle(everyone)

    # Bilal (seat 1) sees play order counter-clockwise: Chitra to his right, Dev opposite.
    assert players[1].get_attribute("#seat-right", "data-seat") == "2"
    assert players[1].get_attribute("#seat-top", "data-seat") == "3"
    assert players[1].get_attribute("#seat-left", "data-seat") == "0"
    assert players[1].get_attribute("#seat-bottom", "data-seat") == "1"
    assert (
        players[0].locator("#conference-link").get_attribute("href")
        == "https://meet.example.com/29"
    )
    assert watcher.get_attribute("#seat-bottom", "data-seat") == "0"
    check_spectator_toggle(watcher)

    reloaded = False
    refused_shown = False
    trump_checked = False
    phone_checked = False
    for _step in range(400):
        settle(everyone)
        if all(round_over(p) for p in players):
            break
        trump_checked = trump_checked or check_hidden_trump(players, watcher)
        phone_checked = phone_checked or check_phone_cards_are_big_enough_to_tap(players[2])
        for page in players:
            before = version(page)
            trick_now = page.locator("#trick:not(.previous) .card[data-card]").count()
            if not reloaded and trick_now == 2 and page.locator("#hand.my-turn").count():
                hand, trick = hand_and_trick(page)
                log = page.locator("#log li").all_inner_texts()
                page.reload()
                page.wait_for_selector("#hand .card[data-card]")
                settle(everyone)
                assert hand_and_trick(page) == (hand, trick)
                assert page.locator("#log li").all_inner_texts() == log
                page.screenshot(path=f"{SHOTS}-after-reload.png", full_page=True)
                reloaded = True
                before = version(page)
            unplayable = page.locator("#hand.my-turn .card.unplayable")
            if not refused_shown and unplayable.count():
                unplayable.first.click()
                toast = page.locator("#toast[data-kind='error']")
                toast.wait_for(state="visible")
                assert toast.inner_text().strip()
                assert version(page) == before
                refused_shown = True
                page.screenshot(path=f"{SHOTS}-refused.png", full_page=True)
            if page.locator("#hand.my-turn").count() and not refused_shown:
                page.screenshot(path=f"{SHOTS}-my-turn.png", full_page=True)
            chosen = choose(page, rng)
            if chosen is not None:
                wait_past(page, before)
                break
    else:
        pytest.fail("the deal did not reach a round result in 400 steps")
    assert reloaded, "no trick reached two cards on the reloading player's turn"
    assert trump_checked, "trump was never seen hidden on the marker"
    assert phone_checked, "the phone never held a full hand"

    for page in everyone:
        result = page.locator("#round-result").inner_text()
        assert "made it: " in result or "fell short: " in result, result
        assert page.locator("#log li[data-type='round_end']").count() >= 1
    players[0].screenshot(path=f"{SHOTS}-result-desktop.png", full_page=True)
    players[2].screenshot(path=f"{SHOTS}-result-phone.png", full_page=True)
    scores = [
        int(s)
        for s in watcher.locator(".team-score").evaluate_all("els => els.map(e => e.dataset.score)")
    ]
    assert scores != [0, 0]

    host = players[0]
    asked: list[str] = []
    host.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    host.locator("#tab-host").click()
    host.locator("[data-reset='score']").click()
    for page in everyone:
        page.wait_for_function(
            "() => [...document.querySelectorAll('.team-score')]"
            ".every(e => e.dataset.score === '0')"
        )
        page.locator("#log li[data-type='reset']").first.wait_for(state="attached")
        assert "reset the score" in page.locator("#log li[data-type='reset']").last.text_content()
        assert page.locator(".sets[data-red='0'][data-black='0']").count() == 2
    assert "reset the score" in watcher.locator("#toast").inner_text()
    assert asked == [
        "Reset score? Both teams' scores and set tallies go back to 0."
        " Everyone at the table sees it at once."
    ]
    assert players[1].locator("[data-reset]").count() == 0
    watcher.screenshot(path=f"{SHOTS}-after-reset.png", full_page=True)

    # The server goes away and comes back: the page says so, reconnects, and play goes on.
    player = players[1]
    player.wait_for_selector("#hand .card[data-card]")  # the next deal has been dealt
    settle(everyone)
    hand = hand_and_trick(player)[0]
    live_site.stop()
    player.locator("#conn-badge").wait_for(state="visible")
    assert "reconnecting" in player.locator("#conn-badge").inner_text()
    live_site.start()
    for page in everyone:
        page.locator("#conn-badge").wait_for(state="hidden", timeout=20000)
    settle(everyone)
    assert hand_and_trick(player)[0] == hand
    movable = "#controls [data-action], #hand .card[data-legal='true']"
    acting = [p for p in players if p.locator(movable).count()]
    assert acting, "nobody has a legal move after the reconnect"
    before = version(acting[0])
    assert choose(acting[0], rng) is not None
    wait_past(acting[0], before)
    resyncs = [json.loads(p.get_attribute("#table-app", "data-resyncs") or "{}") for p in everyone]
    print("resyncs", resyncs)
    for context in contexts:
        context.close()
    assert SCRIPT_ERRORS == []
