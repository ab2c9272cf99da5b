"""The strong level's calls (bids, trump, doubles, Single Hand) by simulation.

Each call is judged on deals drawn from the seat's Belief: the whole deal is
solved as it would be played (the trump hidden until someone asks, every hand
known to the solver), and the chance that the contract makes is counted.

* Bidding: for the two suits that suit the seat's first four cards best, whether the
  seat's team, as the bidder with that trump, would take the lowest call it may
  make (and two more); it calls when that happens in ``BID_CONFIDENCE`` of the deals.
* Trump: the suit (or the 7th card) most likely to make the call.
* Double / Redouble / SetDouble and Single Hand: by the chance that the contract
  (or every trick of the Single Hand) is made.

With a seed the work is counted, not timed, like the card search's.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.bots import rule_based
from game.bots.decision import Decision
from game.bots.solver.position import POINT_SCALE, SolverPosition, solver
from game.bots.solver.search import MAX_DEALS, SAFETY, SAMPLE_WORK, work_for
from game.engine.cards import SUIT_MASK
from game.engine.deck import packet, seventh_card
from game.engine.match import Match
from game.engine.moves import PASS, SINGLE_HAND, Move

BID_CONFIDENCE = 0.7  # call up to the value made in this share of the deals
DOUBLE_BELOW = 0.35  # an opponent doubles a contract that makes less often than this
REDOUBLE_ABOVE = 0.75  # the bidder's side redoubles one that makes more often than this
SINGLE_HAND_ABOVE = 0.65  # call Single Hand when all tricks fall this often
MIN_CALL_DEALS = 6
MAX_NODES = 300_000  # a deal the solver cannot settle within this is left out


def full_hands(m: Match) -> list[int]:
    """Every seat's eight cards in a sampled deal (its deck is complete)."""
    r = m.round
    assert r is not None
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for second in (False, True):
            for card in packet(r.deck, r.first, seat, second):
                hands[seat] |= 1 << card
    return hands


def opening(
    m: Match,
    bidder: int,
    trump: int,
    *,
    seventh: int = -1,
    target: int,
    stake: int = 1,
    marriage: bool = False,
    single: bool = False,
) -> SolverPosition:
    """The solver position at the first lead of a sampled deal played with this contract."""
    r = m.round
    assert r is not None
    rules = m.rules
    hands = full_hands(m)
    if seventh >= 0:
        hands[bidder] &= ~(1 << seventh)
    return SolverPosition(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        aside=seventh,
        bidder=bidder,
        trump=trump,
        shown=False,
        single=single,
        trick=[],
        to_play=bidder if single else r.first,
        asker=-1,
        forced=-1,
        points=(0, 0),
        tricks=(0, 0),
        played=0,
        target=0 if single else target,
        stake=stake,
        min_bid=rules.min_bid,
        must_ask=rules.must_ask_trump,
        marriage=marriage,
        last_point=rules.last_trick_point,
    )


def made(pos: SolverPosition) -> tuple[int, int]:
    """Whether the bidder's (caller's) team makes the contract of a position (stake 1):
    1 or 0, or -1 if the solver gave up; and the nodes it searched."""
    return solver().level(pos, [POINT_SCALE], MAX_NODES)


def sampled(decision: Decision, judge: Callable[[Match], int]) -> int:
    """Run ``judge`` (which returns the solver nodes it spent) on deals from the Belief
    within the budget, counted like the card search's when seeded; how many it judged."""
    quota = work_for(decision.budget_s)
    deadline = decision.started + SAFETY * decision.budget_s
    sample, deals, work = decision.sample, 0, 0
    while True:
        began = time.perf_counter()
        work += judge(sample) + SAMPLE_WORK
        deals += 1
        if decision.seeded:
            if deals >= MAX_DEALS or (deals >= MIN_CALL_DEALS and work >= quota):
                return deals
        elif deals >= MIN_CALL_DEALS and 2 * time.perf_counter() - began > deadline:
            return deals
        sample = decision.belief.sample(decision.rng)


def bid(decision: Decision) -> Move:
    """Call the lowest legal value if the hand makes it in ``BID_CONFIDENCE`` of the
    sampled deals (two more if the partner holds the call), else pass."""
    rules = decision.rules
    moves = decision.moves
    values = sorted(arg for kind, arg in moves if kind == "bid")
    if not values or PASS not in moves:
        return rule_based.bid(decision.position(), moves, rules.min_bid)
    lowest = values[0]
    asked = [lowest] if lowest + 2 > 28 + rules.last_trick_point else [lowest, lowest + 2]
    limit = rules.min_bid - 1
    for value, share in zip(asked, make_shares(decision, asked), strict=True):
        if share >= BID_CONFIDENCE:
            limit = value
    return rule_based.bid(decision.position(), moves, limit)


def make_shares(decision: Decision, asked: list[int]) -> list[float]:
    """For each call value (rising), the share of sampled deals in which the seat's team,
    as the bidder with the better of the two suits that suit its first four cards best,
    takes that many card points."""
    rules = decision.rules
    seat = decision.seat
    ths = [POINT_SCALE + v for v in asked]
    hand = decision.sample.round.hands[seat] if decision.sample.round else 0
    suits = sorted(range(4), key=lambda s: -rule_based.suit_value(hand, s))[:2]
    reached = {s: [0] * (len(asked) + 1) for s in suits}

    def judge(m: Match) -> int:
        work = 0
        for suit in suits:
            pos = opening(m, seat, suit, target=rules.min_bid)
            level, nodes = solver().level(pos, ths, MAX_NODES)
            work += nodes
            for k in range(level + 1):
                reached[suit][k] += 1
        return work

    sampled(decision, judge)
    # reached[suit][0] counts the deals the solver settled.
    return [
        max(reached[s][k] / max(1, reached[s][0]) for s in suits) for k in range(1, len(asked) + 1)
    ]


def choose_trump(decision: Decision, prefer: Move | None = None) -> Move:
    """The trump (or the 7th card) that makes the call most often; a tie to ``prefer``
    if it is among the best."""
    r = decision.sample.round
    assert r is not None
    seat, bid = decision.seat, r.bid
    hand = r.hands[seat]
    options = [mv for mv in decision.moves if mv[0] == "seventh_card" or hand & SUIT_MASK[mv[1]]]
    wins = dict.fromkeys(options, 0)
    marriage = decision.rules.marriage != "off"

    def judge(m: Match) -> int:
        work = 0
        for mv in options:
            if mv[0] == "seventh_card":
                card = seventh_card(m.round.deck, m.round.first, seat)  # type: ignore[union-attr]
                pos = opening(m, seat, card >> 3, seventh=card, target=bid, marriage=marriage)
            else:
                pos = opening(m, seat, mv[1], target=bid, marriage=marriage)
            level, nodes = made(pos)
            wins[mv] += max(0, level)
            work += nodes
        return work

    sampled(decision, judge)
    best = max(wins.values())
    if prefer in options and wins[prefer] == best:
        return prefer
    return max(options, key=lambda mv: wins[mv])


def make_chance(decision: Decision) -> float:
    """The chance, over sampled deals, that the current contract is made (a Single
    Hand: that its caller takes every trick)."""
    r = decision.sample.round
    assert r is not None
    rules = decision.rules
    tally = [0, 0]

    def judge(m: Match) -> int:
        s = m.round
        assert s is not None
        if s.sh_caller >= 0:
            pos = opening(m, s.sh_caller, 0, target=0, single=True)
        elif s.method == "seventh_card":
            card = seventh_card(s.deck, s.first, s.bidder)
            pos = opening(
                m, s.bidder, card >> 3, seventh=card, target=s.bid, marriage=rules.marriage != "off"
            )
        else:
            pos = opening(m, s.bidder, s.trump, target=s.bid, marriage=rules.marriage != "off")
        return count(tally, made(pos))

    sampled(decision, judge)
    return tally[0] / max(1, tally[1])


def count(tally: list[int], result: tuple[int, int]) -> int:
    """Count one deal's make (1) or miss (0); a deal the solver gave up on (-1) is left
    out. Returns the nodes spent."""
    level, nodes = result
    if level >= 0:
        tally[0] += level
        tally[1] += 1
    return nodes


def single_hand_chance(decision: Decision) -> float:
    """The chance, over sampled deals, that the seat takes all 8 tricks as a Single Hand."""
    tally = [0, 0]

    def judge(m: Match) -> int:
        return count(tally, made(opening(m, decision.seat, 0, target=0, single=True)))

    sampled(decision, judge)
    return tally[0] / max(1, tally[1])


def choose_call(decision: Decision) -> Move:
    """The strong level's move in every phase but play."""
    r = decision.sample.round
    assert r is not None
    moves = decision.moves
    phase = r.phase
    if len(moves) == 1:
        return moves[0]
    if phase == "bidding":
        return bid(decision)
    if phase == "trump":
        return choose_trump(decision)
    if phase == "single_hand":
        if SINGLE_HAND in moves and single_hand_chance(decision) >= SINGLE_HAND_ABOVE:
            return SINGLE_HAND
        return PASS
    call = next((mv for mv in moves if mv != PASS), PASS)
    chance = make_chance(decision)
    caller = r.sh_caller if r.sh_caller >= 0 else r.bidder
    if decision.seat & 1 == caller & 1:
        return call if chance > REDOUBLE_ABOVE else PASS
    return call if chance < DOUBLE_BELOW else PASS
