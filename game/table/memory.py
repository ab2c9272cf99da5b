"""What this process remembers about games from one version to the next (kept snapshots,
versions whose work was started, deal histories), forgotten in one place: a deleted
game's, or every game's when game ids may be given again (a test database emptied)."""

from __future__ import annotations

from collections.abc import Callable

Forget = Callable[[int | None], None]

_forgetters: list[Forget] = []


def kept(forget_game: Forget) -> Forget:
    """Register a memory's ``forget_game(game_id)`` (``None``: every game) with ``forget``."""
    _forgetters.append(forget_game)
    return forget_game


def forget(game_id: int | None = None) -> None:
    """Every memory of this process forgets this game (``None``: every game)."""
    for forget_game in _forgetters:
        forget_game(game_id)
