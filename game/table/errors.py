"""Refusals at the table: one exception whose ``code`` is the protocol's error code."""

from __future__ import annotations

from django.utils.translation import gettext as _


class TableError(Exception):
    """A refused request; ``code`` is the protocol's error code, the message plain words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def no_game(game_id: int) -> TableError:
    """The refusal for a game that does not exist (the socket closes with 4404)."""
    return TableError(
        "no_game",
        _("Game %(game)s does not exist (it may have been deleted).") % {"game": game_id},
    )


# Close codes of the table's websocket (docs/protocol.md).
CLOSE_NOT_LOGGED_IN = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NO_GAME = 4404
CLOSE_FLOOD = 4408
CLOSE_TOO_MANY = 4429
