"""Debian's nginx on loopback in front of several daphne processes, with the project's config.

The server block is ``deploy/nginx/twentynine.conf.template``, the file
docker-compose.yml gives the nginx image; this module fills in its two
variables and wraps it in a minimal main configuration under a temporary
directory (pid, logs and temp files there), run as the current user.
"""

from __future__ import annotations

import getpass
import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

from tests.live_site import ROOT, free_port, stop_process

TEMPLATE = ROOT / "deploy" / "nginx" / "twentynine.conf.template"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

MAIN = """
{user}worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {dir}/twentynine.conf;
}}
"""


def nginx_available() -> bool:
    """Whether an nginx binary is installed."""
    return Path(NGINX).exists()


# The tests' copy also says which process served each request (the multi-process tests read
# it); the deployed file does not, so it never tells the world the upstreams' addresses.
PROXY_PASS = "proxy_pass http://twentynine_web;"
UPSTREAM_HEADER = "add_header X-Upstream $upstream_addr always;"


# The template's variables as docker-compose.yml sets them by default (nginx directly in front).
DEFAULTS = {
    "TWENTYNINE_TLS_IN_FRONT": "off", "TWENTYNINE_REAL_IP": "", "TWENTYNINE_PAGE_TIMEOUT": "30s",
}


def envsubst(text: str, values: dict[str, str]) -> str:
    """What the nginx image does to a template: every ``${NAME}`` given is replaced; a
    ``${TWENTYNINE_...}`` left over would reach nginx as is, so it is an error."""
    for name, value in values.items():
        text = text.replace("${" + name + "}", value)
    leftover = re.findall(r"\$\{TWENTYNINE_\w+\}", text)
    assert not leftover, f"not filled in: {leftover}"
    return text


def render(upstreams: list[str], listen: str, **values: str) -> str:
    """The project's server block with its variables filled in (``values`` override the
    defaults), and an ``X-Upstream`` header naming the process that served each request."""
    servers = " ".join(f"server {address} max_fails=1 fail_timeout=10s;" for address in upstreams)
    text = TEMPLATE.read_text()
    assert text.count(PROXY_PASS) >= 1, f"the template has no {PROXY_PASS!r}"
    filled = envsubst(
        text,
        {
            **DEFAULTS,
            "TWENTYNINE_UPSTREAMS": servers,
            "TWENTYNINE_LISTEN": listen,
            **{f"TWENTYNINE_{k.upper()}": v for k, v in values.items()},
        },
    )
    return filled.replace(PROXY_PASS, f"{PROXY_PASS}\n        {UPSTREAM_HEADER}")


class Proxy:
    """nginx on a free loopback port, proxying to ``backends`` (loopback ports)."""

    def __init__(self, workdir: Path, backends: list[int], **values: str) -> None:
        """``values``: the template's variables other than the defaults (``page_timeout``)."""
        self.dir = workdir / "nginx"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        upstreams = [f"127.0.0.1:{port}" for port in backends]
        config = render(upstreams, f"127.0.0.1:{self.port}", **values)
        (self.dir / "twentynine.conf").write_text(config)
        user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""
        (self.dir / "nginx.conf").write_text(MAIN.format(user=user, dir=self.dir))
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Check the configuration, start nginx in the foreground and wait until it listens."""
        conf = str(self.dir / "nginx.conf")
        subprocess.run(
            [NGINX, "-t", "-q", "-p", str(self.dir), "-c", conf],
            check=True,
            capture_output=True,
        )
        self.process = subprocess.Popen(
            [NGINX, "-p", str(self.dir), "-c", conf, "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=(self.dir / "stderr.log").open("ab"),
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"nginx did not start: {self.log()}")

    def stop(self) -> None:
        """Stop nginx (fast shutdown) and wait for it."""
        if self.process is not None:
            stop_process(self.process)
        self.process = None

    def log(self) -> str:
        """nginx's error log so far."""
        path = self.dir / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""
