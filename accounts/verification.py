"""Whether a user has verified an email address, and a view guard that insists on it."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

NOT_VERIFIED = _("Please verify your email address first: follow the link we sent you.")


def is_verified(user: Any) -> bool:
    """True for a logged-in user with at least one verified email address."""
    return bool(
        user.is_authenticated
        and EmailAddress.objects.filter(user_id=user.pk, verified=True).exists()
    )


def verified_required(
    view: Callable[..., HttpResponse],
) -> Callable[..., HttpResponse]:
    """Log-in required (redirects to log in), then a verified email (403 otherwise)."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_verified(request.user):
            raise PermissionDenied(NOT_VERIFIED)
        return view(request, *args, **kwargs)

    return login_required(guarded)
