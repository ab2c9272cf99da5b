"""Matches walked to a stage of a deal, for tests that need a table at that decision."""

from __future__ import annotations

from game.engine import Match, Rules


def match_in(phase: str) -> Match:
    """A seeded match walked to ``phase``: the first speaker bids, everyone else passes."""
    for seed in range(200):
        m = Match(Rules(), dealer=0, seed=seed)
        m.deal()
        for _ in range(40):
            r = m.round
            if r is None:
                break
            if r.phase == phase:
                return m
            seat = m.turn()[0]
            legal = m.legal_actions(seat)
            bids = [a for a in legal if a["type"] == "bid"]
            first_bid = r.phase == "bidding" and r.auction.high_seat < 0 and bids
            choice = bids[0] if first_bid else next(
                (a for a in legal if a["type"] in ("pass", "trump")), legal[0]
            )
            m.apply(seat, choice)
    raise AssertionError(f"no seed reaches {phase}")
