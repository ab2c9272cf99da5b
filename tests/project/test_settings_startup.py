"""The settings module refuses bad environment values at start-up, naming the variable."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def check(**env: str) -> subprocess.CompletedProcess[str]:
    """Run `manage.py check` with extra environment variables."""
    full = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    full.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT, env=full, capture_output=True, text=True, check=False,
    )


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"DEBUG": "maybe"}, "DEBUG"),
        ({"DATABASE_URL": "mysql://x/y"}, "DATABASE_URL"),
        ({"REDIS_URL": "http://localhost"}, "REDIS_URL"),
        ({"DEFAULT_ACCOUNT_TYPE": "gold"}, "DEFAULT_ACCOUNT_TYPE"),
        ({"EMAIL_HOST": "smtp.example.org", "EMAIL_PORT": "abc"}, "EMAIL_PORT"),
        ({"NEXT_DEAL_DELAY": "-1"}, "NEXT_DEAL_DELAY"),
        ({"DEBUG": "false", "SECRET_KEY": ""}, "SECRET_KEY"),
    ],
)
def test_it_refuses_a_bad_value_naming_the_variable(env: dict[str, str], named: str) -> None:
    result = check(**env)
    assert result.returncode != 0
    assert named in result.stderr


def test_it_starts_on_the_embedded_defaults() -> None:
    result = check()
    assert result.returncode == 0, result.stderr
