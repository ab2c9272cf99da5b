"""The invite link, guests, the live dashboard and the installable app in a real Chromium, at
phone (390x844) and laptop (1280x800) sizes.

A newcomer with no account opens a host's link, types a name and plays a card as a guest
(the clicks are counted, with and without the house rules' Double and Single Hand, which a
guest skips); a signed-in user joins by the link; a revoked link is a plain 404; a guest
trying another game's pages is refused; a dashboard changes without reload; the manifest is
linked and valid and the service worker registers. Screenshots go to
/tmp/twentynine-invite-*.png.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.test_table_play import version, wait_past
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = "/tmp/twentynine-invite"
PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "laptop": LAPTOP}

SEED = """
import json
from allauth.account.models import EmailAddress
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from accounts.models import Friendship, User
from game.engine import Rules
from game.invite import links
from game.table.store import create_game

TAG = "__TAG__"

def person(name):
    user = User.objects.create_user(f"{name.lower()}{TAG}@example.com", None, first_name=name)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return user, store.session_key

asha, asha_session = person("Asha")
farid, farid_session = person("Farid")
ravi, ravi_session = person("Ravi")
esha, esha_session = person("Esha")
for one, other in ((asha, esha), (ravi, esha)):
    Friendship.objects.create(user=one, friend=other)
    Friendship.objects.create(user=other, friend=one)
rules = Rules(**__RULES__).to_dict()
game = create_game(asha, "Asha's Friday 29", __SEATS__, rules=rules)
other = create_game(ravi, "Ravi's table", [ravi, None, None, None])
token = links.make(game.pk)
print(json.dumps({
    "game": game.pk, "other": other.pk, "token": token,
    "sessions": {"Asha": asha_session, "Farid": farid_session, "Ravi": ravi_session,
                 "Esha": esha_session},
}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite.running(
        tmp_path_factory.mktemp("invite"),
        # Every test here joins by link from one address: more than the default 10 in 10 min.
        extra_env={"BOT_DELAY": "0.2", "NEXT_DEAL_DELAY": "5", "INVITE_JOINS_PER_WINDOW": "100"},
    ) as running:
        yield running


ONE_OPEN = '[None, "easy", "easy", "easy"]'


# The fewest decisions before a first card: no Double and no Single Hand to decline.
QUICK = '{"doubling": False, "single_hand": False}'


def seed(site: LiveSite, tag: str, seats: str = ONE_OPEN, rules: str = QUICK) -> dict[str, Any]:
    """Asha's game (``seats``: its seats as Python, None for an open one; ``rules``: the
    options that differ from the defaults) with a link, Ravi's game, and Farid and Esha
    (Asha's and Ravi's friend); sessions by name."""
    code = SEED.replace("__TAG__", tag).replace("__SEATS__", seats).replace("__RULES__", rules)
    seeded: dict[str, Any] = json.loads(site.shell(code).strip().splitlines()[-1])
    return seeded


def new_page(browser: Browser, site: LiveSite, size: ViewportSize, session: str | None,
             errors: list[str]) -> Page:
    context = browser.new_context(viewport=size)
    if session:
        context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def type_name(page: Page, name: str) -> None:
    """Type into the name field, which has the focus: no click. (The browser focuses an
    autofocus field at a rendering step that may come just after "load": wait for it, or the
    first key typed is lost.)"""
    page.wait_for_function("document.activeElement && document.activeElement.autofocus")
    page.keyboard.type(name)


def join_as_guest(page: Page, site: LiveSite, seeded: dict[str, Any], name: str) -> None:
    """Open the game's invite link and play as a guest called ``name`` (the name field has
    the focus: typing needs no click), one click on "Play as a guest", until the table opens."""
    page.goto(f"{site.url}/i/{seeded['token']}/")
    type_name(page, name)
    page.locator("#play-as-guest").click()
    page.wait_for_url(f"**/table/{seeded['game']}/")


# Something for the player to click at the table, or a deal's result on show.
READY = (
    "() => document.querySelector('#controls [data-action], #hand .card[data-legal=\"true\"]')"
    " || document.querySelector('#table-app[data-phase=\"deal\"]')"
)


def play_until_first_card(page: Page) -> tuple[int, str]:
    """Take the table's decisions the quickest way (pass when asked to call, the first legal
    card when it is this seat's turn to play) until one card is played; the clicks that took,
    counted from the deal in which the card was played, and the card."""
    rng = random.Random(17)
    clicks = 0
    for _ in range(200):
        try:
            page.wait_for_function(READY, timeout=60000)
        except Exception:
            page.screenshot(path=f"{SHOTS}-stuck.png")
            print("stuck:", page.locator("#status").inner_text(), version(page),
                  page.locator("#table-app").get_attribute("data-phase"))
            raise
        if page.locator("#table-app[data-phase='deal']").count():
            clicks = 0  # a deal annulled or played out before this seat's first card: anew
            print("a deal ended first:", page.locator("#round-result").inner_text()[:200])
            page.wait_for_function(
                "() => document.querySelector('#table-app').dataset.phase !== 'deal'",
                timeout=120000,
            )
            continue
        before = version(page)
        cards = page.locator('#hand .card[data-legal="true"]')
        buttons = page.locator("#controls [data-action]")
        if cards.count():
            card = cards.nth(rng.randrange(cards.count()))
            code = card.get_attribute("data-card") or ""
            card.click()
            wait_past(page, before)
            return clicks + 1, code
        kinds = [json.loads(buttons.nth(i).get_attribute("data-action") or "{}")["type"]
                 for i in range(buttons.count())]
        if not kinds:
            continue  # the question went as it came (the server passed it): look again
        pick = kinds.index("pass") if "pass" in kinds else (
            kinds.index("trump") if "trump" in kinds else 0)
        print("click", kinds[pick], "of", kinds, page.locator("#status").inner_text())
        buttons.nth(pick).click()
        clicks += 1
        wait_past(page, before)
    pytest.fail("no card played in 200 turns")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_newcomer_plays_a_card_as_a_guest_within_three_clicks(
    site: LiveSite, browser: Browser, size: str
) -> None:
    seeded = seed(site, f"g{size}")
    errors: list[str] = []
    page = new_page(browser, site, SIZES[size], None, errors)
    page.goto(f"{site.url}/i/{seeded['token']}/")
    assert page.title().startswith("Asha invites you to a game of 29")
    assert page.locator("meta[property='og:image']").get_attribute("content", timeout=1000)
    page.screenshot(path=f"{SHOTS}-link-guest-{size}.png", full_page=True)
    type_name(page, "অমিত")
    page.locator("#play-as-guest").click()
    joining_clicks = 1
    page.wait_for_url(f"**/table/{seeded['game']}/")
    page.wait_for_selector("#table-app:not([data-phase='waiting'])", timeout=30000)
    assert page.locator("#seat-bottom .name").inner_text().startswith("অমিত")
    page.screenshot(path=f"{SHOTS}-guest-table-{size}.png")
    deal_clicks, card = play_until_first_card(page)
    clicks = joining_clicks + deal_clicks
    print(f"{size}: guest clicks from the link to the first card: {clicks} ({card})")
    assert clicks <= 3
    assert page.locator("#log li[data-type='play']").filter(has_text="অমিত").count() >= 1

    # The guest cannot reach another game's pages, nor the dashboard.
    response = page.goto(f"{site.url}/table/{seeded['other']}/")
    assert response is not None and response.status == 403
    assert "Ravi" not in page.content()
    page.screenshot(path=f"{SHOTS}-guest-refused-{size}.png", full_page=True)
    page.goto(f"{site.url}/")
    assert page.url.endswith(f"/table/{seeded['game']}/")
    page.goto(f"{site.url}/guest/account/")
    assert page.locator("#id_email").count() == 1
    page.screenshot(path=f"{SHOTS}-guest-account-{size}.png", full_page=True)
    assert errors == []


def test_with_the_house_rules_a_guest_plays_a_card_within_three_clicks(
    site: LiveSite, browser: Browser
) -> None:
    # One size: the path is the phone's too (the test above plays both).
    size = "laptop"
    seeded = seed(site, "house", rules="{}")
    errors: list[str] = []
    page = new_page(browser, site, SIZES[size], None, errors)
    join_as_guest(page, site, seeded, "Mina")
    deal_clicks, _card = play_until_first_card(page)
    clicks = 1 + deal_clicks
    print(f"{size}, house rules: guest clicks from the link to the first card: {clicks}")
    # One click to join, a call, the card: a guest skips the routine questions (no Double, no
    # Redouble, no Single Hand), which the server answers for it at once.
    assert clicks <= 3
    skipped = page.locator("#log li[data-type='pass']").filter(has_text="(automatic)")
    assert skipped.filter(has_text="Mina: no ").count() >= 1
    page.screenshot(path=f"{SHOTS}-house-rules-guest-{size}.png")
    assert errors == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_signed_in_user_joins_by_link(site: LiveSite, browser: Browser, size: str) -> None:
    seeded = seed(site, f"m{size}")
    errors: list[str] = []
    page = new_page(browser, site, SIZES[size], seeded["sessions"]["Farid"], errors)
    page.goto(f"{site.url}/i/{seeded['token']}/")
    page.screenshot(path=f"{SHOTS}-link-member-{size}.png", full_page=True)
    page.get_by_role("button", name="Take seat 1").click()
    page.wait_for_url(f"**/table/{seeded['game']}/")
    page.wait_for_selector("#table-app:not([data-phase='waiting'])", timeout=30000)
    assert page.locator("#seat-bottom .name").inner_text().startswith("Farid")
    deal_clicks, _card = play_until_first_card(page)
    print(f"{size}: signed-in clicks from the link to the first card: {1 + deal_clicks}")
    assert 1 + deal_clicks <= 3
    page.goto(f"{site.url}/")
    assert page.locator("#join .game-card").filter(has_text="Asha's Friday 29").count() == 1
    assert page.locator("#friend-list").filter(has_text="Asha").count() == 1
    page.goto(f"{site.url}/account/")
    assert page.locator("#email-when-seated").is_checked()
    page.screenshot(path=f"{SHOTS}-account-{size}.png", full_page=True)
    assert errors == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_revoked_link_is_a_plain_404(site: LiveSite, browser: Browser, size: str) -> None:
    seeded = seed(site, f"r{size}")
    errors: list[str] = []
    host = new_page(browser, site, SIZES[size], seeded["sessions"]["Asha"], errors)
    host.goto(f"{site.url}/games/{seeded['game']}/invite/")
    old = host.locator("#invite-link").input_value()
    assert old.endswith(f"/i/{seeded['token']}/")
    assert host.locator("#whatsapp-link").get_attribute("href", timeout=1000).startswith(
        "https://wa.me/?text=")
    host.screenshot(path=f"{SHOTS}-host-link-{size}.png", full_page=True)
    # The revoke is a form post: wait for the new page, then for its link (a predicate run
    # while the new page is still parsing would find no #invite-link yet).
    with host.expect_navigation():
        host.locator("#revoke-link").click()
    expect(host.locator("#invite-link")).not_to_have_value(old)
    visitor = new_page(browser, site, SIZES[size], None, errors)
    response = visitor.goto(old)
    assert response is not None and response.status == 404
    assert "Asha" not in visitor.content() and "Friday" not in visitor.content()
    visitor.screenshot(path=f"{SHOTS}-revoked-{size}.png", full_page=True)
    fresh = visitor.goto(host.locator("#invite-link").input_value())
    assert fresh is not None and fresh.status == 200
    assert errors == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_dashboard_changes_without_reload(site: LiveSite, browser: Browser, size: str) -> None:
    seeded = seed(site, f"d{size}", '[None, "easy", None, "easy"]')
    errors: list[str] = []
    esha = new_page(browser, site, SIZES[size], seeded["sessions"]["Esha"], errors)
    esha.goto(f"{site.url}/")
    esha.wait_for_function("() => document.body.dataset.live === 'on'")
    esha.evaluate("() => { window.notReloaded = true; }")
    card = esha.locator(f".game-card[data-game='{seeded['game']}']")
    card.locator(".live-status").filter(has_text="Not started").wait_for(timeout=10000)
    # Farid takes a seat by the link: the card's seats change; then a guest completes the
    # table and the bots start playing: whose turn it is changes, live.
    guest = new_page(browser, site, LAPTOP, None, errors)
    join_as_guest(guest, site, seeded, "Mina")
    card.filter(has_text="Mina").wait_for(timeout=30000)
    farid = new_page(browser, site, LAPTOP, seeded["sessions"]["Farid"], errors)
    farid.goto(f"{site.url}/i/{seeded['token']}/")
    farid.get_by_role("button", name="Take seat 3").click()
    farid.wait_for_url(f"**/table/{seeded['game']}/")
    card.locator(".live-status").filter(has_text="Turn: ").wait_for(timeout=30000)
    card.locator(".live-here").filter(has_text="At the table").wait_for(timeout=15000)
    assert card.locator(".your-turn").is_hidden()  # Esha watches: never her turn
    esha.screenshot(path=f"{SHOTS}-dashboard-{size}.png", full_page=True)
    # A friend deletes his game and hosts a new one: it appears without a reload, and what
    # Esha was typing meanwhile stays where it was.
    typing = esha.locator("#friends input[name='email']")
    typing.fill("someone@exam")
    ravi = new_page(browser, site, LAPTOP, seeded["sessions"]["Ravi"], errors)
    ravi.goto(f"{site.url}/games/{seeded['other']}/delete/")
    ravi.locator("main form button[type='submit']").click()
    esha.locator(f".game-card[data-game='{seeded['other']}']").wait_for(
        state="detached", timeout=15000)
    ravi.goto(f"{site.url}/host/")
    ravi.locator("#id_name").fill("Ravi hosts again")
    ravi.locator("main form button[type='submit']").last.click()
    ravi.wait_for_url("**/#host")
    esha.locator(".game-card.just-added").filter(has_text="Ravi hosts again").wait_for(
        timeout=15000)
    assert esha.evaluate("() => window.notReloaded === true")
    assert typing.input_value() == "someone@exam"
    assert esha.evaluate("() => document.activeElement.name") == "email"
    esha.screenshot(path=f"{SHOTS}-dashboard-new-game-{size}.png", full_page=True)
    assert errors == []


def test_the_app_is_installable(site: LiveSite, browser: Browser) -> None:
    errors: list[str] = []
    page = new_page(browser, site, PHONE, None, errors)
    page.goto(f"{site.url}/")
    href = page.locator("link[rel='manifest']").get_attribute("href")
    manifest = page.evaluate("url => fetch(url).then(r => r.json())", href)
    assert manifest["name"] == "TwentyNine" and manifest["start_url"] == "/"
    assert any(icon["sizes"] == "512x512" for icon in manifest["icons"])
    assert page.locator("meta[name='theme-color']").get_attribute("content") == "#0f5132"
    assert page.locator("link[rel='icon']").get_attribute("href") == "/static/favicon.svg"
    scope = page.evaluate(
        "() => navigator.serviceWorker.ready.then(r => r.active && r.scope)"
    )
    assert scope == f"{site.url}/"
    page.reload()  # the worker now controls the page
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.goto(f"{site.url}/accounts/login/")
    assert "You are offline" in page.content()
    page.screenshot(path=f"{SHOTS}-offline-phone.png", full_page=True)
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=f"{SHOTS}-offline-laptop.png", full_page=True)
    page.context.set_offline(False)
    assert errors == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_host_removes_a_guest_from_the_table(
    site: LiveSite, browser: Browser, size: str
) -> None:
    seeded = seed(site, f"rm{size}", seats='[asha, None, "easy", "easy"]')
    errors: list[str] = []
    guest = new_page(browser, site, SIZES[size], None, errors)
    join_as_guest(guest, site, seeded, "Mina")
    host = new_page(browser, site, SIZES[size], seeded["sessions"]["Asha"], errors)
    host.goto(f"{site.url}/table/{seeded['game']}/")
    if size == "phone":
        host.locator("#side-toggle").click()
    host.locator("#tab-host").click()
    line = host.locator("#guest-controls li[data-guest-seat='1']")
    line.wait_for(timeout=30000)
    assert "Mina" in line.inner_text()
    # Her plate says she is a guest (a person has no badge of the kind otherwise).
    plate = host.locator(".seat").filter(has_text="Mina")
    assert plate.locator(".badge.guest").inner_text().lower() == "guest"
    line.locator("select").select_option("strong")
    host.screenshot(path=f"{SHOTS}-remove-guest-{size}.png")
    host.once("dialog", lambda dialog: dialog.accept())
    line.locator("[data-remove-guest]").click()
    # The guest's table closes, says why, then shows where to go from here.
    guest.wait_for_function(
        "() => document.body.innerText.includes('You may not see this table.')", timeout=30000
    )
    assert guest.locator("#hand .card").count() == 0
    guest.wait_for_url(f"{site.url}/guest/account/", timeout=30000)
    assert "The host has taken you off their table." in guest.locator("main").inner_text()
    host.wait_for_function(
        "() => !document.querySelector('#guest-controls li')", timeout=30000
    )
    # Mina's seat went to a computer player: all three seats around the host hold one.
    host.wait_for_function(
        "() => document.querySelectorAll('#seat-left .badge.computer, #seat-right .badge.computer,"
        " #seat-top .badge.computer').length === 3",
        timeout=10000,
    )
    seats = host.locator("#seat-left, #seat-right, #seat-top").all_inner_texts()
    assert not any("Mina" in seat for seat in seats), seats
    assert "Mina" not in host.locator("#guest-controls").inner_text()
    guest.screenshot(path=f"{SHOTS}-removed-guest-{size}.png")
    # The box under the removal was ticked: the link she came by no longer works.
    again = new_page(browser, site, SIZES[size], None, errors).goto(
        f"{site.url}/i/{seeded['token']}/")
    assert again is not None and again.status == 404
    assert errors == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_guest_who_takes_a_computer_players_seat_mid_deal_reads_its_calls_under_its_name(
    site: LiveSite, browser: Browser, size: str
) -> None:
    """Four computer players, the host watching; once Anu (seat 1) has called, a guest takes
    her seat by the link (the first one open). The guest's new page fills its log from the
    deal's history: Anu's calls stay Anu's and the change of seat is a line."""
    seeded = seed(site, f"mid{size}", seats='["easy", "easy", "easy", "easy"]')
    errors: list[str] = []
    host = new_page(browser, site, SIZES[size], seeded["sessions"]["Asha"], errors)
    host.goto(f"{site.url}/table/{seeded['game']}/")
    if size == "phone":
        host.locator("#side-toggle").click()
    host.locator("#log li[data-type='bid'], #log li[data-type='pass']").filter(
        has_text="Anu").first.wait_for(timeout=60000)
    guest = new_page(browser, site, SIZES[size], None, errors)
    join_as_guest(guest, site, seeded, "Mina")
    guest.wait_for_selector("#table-app:not([data-phase='waiting'])", timeout=30000)
    if size == "phone":
        guest.locator("#side-toggle").click()
    took = guest.locator("#log li[data-type='seated']")
    took.wait_for(timeout=30000)
    assert took.inner_text().startswith("Mina takes seat 1 from Anu")
    lines = guest.locator("#log li").all_inner_texts()
    before = lines[: lines.index(took.inner_text())]
    assert any(line.startswith("Anu ") for line in before), before
    assert not any("Mina" in line for line in before), before
    guest.screenshot(path=f"{SHOTS}-guest-mid-deal-log-{size}.png")
    host.locator("#log li[data-type='seated']").filter(
        has_text="Mina takes seat 1 from Anu").wait_for(timeout=30000)
    host.screenshot(path=f"{SHOTS}-host-mid-deal-log-{size}.png")
    assert errors == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_guest_who_watches_sees_the_play_but_no_hand(
    site: LiveSite, browser: Browser, size: str
) -> None:
    """Four computer players; a visitor types a name and clicks Watch: the table is played
    before them, every hand shown as backs that do not turn over, and the page says why."""
    seeded = seed(site, f"gw{size}", seats='["easy", "easy", "easy", "easy"]')
    errors: list[str] = []
    guest = new_page(browser, site, SIZES[size], None, errors)
    guest.goto(f"{site.url}/i/{seeded['token']}/")
    type_name(guest, "Mina")
    watch = guest.locator("input[name='seat'][value='watch']")
    assert "not the hands" in guest.locator("label.choice", has=watch).inner_text()
    watch.check()
    guest.locator("#play-as-guest").click()
    guest.wait_for_url(f"**/table/{seeded['game']}/")
    guest.wait_for_selector("#trick .card", timeout=60000)
    assert "Watching as a guest" in guest.locator("#status-note").inner_text()
    assert guest.locator(".seat-hand .card.back, #hand .card.back").count() > 0
    faces = ".seat-hand .card:not(.back), #hand .card:not(.back), .seat-hand.toggle, #hand.toggle"
    assert guest.locator(faces).count() == 0
    guest.locator(".seat-hand").first.click()
    assert guest.locator(faces).count() == 0
    guest.screenshot(path=f"{SHOTS}-guest-watching-{size}.png")
    assert errors == []
