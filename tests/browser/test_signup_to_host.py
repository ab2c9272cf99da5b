"""A newcomer signs up, verifies, makes friends and hosts; the friends find the game.

A real daphne server (``live_site``, its own database) and a headless Chromium:
Nadia signs up, opens the verification link printed on the server's console and
clicks Confirm, logs in, asks Farid and Gita to be friends; both accept from their dashboards;
Nadia hosts a game with Farid seated; Farid sees it under Join and Gita under
View. Screenshots go to /tmp/twentynine-site for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

PASSWORD = "a-long-table-password-29"
SHOTS = Path("/tmp/twentynine-site")
SEED_FRIENDS = f"""
from allauth.account.models import EmailAddress
from accounts.models import User
for email, name in [("farid@example.com", "Farid"), ("gita@example.com", "Gita")]:
    user = User.objects.create_user(email, {PASSWORD!r}, first_name=name)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
"""



def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def log_in(page: Page, site: LiveSite, email: str) -> None:
    page.goto(f"{site.url}/accounts/login/")
    page.fill('input[name="login"]', email)
    page.fill('input[name="password"]', PASSWORD)
    page.click('main button[type="submit"]')
    expect(page.locator(".greeting")).to_contain_text("Hello,")


def accept_request_from(page: Page, name: str) -> None:
    requests = page.locator("#incoming-requests li", has_text=name)
    requests.get_by_role("button", name="Accept").click()
    expect(page.locator(".messages")).to_contain_text(f"You and {name} are now friends.")


def test_it_takes_a_newcomer_from_sign_up_to_a_hosted_game(
    live_site: LiveSite, browser: Browser
) -> None:
    live_site.shell(SEED_FRIENDS)
    nadia = browser.new_page(viewport={"width": 1280, "height": 900})

    nadia.goto(live_site.url)
    shot(nadia, "01-welcome")
    nadia.get_by_role("link", name="Sign up").first.click()
    nadia.fill('input[name="first_name"]', "Nadia")
    nadia.fill('input[name="email"]', "Nadia@Example.com")
    nadia.fill('input[name="password1"]', PASSWORD)
    nadia.fill('input[name="password2"]', PASSWORD)
    shot(nadia, "02-signup")
    nadia.click('main button[type="submit"]')
    expect(nadia.locator("main")).to_contain_text("Confirm your email address")
    expect(nadia.locator("#console-email-hint")).to_be_visible()
    shot(nadia, "03-verification-sent")

    links = live_site.links(r"/accounts/confirm-email/")
    assert len(links) == 1, live_site.log()
    mail_reader = browser.new_page()
    mail_reader.goto(links[0])
    # Opening the link confirms nothing (a mail scanner opens links too): a click does.
    expect(mail_reader.locator("main")).to_contain_text("Nadia signed up to TwentyNine with")
    shot(mail_reader, "03b-confirm-email")
    mail_reader.get_by_role("button", name="Confirm").click()
    expect(mail_reader.locator(".messages")).to_contain_text("You have confirmed")
    mail_reader.close()

    log_in(nadia, live_site, "nadia@example.com")
    expect(nadia.locator("#friends")).to_contain_text("You have no friends here yet")
    for email in ("farid@example.com", "gita@example.com"):
        nadia.fill("#id_email", email)
        nadia.get_by_role("button", name="Send request").click()
        expect(nadia.locator(".messages")).to_contain_text(f"Friend request sent to {email}")
    shot(nadia, "04-requests-sent")
    # On a phone the page comes back at its Friends section, and the message (the only sign
    # of a mistyped address) is brought into view above it rather than left scrolled past.
    nadia.set_viewport_size({"width": 390, "height": 844})
    nadia.fill("#id_email", "hari@exmaple.com")
    nadia.get_by_role("button", name="Send request").click()
    expect(nadia.locator(".messages")).to_contain_text("Friend request sent to hari@exmaple.com")
    nadia.wait_for_load_state("load")
    rect = "() => document.querySelector('.messages').getBoundingClientRect()"
    nadia.wait_for_function(f"() => ({rect})().top >= 0 && ({rect})().bottom <= innerHeight")
    nadia.screenshot(path=str(SHOTS / "04-request-sent-phone.png"))  # what the phone shows
    nadia.set_viewport_size({"width": 1280, "height": 900})

    farid = browser.new_page(viewport={"width": 390, "height": 844})
    log_in(farid, live_site, "farid@example.com")
    accept_request_from(farid, "Nadia")
    gita = browser.new_page()
    log_in(gita, live_site, "gita@example.com")
    accept_request_from(gita, "Nadia")

    nadia.goto(live_site.url)
    expect(nadia.locator("#friend-list")).to_contain_text("Farid")
    nadia.get_by_role("link", name="Host a game").click()
    nadia.fill('input[name="name"]', "Nadia's Friday 29")
    nadia.fill('input[name="conference_link"]', "https://meet.example.com/friday")
    nadia.select_option('select[name="seat_1"]', label="Farid")
    shot(nadia, "05-host-form")
    nadia.get_by_role("button", name="Host this game").click()
    expect(nadia.locator(".messages")).to_contain_text("Nadia's Friday 29 is ready")
    host = nadia.locator("#host")
    expect(host).to_contain_text("Nadia & empty seat")
    expect(host).to_contain_text("Farid & empty seat")
    table_link = host.get_by_role("link", name="Open the table").get_attribute("href")
    assert table_link is not None and re.fullmatch(r"/table/\d+/", table_link)
    shot(nadia, "06-dashboard-host")

    farid.goto(live_site.url)
    expect(farid.locator("#join")).to_contain_text("Nadia's Friday 29")
    expect(farid.locator("#join").get_by_role("link", name="Join the table")).to_have_attribute(
        "href", table_link
    )
    expect(farid.locator("#view")).not_to_contain_text("Nadia's Friday 29")
    shot(farid, "07-farid-join-phone")

    gita.goto(live_site.url)
    expect(gita.locator("#view")).to_contain_text("Nadia's Friday 29")
    expect(gita.locator("#view").get_by_role("link", name="Watch")).to_have_attribute(
        "href", table_link
    )
    expect(gita.locator("#join")).not_to_contain_text("Nadia's Friday 29")
    shot(gita, "08-gita-view")
