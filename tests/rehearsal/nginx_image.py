"""The official nginx image's start-up, done by hand with Debian's nginx on loopback.

What the image does and this module repeats: its main configuration includes every
``conf.d/*.conf`` in the http context; ``conf.d/default.conf`` is the stock welcome server
(``nginx-image-default.conf``); each ``*.template`` mounted under ``/etc/nginx/templates``
is filled in with the environment variables whose names match ``NGINX_ENVSUBST_FILTER``
and written to ``conf.d`` under its name without ``.template``. The mounts and the
variables come from docker-compose.yml's ``proxy`` service; the only changes are the
addresses: port 80 becomes a loopback port, and the upstream name ``web`` (Docker's DNS)
becomes the rehearsed daphne process.
"""

from __future__ import annotations

import getpass
import os
import re
import socket
import subprocess
import time
from pathlib import Path

from tests.live_site import free_port, stop_process
from tests.proxy import NGINX
from tests.rehearsal.recipe import service

HERE = Path(__file__).resolve().parent
STOCK_DEFAULT = HERE / "nginx-image-default.conf"
WELCOME = "<h1>Welcome to nginx!</h1>"

MAIN = """
{user}worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {dir}/conf.d/*.conf;
}}
"""


class ImageProxy:
    """The ``proxy`` service: nginx, configured as the image would be, in front of ``backend``."""

    def __init__(
        self,
        workdir: Path,
        app_dir: Path,
        environment: dict[str, str],
        backend: int,
        name: str = "nginx-image",
    ) -> None:
        self.dir = workdir / name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        listen = f"127.0.0.1:{self.port}"
        conf_d = self.dir / "conf.d"
        html = self.dir / "html"
        conf_d.mkdir(parents=True)
        html.mkdir()
        (html / "index.html").write_text(f"<html><body>{WELCOME}</body></html>")
        stock = STOCK_DEFAULT.read_text()
        stock = re.sub(r"listen\s+80;", f"listen {listen};", stock)
        (conf_d / "default.conf").write_text(stock.replace("/usr/share/nginx/html", str(html)))
        values = {
            **environment,
            "TWENTYNINE_UPSTREAMS": f"server 127.0.0.1:{backend};",
            "TWENTYNINE_LISTEN": listen if environment["TWENTYNINE_LISTEN"] == "80" else "",
        }
        assert values["TWENTYNINE_LISTEN"], "the rehearsal expects nginx on port 80"
        self.rendered: dict[str, str] = {}
        for source, target in self._template_mounts(app_dir):
            text = _envsubst(source.read_text(), values, environment.get("NGINX_ENVSUBST_FILTER"))
            output = conf_d / target
            output.write_text(text)
            self.rendered[target] = text
        user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""
        (self.dir / "nginx.conf").write_text(MAIN.format(user=user, dir=self.dir))
        self.process: subprocess.Popen[bytes] | None = None

    @staticmethod
    def _template_mounts(app_dir: Path) -> list[tuple[Path, str]]:
        """(file on the host, name under conf.d) for each template compose mounts."""
        mounts = []
        for volume in service("proxy").get("volumes", []):
            source, target = str(volume).split(":")[:2]
            prefix = "/etc/nginx/templates/"
            if target.startswith(prefix) and target.endswith(".template"):
                name = target.removeprefix(prefix).removesuffix(".template")
                mounts.append((app_dir / source, name))
        assert mounts, "compose mounts no template into the nginx image"
        return mounts

    def start(self) -> None:
        conf = str(self.dir / "nginx.conf")
        subprocess.run([NGINX, "-t", "-q", "-p", str(self.dir), "-c", conf], check=True,
                       capture_output=True)
        self.process = subprocess.Popen(
            [NGINX, "-p", str(self.dir), "-c", conf, "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=(self.dir / "stderr.log").open("ab"),
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start")

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
        self.process = None


def _envsubst(text: str, values: dict[str, str], name_filter: str | None) -> str:
    """The image's envsubst: only variables that are set (and match the filter) are filled."""
    for name, value in values.items():
        if name_filter is None or re.search(name_filter, name):
            text = text.replace("${" + name + "}", value).replace("$" + name, value)
    return text
