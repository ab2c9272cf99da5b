"""One server process thinks for a computer player's turn, not every process that saw it.

Every process with a socket at a bot table sees each bot turn. Before asking its
workers for the decision, a process claims the turn (game, version) for
``BOT_TURN_LEASE`` seconds in one statement, which succeeds only while the game is
at that version. A process that finds the turn claimed waits until the lease is over
and tries again (its holder may have died or stalled), until the game moves on. The
move itself stays guarded by the version (``service.play_for_bot``), so the
claim saves work and never decides correctness: a turn claimed twice after a lease
ran out is still applied once.
"""

from __future__ import annotations

import time
from typing import Literal

from django.db import IntegrityError, connection, transaction

from game.models import BotTurn, Game

Claim = Literal["taken", "held", "passed"]

_TURNS = BotTurn._meta.db_table
_GAMES = Game._meta.db_table
CLAIM_SQL = f"""
INSERT INTO {_TURNS} (game_id, version, until)
SELECT id, version, %s FROM {_GAMES} WHERE id = %s AND version = %s
ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, until = excluded.until
WHERE excluded.version > {_TURNS}.version
   OR (excluded.version = {_TURNS}.version AND {_TURNS}.until < %s)
"""


def claim_turn(game_id: int, version: int, lease_s: float, now: float | None = None) -> Claim:
    """Take the bot turn of ``game_id`` at ``version`` for ``lease_s`` seconds.

    ``taken``: this caller may decide. ``held``: another claim of this version is still
    running; try again when it ends. ``passed``: the game is no longer at ``version``
    (or is gone); there is nothing to decide.
    """
    now = time.time() if now is None else now
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(CLAIM_SQL, [now + lease_s, game_id, version, now])
            if cursor.rowcount == 1:
                return "taken"
            cursor.execute(f"SELECT version FROM {_GAMES} WHERE id = %s", [game_id])
            row = cursor.fetchone()
    except IntegrityError:  # the game was deleted meanwhile
        return "passed"
    return "held" if row is not None and row[0] == version else "passed"
