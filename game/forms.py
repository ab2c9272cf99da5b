"""The host's form: name, conference link, play direction, the four seats and the rules.

The rule fields are built from ``OPTION_VALUES`` (default first) with the labels of
``game.rule_options``; once play has started they are disabled, so they show the
game's rules read-only and ignore whatever a request sends for them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.core.validators import URLValidator
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.friends import friends_of
from accounts.models import User
from game.engine import Rules
from game.engine.rules import OPTION_VALUES
from game.models import Game
from game.rule_options import RULE_OPTIONS, value_label
from game.table import store
from game.table.seats import LEVELS, SEATS, Seating, empty_seating
from game.table.service import seats_changed

SEAT_LABELS = (
    "Seat 1 - partner of seat 3",
    "Seat 2 - partner of seat 4",
    "Seat 3 - partner of seat 1",
    "Seat 4 - partner of seat 2",
)
EMPTY_SEAT = ""
# A seat's choice for a computer player: "bot:easy", "bot:strong".
BOT_CHOICE = "bot:"
BOT_LABELS = {
    "easy": "Computer player - easy (quick, makes human mistakes)",
    "strong": "Computer player - strong (thinks harder)",
}


def seat_field(seat: int) -> str:
    """The form field of a seat, e.g. ``seat_0``."""
    return f"seat_{seat}"


def rule_field(name: str) -> str:
    """The form field of a rule option, e.g. ``rule_min_bid``."""
    return f"rule_{name}"


def _key(value: Any) -> str:
    return str(value)


class ConferenceLinkField(forms.URLField):
    """A URL field that takes only http and https links (no javascript:, data:, ftp:)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators = [URLValidator(schemes=["http", "https"])]


class GameForm(forms.ModelForm):  # type: ignore[type-arg]
    """Creates or edits the host's game; ``host`` is the person asking."""

    conference_link = ConferenceLinkField(
        required=False,
        max_length=500,
        assume_scheme="https",
        help_text="A Zoom, Meet, Jitsi... link shown at the table (http or https).",
        widget=forms.URLInput(attrs={"placeholder": "https://meet.example.com/our-table"}),
    )

    class Meta:
        model = Game
        fields = ("name", "conference_link", "play_direction", "bot_pace", "hints")
        labels: ClassVar[dict[str, Any]] = {
            "name": "Game name",
            "play_direction": "Play direction",
            "bot_pace": _("Computer players' pace"),
            "hints": _("Hints"),
        }
        help_texts: ClassVar[dict[str, Any]] = {
            "name": "Shown to your friends on their dashboards.",
            "play_direction": "How the table is drawn; the order of play is the same.",
            "bot_pace": _("How long the computer players pause before they act."),
            "hints": _(
                "A player may ask what the strong computer player would do; everyone's log "
                "says so. By default hints are allowed only while you are the only person "
                "playing (you and computer players): with friends at the table they are off."
            ),
        }

    def __init__(self, *args: Any, host: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.host = host
        game: Game = self.instance
        # Table policy: a form that leaves them out keeps the game's (or the defaults).
        for name in ("bot_pace", "hints"):
            self.fields[name].required = False
        people = [host, *friends_of(host)]
        choices = [(EMPTY_SEAT, "(empty for now)")] + [
            (str(p.pk), f"{p.display_name} (you)" if p.pk == host.pk else p.display_name)
            for p in people
        ] + [(BOT_CHOICE + level, BOT_LABELS[level]) for level in LEVELS]
        self.before: Seating = store.seating(game) if game.pk else empty_seating()
        seated = [p.user_id for p in self.before] if game.pk else [host.pk, None, None, None]
        bots = [p.computer for p in self.before]
        for seat in SEATS:
            initial = str(seated[seat]) if seated[seat] else EMPTY_SEAT
            if bots[seat] and seated[seat] is None:
                initial = BOT_CHOICE + bots[seat]
            self.fields[seat_field(seat)] = forms.ChoiceField(
                label=SEAT_LABELS[seat],
                choices=choices,
                error_messages={
                    "invalid_choice": "Only you and your friends can take a seat. "
                    "A computer player can take any seat."
                },
                required=False,
                initial=initial,
                help_text=self._handed_over(seat, bots[seat]) if seated[seat] else "",
            )
        rules = Rules.from_dict(game.rules or {})
        for name, values in OPTION_VALUES.items():
            option = RULE_OPTIONS[name]
            self.fields[rule_field(name)] = forms.ChoiceField(
                label=option.label,
                help_text=option.help,
                choices=[(_key(v), value_label(name, v)) for v in values],
                initial=_key(getattr(rules, name)),
                disabled=game.started,
            )

    @property
    def detail_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.Meta.fields]

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self[seat_field(seat)] for seat in SEATS]

    @property
    def rule_fields(self) -> list[forms.BoundField]:
        return [self[rule_field(name)] for name in OPTION_VALUES]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        taken: dict[str, int] = {}
        for seat in SEATS:
            chosen = cleaned.get(seat_field(seat)) or EMPTY_SEAT
            if chosen == EMPTY_SEAT or chosen.startswith(BOT_CHOICE):
                continue
            if chosen in taken:
                self.add_error(
                    seat_field(seat),
                    f"This person already sits in seat {taken[chosen] + 1}; "
                    "each person takes one seat.",
                )
            else:
                taken[chosen] = seat
        return cleaned

    def save(self, commit: bool = True) -> Game:
        """Create the game, or update only what this form edits (never the saved match).

        The rules change only while play has not started, checked again under a lock
        in case the first deal happened while the host was filling in the form. A
        change the table shows (seats, name, link, direction) is then announced to it
        (``service.seats_changed``).
        """
        if not commit:
            raise ValueError("GameForm saves in one transaction; call save() with commit=True")
        chosen = self.chosen_holders()
        edited = {
            "name": self.cleaned_data["name"],
            "conference_link": self.cleaned_data["conference_link"],
            "play_direction": self.cleaned_data["play_direction"],
            "bot_pace": self.cleaned_data["bot_pace"] or self.instance.bot_pace,
            "hints": self.cleaned_data["hints"] or self.instance.hints,
        }
        with transaction.atomic():
            if self.instance.pk is None:
                game = Game(host=self.host, rules=self.chosen_rules().to_dict(), **edited)
                game.save()
                store.save_seats(game.pk, chosen)
                return game
            game, _players = store.locked(self.instance.pk)
            shown = any(getattr(game, key) != value for key, value in edited.items())
            for key, value in edited.items():
                setattr(game, key, value)
            fields = list(edited)
            if not game.started:
                game.rules = self.chosen_rules().to_dict()
                fields.append("rules")
            game.save(update_fields=[*fields, "updated"])
            seated = store.save_seats(game.pk, chosen)
        if shown or seated:
            seats_changed(game.pk)
            game.refresh_from_db()
        return game

    def chosen_rules(self) -> Rules:
        """The rules picked in the form (the game's own once play has started)."""
        picked = {}
        for name, values in OPTION_VALUES.items():
            by_key = {_key(v): v for v in values}
            picked[name] = by_key[self.cleaned_data[rule_field(name)]]
        return Rules(**picked)

    def chosen_seats(self) -> list[int | None]:
        """The user id in each seat, None for an empty one or a computer player's."""
        chosen = [self.cleaned_data[seat_field(seat)] for seat in SEATS]
        return [
            int(value) if value and not value.startswith(BOT_CHOICE) else None for value in chosen
        ]

    def chosen_holders(self) -> list[tuple[int | None, str]]:
        """Who holds each seat: ``(user id, computer level)``. A person the host has handed
        over to a computer player and keeps in the seat stays handed over."""
        holders: list[tuple[int | None, str]] = []
        for seat, user_id in enumerate(self.chosen_seats()):
            value = self.cleaned_data[seat_field(seat)] or EMPTY_SEAT
            if value.startswith(BOT_CHOICE):
                holders.append((None, value.removeprefix(BOT_CHOICE)))
            elif user_id is not None and user_id == self.before[seat].user_id:
                holders.append((user_id, self.before[seat].computer))
            else:
                holders.append((user_id, ""))
        return holders

    @staticmethod
    def _handed_over(seat: int, level: str) -> str:
        if not level:
            return ""
        return (
            f"A computer player ({level}) plays this seat for now; give it back from the "
            "dashboard or the table."
        )
