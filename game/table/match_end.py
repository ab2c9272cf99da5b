"""A match that ends: the host's "play to" option, who has won, and what the table is told.

Table policy, not an engine rule: the engine keeps a tally of each team's red and black
sets and plays on for ever (RULES.md section 9); the table stops dealing once a team has
won ``play_to`` sets (1, 3 or 5; 0: no end). A team wins a set with each red set of its
own and each black set of the other team (a black set is a game lost, so the other team
won it). The match is over between deals while a team has reached the mark: the next
deal is not due (``service``), the change that ended it carries a ``match_end`` event
(the log, the deal's record), and the host may start a rematch, which puts both scores
and tallies back to 0 on the same seats and options.
"""

from __future__ import annotations

from typing import Any

from game.engine import Match
from game.table.snapshot import Snapshot

PLAY_TO = (0, 1, 3, 5)
MATCH_END = "match_end"
REMATCH = "rematch"


def sets_won(match: Match) -> list[int]:
    """The sets each team has won: its own red sets and the other team's black sets."""
    (red0, black0), (red1, black1) = match.sets
    return [red0 + black1, red1 + black0]


def winner(match: Match | None, play_to: int) -> int | None:
    """The team that has won the match (0 or 1), or None while it goes on (or never ends)."""
    if not play_to or match is None or match.round is not None:
        return None
    won = sets_won(match)
    if max(won) < play_to or won[0] == won[1]:
        return None
    return 0 if won[0] > won[1] else 1


def with_match_end(
    events: list[dict[str, Any]], match: Match | None, play_to: int, match_no: int
) -> list[dict[str, Any]]:
    """``events`` and, when they end a deal that ends the match, a ``match_end`` event."""
    if match is None or not any(e["type"] == "round_end" for e in events):
        return events
    team = winner(match, play_to)
    if team is None:
        return events
    end = {"type": MATCH_END, "winner": team, "sets_won": sets_won(match),
           "score": list(match.score), "number": match_no}
    return [*events, end]


def match_message(snapshot: Snapshot) -> dict[str, Any]:
    """``table.match`` of a state message: the mark, each team's sets won, the winner
    (None while the match goes on) and which match of the game this is."""
    match = snapshot.match
    return {
        "play_to": snapshot.play_to,
        "sets_won": sets_won(match) if match is not None else [0, 0],
        "winner": winner(match, snapshot.play_to),
        "number": snapshot.match_no,
    }
