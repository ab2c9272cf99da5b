"""The invite link across two processes behind nginx: a seat taken by the link reaches the
sockets on both processes, and the host's removal of a guest closes the guest's socket on
the other process at once."""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest
from websockets.exceptions import ConnectionClosed

from tests.cluster import Cluster
from tests.multiprocess.conftest import WAIT
from tests.table.live_tables import SEED_PRELUDE, LivePlayer

pytestmark = pytest.mark.multiprocess

SEED = SEED_PRELUDE + """
from allauth.account.models import EmailAddress
from game.invite import links
host = User.objects.create_user("host@example.com", None, first_name="Asha")
friend = User.objects.create_user("friend@example.com", None, first_name="Esha")
EmailAddress.objects.create(user=host, email=host.email, verified=True, primary=True)
Friendship.objects.create(user=host, friend=friend)
Friendship.objects.create(user=friend, friend=host)
game = create_game(host, "Across processes", [host, None, "easy", "easy"])
print(json.dumps({"game": game.pk, "token": links.make(game.pk),
                  "host": cookie(host), "friend": cookie(friend)}))
"""


def post_form(
    base: str, path: str, fields: dict[str, str], cookie: str = "", action: str = ""
) -> str:
    """GET a page for its CSRF token, then POST ``fields`` to it (or to ``action``), as a
    browser's form does; the session cookie afterwards (the one given, or a new one)."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    headers = {"Cookie": cookie} if cookie else {}
    page = opener.open(urllib.request.Request(base + path, headers=headers), timeout=WAIT)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.read().decode())
    assert token is not None
    csrf = next(c.value for c in jar if c.name == "csrftoken")
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token[1], **fields}).encode()
    sent = "; ".join(filter(None, [cookie, f"csrftoken={csrf}"]))
    post = urllib.request.Request(base + (action or path), data=body, headers={
        "Cookie": sent, "Origin": base, "Referer": base + path,
        "Content-Type": "application/x-www-form-urlencoded",
    })
    opener.open(post, timeout=WAIT).read()
    session = next((c.value for c in jar if c.name == "sessionid"), None)
    return f"sessionid={session}" if session else cookie


async def test_a_seat_taken_by_link_reaches_both_processes_and_removal_closes_the_guest(
    cluster: Cluster,
) -> None:
    seeded = json.loads(cluster.site.shell(SEED).strip().splitlines()[-1])
    process = [f"http://127.0.0.1:{port}" for port in cluster.ports]
    host = LivePlayer(process[0], seeded["game"], seeded["host"])
    friend = LivePlayer(process[1], seeded["game"], seeded["friend"])
    await host.open()
    await friend.open()
    version = host.state["version"]

    guest_cookie = post_form(cluster.url(), f"/i/{seeded['token']}/",
                             {"name": "মিনা", "seat": "1"})
    for socket in (host, friend):
        state = await socket.until(lambda s: s["version"] > version, timeout=WAIT)
        assert state["table"]["players"][1]["name"] == "মিনা"

    guest = LivePlayer(process[1], seeded["game"], guest_cookie)
    opened = await guest.open()
    assert opened["table"]["you"]["seat"] == 1
    # The host removes the guest through the other process.
    socket = guest.socket
    assert socket is not None
    post_form(process[0], f"/games/{seeded['game']}/invite/", {"level": "easy"},
              seeded["host"], action=f"/games/{seeded['game']}/guests/1/remove/")
    with pytest.raises(ConnectionClosed):
        while True:
            await guest.receive(timeout=WAIT)
    assert socket.close_code == 4403
    state = await friend.until(lambda s: s["table"]["players"][1]["computer"] == "easy",
                               timeout=WAIT)
    assert state["table"]["players"][1]["user_id"] is None
    for socket in (host, friend):
        await socket.close()
