"""The typed readers of twentynine/env.py: defaults, good values, refusals naming the variable."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from twentynine.env import env_bool, env_choice, env_float, env_int, env_list, env_str, env_url


def test_it_uses_the_defaults_when_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("TN_X",):
        monkeypatch.delenv(name, raising=False)
    assert env_str("TN_X", "d") == "d"
    assert env_bool("TN_X", True) is True
    assert env_int("TN_X", 7) == 7
    assert env_float("TN_X", 1.5) == 1.5
    assert env_list("TN_X", ["a"]) == ["a"]
    assert env_choice("TN_X", "basic", ("basic", "standard")) == "basic"
    assert env_url("TN_X", ("redis",)) is None


@pytest.mark.parametrize(
    ("raw", "value"), [("1", True), ("Yes", True), ("off", False), ("", False)]
)
def test_it_reads_yes_and_no(monkeypatch: pytest.MonkeyPatch, raw: str, value: bool) -> None:
    monkeypatch.setenv("TN_FLAG", raw)
    assert env_bool("TN_FLAG", not value) is value


def test_it_reads_numbers_lists_choices_and_urls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TN_INT", "42")
    monkeypatch.setenv("TN_FLOAT", "0.5")
    monkeypatch.setenv("TN_LIST", " a.example.com, ,b.example.com ")
    monkeypatch.setenv("TN_CHOICE", "standard_guest")
    monkeypatch.setenv("TN_URL", "redis://127.0.0.1:6379/0")
    assert env_int("TN_INT", 1, minimum=1) == 42
    assert env_float("TN_FLOAT", 4.0) == 0.5
    assert env_list("TN_LIST", []) == ["a.example.com", "b.example.com"]
    assert env_choice("TN_CHOICE", "standard", ("basic", "standard", "standard_guest")) == (
        "standard_guest"
    )
    assert env_url("TN_URL", ("redis", "rediss")) == "redis://127.0.0.1:6379/0"


@pytest.mark.parametrize(
    ("raw", "read", "message"),
    [
        ("maybe", lambda: env_bool("TN_BAD", True), "TN_BAD must be true or false"),
        ("ten", lambda: env_int("TN_BAD", 1), "TN_BAD must be a whole number"),
        ("0", lambda: env_int("TN_BAD", 1, minimum=1), "TN_BAD must be at least 1"),
        ("fast", lambda: env_float("TN_BAD", 1.0), "TN_BAD must be a number"),
        ("-1", lambda: env_float("TN_BAD", 1.0), "TN_BAD must be at least 0.0"),
        ("premium", lambda: env_choice("TN_BAD", "basic", ("basic",)), "TN_BAD must be one of"),
        ("http://x", lambda: env_url("TN_BAD", ("redis",)), "TN_BAD must be a URL starting with"),
    ],
)
def test_it_refuses_a_bad_value_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, raw: str, read: object, message: str
) -> None:
    monkeypatch.setenv("TN_BAD", raw)
    with pytest.raises(ImproperlyConfigured, match=message):
        read()  # type: ignore[operator]
