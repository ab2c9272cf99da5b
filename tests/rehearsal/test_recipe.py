"""The Docker recipe, rehearsed on a clean export of the tree (see conftest.py): the site
that the image builds comes up behind nginx as docker-compose.yml runs it."""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import time
import uuid

import pytest

from tests.rehearsal.conftest import HOST, Deployment
from tests.rehearsal.http import get, post
from tests.rehearsal.nginx_image import WELCOME
from tests.rehearsal.recipe import service
from tests.table.live_tables import LivePlayer, seed_tables

pytestmark = pytest.mark.rehearsal

SITE = {"Host": HOST}


def test_the_site_runs_its_compiled_bot_cores_from_the_app_folder(
    deployment: Deployment,
) -> None:
    # The site's one compiled core is the solver's; the sparring partners' (bench/sparring)
    # never ship, and game.bots loads none of their code.
    code = (
        "import sys, twentynine.asgi, game.bots, game.bots.solver._core as core\n"
        "print(core.__file__); print(any('sparring' in name for name in sys.modules))"
    )
    # (Metrics off: the running web process holds the port.)
    found = deployment.run("python", "-c", code, METRICS_PORT="0").stdout.split()
    assert found[0].startswith(str(deployment.image.app / "game" / "bots"))
    assert found[1] == "False"
    # Nothing built on the host came along: the export holds only what git tracks.
    assert not list((deployment.image.app / ".venv").glob("*"))


def test_the_health_check_passes_as_compose_runs_it(deployment: Deployment) -> None:
    check = service("web")["healthcheck"]["test"]
    assert check[0] == "CMD"
    command = [word.replace("127.0.0.1:8000", f"127.0.0.1:{deployment.port}") for word in check[1:]]
    result = deployment.run(*command, check=False)
    assert result.returncode == 0, result.stderr
    # 127.0.0.1 is not an allowed host: the rest of the site refuses it.
    refused = get(f"http://127.0.0.1:{deployment.port}/accounts/login/")
    assert refused.status == 400
    assert get(f"http://127.0.0.1:{deployment.port}/healthz").text == "ok"


def test_nginx_sends_localhost_to_the_site_not_its_welcome_page(deployment: Deployment) -> None:
    for host in ["localhost", HOST]:
        page = get(f"{deployment.proxy.url}/accounts/login/", {"Host": host})
        assert page.status == 200, (host, page.status)
        assert WELCOME not in page.text
        assert "TwentyNine" in page.text
    # The stock welcome server was there before the templates were filled in, and is gone.
    assert set(deployment.proxy.rendered) == {"default.conf"}


def _client_of(deployment: Deployment, marker: str) -> str:
    """The client address daphne logged (and gave Django) for the request naming ``marker``."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        for line in deployment.access_log.read_text().splitlines():
            if marker in line:
                return line.split()[0]
        time.sleep(0.1)
    raise AssertionError(f"no access log line for {marker}")


def test_a_forged_forwarded_for_does_not_change_the_client_address(
    deployment: Deployment,
) -> None:
    forged = {"X-Forwarded-For": "203.0.113.7", **SITE}
    through_nginx = uuid.uuid4().hex
    get(f"{deployment.proxy.url}/healthz?{through_nginx}", forged)
    assert _client_of(deployment, through_nginx).startswith("127.0.0.1")
    # The observation can see a forged address: straight to daphne, the header is believed.
    direct = uuid.uuid4().hex
    get(f"http://127.0.0.1:{deployment.port}/healthz?{direct}", forged)
    assert _client_of(deployment, direct).startswith("203.0.113.7")


def test_static_files_are_hashed_compressed_and_cached_for_ever(deployment: Deployment) -> None:
    manifest = json.loads(
        (deployment.image.app / "staticfiles" / "staticfiles.json").read_text()
    )["paths"]
    table_js = manifest["js/table.js"]
    assert re.fullmatch(r"js/table\.[0-9a-f]{12}\.js", table_js)
    page = get(f"{deployment.proxy.url}/accounts/login/", SITE).text
    assert f"/static/{manifest['css/site.css']}" in page
    served = get(f"{deployment.proxy.url}/static/{table_js}", {"Accept-Encoding": "gzip", **SITE})
    assert served.status == 200
    assert served.headers["content-encoding"] == "gzip"
    assert "immutable" in served.headers["cache-control"]
    assert "max-age=315360000" in served.headers["cache-control"]
    # The module's imports name the hashed files, which are served too.
    plain = get(f"{deployment.proxy.url}/static/{table_js}", SITE).text
    imports = re.findall(r'from "\./(table/[\w.]+\.js)"', plain)
    assert imports and all(re.search(r"\.[0-9a-f]{12}\.js$", name) for name in imports)
    for name in imports:
        assert get(f"{deployment.proxy.url}/static/js/{name}", SITE).status == 200


async def _play(deployment: Deployment, moves: int) -> list[int]:
    (table,) = seed_tables(deployment, 1)  # type: ignore[arg-type]
    # As a browser at http://localhost:<port> (an allowed host): its page's Origin and the
    # socket's Host name the same host and port.
    local = deployment.proxy.url.replace("127.0.0.1", "localhost")
    players = [LivePlayer(local, table.game, c) for c in table.cookies]
    rng = random.Random(29)
    try:
        for player in players:
            await player.open()
        for player in players:
            await player.until(lambda s: s["table"]["started"], 30)
        for _ in range(moves):
            version = min(p.state["version"] for p in players)
            able = [p for p in players if p.state["legal"]]
            if able:
                actor = rng.choice(able)
                await actor.act(rng.choice(actor.state["legal"]))
            await asyncio.gather(
                *(p.until(lambda s, v=version: s["version"] > v, 30) for p in players)
            )
        return [p.state["version"] for p in players]
    finally:
        for player in players:
            await player.close()


def test_a_game_plays_through_the_proxy_over_websockets(deployment: Deployment) -> None:
    versions = asyncio.run(_play(deployment, 12))
    assert len(set(versions)) == 1
    assert versions[0] >= 12


def test_the_image_build_leaves_no_compiler_output_outside_the_app(
    deployment: Deployment,
) -> None:
    # The editable install points site-packages at /app; nothing of the project is copied there.
    listed = subprocess.run(
        [str(deployment.image.venv / "bin" / "python"), "-c",
         "import importlib.util; print(importlib.util.find_spec('game').origin)"],
        cwd="/", capture_output=True, text=True, check=True, env=deployment.env,
    ).stdout.strip()
    assert listed == str(deployment.image.app / "game" / "__init__.py")


def _emailed_links(
    deployment: Deployment, proxy_url: str, scheme: str, extra: dict[str, str] | None = None
) -> list[str]:
    """Ask for a password reset for an unknown address through ``proxy_url`` (as a browser on
    ``scheme``://play.example.org would); the links in the email the site printed."""
    address = f"{uuid.uuid4().hex}@example.com"
    origin = f"{scheme}://{HOST}"
    form = get(f"{proxy_url}/accounts/password/reset/", SITE)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)
    assert token, form.text[:2000]
    sent = post(
        f"{proxy_url}/accounts/password/reset/",
        {"csrfmiddlewaretoken": token.group(1), "email": address},
        {**SITE, "Origin": origin, "Referer": f"{origin}/accounts/password/reset/",
         "Cookie": f"csrftoken={form.cookies['csrftoken']}", **(extra or {})},
    )
    assert sent.status == 302, sent.text[:2000]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        output = deployment.log.read_text(errors="replace")
        if address in output:
            email = output[output.index(address):]
            return re.findall(r"https?://\S+", email)[:1]
        time.sleep(0.1)
    raise AssertionError("no email printed")


def test_behind_a_tls_terminator_the_site_builds_https_links(deployment: Deployment) -> None:
    # nginx directly in front (the default): the site is on http and says so, whatever
    # X-Forwarded-Proto a client sends.
    forged = {"X-Forwarded-Proto": "https"}
    assert _emailed_links(deployment, deployment.proxy.url, "http", forged)[0].startswith(
        f"http://{HOST}/"
    )
    # TLS_IN_FRONT=on: the terminator serves only HTTPS, so the links say https.
    behind_tls = deployment.proxy_with("nginx-behind-tls", TLS_IN_FRONT="on")
    try:
        assert _emailed_links(deployment, behind_tls.url, "https")[0].startswith(
            f"https://{HOST}/"
        )
    finally:
        behind_tls.stop()
