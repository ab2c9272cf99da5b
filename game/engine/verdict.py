"""A rule's answer to "may this seat do this now?": (allowed, why not), in the game's words.

Every rule of who may act is one function returning a ``Verdict`` (auction.py,
legal.py); the legal moves, ``apply`` and the refusal messages all read it.
"""

from __future__ import annotations

Verdict = tuple[bool, str]

ALLOWED: Verdict = (True, "")
NOT_YOUR_TURN: Verdict = (False, "It is not your turn")
