"""A bare HTTP client for the rehearsal: any Host header, no redirects followed, no
decompression (the test sees exactly what nginx sent)."""

from __future__ import annotations

import http.client
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass
class Response:
    status: int
    headers: dict[str, str]  # lower-case names
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")


def get(url: str, headers: dict[str, str] | None = None) -> Response:
    """GET ``url`` (http://127.0.0.1:port/path) with exactly these extra headers."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        connection.putrequest("GET", path or "/", skip_host=True, skip_accept_encoding=True)
        sent = {"Host": parts.netloc, **(headers or {})}
        for name, value in sent.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        return Response(
            response.status,
            {name.lower(): value for name, value in response.getheaders()},
            response.read(),
        )
    finally:
        connection.close()
