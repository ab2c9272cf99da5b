"""Template helpers about how this server sends email."""

from django import template
from django.conf import settings

register = template.Library()

CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"


@register.simple_tag
def emails_go_to_console() -> bool:
    """True when emails are printed on the server's console (no EMAIL_HOST configured)."""
    return bool(settings.EMAIL_BACKEND == CONSOLE_BACKEND)
