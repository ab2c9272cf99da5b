"""One rehearsed deployment for the module: the image built from a clean export, the
database migrated by compose's ``migrate`` command, one ``web`` container's command on
loopback, and nginx set up as the image does it in front.

Needs what scripts/test's second pass has: PostgreSQL (``DATABASE_URL``), Redis
(``REDIS_URL``), Debian's nginx, gcc and a git checkout; skipped otherwise.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from tests.live_site import ROOT, free_port, stop_process
from tests.proxy import nginx_available
from tests.rehearsal.image import Image, build
from tests.rehearsal.nginx_image import ImageProxy
from tests.rehearsal.recipe import dockerfile_stages, exec_form, service, service_environment

pytestmark = pytest.mark.rehearsal

# The operator's settings: a production host name (127.0.0.1, which the health check
# calls, is not in it; localhost is, as on a first local trial).
HOST = "play.example.org"
OPERATOR = {
    "SECRET_KEY": "rehearsal-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
    "POSTGRES_PASSWORD": "rehearsal",
    "ALLOWED_HOSTS": f"{HOST},localhost",
    # The rehearsal's clients speak plain HTTP to nginx (README: only without TLS in front).
    "SESSION_COOKIE_SECURE": "false",
    "CSRF_COOKIE_SECURE": "false",
    "NEXT_DEAL_DELAY": "0.3",
}


def _skip_reason() -> str | None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        return "needs DATABASE_URL (PostgreSQL), as in scripts/test's second pass"
    if not os.environ.get("REDIS_URL"):
        return "needs REDIS_URL, as in scripts/test's second pass"
    if not nginx_available():
        return "needs nginx (Debian package nginx)"
    if not shutil.which("gcc"):
        return "needs gcc"
    if not (ROOT / ".git").exists():
        return "needs a git checkout (the image is built from git archive)"
    return None


def _fresh_database(admin_url: str, name: str) -> tuple[str, int]:
    """A database owned by compose's user ``twentynine``; its server's host and port."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'twentynine'").fetchone():
            conn.execute("CREATE ROLE twentynine LOGIN PASSWORD 'rehearsal'")
        conn.execute(f'CREATE DATABASE "{name}" OWNER twentynine')
    parts = urlsplit(admin_url)
    return parts.hostname or "127.0.0.1", parts.port or 5432


def _retarget(url: str, host: str, port: int, path: str | None = None) -> str:
    """``url`` with its host and port (and path) replaced: compose's service names are
    Docker DNS names, here they are the test run's own servers."""
    parts = urlsplit(url)
    netloc = f"{parts.username}:{parts.password}@" if parts.username else ""
    return urlunsplit(
        (parts.scheme, f"{netloc}{host}:{port}", path or parts.path, parts.query, "")
    )


@dataclass
class Deployment:
    """The rehearsed deployment's parts."""

    image: Image
    env: dict[str, str]  # the web container's environment
    port: int  # the web container's port 8000
    metrics_port: int
    proxy: ImageProxy
    access_log: Path
    workdir: Path
    log: Path  # what the web container printed (the console's emails included)

    def proxy_with(self, name: str, **operator: str) -> ImageProxy:
        """Another nginx like ``proxy``, with compose's proxy variables set by ``operator``
        (stopped by the caller)."""
        env = service_environment("proxy", {**OPERATOR, **operator})
        proxy = ImageProxy(self.workdir, self.image.app, env, self.port, name=name)
        proxy.start()
        return proxy

    def run(
        self, *args: str, check: bool = True, **env: str
    ) -> subprocess.CompletedProcess[str]:
        """A command inside the web container (its environment, /app as the working folder;
        ``env`` changes variables); with ``check``, its failure fails the test."""
        result = subprocess.run(
            list(args), cwd=self.image.app, env={**self.env, **env}, capture_output=True,
            text=True, check=False, timeout=300,
        )
        assert not check or result.returncode == 0, result.stderr[-4000:]
        return result

    def shell(self, code: str) -> str:
        """``manage.py shell -c`` in the container (what tests.table.live_tables seeds with)."""
        return self.run("python", "manage.py", "shell", "-c", code).stdout


def _container_env(image: Image, name: str, pg: tuple[str, int], database: str) -> dict[str, str]:
    env = {**image.runtime_env, **service_environment(name, OPERATOR)}
    env["DATABASE_URL"] = _retarget(env["DATABASE_URL"], *pg, path=f"/{database}")
    redis = urlsplit(os.environ["REDIS_URL"])
    redis_host = redis.hostname or "127.0.0.1"
    env["REDIS_URL"] = _retarget(env["REDIS_URL"], redis_host, redis.port or 6379)
    return env


def _wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the web container exited:\n{log.read_text()[-4000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the web container did not listen within 60 s")


@pytest.fixture(scope="package")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    workdir = tmp_path_factory.mktemp("rehearsal")
    image = build(workdir)
    pg = _fresh_database(os.environ["DATABASE_URL"], "rehearsal")

    migrate = subprocess.run(
        [image.expand(a) for a in service("migrate")["command"]],
        cwd=image.app, env=_container_env(image, "migrate", pg, "rehearsal"),
        capture_output=True, text=True, check=False,
    )
    assert migrate.returncode == 0, migrate.stderr[-4000:]

    env = _container_env(image, "web", pg, "rehearsal")
    port, metrics_port = free_port(), free_port()
    env["METRICS_PORT"] = str(metrics_port)
    command = exec_form(dockerfile_stages()[-1].all("CMD")[-1])
    # The container's own address and port become loopback ones; daphne also writes its
    # access log (the client address it hands Django) for the forged-header test.
    access_log = workdir / "access.log"
    command = [
        {"0.0.0.0": "127.0.0.1", "8000": str(port)}.get(word, word) for word in command
    ]
    command[1:1] = ["--access-log", str(access_log)]
    log = workdir / "web.log"
    with log.open("ab") as out:
        web = subprocess.Popen(command, cwd=image.app, env=env, stdout=out,
                               stderr=subprocess.STDOUT)
    try:
        _wait_for_port(port, web, log)
        proxy = ImageProxy(workdir, image.app, service_environment("proxy", OPERATOR), port)
        proxy.start()
        try:
            yield Deployment(image, env, port, metrics_port, proxy, access_log, workdir, log)
        finally:
            proxy.stop()
    finally:
        stop_process(web)
    # No tracebacks: a refused request (the Host the health test sends on purpose) is logged
    # as one line (twentynine.logs.RefusalFilter), and nothing else may fail.
    output = log.read_text(errors="replace")
    assert "Traceback" not in output, output[-4000:]
