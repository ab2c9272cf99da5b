"""A person's statistics, from the records of the deals they played (``DealRecord``).

Read with one query per page (``store.deals_played``: the deal records whose seats held the
person as the deal ended, each seat's column indexed) and one for their friends, never one
per deal. A deal counts for whoever held a seat as a person when it ended (not while a
computer player held it for them); an abandoned deal (the host's round reset) does not
count. For each person, and for each friend who sat opposite them as their partner:

- deals: deals played (annulled ones included);
- bid / made: contracts called (a bid that won the auction, or a Single Hand) and how many
  of them were made: by the person alone on their own line, by either partner on a
  partner's line;
- sets: sets their team won in those deals (its red sets and the other team's black sets);
- matches: matches their team won (the deal that ended the match was one they played).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from accounts.friends import friends_of
from accounts.models import User
from game.table import store


@dataclass
class Figures:
    """The counts of one line of the statistics."""

    deals: int = 0
    bid: int = 0
    made: int = 0
    sets: int = 0
    matches: int = 0


@dataclass
class Statistics:
    """A person's own figures and those with each friend as their partner."""

    own: Figures = field(default_factory=Figures)
    partners: list[tuple[User, Figures]] = field(default_factory=list)


def statistics(user: User) -> Statistics:
    """The person's statistics (two queries: their deals, their friends)."""
    own = Figures()
    with_partner: dict[int, Figures] = {}
    for row in store.deals_played(user.pk):
        seats, (outcome, bidder, caller, made, new_sets, match_winner) = row[:4], row[4:]
        if outcome == "abandoned":
            continue
        if caller is not None:  # a Single Hand: its caller's contract, not the auction's
            bidder = caller
        seat = seats.index(user.pk)
        partner = seats[(seat + 2) % 4]
        deal = (seat % 2, outcome, bidder, made, new_sets, match_winner)
        _count(own, deal, bidders={seat})
        if partner is not None:
            figures = with_partner.setdefault(partner, Figures())
            _count(figures, deal, bidders={seat, (seat + 2) % 4})
    friends = {friend.pk: friend for friend in friends_of(user)}
    partners = sorted(
        ((friends[pk], figures) for pk, figures in with_partner.items() if pk in friends),
        key=lambda pair: (-pair[1].deals, pair[0].display_name),
    )
    return Statistics(own=own, partners=partners)


def _count(figures: Figures, deal: tuple[Any, ...], bidders: set[int]) -> None:
    team, outcome, bidder, made, new_sets, match_winner = deal
    figures.deals += 1
    if outcome in ("made", "lost") and bidder in bidders:
        figures.bid += 1
        figures.made += bool(made)
    if new_sets:
        (red0, black0), (red1, black1) = new_sets
        figures.sets += [red0 + black1, red1 + black0][team]
    if match_winner is not None and match_winner == team:
        figures.matches += 1
