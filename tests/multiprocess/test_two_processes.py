"""One table, its sockets spread over two processes behind nginx: everyone sees every change,
the automatic deal happens once, a process killed mid-trick loses nothing, and a reset from the
dashboard reaches every socket."""

from __future__ import annotations

import os
import random
import re
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
import redis

from game.table.events import ends_deal
from tests.cluster import Cluster
from tests.multiprocess.conftest import WAIT, Table, _skip_reason, log_of

pytestmark = pytest.mark.multiprocess


def assert_deals_once(cluster: Cluster, game: int) -> int:
    """Every automatic deal in the log follows the end of a deal, one deal per end; the number
    of deals."""
    log = log_of(cluster, game)
    deals = [at for at, (_, action, _) in enumerate(log) if action["type"] == "deal"]
    for at in deals[1:]:
        _, _, before = log[at - 1]
        assert any(ends_deal(event) for event in before), log[at - 1 : at + 1]
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
    return len(deals)


async def test_it_shows_every_change_to_every_socket_on_both_processes(
    cluster: Cluster,
) -> None:
    table = Table(cluster)
    await table.open()
    assert table.upstreams() == {f"127.0.0.1:{port}" for port in cluster.ports}
    rng = random.Random(1)
    received = [[] for _ in table.players]  # type: list[list[int]]
    start = table.version()
    deals = 0
    while deals < 2:
        version = table.version()
        if await table.step(rng) is None:
            deals += 1
        for seat, player in enumerate(table.players):
            received[seat].append(player.state["version"])
            assert player.state["version"] == version + 1
    last = table.version()
    for versions in received:
        assert versions == list(range(start + 1, last + 1))
    assert assert_deals_once(cluster, table.game) >= 3
    await table.close()


async def test_it_tells_everyone_of_a_move_made_just_after_redis_dropped_its_connections(
    cluster: Cluster,
) -> None:
    # As after a restart of Redis: each process's pooled connection for publishing is dead.
    table = Table(cluster)
    await table.open()
    rng = random.Random(3)
    await table.step(rng)
    killer = redis.Redis.from_url(os.environ["REDIS_URL"])
    assert killer.client_kill_filter(_type="normal", skipme=True) >= 2
    killer.close()
    for _ in range(4):  # both processes publish at least once: each move is seen everywhere
        await table.step(rng)
    await table.close()


async def test_it_loses_nothing_when_a_process_is_killed_mid_trick(cluster: Cluster) -> None:
    table = Table(cluster)
    await table.open()
    rng = random.Random(2)
    while not (
        table.players[0].state["view"]["phase"] == "play"
        and table.players[0].state["view"]["trick"]
    ):
        await table.step(rng)
    before = [player.state for player in table.players]
    victim = 0
    doomed = [p for p in table.players if p.upstream == f"127.0.0.1:{cluster.ports[victim]}"]
    assert doomed and len(doomed) < 4

    cluster.kill(victim)
    for player in doomed:
        await player.close()
        again = await player.open()
        assert player.upstream == f"127.0.0.1:{cluster.ports[1]}"
        seat = again["table"]["you"]["seat"]
        assert again["version"] == before[seat]["version"]
        assert again["view"] == before[seat]["view"]
        assert again["legal"] == before[seat]["legal"]

    round_no = table.players[0].state["view"]["round_no"]
    while table.players[0].state["view"]["round_no"] == round_no:
        await table.step(rng)
    assert table.players[0].state["view"]["phase"] in ("bidding", "deal", "trump", "seventh_card")
    assert assert_deals_once(cluster, table.game) >= 2
    await table.close()


def post_reset_from_dashboard(base: str, cookie: str, game: int, what: str) -> None:
    """The host confirms a reset on the dashboard's page (through the proxy)."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    name, value = cookie.split("=", 1)
    page_url = f"{base}/games/{game}/reset/{what}/"
    request = urllib.request.Request(page_url, headers={"Cookie": cookie})
    page = opener.open(request, timeout=WAIT).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    csrf = next(c.value for c in jar if c.name == "csrftoken")
    body = f"csrfmiddlewaretoken={token.group(1)}".encode()
    post = urllib.request.Request(
        page_url,
        data=body,
        headers={
            "Cookie": f"{name}={value}; csrftoken={csrf}",
            "Origin": base,
            "Referer": page_url,
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    with opener.open(post, timeout=WAIT) as response:
        assert response.status == 200


async def test_it_sends_a_dashboard_reset_to_every_socket(cluster: Cluster) -> None:
    table = Table(cluster)
    await table.open()
    rng = random.Random(3)
    for _ in range(3):
        await table.step(rng)
    cluster.site.shell(
        "from allauth.account.models import EmailAddress\n"
        "from game.models import Game\n"
        f"host = Game.objects.get(pk={table.game}).host\n"
        "EmailAddress.objects.create(user=host, email=host.email, verified=True, primary=True)"
    )
    version = table.version()
    host_cookie = table.players[0].cookie
    post_reset_from_dashboard(cluster.url(), host_cookie, table.game, "score")
    await table.all_reach(version + 1)
    for player in table.players:
        assert {"type": "reset", "what": "score"} in player.state["events"]
    await table.close()


async def test_it_refuses_a_websocket_on_an_unknown_path_cleanly(cluster: Cluster) -> None:
    table = Table(cluster)
    table.players[0].url = table.players[0].url.replace("/ws/game/", "/ws/games/")
    with pytest.raises(Exception, match="403"):
        await table.players[0].open()


def test_a_hung_process_costs_a_page_at_most_the_page_timeout(tmp_path: Path) -> None:
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    cluster = Cluster(tmp_path, processes=2, proxy=True, proxy_values={"page_timeout": "2s"})
    cluster.start()
    try:
        cluster.pause(0, True)  # alive, accepting connections, answering nothing
        served = []
        for _ in range(4):
            with urllib.request.urlopen(f"{cluster.url()}/accounts/login/", timeout=10) as page:
                served.append((page.status, page.headers["X-Upstream"]))
        cluster.pause(0, False)
    finally:
        cluster.stop()
    other = f"127.0.0.1:{cluster.ports[1]}"
    assert all(status == 200 and other in upstream for status, upstream in served), served
