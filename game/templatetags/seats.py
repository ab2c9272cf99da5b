"""``{% seat game 0 %}``: a seat's name with a "computer" badge when a bot holds it
(``{% seat game 0 as first %}`` keeps it for a sentence); a computer player's level in words."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy

from game.models import Game
from game.table import store

register = template.Library()

LEVEL_WORDS = {"easy": gettext_lazy("easy"), "strong": gettext_lazy("strong")}


@register.simple_tag
def seat(game: Game, number: int) -> SafeString:
    """The name shown for seat ``number`` (0-3) of ``game``, badged for a computer player."""
    return render_to_string("dashboard/seat.html", store.seating(game)[number].plate())


@register.filter
def level_name(level: str) -> str:
    """A computer player's level in the reader's language."""
    return str(LEVEL_WORDS.get(level, level))


@register.filter
def seat_plates(game: Game) -> list[dict[str, Any]]:
    """Every seat of ``game`` as the dashboard shows it, seat 0 first."""
    return [player.plate() for player in store.seating(game)]


@register.filter
def seat_key(game: Game) -> str:
    """Who holds each seat, as the dashboard socket's ``game`` message tells it (each seat's
    name and whether a computer player holds it): the page compares the two to know when
    the card it shows is older than the message (static/js/dashboard.js)."""
    holders = [[player.name, bool(player.computer)] for player in store.seating(game)]
    return json.dumps(holders, separators=(",", ":"), ensure_ascii=False)
