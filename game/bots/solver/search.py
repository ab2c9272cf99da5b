"""The strong level's card play: Perfect-Information Monte Carlo over exactly solved deals.

For each deal drawn from the seat's Belief (consistent with its cards, the auction,
voids and trump requests), the compiled solver finds, for every legal move, which
of a few rising value thresholds the move still reaches with best play by all four
seats: made, made with ``MARGIN`` points to spare, or not (an annulment, trump
never shown, counts as a loss here). The move with the best average for the
seat's team is played; the spare-margin grade only breaks near-ties (``GRADE`` of
a stake), and among moves still tied the rule-based player chooses. Grades for a
near miss and for an annulment were tried and dropped: proving either costs ten
times the rest. From ``EXACT_FROM`` tricks played, where solving is cheap, each
move gets its exact value instead: game points plus ``CARD_POINT`` per card point
of the seat's team (a whole deal's points weigh less than one game point).

In the first ``EARLY`` tricks a sampled deal is often hard to settle: there each move
is only graded made or not (a third fewer nodes) and a deal may take up to
``EARLY_NODES`` (never more than the budget left), so that few deals are given up;
giving up the hard ones leaves the close deals, which decide, out of the average.
(``Search.early``: the sparring level ``strong-v2``, bench/sparring/; the strong level
leaves such deals out.)

With a seed the work is counted, not timed: solver nodes plus ``SAMPLE_WORK`` per
sampled deal, up to ``WORK_PER_SECOND`` times the budget (at least ``MIN_DEALS``
deals), so the same seed gives the same move on any machine and the thinking time
still follows the budget (few deals at the first lead, many near the end); without
a seed, deals are drawn until the budget (less the time one more deal takes) is spent.

Each solved deal counts with the weight the cards the other seats played give it
(``play_reading.py``: a model of play learned from logged arena deals).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from game.bots import play_reading, rule_based
from game.bots.decision import Decision
from game.bots.play_reading import Weighing
from game.bots.solver.position import POINT_SCALE, engine_move, position, side_sign, solver
from game.engine.match import Match
from game.engine.moves import Move

MARGIN = 4  # card points that grade a near miss or a comfortable make
GRADE = 0.1  # the value of one grade, in stakes
WORK_PER_SECOND = 5_000_000  # seeded budget: solver nodes per second of one core, with room
SAMPLE_WORK = 2_000  # a sampled deal costs about as much as this many nodes
TIE = 1e-9  # totals this close are a tie
MIN_DEALS = 6
MAX_DEALS = 2000
SAFETY = 0.85  # share of the budget the loop plans to use (the rest: set-up, overrun)
MAX_NODES = 400_000  # a deal the solver cannot settle within this is skipped (about 30 ms)
EXACT_FROM = 3  # tricks played from which moves get exact values (cheap by then)
WINDOW = 30_000  # the solver's full value window (its INF): exact values
CARD_POINT = 0.02  # the weight of one card point, in game points, where values are exact
EARLY = 2  # tricks played before which moves are only graded made or not
EARLY_NODES = 1_200_000  # the most nodes one sampled deal may take then (about 100 ms)
NODES_PER_SECOND = 8_000_000  # unseeded: a deal may take the nodes of the time left, at
# the rate of the decision's deals so far (this rate before the first one)
MIN_NODES = 100_000  # ... but at least this many


# The values of the seat's legal moves in one fully known deal, and the nodes searched:
# (deal, seat, exact_from, early, node cap) -> (values or None if given up, nodes).
CardValues = Callable[[Match, int, int, bool, int], tuple[dict[Move, float] | None, int]]


@dataclass(frozen=True)
class Search:
    """How the card search grades moves and caps the work of one sampled deal; with
    ``weighing``, each solved deal counts with the weight it gives the deal (the strong
    level's reading of the play, ``play_reading.py``; other readings in bench/sparring/);
    with ``values``, another valuation of the moves in one deal than ``card_values``
    (a sparring variant's, bench/sparring/)."""

    exact_from: int = EXACT_FROM
    early: bool = True
    weighing: Callable[[Decision], Weighing] | None = None
    values: CardValues | None = None


SEARCH = Search(early=False, weighing=play_reading.weighing)  # the strong level's search


def work_for(budget_s: float) -> int:
    """The work (nodes) a seeded decision may spend for a budget."""
    return int(budget_s * WORK_PER_SECOND)


def thresholds(m: Match, margin: bool = True) -> tuple[list[int], list[float], int]:
    """The value thresholds to probe in a sampled deal, the value (for the bidder's
    team, in stakes) of each level, and the index of the threshold that decides the
    contract (without ``margin``: that one alone)."""
    pos = position(m)
    stake, target, single = pos.stake, pos.target, pos.single
    made = POINT_SCALE * stake
    if single or not margin:
        return [made], [-stake, stake], 0
    return [made, made + target + MARGIN], [-stake, stake, stake + GRADE * stake], 0


def card_values(
    m: Match, seat: int, exact_from: int = EXACT_FROM, early: bool = False, cap: int = MAX_NODES
) -> tuple[dict[Move, float] | None, int]:
    """The value of each legal card move of ``seat`` in one fully known deal, for the
    seat's team (None if the solver gave up after ``cap`` nodes), and the nodes it
    searched; with ``early``, before ``EARLY`` tricks moves are graded made or not."""
    r = m.round
    assert r is not None
    solved = position(m)
    sign = side_sign(seat, solved.bidder)
    if r.tricks_played >= exact_from:
        exact, nodes = solver().values(solved, -WINDOW, WINDOW, cap)
        if exact is None:
            return None, nodes
        return {engine_move(mv): sign * graded(v) for mv, v in exact}, nodes
    first = early and r.tricks_played < EARLY
    ths, values, start = thresholds(m, margin=not first)
    levels, nodes = solver().levels(solved, ths, start, cap)
    if levels is None:
        return None, nodes
    return {engine_move(mv): sign * values[level] for mv, level in levels}, nodes


def graded(value: int) -> float:
    """An exact solver value in game points, card points weighing ``CARD_POINT`` each."""
    delta, points = divmod(value, POINT_SCALE)  # points are never negative
    return delta + CARD_POINT * points


def choose_card(decision: Decision, search: Search = SEARCH) -> Move:
    """The card (or trump request) with the best average over solved sampled deals."""
    moves = decision.moves
    if len(moves) == 1:
        return moves[0]
    totals = dict.fromkeys(moves, 0.0)
    quota = work_for(decision.budget_s)
    deadline = decision.started + SAFETY * decision.budget_s
    sample = decision.sample
    r = sample.round
    assert r is not None
    early = search.early and r.tricks_played < EARLY
    weigh = search.weighing(decision) if search.weighing is not None else None
    valuing = search.values or card_values
    deals = work = 0
    while True:
        began = time.perf_counter()
        cap = MAX_NODES
        if early:  # never more than the budget left (at least MIN_NODES)
            if decision.seeded:
                left = quota - work
            else:
                spent = began - decision.started
                rate = work / spent if deals and spent > 0 else NODES_PER_SECOND
                left = int((deadline - began) * rate)
            cap = max(MIN_NODES, min(EARLY_NODES, left))
        values, nodes = valuing(sample, decision.seat, search.exact_from, search.early, cap)
        if values is not None:
            add(totals, values, 1.0 if weigh is None else weigh(sample))
        deals += 1
        work += nodes + SAMPLE_WORK
        if decision.seeded:
            if deals >= MAX_DEALS or (deals >= MIN_DEALS and work >= quota):
                break
        elif deals >= MAX_DEALS or (
            deals >= MIN_DEALS and 2 * time.perf_counter() - began > deadline
        ):
            break
        sample = decision.belief.sample(decision.rng)
    return best(decision, totals)


def add(totals: dict[Move, float], values: dict[Move, float], weight: float = 1.0) -> None:
    """Add one deal's move values, times ``weight``, to the totals (moves the seat may
    make only)."""
    for move in totals:
        totals[move] += weight * values[move]


def best(decision: Decision, totals: dict[Move, float]) -> Move:
    """The move with the highest total; among tied moves, the rule-based player's choice
    (a tie is common once every sampled deal is decided whatever is played, and the
    sampled deals are not the real one: the conventions keep points safe)."""
    top = max(totals.values())
    tied = [mv for mv in decision.moves if totals[mv] >= top - TIE]
    if len(tied) == 1:
        return tied[0]
    return rule_based.decide(decision.position(), tied, decision.rng)
