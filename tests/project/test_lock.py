"""requirements.lock pins every production dependency (and the build's setuptools) with hashes."""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.live_site import ROOT

LOCK = ROOT / "requirements.lock"


def locked() -> dict[str, tuple[str, list[str]]]:
    """Each pinned package: (version, hashes)."""
    entries = re.split(r"\n(?=\S)", LOCK.read_text())
    pins: dict[str, tuple[str, list[str]]] = {}
    for entry in entries:
        found = re.match(r"([A-Za-z0-9_.\-]+)==([^\s;\\]+)", entry)
        if found:
            hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", entry)
            pins[canonicalize_name(found.group(1))] = (found.group(2), hashes)
    return pins


def test_every_dependency_is_pinned_within_its_range_with_hashes() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wanted = [
        *project["project"]["dependencies"],
        *project["build-system"]["requires"],
    ]
    pins = locked()
    for text in wanted:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements.lock: run scripts/lock"
        version, _ = pins[name]
        assert requirement.specifier.contains(version), f"{name}=={version} is not {text}"
    assert all(hashes for _, hashes in pins.values())
