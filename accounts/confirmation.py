"""The confirmation link again, for someone not logged in: they give their address and, if an
account signed up with it still waits for it, the link is sent again.

Only the account that signed up with the address gets its link: the user whose own address
it is (``User.email``), as its primary address, unverified, with nobody holding it verified.
A second address another account added (none can be added now, see ``ACCOUNT_MAX_EMAIL_ADDRESSES``)
is never it, so nobody's link goes to someone else's mailbox.

Two limits, allauth's rate limits (``allauth.core.ratelimit``, kept in the cache):
- per client IP, ``resend_confirmation`` in ``ACCOUNT_RATE_LIMITS``: every request counts,
  so one client cannot try address after address;
- per address, allauth's own ``confirm_email`` limit (one mail every few minutes), counted
  with the mails allauth sends at sign-up and log-in.
Over either limit nothing is sent. The answer is the same whatever happened (sent, limited,
no such account), so the page tells nobody which addresses have an account.
"""

from __future__ import annotations

from allauth.account.models import EmailAddress
from allauth.core import ratelimit
from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from accounts.models import EMAIL_MAX_LENGTH

# The per-IP limit's name in ACCOUNT_RATE_LIMITS (twentynine/settings.py).
IP_LIMIT = "resend_confirmation"


class ResendForm(forms.Form):
    """The address an account was made with."""

    email = forms.EmailField(
        label=_("Email"),
        max_length=EMAIL_MAX_LENGTH,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


def waiting_address(email: str) -> EmailAddress | None:
    """The address row of the one account that signed up with ``email`` and has not yet
    confirmed it (None: no such account, or the address is confirmed, on any account)."""
    if EmailAddress.objects.filter(email__iexact=email, verified=True).exists():
        return None
    rows = list(
        EmailAddress.objects.filter(
            email__iexact=email,
            primary=True,
            verified=False,
            user__email__iexact=email,
            user__is_active=True,
        ).select_related("user")[:2]
    )
    return rows[0] if len(rows) == 1 else None


def send_again(request: HttpRequest, email: str) -> bool:
    """Send the link again to ``email`` if its account waits and no limit is reached."""
    if not ratelimit.consume(request, action=IP_LIMIT):
        return False
    address = waiting_address(email)
    if address is None:
        return False
    if not ratelimit.consume(request, action="confirm_email", key=email.lower()):
        return False  # a link went to this address moments ago: it still works
    address.send_confirmation(request)
    return True


@require_http_methods(["GET", "POST"])
def resend_confirmation(request: HttpRequest) -> HttpResponse:
    """GET: the form; POST: send the link again to an address still waiting for it."""
    form = ResendForm(request.POST or None)
    sent = False
    if request.method == "POST" and form.is_valid():
        send_again(request, form.cleaned_data["email"])
        sent = True  # the same answer, whatever happened
    return render(request, "account/resend_confirmation.html", {"form": form, "sent": sent})
