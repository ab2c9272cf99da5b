"""A bare HTTP client for the rehearsal: any Host header, no redirects followed, no
decompression (the test sees exactly what nginx sent)."""

from __future__ import annotations

import http.client
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit


@dataclass
class Response:
    status: int
    headers: dict[str, str]  # lower-case names (the last of a repeated one)
    cookies: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")


def get(url: str, headers: dict[str, str] | None = None) -> Response:
    """GET ``url`` (http://127.0.0.1:port/path) with exactly these extra headers."""
    return request("GET", url, headers)


def post(url: str, form: dict[str, str], headers: dict[str, str] | None = None) -> Response:
    """POST a form to ``url`` with these extra headers."""
    body = urlencode(form).encode()
    sent = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
    return request("POST", url, sent, body)


def request(
    method: str, url: str, headers: dict[str, str] | None = None, body: bytes = b""
) -> Response:
    """One request, with a Host header of the caller's choosing."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        connection.putrequest(method, path or "/", skip_host=True, skip_accept_encoding=True)
        sent = {"Host": parts.netloc, **(headers or {})}
        if body:
            sent["Content-Length"] = str(len(body))
        for name, value in sent.items():
            connection.putheader(name, value)
        connection.endheaders(body or None)
        response = connection.getresponse()
        cookies = {}
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key] = rest.split(";", 1)[0]
        return Response(
            response.status,
            {name.lower(): value for name, value in response.getheaders()},
            cookies,
            response.read(),
        )
    finally:
        connection.close()
