"""The rule-based player: how a sound club player decides, phase by phase, from a Position.

Bidding from the strength of the first four cards (jacks, nines, length and
points in the best suit), a trump it holds (the 7th card when no suit stands
out), Double / Redouble / SetDouble only on strong hands, Single Hand only when
a quick count says it almost cannot lose, always the marriage, and in play:
lead masters and draw trumps for the bidder's side, otherwise lead low; keep a
partner's winning trick and smear points on it; take an opponent's trick
cheaply when it pays; ask for trump when a trick worth having is going to the
other side; never throw points to the opponents when a blank card will do.

``decide(position, moves, rng)`` picks one of ``moves`` (the seat's legal moves
from ``Match.moves``); the only randomness is in the Single Hand estimate.
"""

from __future__ import annotations

import random

from game.bots.decision import Decision
from game.bots.position import Position
from game.engine.cards import JACKS_MASK, POINTS, SUIT_MASK, cards_in, rank_of, suit_of, team_of
from game.engine.moves import (
    BIDS,
    MARRIAGE,
    PASS,
    PLAYS,
    SEVENTH_CARD,
    SHOW_TRUMP,
    SINGLE_HAND,
    TRUMPS,
    Move,
)
from game.engine.play import trick_winner

TRUMP_VALUE = (4.0, 3.0, 2.0, 1.5, 1.0, 1.0, 1.0, 1.0)  # J 9 A T K Q 8 7 of the trump suit
SIDE_VALUE = (2.5, 1.0, 0.5, 0.3, 0.0, 0.0, 0.0, 0.0)  # of another suit
SINGLE_HAND_SURE = 0.9  # call Single Hand only above this chance of taking all 8 tricks


def choose(decision: Decision) -> Move:
    """The rule-based move of a decision."""
    return decide(decision.position(), decision.moves, decision.rng)


def decide(pos: Position, moves: list[Move], rng: random.Random) -> Move:
    """The rule-based choice among a seat's legal moves."""
    if len(moves) == 1:
        return moves[0]
    phase = pos.phase
    if phase == "bidding":
        return bid(pos, moves, hand_limit(pos.hand))
    if phase == "trump":
        return choose_trump(pos, moves)
    if phase == "play":
        return play(pos, moves)
    if phase == "single_hand":
        hand = pos.hand | (1 << pos.aside if pos.aside >= 0 else 0)
        sure = single_hand_chance(hand, rng) >= SINGLE_HAND_SURE
        return SINGLE_HAND if sure and SINGLE_HAND in moves else PASS
    return stake_call(pos, moves, rng)


# ----------------------------------------------------------------- the auction


def suit_value(hand: int, suit: int) -> float:
    """The worth of a hand if ``suit`` were trump."""
    value = 0.0
    for card in cards_in(hand):
        rank = rank_of(card)
        value += TRUMP_VALUE[rank] if suit_of(card) == suit else SIDE_VALUE[rank]
    return value


def best_suit(hand: int) -> tuple[int, float]:
    """The suit that makes the best trump for this hand, and the hand's worth with it."""
    best, worth = 0, -1.0
    for suit in range(4):
        value = suit_value(hand, suit) + 0.01 * (hand & SUIT_MASK[suit]).bit_count()
        if value > worth:
            best, worth = suit, value
    return best, worth


def hand_limit(hand: int, noise: float = 0.0) -> int:
    """The highest call this hand (the first four cards) is worth; below the minimum = pass."""
    return int(11 + 1.1 * (best_suit(hand)[1] + noise))


def bid(pos: Position, moves: list[Move], limit: int) -> Move:
    """The lowest call the hand is worth, sparing a partner who already holds the call."""
    values = [arg for kind, arg in moves if kind == "bid"]
    if not values:
        return PASS
    lowest = min(values)
    if PASS not in moves:  # the dealer forced to call
        return BIDS[lowest]
    auction = pos.auction
    if auction.high_seat == pos.partner and limit < lowest + 2:
        return PASS
    return BIDS[lowest] if lowest <= limit else PASS


def choose_trump(pos: Position, moves: list[Move]) -> Move:
    """The best suit among the first four cards, or the 7th card when no suit has two."""
    suit, _ = best_suit(pos.hand)
    longest = max((pos.hand & SUIT_MASK[s]).bit_count() for s in range(4))
    if longest < 2 and SEVENTH_CARD in moves:
        return SEVENTH_CARD
    return TRUMPS[suit]


def stake_call(pos: Position, moves: list[Move], rng: random.Random) -> Move:
    """Double, Redouble, SetDouble (regular or Single Hand) only with a strong hand."""
    call = next((m for m in moves if m != PASS), PASS)
    hand = pos.hand
    jacks = (hand & JACKS_MASK).bit_count()
    if pos.phase == "single_hand_doubling":
        if pos.seat == pos.single:
            sure = single_hand_chance(hand, rng) >= 0.97
            return call if sure else PASS
        if team_of(pos.single) != team_of(pos.seat) and call[0] == "double":
            return call if jacks >= 1 else PASS
        return PASS
    if pos.phase == "seventh_card":
        trumps = (hand | 1 << pos.aside) & SUIT_MASK[suit_of(pos.aside)]
        top = trumps & -trumps == 1 << (suit_of(pos.aside) * 8)  # the jack of trump
        return call if trumps.bit_count() >= 3 and top else PASS
    limit = hand_limit(hand)
    if pos.seat == pos.bidder:
        return call if limit >= pos.bid + 3 else PASS
    if team_of(pos.seat) == team_of(pos.bidder):
        return call if jacks >= 2 and limit >= pos.bid + 1 else PASS
    return call if jacks >= 2 and pos.bid >= 18 and limit >= pos.bid else PASS


def risk_cards(hand: int) -> int:
    """How many cards of the hand a missing card of their suit could still beat
    (the risk-free test of RULES.md section 6, counted)."""
    risky = 0
    for suit in range(4):
        held = hand & SUIT_MASK[suit]
        if not held:
            continue
        lacking = SUIT_MASK[suit] & ~held
        missing = lacking.bit_count()
        top_missing = (lacking & -lacking).bit_length() - 1 if lacking else 64
        for i, card in enumerate(cards_in(held), start=1):
            if card > top_missing and i <= missing:
                risky += 1
    return risky


def single_hand_chance(hand: int, rng: random.Random, deals: int = 48) -> float:
    """The chance that this eight-card hand takes all 8 tricks leading from the top,
    over random deals of the other 24 cards (the partner's 8 sit out); 0 at once for
    a hand with more than two risk cards."""
    if risk_cards(hand) > 2:
        return 0.0
    others = cards_in(((1 << 32) - 1) & ~hand)
    wins = 0
    for _ in range(deals):
        rng.shuffle(others)
        opp = (_mask(others[8:16]), _mask(others[16:24]))
        if all(_suit_safe(hand & SUIT_MASK[s], opp, s) for s in range(4) if hand & SUIT_MASK[s]):
            wins += 1
    return wins / deals


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def _suit_safe(mine: int, opponents: tuple[int, int], suit: int) -> bool:
    """Whether leading this suit's cards from the top loses no trick to these opponents."""
    held = [o & SUIT_MASK[suit] for o in opponents]
    for card in cards_in(mine):
        for i, cards in enumerate(held):
            if not cards:
                continue
            if (cards & -cards).bit_length() - 1 < card:
                return False
            held[i] = cards & ~(1 << (cards.bit_length() - 1))
    return True


# ----------------------------------------------------------------- play


def play(pos: Position, moves: list[Move]) -> Move:
    """A card, or showing / asking for trump, in a regular round or a Single Hand."""
    if MARRIAGE in moves:
        return MARRIAGE
    cards = [arg for kind, arg in moves if kind == "play"]
    if not cards:
        return SHOW_TRUMP
    if pos.single >= 0:
        return PLAYS[single_hand_card(pos, cards)]
    if not pos.trick:
        return PLAYS[lead(pos, cards)]
    can_show = SHOW_TRUMP in moves
    if can_show and should_show(pos, cards):
        return SHOW_TRUMP
    return PLAYS[follow(pos, cards)]


def is_master(pos: Position, card: int) -> bool:
    """Whether no card this seat has not seen outranks ``card`` in its suit."""
    suit = suit_of(card)
    above = SUIT_MASK[suit] & ((1 << card) - 1)
    return not above & pos.unseen()


def cheapest(cards: list[int], trump: int = -1) -> int:
    """The card least worth keeping: fewest points (a trump counts half a point more),
    then lowest rank."""
    return min(cards, key=lambda c: (POINTS[c] + 0.5 * (suit_of(c) == trump), -(rank_of(c))))


def lead(pos: Position, cards: list[int]) -> int:
    """Lead a master (trumps first for the bidder's side once trump is known), else low."""
    trump = pos.trump
    unseen = pos.unseen()
    ours = team_of(pos.seat) == team_of(pos.bidder)
    if trump >= 0 and ours and pos.trump_shown:
        trumps = [c for c in cards if suit_of(c) == trump]
        if trumps and unseen & SUIT_MASK[trump] and is_master(pos, trumps[0]):
            return trumps[0]
    masters = [
        c
        for c in cards
        if is_master(pos, c)
        and (suit_of(c) != trump or pos.trump_shown)
        and unseen & SUIT_MASK[suit_of(c)]
    ]
    if masters:
        return max(masters, key=lambda c: (POINTS[c], -(rank_of(c))))
    side = [c for c in cards if suit_of(c) != trump] or cards
    # Low from the longest suit, never a point card that a higher unseen card can catch.
    return min(
        side,
        key=lambda c: (POINTS[c], -(pos.hand & SUIT_MASK[suit_of(c)]).bit_count(), -(rank_of(c))),
    )


def _winning(pos: Position) -> tuple[int, int, int]:
    """The seat winning the trick so far, its card, and the suit that counts as trump."""
    counting = pos.trump if pos.trump_shown else -1
    seat = trick_winner(pos.trick, counting)
    card = next(c for s, c in pos.trick if s == seat)
    return seat, card, counting


def _beats(card: int, best: int, led: int, trump: int) -> bool:
    suit, best_suit_ = suit_of(card), suit_of(best)
    if trump >= 0 and suit == trump:
        return best_suit_ != trump or card < best
    if trump >= 0 and best_suit_ == trump:
        return False
    return suit == led and card < best


def _trick_points(pos: Position) -> int:
    return sum(POINTS[c] for _, c in pos.trick)


def should_show(pos: Position, cards: list[int]) -> bool:
    """Ask for (or, as bidder, show) trump when a trick worth taking goes to the opponents."""
    seat, _, _ = _winning(pos)
    if team_of(seat) == team_of(pos.seat):
        return False
    if pos.seat == pos.bidder:
        holds = pos.hand & SUIT_MASK[pos.trump] or pos.aside >= 0
        return bool(holds) and _trick_points(pos) >= 2
    return _trick_points(pos) >= 2 or (len(pos.trick) == 3 and _trick_points(pos) >= 1)


def follow(pos: Position, cards: list[int]) -> int:
    """Second, third or last to a trick."""
    trick = pos.trick
    led = suit_of(trick[0][1])
    seat, best, counting = _winning(pos)
    last = len(trick) == 3
    if team_of(seat) == team_of(pos.seat):
        safe = last or (is_master(pos, best) and (counting < 0 or suit_of(best) == counting))
        if safe:
            return _smear(pos, cards)
        return cheapest(cards, pos.trump)
    winners = [c for c in cards if _beats(c, best, led, counting)]
    if winners:
        cheap = max(winners, key=lambda c: (suit_of(c) != counting, rank_of(c)))  # lowest that wins
        if last:
            return cheap
        top = min(winners, key=lambda c: (suit_of(c) != led, rank_of(c)))
        if is_master(pos, top) and suit_of(top) == led:
            return top
        if counting >= 0 and suit_of(cheap) == counting and _trick_points(pos) >= 1:
            return cheap
    return cheapest(cards, pos.trump)


def _smear(pos: Position, cards: list[int]) -> int:
    """The most points that can go on a partner's trick without wasting a trump or a master."""
    trump = pos.trump

    def worth(c: int) -> tuple[int, int, int]:
        keep = (suit_of(c) == trump) or (POINTS[c] >= 2 and is_master(pos, c))
        return (0 if keep else POINTS[c], -keep, rank_of(c))

    return max(cards, key=worth)


def single_hand_card(pos: Position, cards: list[int]) -> int:
    """Single Hand: the caller leads masters; an opponent beats the caller when it can."""
    trick = pos.trick
    if not trick:
        masters = [c for c in cards if is_master(pos, c)]
        return (masters or [min(cards, key=rank_of)])[0]
    led = suit_of(trick[0][1])
    seat, best, _ = _winning(pos)
    if seat == pos.single:
        winners = [c for c in cards if suit_of(c) == led and c < best]
        if winners:
            return max(winners)
    return cheapest(cards)
