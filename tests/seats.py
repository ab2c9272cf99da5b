"""Reading and setting seat rows in tests, as the host's form and the table would leave them."""

from __future__ import annotations

from game.models import Seat


def levels(game_id: int) -> list[str]:
    """Each seat's computer player level, "" for a person's seat."""
    return [seat.computer for seat in Seat.objects.filter(game_id=game_id).order_by("number")]


def user_in(game_id: int, number: int) -> int | None:
    """The user id seated in seat ``number``, None when nobody is."""
    return Seat.objects.get(game_id=game_id, number=number).user_id


def put(game_id: int, number: int, user_id: int | None = None, computer: str = "") -> None:
    """Change one seat's row directly (no version, no announcement)."""
    Seat.objects.filter(game_id=game_id, number=number).update(user_id=user_id, computer=computer)


def seat_ids(game_id: int) -> list[int | None]:
    """The user id in each seat 0-3, None for an empty seat."""
    return [seat.user_id for seat in Seat.objects.filter(game_id=game_id).order_by("number")]
