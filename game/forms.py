"""The host's form: name, conference link, play direction, the four seats and the rules.

The rule fields are built from ``OPTION_VALUES`` (default first) with the labels of
``game.rule_options``; once play has started they are disabled, so they show the
game's rules read-only and ignore whatever a request sends for them.
"""

from __future__ import annotations

import unicodedata
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import names
from accounts.friends import friends_of
from accounts.models import User
from game.engine import Rules
from game.engine.rules import OPTION_VALUES
from game.models import Game
from game.rule_options import RULE_OPTIONS, value_label
from game.table import match_end, store, turn_timer, watchers
from game.table.seat_changes import seats_changed
from game.table.seats import LEVELS, SEATS, Seating, empty_seating

SEAT_LABELS = (
    gettext_lazy("Seat 1 - partner of seat 3"),
    gettext_lazy("Seat 2 - partner of seat 4"),
    gettext_lazy("Seat 3 - partner of seat 1"),
    gettext_lazy("Seat 4 - partner of seat 2"),
)
EMPTY_SEAT = ""
# A seat's choice for a computer player: "bot:easy", "bot:strong".
BOT_CHOICE = "bot:"
DRAWN = "seats_drawn"
NAME_MAX = 80  # Game.name  # the hidden field: the seats as the form's page drew them
BOT_LABELS = {
    "easy": gettext_lazy("Computer player - easy (quick, makes human mistakes)"),
    "strong": gettext_lazy("Computer player - strong (thinks harder)"),
}


def timer_label(seconds: int) -> str:
    """How one turn timer choice is shown: "Off", "60 seconds"."""
    if not seconds:
        return str(_("Off"))
    return str(_("%(seconds)s seconds a decision") % {"seconds": seconds})


AUTO_TIMER = gettext_lazy("Automatic")


TIMER_CHOICES = [(seconds, lazy(timer_label, str)(seconds)) for seconds in turn_timer.CHOICES]


def play_to_label(sets: int) -> str:
    """How one "play to" choice is shown: "No end", "First team to win 3 sets"."""
    if not sets:
        return str(_("No end"))
    return str(
        ngettext("First team to win %(sets)s set", "First team to win %(sets)s sets", sets)
        % {"sets": sets}
    )


def _seat_choice(user_id: int | None, computer: str) -> str:
    """A seat's holder as the form's seat field writes it: a user id, ``bot:`` and a level,
    or empty."""
    if user_id is not None:
        return str(user_id)
    return BOT_CHOICE + computer if computer else EMPTY_SEAT


def seat_field(seat: int) -> str:
    """The form field of a seat, e.g. ``seat_0``."""
    return f"seat_{seat}"


def rule_field(name: str) -> str:
    """The form field of a rule option, e.g. ``rule_min_bid``."""
    return f"rule_{name}"


def _key(value: Any) -> str:
    return str(value)


class SeatingChanged(Exception):
    """The seats changed while the host had the form open, so that the save cannot keep both:
    nothing was saved (``GameForm.save``)."""


# Unicode categories of format, control, surrogate, private and unassigned characters.
INVISIBLE = frozenset({"Cf", "Cc", "Cs", "Co", "Cn"})


def shown_as_written(link: str) -> None:
    """Refuse a link holding characters that change how it reads without being seen
    (direction overrides, zero-width and control characters): "…/\u202egnp.exe" shows as
    "…/exe.png"."""
    if any(unicodedata.category(char) in INVISIBLE for char in link):
        raise ValidationError(
            _("A link cannot hold invisible or direction characters."), code="invisible")


class ConferenceLinkField(forms.URLField):
    """A URL field that takes only http and https links (no javascript:, data:, ftp:), shown
    as written (``shown_as_written``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators = [shown_as_written, URLValidator(schemes=["http", "https"])]


class GameForm(forms.ModelForm):  # type: ignore[type-arg]
    """Creates or edits the host's game; ``host`` is the person asking."""

    conference_link = ConferenceLinkField(
        required=False,
        max_length=500,
        assume_scheme="https",
        label=gettext_lazy("Conference link"),
        help_text=gettext_lazy("A Zoom, Meet, Jitsi... link shown at the table (http or https)."),
        widget=forms.URLInput(attrs={"placeholder": "https://meet.example.com/our-table"}),
    )

    turn_timer = forms.TypedChoiceField(
        label=gettext_lazy("Turn timer"),
        coerce=int,
        choices=[("", AUTO_TIMER), *TIMER_CHOICES],
        initial="",
        required=False,
        empty_value=None,
        help_text=gettext_lazy(
            "Time a person has for each decision; when it runs out an easy computer player "
            "decides for them, and after two in a row it takes their seat until they are back. "
            "Automatic: off while you play alone with computer players, 60 seconds once another "
            "person sits down. Computer players are never timed. You can change it at any time."
        ),
    )
    play_to = forms.TypedChoiceField(
        label=gettext_lazy("Play to"),
        coerce=int,
        choices=[(sets, lazy(play_to_label, str)(sets)) for sets in match_end.PLAY_TO],
        initial=0,
        required=False,
        empty_value=0,  # type: ignore[arg-type]
        help_text=gettext_lazy(
            "The match ends when a team has won this many sets (its red sets and the other "
            "team's black sets); then you can start a rematch."
        ),
    )

    class Meta:
        model = Game
        fields = ("name", "conference_link", "play_direction", "bot_pace", "hints")
        labels: ClassVar[dict[str, Any]] = {
            "name": gettext_lazy("Game name"),
            "play_direction": gettext_lazy("Play direction"),
            "bot_pace": gettext_lazy("Computer players' pace"),
            "hints": gettext_lazy("Hints"),
        }
        help_texts: ClassVar[dict[str, Any]] = {
            "name": gettext_lazy("Shown to your friends on their dashboards."),
            "play_direction": gettext_lazy(
                "How the table is drawn; the order of play is the same."
            ),
            "bot_pace": gettext_lazy("How long the computer players pause before they act."),
            "hints": gettext_lazy(
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
        if game.pk:  # people seated by the invite link stay choosable (guests are no friends)
            known = {p.pk for p in people}
            people += User.objects.filter(seats__game=game).exclude(pk__in=known).distinct()
        you = _("%(name)s (you)")
        choices = [(EMPTY_SEAT, _("(empty for now)"))] + [
            (str(p.pk), you % {"name": p.display_name} if p.pk == host.pk else p.display_name)
            for p in people
        ] + [(BOT_CHOICE + level, BOT_LABELS[level]) for level in LEVELS]
        self.before: Seating = store.seating(game) if game.pk else empty_seating()
        seated = [p.user_id for p in self.before] if game.pk else [host.pk, None, None, None]
        bots = [p.computer for p in self.before]
        drawn = [_seat_choice(seated[seat], bots[seat]) for seat in SEATS]
        # The seats as this page drew them, sent back with the save: a seat the host left
        # alone keeps whoever took it after the page was drawn (``_over_seating_now``).
        self.fields[DRAWN] = forms.CharField(
            required=False, widget=forms.HiddenInput, initial=",".join(drawn)
        )
        for seat in SEATS:
            initial = drawn[seat]
            self.fields[seat_field(seat)] = forms.ChoiceField(
                label=SEAT_LABELS[seat],
                choices=choices,
                error_messages={
                    "invalid_choice": _(
                        "Only you and your friends can take a seat. "
                        "A computer player can take any seat."
                    )
                },
                required=False,
                initial=initial,
                help_text=self._handed_over(seat, bots[seat]) if seated[seat] else "",
            )
        if game.pk:
            self.fields["turn_timer"].initial = "" if game.turn_timer is None else game.turn_timer
            self.fields["play_to"].initial = game.play_to
        else:
            self.initial["name"] = _("%(name)s's game") % {"name": host.display_name}
        # The match's end is fixed with the rules once play has started (a rematch keeps it).
        self.fields["play_to"].disabled = game.started
        rules = Rules.from_dict(game.rules or {})
        for name, values in OPTION_VALUES.items():
            option = RULE_OPTIONS[name]
            self.fields[rule_field(name)] = forms.ChoiceField(
                label=str(option.label),
                help_text=str(option.help),
                choices=[(_key(v), value_label(name, v)) for v in values],
                initial=_key(getattr(rules, name)),
                disabled=game.started,
            )

    @property
    def detail_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.Meta.fields]

    @property
    def table_fields(self) -> list[forms.BoundField]:
        """The table's own options (not rules of the game): the turn timer and the match's end."""
        return [self["turn_timer"], self["play_to"]]

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self[seat_field(seat)] for seat in SEATS]

    @property
    def rule_fields(self) -> list[forms.BoundField]:
        return [self[rule_field(name)] for name in OPTION_VALUES]

    def clean_name(self) -> str:
        """The game's name as shown on dashboards (``accounts.names``: something that shows)."""
        try:
            return names.clean_name(self.cleaned_data["name"], NAME_MAX)
        except names.BadName as bad:
            raise forms.ValidationError(str(bad)) from None

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
                    _(
                        "This person already sits in seat %(number)s; "
                        "each person takes one seat."
                    )
                    % {"number": taken[chosen] + 1},
                )
            else:
                taken[chosen] = seat
        if not self.errors:
            self._refuse_watchers()
        return cleaned

    def _refuse_watchers(self) -> None:
        """Nobody knows two hands of the deal in progress (``watchers.barred``): each seat
        that would go to such a person says why."""
        if self.instance.pk is None:
            return
        words = {
            "held_elsewhere": _(
                "%(name)s has held another seat in this deal: move them when it ends "
                "(a computer player can hold this seat until then)."
            ),
            "watched_deal": _(
                "%(name)s watched this deal with every hand shown: seat them when it "
                "ends (a computer player can hold the seat until then)."
            ),
        }
        seated = [p.user_id for p in self.before]
        for user_id, (seat, why) in watchers.barred(
            self.instance, seated, self.chosen_seats()
        ).items():
            person = User.objects.get(pk=user_id)
            self.add_error(seat_field(seat), words[why] % {"name": person.display_name})

    def save(self, commit: bool = True) -> Game:
        """Create the game, or update only what this form edits (never the saved match).

        The rules change only while play has not started, checked again under a lock
        in case the first deal happened while the host was filling in the form. A
        change the table shows (seats, name, link, direction) is then announced to it
        (``seat_changes.seats_changed``).
        """
        if not commit:
            raise ValueError("GameForm saves in one transaction; call save() with commit=True")
        chosen = self.chosen_holders()
        timer = self.cleaned_data["turn_timer"]  # None: automatic (``turn_timer.length``)
        edited = {
            "name": self.cleaned_data["name"],
            "conference_link": self.cleaned_data["conference_link"],
            "play_direction": self.cleaned_data["play_direction"],
            "turn_timer": timer,
            "bot_pace": self.cleaned_data["bot_pace"] or self.instance.bot_pace,
            "hints": self.cleaned_data["hints"] or self.instance.hints,
        }
        with transaction.atomic():
            if self.instance.pk is None:
                game = Game(
                    host=self.host, rules=self.chosen_rules().to_dict(),
                    play_to=self.cleaned_data["play_to"], **edited,
                )
                game.save()
                store.save_seats(game.pk, chosen)
                return game
            game, before = store.locked(self.instance.pk)
            chosen = self._over_seating_now(chosen, game, before)
            shown = any(getattr(game, key) != value for key, value in edited.items())
            # A timer turned on mid-turn counts from now, not from when the decision began.
            timer_on = not turn_timer.at_seating(game.turn_timer, before) and bool(
                turn_timer.length(timer, turn_timer.people(chosen)))
            for key, value in edited.items():
                setattr(game, key, value)
            fields = list(edited)
            if not game.started:
                game.rules = self.chosen_rules().to_dict()
                game.play_to = self.cleaned_data["play_to"]
                fields += ["rules", "play_to"]
            game.save(update_fields=fields)  # a new version, if any, is written below
            seated = store.save_seats(game.pk, chosen)
            if shown or seated:  # the new seats and their version in one transaction
                seats_changed(game.pk, before, new_turn=timer_on)
        if shown or seated:
            game.refresh_from_db()
        return game

    def _over_seating_now(
        self, chosen: list[tuple[int | None, str]], game: Game, now: Seating
    ) -> list[tuple[int | None, str]]:
        """The seats to write, under the game row's lock: the host's changes over the seats
        as they are now (a seat the host left alone keeps whoever took it meanwhile, by the
        invite link say). Raises ``SeatingChanged`` when a seat the host changed has changed
        since the form was read, or when the change would now seat someone who knows
        another hand of the deal in progress."""
        merged: list[tuple[int | None, str]] = []
        asked = [self.cleaned_data[seat_field(seat)] or EMPTY_SEAT for seat in SEATS]
        for wanted, choice, was, held in zip(chosen, asked, self._drawn(), now, strict=True):
            if choice == was:
                merged.append((held.user_id, held.computer))
            elif _seat_choice(held.user_id, held.computer) != was:
                raise SeatingChanged
            else:
                merged.append(wanted)
        people = [user for user, _level in merged if user is not None]
        if len(people) != len(set(people)):  # someone took a seat the host now gives them
            raise SeatingChanged
        if watchers.barred(game, [p.user_id for p in now], [user for user, _level in merged]):
            raise SeatingChanged
        return merged

    def _drawn(self) -> list[str]:
        """Each seat's holder as the page drew it, as its seat field writes it (the form's
        hidden field); the seats as read with this request when that is missing or malformed."""
        as_read = [_seat_choice(p.user_id, p.computer) for p in self.before]
        parts = (self.cleaned_data.get(DRAWN) or "").split(",")
        if len(parts) != len(SEATS):
            return as_read
        for part in parts:
            level = part.removeprefix(BOT_CHOICE)
            if not (part == EMPTY_SEAT or part.isdigit() or (part != level and level in LEVELS)):
                return as_read
        return parts

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

    def newly_seated(self) -> set[int]:
        """The people the saved form seated who were not seated before (the host aside)."""
        before = {p.user_id for p in self.before}
        return {
            user_id for user_id in self.chosen_seats()
            if user_id is not None and user_id not in before and user_id != self.host.pk
        }

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
        return _(
            "A computer player (%(level)s) plays this seat for now; give it back from the "
            "dashboard or the table."
        ) % {"level": _(level)}
