"""After PostgreSQL drops every connection (a restart, a failover), the next requests all
succeed: the pool tests a connection before lending it and replaces the dead ones."""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from pathlib import Path

import psycopg
import pytest

from tests.live_site import LiveSite

pytestmark = pytest.mark.server


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_requests_succeed_after_the_database_dropped_every_connection(tmp_path: Path) -> None:
    admin_url = os.environ.get("DATABASE_URL", "")
    if not admin_url.startswith("postgres"):
        pytest.skip("needs DATABASE_URL (PostgreSQL), as in scripts/test's second pass")
    site = LiveSite(tmp_path, {"DATABASE_POOL_MIN": "3"})
    site.start()
    try:
        assert [status(f"{site.url}/readyz") for _ in range(3)] == [200] * 3
        database = site.env["DATABASE_URL"].rsplit("/", 1)[1]
        with psycopg.connect(admin_url, autocommit=True) as conn:
            dropped = conn.execute(
                "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = %s AND pid <> pg_backend_pid()) AS t",
                [database],
            ).fetchone()
        assert dropped is not None and dropped[0] >= 1
        assert [status(f"{site.url}/readyz") for _ in range(6)] == [200] * 6
    finally:
        site.stop()
