"""Several daphne processes of one site (one database, one channel layer), optionally behind
nginx: what a real deployment runs, on loopback. Used by tests/multiprocess and bench/table.py.

With one process and no proxy it is the same as ``LiveSite``; more processes
need a shared database and channel layer (PostgreSQL and Redis through
``DATABASE_URL`` and ``REDIS_URL``; a SQLite file is shared too, but the
in-memory layer is not, so the processes would not hear each other).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.live_site import LiveSite, free_port, stop_process
from tests.proxy import Proxy


class Cluster:
    """``processes`` daphne processes on one site, each on its own loopback port."""

    def __init__(
        self,
        workdir: Path,
        processes: int = 2,
        proxy: bool = False,
        extra_env: dict[str, str] | None = None,
        python: str = sys.executable,
        proxy_values: dict[str, str] | None = None,
    ) -> None:
        """``proxy_values``: the nginx template's variables other than the defaults."""
        self.site = LiveSite(workdir, extra_env)
        self.workdir = workdir
        self.python = python
        self.ports = [free_port() for _ in range(processes)]
        self.processes: list[subprocess.Popen[bytes] | None] = [None] * processes
        self.proxy = Proxy(workdir, self.ports, **(proxy_values or {})) if proxy else None

    def start(self) -> None:
        """Start every process (and the proxy)."""
        for index in range(len(self.ports)):
            self.start_process(index)
        if self.proxy is not None:
            self.proxy.start()

    def start_process(self, index: int) -> None:
        """Start (or restart) process ``index`` on its port."""
        self.processes[index] = self.site.spawn(
            self.ports[index], self.log_path(index), self.python
        )

    def pause(self, index: int, paused: bool) -> None:
        """Stop process ``index`` without ending it (SIGSTOP: it still accepts connections and
        answers nothing, like a hung process), or let it go on (SIGCONT)."""
        process = self.processes[index]
        assert process is not None
        os.kill(process.pid, signal.SIGSTOP if paused else signal.SIGCONT)

    def kill(self, index: int) -> None:
        """``kill -9`` process ``index``: no shutdown, its sockets just drop."""
        process = self.processes[index]
        assert process is not None
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        self.processes[index] = None

    def stop(self) -> None:
        """Stop the proxy and every process still running."""
        if self.proxy is not None:
            self.proxy.stop()
        for index, process in enumerate(self.processes):
            if process is not None:
                stop_process(process)
            self.processes[index] = None

    def log_path(self, index: int) -> Path:
        return self.workdir / f"daphne-{index}.log"

    def logs(self) -> str:
        """Everything the processes printed."""
        return "".join(
            self.log_path(i).read_text(errors="replace")
            for i in range(len(self.ports))
            if self.log_path(i).exists()
        )

    def url(self, index: int | None = None) -> str:
        """The site's address: through the proxy when ``index`` is None, else one process's."""
        if index is None:
            assert self.proxy is not None, "no proxy in this cluster"
            return self.proxy.url
        return f"http://127.0.0.1:{self.ports[index]}"

    def pids(self) -> list[int]:
        return [p.pid for p in self.processes if p is not None]
