"""The Docker image's build and its containers' commands, rehearsed without a Docker engine.

``build`` exports the tree the way a clean clone has it (``git archive`` of the checkout's
tracked files, with uncommitted changes to them), drops what .dockerignore keeps out of the
build context, and runs the Dockerfile's build stage in it: each ``ENV`` and each ``RUN`` in
order, with ``/venv`` a fresh virtual environment and ``/app`` the export. ``apt-get`` lines
are not run (the machine's gcc stands in for the image's). ``Container`` then runs a command
the way a container of the image would: the final stage's ``ENV``, the service's environment
from docker-compose.yml, the export as the working directory.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

from tests.live_site import ROOT
from tests.rehearsal.recipe import (
    dockerfile_stages,
    dockerignore_patterns,
    env_pairs,
    ignored,
    shell_command,
)

IMAGE_VENV = "/venv"
IMAGE_APP = "/app"


def export_tree(target: Path) -> None:
    """The checkout's tracked files as committed plus uncommitted changes (``git stash
    create`` makes that a commit without touching the checkout), as ``git archive`` gives."""
    # (A commit object needs a name, which a CI machine may not have configured.)
    identity = {
        f"GIT_{who}_{what}": value
        for who in ("AUTHOR", "COMMITTER")
        for what, value in (("NAME", "rehearsal"), ("EMAIL", "rehearsal@localhost"))
    }
    stash = subprocess.run(
        ["git", "stash", "create"], cwd=ROOT, capture_output=True, text=True, check=True,
        env={**os.environ, **identity},
    ).stdout.strip()
    archive = subprocess.run(
        ["git", "archive", "--format=tar", stash or "HEAD"], cwd=ROOT, capture_output=True,
        check=True,
    ).stdout
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")


def drop_ignored(app: Path) -> list[str]:
    """Remove what .dockerignore leaves out of the build context; return what was removed."""
    patterns = dockerignore_patterns()
    removed = []
    for path in sorted(app.rglob("*"), reverse=True):
        relative = path.relative_to(app).as_posix()
        if path.exists() and ignored(relative, patterns):
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
            removed.append(relative)
    return removed


def _python_shim(workdir: Path) -> Path:
    """A folder whose ``python`` is this machine's Python 3.11 (the base image's ``python``)."""
    shim = workdir / "shim"
    shim.mkdir(exist_ok=True)
    base = getattr(sys, "_base_executable", sys.executable)
    link = shim / "python"
    if not link.exists():
        link.symlink_to(base)
    return shim


@dataclass
class Image:
    """The built image's two folders on this machine."""

    app: Path
    venv: Path
    runtime_env: dict[str, str]

    def expand(self, text: str) -> str:
        """A path or command of the image, with its folders moved to where they are here."""
        return text.replace(IMAGE_VENV, str(self.venv)).replace(IMAGE_APP, str(self.app))


def _apply_env(line: str, env: dict[str, str], image: Image) -> None:
    for name, value in env_pairs(line):
        value = image.expand(value)
        for known, current in env.items():
            value = value.replace("$" + known, current).replace("${" + known + "}", current)
        env[name] = value


def base_environment(workdir: Path) -> dict[str, str]:
    """A container's starting environment: nothing from the test run but a PATH and HOME."""
    return {
        "PATH": f"{_python_shim(workdir)}:/usr/local/bin:/usr/bin:/bin",
        "HOME": os.environ.get("HOME", "/root"),
        "LANG": "C.UTF-8",
    }


def build(workdir: Path) -> Image:
    """Export the tree and run the Dockerfile's build stage in it; the image's folders."""
    app = workdir / "app"
    export_tree(app)
    drop_ignored(app)
    build_stage, *_, final_stage = dockerfile_stages()
    image = Image(app=app, venv=workdir / "venv", runtime_env={})
    env = base_environment(workdir)
    cwd = workdir
    log = (workdir / "build.log").open("a")
    for instruction in build_stage.instructions:
        if instruction.keyword == "ENV":
            _apply_env(instruction.text, env, image)
        elif instruction.keyword == "WORKDIR":
            cwd = Path(image.expand(instruction.text))
            assert cwd == app, f"the rehearsal expects WORKDIR {IMAGE_APP}"
        elif instruction.keyword == "RUN":
            command = shell_command(instruction.text)
            if command.startswith("apt-get"):
                assert shutil.which("gcc"), "gcc stands in for the image's; install gcc"
                continue
            log.write(f"$ {command}\n")
            log.flush()
            result = subprocess.run(
                ["sh", "-c", image.expand(command)], cwd=cwd, env=env, stdout=log,
                stderr=subprocess.STDOUT, check=False,
            )
            if result.returncode != 0:
                raise RuntimeError(
                    f"RUN {command} failed:\n{(workdir / 'build.log').read_text()[-4000:]}"
                )
    runtime = base_environment(workdir)
    for instruction in final_stage.instructions:
        if instruction.keyword == "ENV":
            _apply_env(instruction.text, runtime, image)
        elif instruction.keyword == "WORKDIR":
            assert Path(image.expand(instruction.text)) == app
    image.runtime_env = runtime
    return image
