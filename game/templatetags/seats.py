"""``{% seat game 0 %}``: a seat's name with a "computer" badge when a bot holds it."""

from __future__ import annotations

import json
from typing import Any

from django import template

from game.models import Game
from game.table import store

register = template.Library()


@register.inclusion_tag("dashboard/seat.html")
def seat(game: Game, number: int) -> dict[str, Any]:
    """The name shown for seat ``number`` (0-3) of ``game``, badged for a computer player."""
    return store.seating(game)[number].plate()


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
