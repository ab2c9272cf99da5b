"""Forms of the accounts app: the sign-up extras and the add-a-friend form."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts import names
from accounts.models import EMAIL_MAX_LENGTH, User

NAME_MAX = 150  # the model's first_name


class SignupForm(forms.Form):
    """Adds the first name, shown to the other players at the table, to allauth's sign-up."""

    first_name = forms.CharField(
        max_length=NAME_MAX,
        label=_("First name"),
        help_text=_("Shown to the other players at the table."),
        widget=forms.TextInput(
            attrs={"autocomplete": "given-name", "placeholder": _("First name")}
        ),
    )
    field_order = ("first_name", "email", "password1", "password2")

    def clean_first_name(self) -> str:
        try:
            return names.clean_name(self.cleaned_data["first_name"], NAME_MAX)
        except names.BadName as bad:
            raise forms.ValidationError(str(bad)) from bad

    def signup(self, request: HttpRequest, user: User) -> None:
        """Called by allauth once the user exists: keep the first name."""
        user.first_name = self.cleaned_data["first_name"]
        user.save(update_fields=["first_name"])


class FriendRequestForm(forms.Form):
    """The email address of the person to invite as a friend."""

    email = forms.EmailField(
        max_length=EMAIL_MAX_LENGTH,
        label=_("Friend's email"),
        widget=forms.EmailInput(attrs={"placeholder": "name@example.com", "autocomplete": "off"}),
    )
