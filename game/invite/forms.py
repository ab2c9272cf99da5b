"""Forms of the invite link: a guest's name and seat, a guest's full account, the host's
link settings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib.auth import password_validation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import names
from accounts.adapter import too_long_email_message
from accounts.models import EMAIL_MAX_LENGTH, User
from game.invite import guests
from game.invite.links import EXPIRY_HOURS

WATCH = "watch"


def seat_label(number: int, names: Sequence[str | None] = ()) -> str:
    """A seat's name for people: "Seat 3 (partner of Asha)" when ``names`` (who sits in each
    seat) names the partner, else "Seat 3 (partner of seat 1)"."""
    partner = (number + 2) % 4
    if len(names) == 4 and names[partner]:
        return _("Seat %(seat)s (partner of %(name)s)") % {
            "seat": number + 1, "name": names[partner],
        }
    return _("Seat %(seat)s (partner of seat %(partner)s)") % {
        "seat": number + 1, "partner": partner + 1,
    }


class GuestForm(forms.Form):
    """A visitor with no account: a display name and an open seat (or watching)."""

    name = forms.CharField(
        label=gettext_lazy("Your name at the table"),
        max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "autofocus": True,
                                      "maxlength": guests.NAME_MAX}),
    )
    seat = forms.ChoiceField(label=gettext_lazy("Where to sit"), widget=forms.RadioSelect)

    def __init__(
        self,
        *args: Any,
        open_seats: list[int],
        names: Sequence[str | None] = (),
        taken: Sequence[str] = (),
        suggested: int | None = None,
        **kwargs: Any,
    ) -> None:
        """``open_seats``: the seats offered on the page; ``names``: who sits in each seat
        (to name a seat's partner); ``taken``: the names a guest may not take (the host's,
        the players', the computer players', the other guests'); ``suggested``: the seat
        checked first (else the first open one). Any seat is accepted when
        posted: whether it is still open is for the table to say ("That seat was just
        taken.")."""
        super().__init__(*args, **kwargs)
        self.taken = list(taken)
        field = self.fields["seat"]
        assert isinstance(field, forms.ChoiceField)
        watch = (WATCH, _("Just watch (you see the cards played, not the hands)"))
        field.choices = [(str(n), seat_label(n, names)) for n in range(4)] + [watch]
        self.offered = [(str(n), seat_label(n, names)) for n in open_seats] + [watch]
        self.suggested = str(suggested) if suggested in open_seats else self.offered[0][0]
        field.initial = self.suggested

    def checked(self) -> str:
        """The choice to show checked: the posted one, else the suggested seat."""
        posted = self.data.get("seat") if self.is_bound else None
        offered = [value for value, _label in self.offered]
        return posted if posted in offered else self.suggested

    def clean_name(self) -> str:
        try:
            name = guests.clean_name(self.cleaned_data["name"])
        except names.BadName as bad:
            raise forms.ValidationError(str(bad)) from None
        if any(names.same(name, other) for other in self.taken):
            raise forms.ValidationError(
                _("Someone at this table is already called %(name)s: please choose another name.")
                % {"name": name}
            )
        return name

    def chosen_seat(self) -> int | None:
        value = self.cleaned_data["seat"]
        return None if value == WATCH else int(value)


class GuestAccountForm(forms.Form):
    """A guest asks for a full account: an email (claimed only once confirmed by the link
    mailed to it, ``game.invite.membership``) and a password. Whether an account uses the
    address already is not said here: the answer is the same either way."""

    email = forms.EmailField(label=gettext_lazy("Email"))
    password1 = forms.CharField(label=gettext_lazy("Password"), widget=forms.PasswordInput)
    password2 = forms.CharField(
        label=gettext_lazy("Password (again)"), widget=forms.PasswordInput
    )

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        email = str(self.cleaned_data["email"]).strip().lower()
        if len(email) > EMAIL_MAX_LENGTH:
            raise forms.ValidationError(too_long_email_message())
        return email

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ."))
        elif first:
            try:
                password_validation.validate_password(first, self.user)
            except forms.ValidationError as bad:
                self.add_error("password1", bad)
        return cleaned


class LinkForm(forms.Form):
    """The host's link: how long a new link works."""

    expiry = forms.ChoiceField(
        label=gettext_lazy("The link works"),
        required=False,
        choices=[],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        labels = {"": _("until you revoke it"), "1": _("for 1 hour"), "24": _("for 1 day"),
                  "168": _("for 7 days")}
        field = self.fields["expiry"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(key, labels[key]) for key in EXPIRY_HOURS]
