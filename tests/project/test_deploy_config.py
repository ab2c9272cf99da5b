"""The deployed nginx configuration tells clients nothing about the processes behind it."""

from __future__ import annotations

from tests.proxy import TEMPLATE, UPSTREAM_HEADER, render


def test_it_never_names_the_upstream_processes_in_a_response() -> None:
    deployed = TEMPLATE.read_text()
    assert "$upstream_addr" not in deployed
    assert "X-Upstream" not in deployed
    # Only the tests' copy says which process served a request.
    assert UPSTREAM_HEADER in render(["127.0.0.1:8001"], "127.0.0.1:8080")
