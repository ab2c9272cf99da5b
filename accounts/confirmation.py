"""The confirmation link again, for someone not logged in: they give their address and, if an
account there still waits for it, allauth sends the link again (at most once every few
minutes per address, allauth's own limit). The answer is the same whether or not such an
account exists, so the page tells nobody which addresses have one."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from accounts.models import EMAIL_MAX_LENGTH


class ResendForm(forms.Form):
    """The address an account was made with."""

    email = forms.EmailField(
        label=_("Email"),
        max_length=EMAIL_MAX_LENGTH,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


@require_http_methods(["GET", "POST"])
def resend_confirmation(request: HttpRequest) -> HttpResponse:
    """GET: the form; POST: send the link again to an address still waiting for it."""
    form = ResendForm(request.POST or None)
    sent = False
    if request.method == "POST" and form.is_valid():
        waiting = EmailAddress.objects.filter(
            email__iexact=form.cleaned_data["email"], verified=False
        ).first()
        if waiting is not None:
            waiting.send_confirmation(request)
        sent = True
    return render(request, "account/resend_confirmation.html", {"form": form, "sent": sent})
