"""Matches walked to a stage of a deal, for tests that need a table at that decision."""

from __future__ import annotations

from typing import Any

from game.engine import Match, Rules


def match_in(phase: str) -> Match:
    """A seeded match walked to ``phase`` by ``simple_choice``."""
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
            m.apply(seat, simple_choice(m, seat))
    raise AssertionError(f"no seed reaches {phase}")


def simple_choice(m: Match, seat: int) -> dict[str, Any]:
    """A plain decision that leads to a scored deal: the first speaker bids the lowest call,
    everyone else passes; the bidder names the first suit; trump is asked for at the first
    chance (so the deal is scored, not annulled); else the first legal card."""
    r = m.round
    assert r is not None
    legal = m.legal_actions(seat)
    bids = [a for a in legal if a["type"] == "bid"]
    if r.phase == "bidding" and r.auction.high_seat < 0 and bids:
        return bids[0]
    plain = ("pass", "trump", "show_trump")
    return next((a for a in legal if a["type"] in plain), legal[0])
