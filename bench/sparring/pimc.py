"""The rollout level, the earlier strong: determinized search over sampled deals in the play.

Perfect-information Monte Carlo: draw deals consistent with what the seat saw
(its Belief), and in each one try every candidate move and play the deal out
with a rollout policy (the rule-based player for all four seats); the move with
the best average result for the seat's team wins. The result of a rollout is
the score change for the team (game points; an annulled deal is 0) plus a
small share of the card-point margin to break ties.

With a seed, the work is counted, not timed: moves played in rollouts (a
sampled deal counts as ``SAMPLE_WORK`` moves) up to ``MOVES_PER_SECOND`` times
``budget_s``, so the same seed gives the same move on a busy or slow machine;
without one, it samples until ``budget_s`` is spent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.bots import rule_based
from game.bots.decision import Decision
from game.bots.position import Position
from game.engine.cards import POINTS
from game.engine.match import Match
from game.engine.moves import Move

RolloutPolicy = Callable[[Position, list[Move], random.Random], Move]

MOVES_PER_SECOND = 40000  # the counted budget when seeded (one core of the test machine)
SAMPLE_WORK = 16  # a sampled deal costs about as much as this many rollout moves
MIN_DEALS = 4  # sampled deals per seeded decision, whatever the budget
MARGIN_WEIGHT = 0.02  # game points per card point of margin (a tie-break)
# Searching the auction, the trump and the stake and Single Hand questions with
# rule-based rollouts lost game points to the plain rule-based player in
# bench/bots.py (its rollouts trust the other seats' calls too little), so it
# searches only the play.
SEARCHED_PHASES = frozenset({"play"})
BID_CANDIDATES = 3  # how many of the lowest calls the auction search tries besides pass


def choose(decision: Decision) -> Move:
    """Search in the phases where it pays (``SEARCHED_PHASES``), else the rule-based move."""
    if decision.position().phase in SEARCHED_PHASES:
        return search(decision, rule_based.decide)
    return rule_based.choose(decision)


def search(decision: Decision, policy: RolloutPolicy) -> Move:
    """The candidate move with the best average rollout over sampled deals."""
    moves = candidates(decision.moves, decision.position())
    if len(moves) == 1:
        return moves[0]
    seat, rng = decision.seat, decision.rng
    team = seat & 1
    totals = [0.0] * len(moves)
    quota = decision.budget_s * MOVES_PER_SECOND
    deadline = decision.started + decision.budget_s
    sample = decision.sample
    deals = work = 0
    while True:
        for i, move in enumerate(moves):
            m = sample.copy()
            m.apply_move(seat, move)
            value, steps = rollout(m, team, rng, policy)
            totals[i] += value
            work += steps + 1
        deals += 1
        work += SAMPLE_WORK
        if decision.seeded:
            if deals >= MIN_DEALS and work >= quota:
                break
        else:
            now = time.perf_counter()
            if now + (now - decision.started) / deals > deadline:  # no time for one more
                break
        sample = decision.belief.sample(rng)
    best = max(range(len(moves)), key=lambda i: totals[i])
    return moves[best]


def candidates(moves: list[Move], pos: Position) -> list[Move]:
    """The moves worth searching: in the auction, pass and the few lowest calls; in the
    play, one card of each run of equivalent cards (same suit and points, no card the
    seat has not seen between them)."""
    bids = sorted(arg for kind, arg in moves if kind == "bid")
    if len(bids) > BID_CANDIDATES:
        keep = set(bids[:BID_CANDIDATES])
        return [m for m in moves if m[0] != "bid" or m[1] in keep]
    unseen = pos.unseen()
    out: list[Move] = []
    last = -1
    for move in moves:  # cards come lowest index (highest card of a suit) first
        kind, card = move
        if kind == "play" and last >= 0 and equivalent(last, card, unseen):
            out[-1] = move  # keep the lower card of the run
        else:
            out.append(move)
        last = card if kind == "play" else -1
    return out


def equivalent(higher: int, lower: int, unseen: int) -> bool:
    """Whether two cards of a hand play alike: same suit and points, and no card the
    seat has not seen ranks between them."""
    if higher >> 3 != lower >> 3 or POINTS[higher] != POINTS[lower]:
        return False
    between = ((1 << lower) - 1) & ~((1 << (higher + 1)) - 1)
    return not between & unseen


def rollout(m: Match, team: int, rng: random.Random, policy: RolloutPolicy) -> tuple[float, int]:
    """Play the deal out with ``policy`` for every seat: the result for ``team``
    and the number of moves it took."""
    steps = 0
    while (r := m.round) is not None:
        steps += 1
        seat = r.marriage_seat if r.phase == "play" and r.marriage_seat >= 0 else m.turn()[0]
        m.apply_move(seat, policy(Position(m, seat), m.moves(seat), rng))
    return outcome(m, team), steps


def outcome(m: Match, team: int) -> float:
    """The score change of the finished deal for ``team``, plus the card-point tie-break."""
    last = m.outcome
    if last is None or last.points is None or last.annulled:
        return 0.0
    sign = 1 if last.team == team else -1
    points = last.points
    return sign * last.delta + MARGIN_WEIGHT * (points[team] - points[1 - team])
