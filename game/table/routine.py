"""Routine questions: the stake and Single Hand questions, where a pass means nothing (no
Double, no Redouble, no SetDouble, no Single Hand).

The server makes such a pass at once: for a computer player (``bot_turns.pause``: no
pause) and for a person who chose to skip these questions (``User.skip_questions``:
``service.pass_for_person``, scheduled by ``game.table.auto_pass``, logged with an
``AUTO_PASS`` event before the engine's own). A pass in the auction is a call the table
reads, so it is never routine; nor is any other decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import Match

if TYPE_CHECKING:  # seats names this module's event among the table's own
    from game.table.seats import Seating

PASS = {"type": "pass"}
# The phases that ask a question a pass declines (RULES.md sections 5 and 6).
QUESTIONS = frozenset({"doubling", "seventh_card", "single_hand", "single_hand_doubling"})
# The event that says the server passed for a person (it comes before the pass itself).
AUTO_PASS = "auto_pass"


def asks_a_question(match: Match | None) -> bool:
    """Whether the deal in progress is at a routine question."""
    r = match.round if match is not None else None
    return r is not None and r.phase in QUESTIONS


def is_routine_pass(match: Match, action: dict[str, Any]) -> bool:
    """Whether ``action`` declines a routine question of this match now."""
    return action["type"] == "pass" and asks_a_question(match)


def asked_people(match: Match | None, players: Seating) -> list[int]:
    """The seats, in turn at a routine question, whose person acts there (no computer player
    holds the seat) and may pass."""
    if match is None or not asks_a_question(match):
        return []
    return [
        seat
        for seat in match.turn()
        if players[seat].user_id is not None
        and not players[seat].computer
        and PASS in match.legal_actions(seat)
    ]


def auto_pass_event(players: Seating, seat: int) -> dict[str, Any]:
    """The log's note that the server passed for the person in ``seat``."""
    return {"type": AUTO_PASS, "seat": seat, "player": players[seat].person}
