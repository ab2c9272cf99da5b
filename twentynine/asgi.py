"""ASGI entry point: Django for HTTP, the table consumer for websockets."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "twentynine.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from game.table.routing import websocket_urlpatterns  # noqa: E402
from twentynine.same_origin import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
    }
)

from django.conf import settings  # noqa: E402

from twentynine import gc_tuning, metrics  # noqa: E402

if settings.METRICS_PORT:
    metrics.serve(settings.METRICS_PORT, settings.METRICS_ADDRESS)
gc_tuning.tune()
