"""A person's preferences: how the table plays for them and how the site looks.

Kept on the ``User`` row (a guest is a user too): tap a card to lift it and again to play
it, play your only legal card automatically, skip the routine questions (the server passes for
them: ``game.table.routine``), the four-colour deck and the colour theme. The account page
saves the whole form; the table's Preferences dialog and the header's theme button save
one or more of them (``save``: the others stay as they are). Saving sends
``preferences_saved`` with the names that changed, so the table can answer at once a
routine question that is waiting for someone who has just chosen to skip it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Theme, User
from accounts.signals import preferences_saved

# The preferences, in the order the forms show them.
NAMES = ("tap_to_lift", "play_single_card", "skip_questions", "four_colour", "theme")
# What a box may be sent as: a ticked checkbox's "on", or a script's "true" / "false".
BOX_VALUES = frozenset({"on", "true", "false"})


class BadPreference(ValueError):
    """Preferences that cannot be saved; the message says why."""


class PreferencesForm(forms.Form):
    """Every preference, as the account page and the table's dialog show them."""

    tap_to_lift = forms.BooleanField(
        required=False,
        label=gettext_lazy("Tap to lift, tap again to play"),
        help_text=gettext_lazy("The first tap raises a card; a second tap on it plays it."),
    )
    play_single_card = forms.BooleanField(
        required=False,
        label=gettext_lazy("Play your only legal card automatically"),
        help_text=gettext_lazy("When only one card may be played, it is played after a moment."),
    )
    skip_questions = forms.BooleanField(
        required=False,
        label=gettext_lazy("Skip routine questions"),
        help_text=gettext_lazy(
            "Answer \"no Double\", \"no Redouble\" and \"no Single Hand\" for me at once."
        ),
    )
    four_colour = forms.BooleanField(
        required=False,
        label=gettext_lazy("Four-colour deck"),
        help_text=gettext_lazy("Spades black, hearts red, diamonds blue, clubs green."),
    )
    theme = forms.ChoiceField(
        choices=Theme.choices,
        label=gettext_lazy("Colours"),
        help_text=gettext_lazy("Auto follows your device's light or dark setting."),
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():  # each box is described by its help line
            if isinstance(field, forms.BooleanField) and isinstance(self.auto_id, str):
                field.widget.attrs["aria-describedby"] = f"{self.auto_id % name}-help"


def of(user: User) -> dict[str, Any]:
    """The user's preferences by name (what a page's script reads)."""
    return {name: getattr(user, name) for name in NAMES}


def form_for(user: User) -> PreferencesForm:
    """The form filled with the user's preferences."""
    return PreferencesForm(initial=of(user), auto_id="pref_%s")


def save(user: User, given: Mapping[str, Any], *, partial: bool) -> list[str]:
    """Save the preferences ``given`` (form data: a checkbox's "on", or "true" / "false");
    ``partial``: the ones not given stay as they are, else an unticked box is off. The
    names that changed. Raises ``BadPreference`` (changing nothing) for a name that is no
    preference or a value that is not allowed."""
    given = {name: value for name, value in given.items() if name != "csrfmiddlewaretoken"}
    unknown = sorted(set(given) - set(NAMES))
    if unknown:
        raise BadPreference(
            _("There is no preference called %(name)s.") % {"name": ", ".join(unknown)}
        )
    not_a_box = sorted(
        name for name, value in given.items()
        if name != "theme" and str(value).lower() not in BOX_VALUES
    )
    if not_a_box:
        raise _not_allowed(PreferencesForm.base_fields, not_a_box)
    current = {name: _as_data(value) for name, value in of(user).items()}
    form = PreferencesForm({**current, **given} if partial else {"theme": user.theme, **given})
    if not form.is_valid():
        raise _not_allowed(form.fields, form.errors)
    changed = [name for name in NAMES if form.cleaned_data[name] != getattr(user, name)]
    if changed:
        for name in changed:
            setattr(user, name, form.cleaned_data[name])
        user.save(update_fields=changed)
        preferences_saved.send(sender=User, user=user, changed=changed)
    return changed


def skipping_questions(user_ids: Iterable[int | None]) -> frozenset[int]:
    """Those of these users who skip the routine questions."""
    wanted = [pk for pk in user_ids if pk is not None]
    if not wanted:
        return frozenset()
    skipping = User.objects.filter(pk__in=wanted, skip_questions=True).values_list("pk", flat=True)
    return frozenset(skipping)


def _not_allowed(fields: Mapping[str, forms.Field], names: Iterable[str]) -> BadPreference:
    """The refusal of values not allowed for the preferences ``names``, by their labels."""
    labels = ", ".join(str(fields[name].label) for name in names)
    return BadPreference(_("Not an allowed value for: %(names)s.") % {"names": labels})


def _as_data(value: Any) -> str:
    """A saved value as form data: a boolean as "true" / "false"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
