"""What the site's pages refuse, in a real Chromium on a phone (390x844) and a laptop (1280x800).

- The Content-Security-Policy header: an inline script (one a name or a chat line might slip
  in) does not run; the site's own pages run none (every browser test checks that: conftest).
- Removing a friend still asks first, now that the question is no inline handler; the
  dashboard is no wider than the screen.
- One account with more table tabs open than a server process admits
  (``WEBSOCKETS_PER_USER``, here 1): the tab over it says so, and the open one plays on.

Screenshots go to /tmp/twentynine-security-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser.test_table_play import PHONE
from tests.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = "/tmp/twentynine-security"
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "laptop": LAPTOP}
TOO_MANY = "Too many of your tabs are open on this site. Close some, then reload this page."


@pytest.fixture(scope="module")
def one_socket_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    workdir: Path = tmp_path_factory.mktemp("security")
    with LiveSite.running(workdir, extra_env={"WEBSOCKETS_PER_USER": "1"}) as site:
        yield site


def seeded(site: LiveSite, tag: str, computers: int = 0) -> dict[str, Any]:
    """Asha's game and her four friends (``computers`` of the seats held by computer players)."""
    out = site.shell(
        f"from tests.browser.staging import seed_waiting; seed_waiting({tag!r}, {computers})"
    )
    return dict(json.loads(out.strip().splitlines()[-1]))


def signed_in(browser: Browser, site: LiveSite, size: str, session: str) -> Page:
    context = browser.new_context(viewport=SIZES[size])
    context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    return context.new_page()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_an_inline_script_does_not_run_and_a_friend_is_removed_only_when_confirmed(
    one_socket_site: LiveSite, browser: Browser, size: str, refused_by_policy: list[tuple[str, str]]
) -> None:
    people = seeded(one_socket_site, f"csp{size}")
    page = signed_in(browser, one_socket_site, size, people["sessions"]["Asha"])
    response = page.goto(f"{one_socket_site.url}/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "window.injected = true";
            document.body.append(script);
        }"""
    )
    assert page.evaluate("() => window.injected === undefined")
    assert [text for text, _ in refused_by_policy if "inline script" in text] != []

    # Nothing pushes the dashboard wider than the screen (long names, the seats' buttons).
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    friends = page.locator("#friend-list li")
    before = friends.count()
    esha = friends.filter(has_text="Esha")
    asked: list[str] = []

    def answer(accept: bool) -> None:
        def handler(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        page.once("dialog", handler)

    answer(False)
    esha.locator("button", has_text="Remove").click()
    assert asked == ["Remove Esha from your friends?"]
    assert friends.count() == before  # dismissed: nothing was sent
    esha.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}-friends-{size}.png")
    answer(True)
    with page.expect_navigation():
        esha.locator("button", has_text="Remove").click()
    assert len(asked) == 2
    assert page.locator("#friend-list li").filter(has_text="Esha").count() == 0
    assert page.locator("#friend-list li").count() == before - 1


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_tab_over_the_accounts_sockets_says_so_and_the_open_one_plays_on(
    one_socket_site: LiveSite, browser: Browser, size: str
) -> None:
    people = seeded(one_socket_site, f"cap{size}", computers=3)
    table = f"{one_socket_site.url}/table/{people['game']}/"
    errors: list[str] = []
    first = signed_in(browser, one_socket_site, size, people["sessions"]["Asha"])
    first.on("pageerror", lambda error: errors.append(str(error)))
    first.goto(table)
    first.wait_for_selector("#hand .card", timeout=30000)
    second = first.context.new_page()
    second.on("pageerror", lambda error: errors.append(str(error)))
    second.goto(table)
    second.wait_for_function(
        "words => document.body.innerText.includes(words)", arg=TOO_MANY, timeout=30000
    )
    assert second.locator("#hand .card").count() == 0
    second.screenshot(path=f"{SHOTS}-too-many-{size}.png")
    # The first tab still has the table, connected.
    assert first.locator("#conn-badge").is_hidden()
    assert first.locator("#hand .card").count() == 4
    # Once the first tab is closed, a reload of the second has the table.
    first.close()
    second.reload()
    second.wait_for_selector("#hand .card", timeout=30000)
    assert errors == []
