"""A table page left open across an upgrade reloads itself once the server runs a new build."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.live_site import LiveSite
from tests.table.live_tables import seed_tables

pytestmark = [pytest.mark.browser, pytest.mark.server]


def page_build(page: object) -> str:
    text = page.text_content("#table-config")  # type: ignore[attr-defined]
    return str(json.loads(text or "{}").get("build"))


def test_an_open_table_reloads_after_a_deploy(tmp_path: Path, browser: Browser) -> None:
    site = LiveSite(tmp_path, {"BUILD_ID": "build-a"})
    site.start()
    try:
        (table,) = seed_tables(site, 1)
        name, value = table.cookies[0].split("=", 1)
        context = browser.new_context()
        context.add_cookies([{"name": name, "value": value, "url": site.url}])
        page = context.new_page()
        page.goto(f"{site.url}/table/{table.game}/")
        page.wait_for_function("() => document.querySelector('#table-app').dataset.version !== ''")
        assert page_build(page) == "build-a"
        page.evaluate("window.sameDocument = true")

        site.stop()  # the upgrade: the same site, a new build
        site.env["BUILD_ID"] = "build-b"
        site.start()

        page.wait_for_function("() => window.sameDocument === undefined", timeout=40_000)
        page.wait_for_function("() => document.querySelector('#table-app').dataset.version !== ''")
        assert page_build(page) == "build-b"
        context.close()
    finally:
        site.stop()
