"""Django admin for games, their action logs, recorded deals and chat."""

from typing import Any, ClassVar

from django.contrib import admin
from django.db import models

from game.forms import ConferenceLinkField
from game.models import ChatMessage, DealRecord, Game, GameAction, Seat


class SeatInline(admin.TabularInline):
    """A game's four seats: who holds each (a person, a computer player's level, or both)."""

    model = Seat
    extra = 0
    max_num = 4
    can_delete = False
    raw_id_fields = ("user",)
    fields = ("seat", "user", "computer", "joined", "link_open")
    readonly_fields = ("seat", "joined")

    @admin.display(description="seat")
    def seat(self, seat: Seat) -> int:
        return seat.number + 1

    def has_add_permission(self, request: object, obj: object = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """A host's game; the saved match (``state``) is shown but not edited here."""

    list_display = ("name", "host", "started", "version", "updated")
    search_fields = ("name", "host__email")
    raw_id_fields = ("host",)
    inlines = (SeatInline,)
    readonly_fields = ("state", "version", "created", "updated")
    formfield_overrides: ClassVar[dict[Any, dict[str, Any]]] = {
        models.URLField: {"form_class": ConferenceLinkField, "assume_scheme": "https"}
    }

    @admin.display(boolean=True)
    def started(self, game: Game) -> bool:
        return game.started


@admin.register(GameAction)
class GameActionAdmin(admin.ModelAdmin):
    """The append-only log, read-only."""

    list_display = ("game", "seq", "seat", "actor", "created")
    list_filter = ("game",)

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False


@admin.register(DealRecord)
class DealRecordAdmin(GameActionAdmin):
    """Each game's recorded deals, read-only."""

    list_display = ("game", "number", "outcome", "version", "created")
    list_filter = ("outcome",)


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """Table chat, for staff who must remove a line: read and delete, never write."""

    list_display = ("game", "name", "text", "created")
    search_fields = ("text", "name")
    raw_id_fields = ("game", "author")

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
