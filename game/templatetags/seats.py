"""``{% seat game 0 %}``: a seat's name with a "computer" badge when a bot holds it."""

from __future__ import annotations

from typing import Any

from django import template

from game.models import Game
from game.table.seats import seat_plate

register = template.Library()


@register.inclusion_tag("dashboard/seat.html")
def seat(game: Game, number: int) -> dict[str, Any]:
    """The name shown for seat ``number`` (0-3) of ``game``, badged for a computer player."""
    return seat_plate(game, number)


@register.filter
def seat_plates(game: Game) -> list[dict[str, Any]]:
    """Every seat of ``game`` as ``seat_plate`` describes it, seat 0 first."""
    return [seat_plate(game, number) for number in range(4)]
