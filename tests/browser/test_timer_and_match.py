"""The turn timer and the match's end in a real Chromium, on a phone (390x844) and a laptop.

A real daphne server, ``TURN_TIMER_SCALE`` 0.4 (the host's 30 seconds last 12, the countdown
shows in the last 6). Asha plays against three computer players and lets her time run out:
no countdown while she is on time, then one on her plate (and a line under her turn) on
both screens; the easy computer player decides for her, and after the second time in a row
a computer player takes her seat and she sees "I'm back", which gives it back to her. Four
computer players play the card that decides a match to one set (``staging.seed_deciding_card``):
everyone sees the winner's banner, and the
host's Rematch moves every page to the new match without a reload. Screenshots go to
/tmp/twentynine-timer-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser.test_table_fits import SHORT_PHONE
from tests.browser.test_table_play import PHONE
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = "/tmp/twentynine-timer"
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
SEED = (
    "from tests.browser.staging import seed_with_computers; "
    """seed_with_computers("Asha's timed table", ["easy", "easy", "easy"], turn_timer=30)"""
)


@pytest.fixture
def timer_site(tmp_path: Path) -> Iterator[LiveSite]:
    with LiveSite.running(
        tmp_path,
        extra_env={"BOT_DELAY": "0.1", "TURN_TIMER_SCALE": "0.4", "NEXT_DEAL_DELAY": "1"},
    ) as site:
        yield site


def seed(site: LiveSite, script: str = SEED) -> dict[str, object]:
    seeded: dict[str, object] = json.loads(site.shell(script).strip().splitlines()[-1])
    return seeded


def open_page(
    browser: Browser, site: LiveSite, game: object, session: str, viewport: ViewportSize,
    errors: list[str],
) -> Page:
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site.url}/table/{game}/")
    page.wait_for_selector("#table-app:not([data-phase='waiting'])", timeout=30000)
    return page


def test_it_counts_down_plays_for_a_late_player_and_hands_her_seat_over_and_back(
    timer_site: LiveSite, browser: Browser
) -> None:
    seeded = seed(timer_site)
    sessions = seeded["sessions"]
    assert isinstance(sessions, dict)
    errors: list[str] = []
    phone = open_page(browser, timer_site, seeded["game"], sessions["Asha"], PHONE, errors)

    # Asha's turn: on time, nothing counts down; in the last 6 s her plate counts down.
    phone.wait_for_selector("#status.your-turn", timeout=30000)
    badge = "#seat-bottom .timer-badge"
    assert phone.locator(badge).count() == 1 and phone.locator(badge).is_hidden()
    assert phone.locator("#turn-timer").is_hidden()
    laptop = open_page(browser, timer_site, seeded["game"], sessions["Asha"], LAPTOP, errors)
    watcher = open_page(browser, timer_site, seeded["game"], sessions["Esha"], LAPTOP, errors)
    phone.wait_for_selector(f"{badge}:not([hidden])", timeout=10000)
    assert phone.locator(badge).inner_text().lower() in {f"{n} s" for n in range(1, 7)}
    assert "then the computer decides for you" in phone.locator("#turn-timer").inner_text()
    laptop.wait_for_selector(f"{badge}:not([hidden])", timeout=5000)
    watcher.wait_for_selector(".timer-badge:not([hidden])", timeout=5000)
    phone.screenshot(path=f"{SHOTS}-countdown-phone.png")
    laptop.screenshot(path=f"{SHOTS}-countdown-laptop.png")
    watcher.screenshot(path=f"{SHOTS}-countdown-spectator-laptop.png")

    # The time runs out: the log says so; after the second time in a row, "I'm back".
    phone.wait_for_selector("#log li[data-type='timeout']", state="attached", timeout=20000)
    lines = phone.locator("#log li[data-type='timeout']").all_text_contents()
    assert "Time ran out for Asha: the computer player Anu made this decision" in lines[0], lines
    phone.wait_for_selector("#im-back:not([hidden])", timeout=40000)
    laptop.wait_for_selector("#im-back:not([hidden])", timeout=5000)
    assert "Anu is playing your seat" in phone.locator("#im-back").inner_text()
    assert phone.locator("#seat-bottom .badge.computer").count() == 1
    handover = phone.locator("#log li[data-type='handover']").all_text_contents()
    assert any("time ran out twice in a row" in line for line in handover), handover
    # Said once, with its button: no second line saying the same above it; and on a short
    # phone (a browser's visible height) the whole hand stays on screen under it.
    assert phone.locator("#status-note").is_hidden()
    phone.screenshot(path=f"{SHOTS}-im-back-phone.png")
    laptop.screenshot(path=f"{SHOTS}-im-back-laptop.png")
    phone.set_viewport_size(SHORT_PHONE)
    # Read in one go: the computer player may be playing one of these cards meanwhile, and
    # between its deals (on a slow machine it may play the deal out) the hand is empty.
    for _ in range(150):
        count, below = phone.evaluate(
            """() => {
                const cards = [...document.querySelectorAll('#hand .card')];
                const below = cards.filter(
                    (c) => c.getBoundingClientRect().bottom > window.innerHeight + 0.5);
                return [cards.length, below.length];
            }"""
        )
        if count:
            break
        phone.wait_for_timeout(200)
    assert count >= 1 and below == 0
    phone.screenshot(path=f"{SHOTS}-im-back-short-phone.png")

    laptop.get_by_role("button", name="I'm back").focus()  # the keyboard's way
    laptop.keyboard.press("Enter")
    for page in (phone, laptop):
        page.wait_for_selector("#im-back", state="hidden", timeout=10000)
        page.wait_for_function(
            "() => !document.querySelector('#seat-bottom .badge.computer')", timeout=10000
        )
    # The focus goes on to the hand (or a question), not back to the top of the page.
    focused = "() => document.activeElement.closest('#hand, #controls') !== null"
    laptop.wait_for_function(focused, timeout=5000)
    back = phone.locator("#log li[data-type='handover']").all_text_contents()
    assert any("Asha is back and takes seat 1 from Anu" in line for line in back), back
    assert errors == []


def test_it_shows_the_winner_to_everyone_and_the_host_starts_a_rematch(
    timer_site: LiveSite, browser: Browser
) -> None:
    seeded = seed(
        timer_site,
        "from tests.browser.staging import seed_deciding_card; seed_deciding_card()",
    )
    sessions, winner = seeded["sessions"], seeded["winner"]
    assert isinstance(sessions, dict)
    winners = ("Anu & Charu", "Bela & Dipu")[int(str(winner))]
    errors: list[str] = []
    host = open_page(browser, timer_site, seeded["game"], sessions["Asha"], PHONE, errors)
    friend = open_page(browser, timer_site, seeded["game"], sessions["Esha"], LAPTOP, errors)
    host_laptop = open_page(browser, timer_site, seeded["game"], sessions["Asha"], LAPTOP, errors)
    for page in (host, friend, host_laptop):
        page.evaluate("() => { window.sameDocument = true; }")

    for page in (host, friend, host_laptop):
        page.wait_for_selector("#match-over:not([hidden])", timeout=60000)
        assert page.locator("#round-result").is_hidden()
    banner = friend.locator("#match-over").inner_text()
    assert f"{winners} win the match!" in banner, banner
    assert "1 set to 0" in banner and "Waiting for the host" in banner
    # The deciding deal is said (its result panel gives way to the banner); its set took the
    # score back to 0 : 0, so no "final score" of nothing is shown.
    assert f"The deciding deal: Team {winners} made " in banner, banner
    # As fully as its panel: the contract with its stake, the change, and why it made a set.
    assert " bid 1" in banner or " bid 2" in banner, banner
    assert "Score change: " in banner and " set: 6 of their " in banner, banner
    assert "Final score" not in banner, banner
    assert friend.locator(".rematch-button").count() == 0
    deals = friend.locator("#match-over a").get_attribute("href")
    assert deals == f"/table/{seeded['game']}/deals/"
    host.screenshot(path=f"{SHOTS}-winner-phone.png")
    friend.screenshot(path=f"{SHOTS}-winner-laptop.png")
    host_laptop.screenshot(path=f"{SHOTS}-winner-host-laptop.png")
    ended = friend.locator("#log li[data-type='match_end']").all_text_contents()
    assert ended and "win the match, 1 set to 0" in ended[-1], ended

    # The dashboard's card says so too.
    board = friend.context.new_page()
    board.goto(f"{timer_site.url}/")
    card = board.locator(f".game-card[data-game='{seeded['game']}'] .live-status")
    card.filter(has_text="Match over: ").wait_for(timeout=20000)
    assert card.inner_text() == f"Match over: {winners} won, 1 set to 0"
    score = board.locator(f".game-card[data-game='{seeded['game']}'] .live-score")
    assert score.inner_text() == ""  # not the "0 : 0" the score went back to
    board.screenshot(path=f"{SHOTS}-winner-dashboard-laptop.png")
    board.close()

    host.get_by_role("button", name="Rematch").click()
    for page in (host, friend, host_laptop):
        page.wait_for_selector("#match-over", state="hidden", timeout=20000)
        assert page.evaluate("() => window.sameDocument") is True  # no reload
        assert "sets won 0 : 0" in (page.locator("#match-line").text_content() or "")
        page.wait_for_selector("#log li[data-type='rematch']", state="attached", timeout=5000)
    friend.screenshot(path=f"{SHOTS}-rematch-laptop.png")
    host.screenshot(path=f"{SHOTS}-rematch-phone.png")

    # The game's deals: the deal that ended the match says so, with the final sets.
    for page, name in ((friend, "laptop"), (host, "phone")):
        page.goto(f"{timer_site.url}/table/{seeded['game']}/deals/")
        row = page.locator(f"tr[data-match-winner='{winner}']")
        row.wait_for(timeout=10000)
        shown = row.inner_text()  # the wide result column, or the narrow one on a phone
        assert "won the match, 1 set to 0" in shown or "match won" in shown, shown
        full = row.text_content() or ""
        assert f"{winners} won the match, 1 set to 0" in full
        # The whole list fits its box: no column cut off at the right edge.
        overflow = page.evaluate(
            "() => { const l = document.querySelector('#deal-list');"
            " return l.scrollWidth - l.clientWidth; }"
        )
        assert overflow <= 0, (name, overflow)
        page.screenshot(path=f"{SHOTS}-deals-{name}.png", full_page=True)
    assert errors == []


def test_the_hosts_dashboard_offers_the_rematch_once_a_team_has_won(
    timer_site: LiveSite, browser: Browser
) -> None:
    seeded = seed(
        timer_site,
        "from tests.browser.staging import seed_deciding_card; seed_deciding_card()",
    )
    sessions = seeded["sessions"]
    assert isinstance(sessions, dict)
    errors: list[str] = []
    friend = open_page(browser, timer_site, seeded["game"], sessions["Esha"], LAPTOP, errors)
    host = open_page(browser, timer_site, seeded["game"], sessions["Asha"], PHONE, errors)
    host.goto(f"{timer_site.url}/")
    tile = host.locator(f".game-card[data-game='{seeded['game']}']")
    tile.locator(".live-status").filter(has_text="Match over: ").wait_for(timeout=60000)
    rematch = host.locator(f".rematch-row[data-game='{seeded['game']}']")
    rematch.wait_for(state="visible", timeout=5000)
    assert tile.locator(".live-started").inner_text() == "match over"  # not "in play"
    host.screenshot(path=f"{SHOTS}-dashboard-rematch-phone.png", full_page=True)
    rematch.get_by_role("button", name="Rematch").click()
    host.locator(".messages").filter(has_text="Match 2 has begun at ").wait_for(timeout=10000)
    friend.wait_for_selector("#match-over", state="hidden", timeout=20000)
    friend.wait_for_selector("#log li[data-type='rematch']", state="attached", timeout=5000)
    rematch.wait_for(state="hidden", timeout=10000)
    host.screenshot(path=f"{SHOTS}-dashboard-rematch-done-phone.png", full_page=True)

    # Once a deal of match 2 has ended, the list of deals heads each match's deals.
    friend.wait_for_selector("#round-result:not([hidden])", timeout=60000)
    for page, name in ((friend, "laptop"), (host, "phone")):
        page.goto(f"{timer_site.url}/table/{seeded['game']}/deals/")
        page.wait_for_selector("#deal-list tr[data-deal]", timeout=10000)
        headings = page.locator("#deal-list .match-divider").all_inner_texts()
        assert [h.strip().lower() for h in headings] == ["match 2", "match 1"], headings
        first = page.locator("#deal-list tbody tr").first
        assert first.get_attribute("data-match") == "2"
        overflow = page.evaluate(
            "() => { const l = document.querySelector('#deal-list');"
            " return l.scrollWidth - l.clientWidth; }"
        )
        assert overflow <= 0, (name, overflow)
        page.screenshot(path=f"{SHOTS}-deals-two-matches-{name}.png", full_page=True)
    assert errors == []


STATS_SEED = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from allauth.account.models import EmailAddress
from accounts.models import Friendship, User
from game.models import DealRecord
from game.table.store import create_game
people = []
for name in ("Asha", "Vikramaditya", "Chitra", "Dev"):
    user = User.objects.create_user(name.lower() + "@example.com", "a-long-table-password-29",
                                    first_name=name)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    people.append(user)
for friend in people[1:]:
    Friendship.objects.create(user=people[0], friend=friend)
    Friendship.objects.create(user=friend, friend=people[0])
game = create_game(people[0], "Friday 29", people)
other = create_game(people[1], "Vikram's", [people[1], people[0], people[2], people[3]])
for number in range(1, 13):
    for table, seats in ((game, people), (other, [people[1], people[0], people[2], people[3]])):
        DealRecord.objects.create(
            game=table, number=number, version=number, outcome="made" if number % 3 else "lost",
            summary={"bidder": number % 4, "made": bool(number % 3),
                     "new_sets": [[1, 0], [0, 0]] if number % 5 == 0 else []},
            events=[], **{f"player_{s}": u for s, u in enumerate(seats)})
store = SessionStore()
store[SESSION_KEY] = str(people[0].pk)
store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
store[HASH_SESSION_KEY] = people[0].get_session_auth_hash()
store.create()
print(json.dumps({"session": store.session_key}))
"""


def test_the_statistics_page_and_the_host_options_fit_a_phone_and_a_laptop(
    timer_site: LiveSite, browser: Browser
) -> None:
    seeded = json.loads(timer_site.shell(STATS_SEED).strip().splitlines()[-1])
    for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        context = browser.new_context(viewport=viewport)
        context.add_cookies(
            [{"name": "sessionid", "value": seeded["session"], "url": timer_site.url}]
        )
        page = context.new_page()
        page.goto(f"{timer_site.url}/stats/")
        assert page.locator("#own-stats td[data-key='deals']").inner_text() == "24"
        assert page.locator("#partner-stats tbody tr").count() == 2  # Chitra and Dev
        wide = page.evaluate("() => document.documentElement.scrollWidth > innerWidth")
        assert not wide, "the page scrolls sideways"
        page.screenshot(path=f"{SHOTS}-stats-{name}.png", full_page=True)
        page.goto(f"{timer_site.url}/games/1/edit/")
        options = page.locator("#table-options")
        assert options.locator("select[name='turn_timer']").input_value() == "0"
        options.scroll_into_view_if_needed()
        options.screenshot(path=f"{SHOTS}-host-options-{name}.png")
        context.close()
