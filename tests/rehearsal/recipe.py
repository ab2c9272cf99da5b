"""The deploy recipe read from its own files: the Dockerfile's stages, docker-compose.yml's
services (with compose's ``${...}`` interpolation) and .dockerignore's patterns.

The rehearsal and the deploy-file tests take every command from here, so they follow the
files as they change instead of a copy of them.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tests.live_site import ROOT

DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "docker-compose.yml"
DOCKERIGNORE = ROOT / ".dockerignore"


@dataclass
class Instruction:
    """One Dockerfile instruction: its keyword (upper case) and the rest of the line."""

    keyword: str
    text: str


@dataclass
class Stage:
    """One ``FROM`` and the instructions after it."""

    base: str
    name: str | None
    instructions: list[Instruction] = field(default_factory=list)

    def all(self, keyword: str) -> list[str]:
        return [i.text for i in self.instructions if i.keyword == keyword]


def dockerfile_stages(path: Path = DOCKERFILE) -> list[Stage]:
    """The Dockerfile's stages, continuation lines joined and comments dropped."""
    logical: list[str] = []
    pending = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    stages: list[Stage] = []
    for line in logical:
        keyword, _, text = line.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            words = text.split()
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else None
            stages.append(Stage(words[0], name))
        else:
            stages[-1].instructions.append(Instruction(keyword, text.strip()))
    return stages


def shell_command(run: str) -> str:
    """A RUN line's shell command, without BuildKit's options (``--mount=...``)."""
    while run.startswith("--"):
        run = run.split(None, 1)[1]
    return run


def exec_form(text: str) -> list[str]:
    """A CMD/ENTRYPOINT in exec form (a JSON array)."""
    value = json.loads(text)
    assert isinstance(value, list), text
    return [str(v) for v in value]


def env_pairs(text: str) -> list[tuple[str, str]]:
    """An ENV line's ``NAME=value`` pairs, in order (values not yet expanded)."""
    pairs = []
    for word in shlex.split(text):
        name, _, value = word.partition("=")
        pairs.append((name, value))
    return pairs


class MissingVariable(Exception):
    """A ``${NAME:?message}`` whose variable is unset or empty."""


_VARIABLE = re.compile(r"\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:-|-|:\?|\?)([^}]*))?\}")


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's interpolation: ``${X}``, ``${X:-default}``, ``${X:?error}``, ``$$``."""

    def one(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        name, operator, argument = match.group(1), match.group(2), match.group(3) or ""
        current = env.get(name)
        if operator in (":?", "?") and not current:
            raise MissingVariable(f"{name}: {argument}")
        if operator == ":-" and not current:
            return argument
        if operator == "-" and current is None:
            return argument
        return current or ""

    return _VARIABLE.sub(one, value)


def compose() -> dict[str, Any]:
    """docker-compose.yml as data (anchors resolved, nothing interpolated)."""
    data = yaml.safe_load(COMPOSE.read_text())
    assert isinstance(data, dict)
    return data


def service(name: str) -> dict[str, Any]:
    found = compose()["services"][name]
    assert isinstance(found, dict)
    return found


def service_environment(name: str, env: dict[str, str]) -> dict[str, str]:
    """A service's environment as compose would pass it, interpolated from ``env``."""
    raw = service(name).get("environment", {})
    return {key: interpolate(str(value), env) for key, value in raw.items()}


def dockerignore_patterns() -> list[str]:
    lines = DOCKERIGNORE.read_text().splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert not any(p.startswith("!") for p in patterns), "exceptions are not rehearsed"
    return patterns


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    parts = []
    for piece in re.split(r"(\*\*/|\*\*|\*|\?)", pattern.strip("/")):
        if piece == "**/":
            parts.append("(?:.*/)?")
        elif piece == "**":
            parts.append(".*")
        elif piece == "*":
            parts.append("[^/]*")
        elif piece == "?":
            parts.append("[^/]")
        else:
            parts.append(re.escape(piece))
    return re.compile("".join(parts))


def ignored(path: str, patterns: list[str]) -> bool:
    """Whether docker leaves ``path`` (relative, ``/``-separated) out of the build context: a
    pattern matches it or one of the folders it is in (Go's filepath.Match, with ``**``)."""
    pieces = path.split("/")
    prefixes = ["/".join(pieces[: i + 1]) for i in range(len(pieces))]
    regexes = [_pattern_regex(p) for p in patterns]
    return any(r.fullmatch(prefix) for r in regexes for prefix in prefixes)
