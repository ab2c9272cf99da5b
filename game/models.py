"""A hosted game (seats, options, the engine's saved match) and its action log."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from game.table.seats import LEVELS


class PlayDirection(models.TextChoices):
    """How the table is drawn; the engine only knows play order."""

    COUNTER_CLOCKWISE = "ccw", _("Counter-clockwise")
    CLOCKWISE = "cw", _("Clockwise")


class BotPace(models.TextChoices):
    """How long the computer players pause before they act (a multiple of ``BOT_DELAY``)."""

    QUICK = "quick", _("Quick")
    NORMAL = "normal", _("Normal")
    SLOW = "slow", _("Slow")


class Hints(models.TextChoices):
    """Who may ask for a hint at the table (``game.table.hints``)."""

    SOLO = "solo", _("Only while no other person plays")
    ON = "on", _("Allowed")
    OFF = "off", _("Not allowed")


class Game(models.Model):
    """One host's table: rule options and the saved match; its four seats are ``Seat`` rows.

    ``rules`` holds the fields of ``game.engine.Rules``; ``state`` holds
    ``Match.to_json()`` once play has started (empty before). ``version`` rises
    by one with every change, so clients can tell when they missed one.
    """

    host = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_game"
    )
    name = models.CharField(max_length=80)
    conference_link = models.URLField(blank=True, max_length=500)
    play_direction = models.CharField(
        max_length=3, choices=PlayDirection.choices, default=PlayDirection.COUNTER_CLOCKWISE
    )
    rules = models.JSONField(default=dict, blank=True)
    state = models.TextField(blank=True, default="")
    version = models.PositiveIntegerField(default=0)
    # When the next deal starts by itself (set while a finished deal's result is shown).
    next_deal_at = models.DateTimeField(null=True, blank=True)
    # Whether spectators may write in the table chat (the host turns it off and on).
    spectator_chat = models.BooleanField(default=True)
    # The host's invite link (``game.invite.links``): its secret token, None while there is
    # none, and when it stops working (None: never).
    invite_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    invite_expires = models.DateTimeField(null=True, blank=True)
    # Table policy, not engine rules (game.table.turn_timer, game.table.match_end): seconds a
    # person has for each decision (0: no timer; None: automatic, by who sits at the table),
    # and the sets a team must win to end the match (0: it never ends). ``match_no`` counts
    # the matches played here (a rematch adds one).
    turn_timer = models.PositiveSmallIntegerField(default=0, null=True)
    play_to = models.PositiveSmallIntegerField(default=0)
    match_no = models.PositiveIntegerField(default=1)
    # The computer players' pace and who may ask for hints: table policy, changed at any time.
    bot_pace = models.CharField(max_length=6, choices=BotPace.choices, default=BotPace.NORMAL)
    hints = models.CharField(max_length=4, choices=Hints.choices, default=Hints.SOLO)
    # People who left a seat during a deal (``game.table.store.save_seats``): user id ->
    # [match number, deal number, seat]. Until that deal ends they watch it from that seat's
    # view (they saw its hand), never every hand, so none comes back to play knowing them.
    left_seats = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # When the latest version was written, and when the decision it asks for began (a move,
    # a deal or a reset begins one; a change of seats or names keeps it, unless it gave a seat
    # in turn to someone else): a person's turn timer runs from ``turn_began``. Only
    # ``game.table.store`` writes them, never a plain ``save()``, which makes no version.
    updated = models.DateTimeField(default=timezone.now)
    turn_began = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.name

    @property
    def started(self) -> bool:
        """True once the first deal has been made."""
        return bool(self.state)


class Seat(models.Model):
    """One of a game's four seats and who holds it: a person (``user``), a computer player
    (``computer``, its level), both (the host handed the person's seat to a computer player,
    which plays until the seat is given back), or nobody yet.

    ``joined``: the person has opened the table (the first deal waits for every person).
    Only ``game.table.store`` reads and writes these rows.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # 0-3, in the order of play
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    computer = models.CharField(
        max_length=10,
        blank=True,
        default="",
        choices=[("", "-"), *((level, level) for level in LEVELS)],
    )
    joined = models.BooleanField(default=False)
    # A visitor of the host's invite link may take this seat while no person holds it
    # (taking a computer player's seat replaces the computer player).
    link_open = models.BooleanField(default=True)
    # The server handed the person's seat to ``computer`` (time ran out twice, or they were
    # gone on their turn): the person takes it back themself by acting ("I'm back").
    auto = models.BooleanField(default=False)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_seat_number"),
            models.CheckConstraint(
                condition=models.Q(number__lte=3), name="seat_number_0_to_3"
            ),
        ]
        ordering: ClassVar[list[str]] = ["game", "number"]

    def __str__(self) -> str:
        return f"seat {self.number + 1} of game {self.game_id}"


class GameAction(models.Model):
    """Append-only log: one row for every change applied to a game, numbered by version."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.JSONField()
    events = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_action_seq"),
        ]
        ordering: ClassVar[list[str]] = ["game", "seq"]


class DealRecord(models.Model):
    """One deal that ended (scored, annulled, or abandoned by a reset), as the table saw it.

    Written by ``game.table.deal_history`` in the same transaction as the change that ended
    the deal. ``summary`` and ``events`` hold only the deal's public events and what
    follows from them: never a card that stayed hidden.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()  # the match's round number
    version = models.PositiveIntegerField()  # the game version whose change ended it
    outcome = models.CharField(max_length=10)  # made, lost, annulled or abandoned
    summary = models.JSONField()
    events = models.JSONField()
    # What the analysis needs and no page is ever sent: the deal's deck (top first), its
    # dealer and who held each seat (user ids). Empty for a deal that cannot be analysed.
    private = models.JSONField(default=dict, blank=True)
    # The analysis (``game.table.deal_review``): None until the bot worker has made it.
    analysis = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # The match of the game it belongs to (``Game.match_no`` then) and the person who held
    # each seat as it ended (None: empty, or a computer player held it): the account's
    # statistics read these (``game.stats``).
    match_no = models.PositiveIntegerField(default=1)
    player_0 = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    player_1 = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    player_2 = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    player_3 = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_deal_number"),
        ]
        ordering: ClassVar[list[str]] = ["game", "number"]


class ChatMessage(models.Model):
    """One line of a table's chat, kept with the game so a reload shows the recent ones."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=150)  # the author's shown name when they wrote it
    seat = models.SmallIntegerField(null=True, blank=True)  # None: a spectator
    text = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["game", "-id"], name="chat_recent"),
        ]


class TablePresence(models.Model):
    """One open socket at a table, so every server process can tell who has the table open.

    A row lives while its socket does; ``seen`` is refreshed by the socket, and a row not
    refreshed for ``PRESENCE_EXPIRY`` seconds no longer counts (a process that stopped
    without running ``disconnect()`` leaves such rows behind).
    """

    channel_name = models.CharField(max_length=200, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen = models.DateTimeField()

    class Meta:
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["game", "seen"], name="presence_by_game"),
        ]


class DealWatcher(models.Model):
    """Someone who was sent every hand of a deal in progress (a spectator): they may not take
    a seat in that deal (``game.table.watchers``). Rows of earlier deals are pruned."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match_no = models.PositiveIntegerField()
    round_no = models.PositiveIntegerField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["game", "user", "match_no", "round_no"], name="one_watch_per_deal"
            ),
        ]


class BotTurn(models.Model):
    """Which version of a game's computer-player turn a server process has taken on, and
    until when; see ``game.table.bot_claims``. One row per game, rewritten turn by turn."""

    game = models.OneToOneField(Game, primary_key=True, on_delete=models.CASCADE)
    version = models.PositiveIntegerField()
    # Seconds since the epoch after which another process may take the turn over.
    until = models.FloatField()


class Guest(models.Model):
    """A guest account's one table: the game whose invite link made it (None once the host
    removed the guest or the game is gone), and when it last opened a page there."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="guest"
    )
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="guests"
    )
    seen = models.DateTimeField()

    def __str__(self) -> str:
        return f"guest {self.user_id} of game {self.game_id}"


class SeatedMail(models.Model):
    """A "you have a seat" email sent to a user for a game: one per game and person."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["game", "user"], name="one_seated_mail"),
        ]
