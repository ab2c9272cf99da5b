"""What sets the versions of the C++ bot apart (docs/bots.md, "The public IS-MCTS bot"):
``LATEST`` (level ``ismcts``) plays like the bot the held-out arena measured, ``OLDER``
(level ``ismcts-old``) like its older version as read in abhigyan7/29, ``AS_READ`` like
its latest version exactly as read there (kept to compare: its calls stop at 17 and its
card is random while trump is hidden, where the arena's bot called 18 and took the first
trick as often as ``strong``), and ``ASKING`` (level ``ismcts-ask``) like ``LATEST`` with
the trump request a move of its search, as a later header of that code has it (its move
is a card or a request for trump)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Style:
    """One version of the C++ bot."""

    jack: int  # call value per jack among the first four cards
    cap: int  # the highest value it puts on four cards
    rebid: bool  # a challenger whose call was matched calls its value again (calls.py)
    older: bool  # the older search model's follow rules
    half_hidden: bool  # a playout ending with trump never shown scores 0.5
    voids: bool  # deals respect the suits a seat has shown it lacks
    last_point: bool  # its model counts one point for the last trick
    iterations: int  # fixed iterations per card; 0: by the clock (player.py)
    asks: bool = False  # whether to ask for trump is a move of its search (_mcts.c)
    # Only the bidder's opponents ask (the bidder and its partner play a card instead): not
    # in any code read; a fit to the arena's bot asking two to three times less (docs/bots.md).
    defenders_ask: bool = False
    # The bidder searches with its own hidden trump as if shown and never asks: not in any code
    # read; what the bot would do if the arena's harness told it its trump as shown
    # (docs/bots.md, ``ismcts-bk``).
    bidder_knows: bool = False


LATEST = Style(
    jack=1,
    cap=17,
    rebid=True,
    older=False,
    half_hidden=False,
    voids=True,
    last_point=True,
    iterations=0,
)
OLDER = Style(
    jack=2,
    cap=28,
    rebid=False,
    older=True,
    half_hidden=False,
    voids=False,
    last_point=False,
    iterations=5000,
)
AS_READ = Style(
    jack=1,
    cap=17,
    rebid=False,
    older=False,
    half_hidden=True,
    voids=True,
    last_point=True,
    iterations=0,
)
ASKING = replace(LATEST, asks=True, half_hidden=True)
DEFENDERS_ASK = replace(LATEST, defenders_ask=True)
BIDDER_KNOWS = replace(LATEST, bidder_knows=True)
