"""allauth's account adapter with one change: an email address too long to store is refused.

Without it, allauth cuts a longer address to the column's length when it creates the user
(an account nobody can confirm, or a clash with an existing account's address).
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.utils.translation import gettext

from accounts.models import EMAIL_MAX_LENGTH


def too_long_email_message() -> str:
    """What a person who typed an over-long address is told."""
    return gettext("An email address can have at most %(limit)d characters.") % {
        "limit": EMAIL_MAX_LENGTH
    }


class AccountAdapter(DefaultAccountAdapter):
    """Refuses over-long addresses at sign-up and wherever else allauth takes one."""

    def clean_email(self, email: str) -> str:
        if len(email) > EMAIL_MAX_LENGTH:
            raise forms.ValidationError(too_long_email_message())
        return str(super().clean_email(email))
