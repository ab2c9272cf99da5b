"""Tricks: who plays next, who wins a trick, marriages, early end (section 7); what a seat
may play is legal.py's ``play_options``."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import KING, QUEEN, SUIT_MASK, suit_of


def next_to_play(seat: int, single_hand_caller: int) -> int:
    """The seat to play after ``seat`` within a trick; in a Single Hand (``single_hand_caller``
    >= 0) the caller's partner sits out."""
    # Seat arithmetic inline (next_seat, partner_of): this runs for every card of every
    # rollout and sampled deal, and the calls would cost measurable speed.
    nxt = (seat + 1) % 4
    if single_hand_caller >= 0 and nxt == (single_hand_caller + 2) % 4:
        nxt = (nxt + 1) % 4
    return nxt


def seventh_card_due(hand: int, led: int, aside: int) -> bool:
    """Whether a set-aside 7th card is the bidder's only option (seeds/000 "7th card
    show"): its suit is led and the hand holds no other card of it, or it is their last."""
    return hand == 0 or (led == suit_of(aside) and not hand & SUIT_MASK[led])


def trick_winner(trick: Sequence[Sequence[int]], trump: int) -> int:
    """The seat winning a trick of [seat, card] pairs; ``trump`` is -1 when no trump counts."""
    led = trick[0][1] >> 3  # suits inline (suit_of): this runs for every trick of every rollout
    best_seat, best = trick[0]
    best_trump = trump >= 0 and led == trump
    for seat, card in trick[1:]:
        suit = card >> 3
        if trump >= 0 and suit == trump:
            if not best_trump or card < best:
                best_seat, best, best_trump = seat, card, True
        elif not best_trump and suit == led and card < best:
            best_seat, best = seat, card
    return best_seat


def marriage_mask(trump: int) -> int:
    """The K and Q of the trump suit."""
    return (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))


def marriage_holder(hands: Sequence[int], trump: int) -> int:
    """The seat holding both K and Q of trump in hand, or -1."""
    pair = marriage_mask(trump)
    for seat, hand in enumerate(hands):
        if hand & pair == pair:
            return seat
    return -1


def moved_target(bid: int, holder_team: int, bidder_team: int, min_bid: int) -> int:
    """The target after a marriage: 4 fewer for the bidder's team, 4 more against it."""
    if holder_team == bidder_team:
        return max(bid - 4, min_bid)
    return min(bid + 4, 28)


def decided(
    *,
    taken: int,
    remaining: int,
    target: int,
    stake: int,
    bidder_tricks: int,
    opponent_tricks: int,
) -> bool:
    """Whether a regular round with trump shown is decided, bonus included,
    from the points already taken (the early end of section 7)."""
    if taken >= target and (stake > 1 or opponent_tricks > 0):
        return True
    return taken + remaining < target and (stake > 1 or bidder_tricks > 0)
