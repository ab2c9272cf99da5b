"""A backup taken mid-game with docker-compose.yml's ``backup`` command restores into a fresh
PostgreSQL, and the game resumes there exactly where it was."""

from __future__ import annotations

import asyncio
import glob
import os
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.live_site import LiveSite, free_port
from tests.rehearsal.recipe import service
from tests.table.live_tables import LivePlayer, deal_in_progress, seed_tables

pytestmark = pytest.mark.server

# What a state says that is not the game's (the seconds left before the next deal).
VOLATILE = ("next_deal_in",)


def _pg_bin() -> Path:
    return Path(sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1])


def _as_postgres(*command: str) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)


class FreshPostgres:
    """A new, empty PostgreSQL server on a loopback port (initdb), stopped afterwards."""

    def __init__(self) -> None:
        # Not under pytest's temporary folder: as root, that is closed to the postgres user.
        self.dir = Path(tempfile.mkdtemp(prefix="twentynine-fresh-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        self.port = free_port()
        subprocess.run(
            _as_postgres(str(_pg_bin() / "initdb"), "-D", str(self.dir / "data"), "-A", "trust",
                         "-U", "postgres"),
            check=True, capture_output=True,
        )
        subprocess.run(
            _as_postgres(str(_pg_bin() / "pg_ctl"), "-D", str(self.dir / "data"), "-w", "-l",
                         str(self.dir / "log"), "-o",
                         f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1", "start"),
            check=True, capture_output=True,
        )

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        subprocess.run(
            _as_postgres(str(_pg_bin() / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast",
                         "stop"),
            check=False, capture_output=True,
        )
        shutil.rmtree(self.dir, ignore_errors=True)


def backup_command(database_url: str, folder: Path) -> str:
    """compose's ``backup`` command, pointed at this run's database instead of ``db``."""
    command = service("backup")["command"]
    assert command[:2] == ["sh", "-c"]
    parts = urlsplit(database_url)
    return (
        command[2].replace("$$", "$")
        .replace("--host=db", f"--host={parts.hostname} --port={parts.port}")
        .replace("--username=twentynine", f"--username={parts.username}")
        .replace("--dbname=twentynine", f"--dbname={parts.path.lstrip('/')}")
        .replace("/backups/", f"{folder}/")
    )


def table_state(player: LivePlayer) -> dict[str, Any]:
    state = dict(player.state)
    state["table"] = {k: v for k, v in state["table"].items() if k not in VOLATILE}
    return {k: v for k, v in state.items() if k not in ("events", "history")}


async def open_all(players: list[LivePlayer]) -> None:
    for player in players:
        await player.open()
    await deal_in_progress(players)


async def play(players: list[LivePlayer], moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        version = min(p.state["version"] for p in players)
        able = [p for p in players if p.state["legal"]]
        if able:
            actor = rng.choice(able)
            await actor.act(rng.choice(actor.state["legal"]))
        await asyncio.gather(*(p.until(lambda s, v=version: s["version"] > v, 30) for p in players))


@pytest.fixture
def fresh_postgres() -> Iterator[FreshPostgres]:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("needs DATABASE_URL (PostgreSQL), as in scripts/test's second pass")
    server = FreshPostgres()
    try:
        yield server
    finally:
        server.stop()


def test_a_mid_game_backup_restores_and_the_game_resumes(
    tmp_path: Path, fresh_postgres: FreshPostgres
) -> None:
    (tmp_path / "before").mkdir()
    site = LiveSite(tmp_path / "before")
    site.start()
    (table,) = seed_tables(site, 1)
    rng = random.Random(29)

    async def before() -> list[dict[str, Any]]:
        players = [LivePlayer(site, table.game, cookie) for cookie in table.cookies]
        await open_all(players)
        await play(players, 9, rng)
        await deal_in_progress(players)  # no deal follows by itself during the backup
        states = [table_state(p) for p in players]
        for player in players:
            await player.close()
        return states

    try:
        saved = asyncio.run(before())
        backups = tmp_path / "backups"
        backups.mkdir()
        subprocess.run(["sh", "-c", backup_command(site.env["DATABASE_URL"], backups)],
                       check=True, capture_output=True)
    finally:
        site.stop()
    (dump,) = backups.glob("twentynine-*.dump")

    subprocess.run([str(_pg_bin() / "createdb"), "-h", "127.0.0.1", "-p",
                    str(fresh_postgres.port), "-U", "postgres", "restored"], check=True)
    subprocess.run([str(_pg_bin() / "pg_restore"), "--no-owner", "--exit-on-error",
                    "--dbname", fresh_postgres.url("restored"), str(dump)], check=True)

    (tmp_path / "after").mkdir()
    restored = LiveSite(tmp_path / "after")
    restored.env["DATABASE_URL"] = fresh_postgres.url("restored")
    restored.start()

    async def after() -> list[dict[str, Any]]:
        players = [LivePlayer(restored, table.game, cookie) for cookie in table.cookies]
        await open_all(players)
        states = [table_state(p) for p in players]
        await play(players, 6, rng)
        assert min(p.state["version"] for p in players) >= saved[0]["version"] + 6
        for player in players:
            await player.close()
        return states

    try:
        assert asyncio.run(after()) == saved
    finally:
        restored.stop()
    assert "Traceback" not in restored.log(), restored.log()[-3000:]
