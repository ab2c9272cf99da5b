"""A real TwentyNine server for end-to-end tests: daphne on a loopback port.

The server runs in its own process on its own SQLite file (or on the
PostgreSQL named by ``DATABASE_URL``, in a database of its own), with its
console output (the verification emails included) captured in a log file. It
can be stopped and started again on the same database, as a restart would.
"""

from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent


# Servers' ports are drawn below Linux's ephemeral range (32768-60999), where the tests' own
# outgoing connections (to PostgreSQL, Redis, the servers) take their local ports: a port
# from that range could be taken by one of them while a server restarts on it.
SERVER_PORTS = range(20000, 32000)
_handed_out: set[int] = set()


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now, outside the ephemeral range and
    not handed out before in this test run (so two servers never get the same one)."""
    for port in random.sample(SERVER_PORTS, 200):
        if port in _handed_out:
            continue
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise RuntimeError("no free port for a test server")


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """Stop a server process the way a deploy would: SIGTERM, then SIGKILL after 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class LiveSite:
    """One daphne process serving the site, with helpers to seed and read it."""

    def __init__(self, workdir: Path, extra_env: dict[str, str] | None = None) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.log_path = workdir / "server.log"
        self.env = {
            **os.environ,
            "DEBUG": "true",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "NEXT_DEAL_DELAY": "0.5",
            "PYTHONUNBUFFERED": "1",
            **(extra_env or {}),
        }
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.env["DJANGO_SETTINGS_MODULE"] = "twentynine.settings"
        database_url = os.environ.get("DATABASE_URL")
        if database_url:
            self.env["DATABASE_URL"] = self._fresh_postgres_database(database_url)
        else:
            self.env["SQLITE_PATH"] = str(workdir / "site.sqlite3")
        self.process: subprocess.Popen[bytes] | None = None
        self.manage("migrate", "--noinput")

    def _fresh_postgres_database(self, url: str) -> str:
        name = f"live_{self.port}"
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        return url.rsplit("/", 1)[0] + "/" + name

    def manage(self, *args: str) -> str:
        """Run a manage.py command against this site's database; return its output."""
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stderr}")
        return result.stdout

    def shell(self, code: str) -> str:
        """Run Python code inside Django (manage.py shell -c) and return what it prints."""
        return self.manage("shell", "-c", code)

    @classmethod
    @contextmanager
    def running(
        cls, workdir: Path, extra_env: dict[str, str] | None = None
    ) -> Iterator[LiveSite]:
        """A site started for the block and stopped after it, however the block ends."""
        site = cls(workdir, extra_env)
        site.start()
        try:
            yield site
        finally:
            site.stop()

    def start(self) -> None:
        """Start daphne and wait until it answers."""
        self.process = self.spawn(self.port, self.log_path)

    def spawn(
        self, port: int, log_path: Path, python: str = sys.executable
    ) -> subprocess.Popen[bytes]:
        """Start one more daphne process of this site on ``port`` (same database and channel
        layer), logging to ``log_path``; wait until it answers."""
        with log_path.open("ab") as log:
            process = subprocess.Popen(
                [
                    python, "-m", "daphne",
                    "-b", "127.0.0.1", "-p", str(port),
                    "--websocket-max-message-size", "16384",
                    # daphne's 5 s to accept a socket is short for a starved test machine.
                    "--websocket_connect_timeout", "30",
                    "twentynine.asgi:application",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"daphne exited early:\n{log_path.read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    return process
            except OSError:
                time.sleep(0.1)
        process.kill()
        raise RuntimeError("daphne did not start within 30 seconds")

    def stop(self) -> None:
        """Stop daphne the way a deploy would (SIGTERM, then SIGKILL)."""
        if self.process is not None:
            stop_process(self.process)
        self.process = None

    def log(self) -> str:
        """Everything the server has printed so far (emails included)."""
        return self.log_path.read_text(errors="replace")

    def links(self, pattern: str) -> list[str]:
        """Every URL in the server's output that matches ``pattern``."""
        return [u for u in re.findall(r"https?://\S+", self.log()) if re.search(pattern, u)]
