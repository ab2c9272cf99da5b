"""A websocket handshake is let through only from a page of this very site.

Channels' ``AllowedHostsOriginValidator`` compares host names only, so a page served from
another port of the same host (``http://127.0.0.1:9999`` against a site on 8000) could open
a socket with the player's cookies, read their hand and play for them. A browser always sends
both headers; here the ``Origin`` must name the host *and port* the browser connected to
(its ``Host``, which nginx passes on unchanged). A client that sends no ``Host`` is no
browser acting for someone else, and is left to the host-name check.

>>> same_origin(b"http://127.0.0.1:8000", b"127.0.0.1:8000")
True
>>> same_origin(b"https://play.example.org", b"play.example.org")
True
>>> same_origin(b"http://127.0.0.1:9999", b"127.0.0.1:8000")
False
>>> same_origin(b"https://play.example.org:8443", b"play.example.org")
False
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier

DEFAULT_PORTS = {"http": 80, "https": 443}


def same_origin(origin: bytes, host: bytes) -> bool:
    """Whether an ``Origin`` header names the host and port of this ``Host`` header."""
    try:
        page = urlsplit(origin.decode("latin1"))
        asked = urlsplit("//" + host.decode("latin1"))
        default = DEFAULT_PORTS.get(page.scheme)
        return (
            default is not None
            and page.hostname is not None
            and page.hostname == asked.hostname
            and (page.port or default) == (asked.port or default)
        )
    except ValueError:  # a port that is no number
        return False


class SameOriginValidator:
    """ASGI middleware for websockets: deny (HTTP 403) a handshake whose ``Origin`` is not
    this site's own (``same_origin``)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        headers = dict(scope.get("headers", []))
        origin, host = headers.get(b"origin"), headers.get(b"host")
        if origin is not None and host is not None and not same_origin(origin, host):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
