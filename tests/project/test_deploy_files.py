"""The deploy files say what production needs (what tests/rehearsal cannot run without a
Docker engine is checked here as text): what the image leaves out, runs as and keeps, what
compose requires, passes on, restarts and waits for."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.live_site import ROOT
from tests.rehearsal.recipe import (
    MissingVariable,
    dockerfile_stages,
    dockerignore_patterns,
    ignored,
    interpolate,
    service,
    service_environment,
)

SECRETS = {"SECRET_KEY": "s", "POSTGRES_PASSWORD": "p"}

# Settings compose does not pass on, and why.
NOT_IN_COMPOSE = {
    "SQLITE_PATH": "compose runs PostgreSQL",
    "SITE_ERROR_PAGES": "only matters with DEBUG on",
    "TURN_TIMER_SCALE": "shortens every turn timer for the tests; production keeps real seconds",
}


def test_the_build_context_leaves_out_what_the_host_built_or_holds() -> None:
    patterns = dockerignore_patterns()
    for path in [
        ".venv/lib/python3.11/site-packages/django/__init__.py",
        ".git/HEAD",
        "db.sqlite3",
        "db.sqlite3-wal",
        "game/bots/solver/_core.cpython-311-x86_64-linux-gnu.so",
        "game/bots/ismcts/_mcts.cpython-311-x86_64-linux-gnu.so",
        "game/__pycache__/models.cpython-311.pyc",
        "staticfiles/css/site.css",
        "BUILD_ID",
        "twentynine.egg-info/PKG-INFO",
    ]:
        assert ignored(path, patterns), path


def test_the_build_context_keeps_everything_the_site_runs() -> None:
    patterns = dockerignore_patterns()
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    needed = [
        path for path in tracked
        if path.split("/")[0] in {"twentynine", "accounts", "game", "templates", "static", "locale"}
        or path in {"manage.py", "pyproject.toml", "setup.py", "README.md", "requirements.lock"}
    ]
    assert "game/bots/solver/_core.c" in needed
    assert [path for path in needed if ignored(path, patterns)] == []


def test_the_running_image_has_no_compiler_and_is_not_root() -> None:
    *builders, final = dockerfile_stages()
    assert builders, "a build stage compiles the bots' cores"
    assert not any("gcc" in run for run in final.all("RUN"))
    users = final.all("USER")
    assert users and users[-1] not in {"root", "0"}
    copied = " ".join(final.all("COPY"))
    assert f"--from={builders[0].name}" in copied


def test_the_image_installs_only_what_the_lock_pins() -> None:
    build = dockerfile_stages()[0]
    installs = [run for run in build.all("RUN") if "pip install" in run]
    assert any("--require-hashes" in run and "-r requirements.lock" in run for run in installs)
    # The project itself adds nothing unpinned.
    assert all("--require-hashes" in run or "--no-deps" in run for run in installs)


def settings_read_from_the_environment() -> set[str]:
    text = (ROOT / "twentynine" / "settings.py").read_text()
    return set(re.findall(r'env_\w+\(\s*"([A-Z_]+)"', text))


def test_every_setting_can_be_passed_through_compose() -> None:
    passed = set(service_environment("web", SECRETS))
    missing = settings_read_from_the_environment() - passed - set(NOT_IN_COMPOSE)
    assert missing == set()
    assert service_environment("migrate", SECRETS) == service_environment("web", SECRETS)


@pytest.mark.parametrize("name", ["SECRET_KEY", "POSTGRES_PASSWORD"])
def test_compose_refuses_to_start_without_a_secret(name: str) -> None:
    env = {k: v for k, v in SECRETS.items() if k != name}
    with pytest.raises(MissingVariable, match=name):
        service_environment("web", env)
    if name == "POSTGRES_PASSWORD":
        with pytest.raises(MissingVariable, match=name):
            service_environment("db", env)
    assert "twentynine:p@db" in service_environment("web", SECRETS)["DATABASE_URL"]


def test_long_running_services_restart_and_health_checks_allow_for_start_up() -> None:
    for name in ["db", "redis", "web", "proxy"]:
        assert service(name).get("restart") in {"unless-stopped", "always"}, name
    for name in ["db", "web"]:
        assert "start_period" in service(name)["healthcheck"], name


def test_the_proxy_asks_dns_again_for_recreated_replicas() -> None:
    proxy = service("proxy")
    upstreams = service_environment("proxy", SECRETS)["TWENTYNINE_UPSTREAMS"]
    assert re.search(r"server web:8000 [^;]*\bresolve\b", upstreams)
    assert "resolver 127.0.0.11" in upstreams  # Docker's embedded DNS
    # "resolve" in an upstream's server needs nginx 1.27.3 or later.
    version = tuple(int(n) for n in proxy["image"].split(":")[1].split("."))
    assert version >= (1, 27, 3) or (len(version) == 2 and version >= (1, 28))


def test_interpolation_follows_compose() -> None:
    env = {"SET": "x", "EMPTY": ""}
    assert interpolate("${SET:-d} ${EMPTY:-d} ${UNSET:-d} ${EMPTY-d} $$scheme", env) == (
        "x d d  $scheme"
    )
    with pytest.raises(MissingVariable, match="EMPTY: say"):
        interpolate("${EMPTY:?say}", env)
