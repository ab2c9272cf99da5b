"""``strong-am``: ``strong`` with an αμ search (Cazenave & Ventos 2019) in the endgame.

From ``FROM_TRICK`` tricks played (the last three tricks, where solving is cheap) while the
seat still has a real choice to come after this one, the card is chosen by a search over
``WORLDS`` deals drawn from the seat's Belief (the first is the Decision's own sample):

- at the seat's own turns (Max), one move for every world at the node: the worlds there
  share every public event, so the seat cannot tell them apart; the node's front is the
  union of its moves' fronts;
- at the other seats' turns each world takes its own move (the opponents minimise, the
  partner maximises, per world: they are treated as seeing the cards);
- a front is a Pareto set of win vectors over the worlds (an int, bit i = world i won for
  the seat's team); after ``M`` of the seat's moves each world is solved exactly by the
  compiled solver (contract made or not), which is the value of best play from there.

The root move with the most worlds won in its front is played; among moves tied on
that, ``strong``'s own search chooses (its usual sampled deals and budget). Elsewhere,
or when the search would pass ``MAX_NODES`` nodes, or the trump is not shown (the
worlds would differ in what a trump request reveals), it plays exactly like ``strong``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from game.bots.decision import Decision
from game.bots.solver import strong
from game.bots.solver.position import position, solver
from game.bots.solver.search import WINDOW, choose_card
from game.bots.solver.strong import phase
from game.engine.cards import team_of
from game.engine.match import Match
from game.engine.moves import Move

FROM_TRICK = 5  # tricks played from which the search is used (the last three of eight)
WORLDS = 32  # sampled deals the search runs over
M = 2  # the seat's own moves searched before the solver settles each world
MAX_NODES = 60_000  # a bigger tree falls back to strong's choice


class TooBig(Exception):
    """The search passed ``MAX_NODES``."""


def late_choice(decision: Decision, from_trick: int) -> bool:
    """Whether the decision is a choice of cards in a regular contract, trump shown, with
    ``from_trick`` tricks played or more: where an endgame search over sampled deals may
    take over from ``strong`` (the sampled deals then agree on everything a request shows)."""
    r = decision.sample.round
    assert r is not None
    return (
        phase(decision) == "play"
        and len(decision.moves) >= 2
        and r.tricks_played >= from_trick
        and r.trump_shown
        and r.sh_caller < 0
    )


def choose(decision: Decision) -> Move:
    """The strong level's move, with the endgame card chosen by αμ."""
    r = decision.sample.round
    assert r is not None
    no_choice_after = bin(r.hands[decision.seat]).count("1") < 3
    if not late_choice(decision, FROM_TRICK) or no_choice_after:
        return strong.choose(decision)
    worlds = [decision.sample] + [decision.belief.sample(decision.rng) for _ in range(WORLDS - 1)]
    try:
        scores = AlphaMu(decision.seat, worlds).root()
    except TooBig:
        return strong.choose(decision)
    return ranked(decision, scores)


def ranked(decision: Decision, scores: dict[Move, int]) -> Move:
    """The move with the best αμ score; among tied moves, strong's choice."""
    top = max(scores.values())
    tied = [mv for mv in decision.moves if scores.get(mv, -1) == top]
    if len(tied) == 1:
        return tied[0]
    return choose_card(replace(decision, moves=tied))


def pareto(vectors: Iterable[int]) -> frozenset[int]:
    """The vectors no other one dominates (a superset of its won worlds)."""
    kept: list[int] = []
    for v in sorted(set(vectors), key=lambda x: -bin(x).count("1")):
        if not any(k & v == v for k in kept):
            kept.append(v)
    return frozenset(kept)


class AlphaMu:
    """One αμ search for ``seat`` over ``worlds`` (matches with every hand filled in)."""

    def __init__(self, seat: int, worlds: list[Match]) -> None:
        self.seat = seat
        self.worlds = worlds
        self.nodes = 0

    def root(self) -> dict[Move, int]:
        """Each legal move of the seat: the most worlds one of its strategies wins."""
        every = list(range(len(self.worlds)))
        moves = self.worlds[0].moves(self.seat)
        scores = {}
        for mv in moves:
            front = self.after_max(every, [self.worlds[i] for i in every], mv, M - 1)
            scores[mv] = max(bin(v).count("1") for v in front)
        return scores

    def won(self, m: Match) -> bool:
        """Whether the seat's team wins this fully known deal with best play from here
        (a deal may end early once decided; an annulment is a loss, as in ``strong``)."""
        self.count()  # the tree's size only, so a seeded choice never depends on timing
        r = m.round
        if r is None:
            out = m.outcome
            assert out is not None
            return not out.annulled and out.made == (team_of(self.seat) == out.team)
        exact, _ = solver().values(position(m), -WINDOW, WINDOW, 1_000_000)
        assert exact is not None  # no node limit that matters this late
        bidder_side = team_of(r.bidder)
        values = [v for _, v in exact]
        value = max(values) if team_of(r.to_play) == bidder_side else min(values)
        return (value > 0) == (team_of(self.seat) == bidder_side)

    def leaf(self, ids: list[int], ms: list[Match]) -> frozenset[int]:
        """The front of solved worlds: the one vector of the worlds won."""
        return frozenset([sum(1 << i for i, m in zip(ids, ms, strict=True) if self.won(m))])

    def count(self, n: int = 1) -> None:
        self.nodes += n
        if self.nodes > MAX_NODES:
            raise TooBig

    def after_max(self, ids: list[int], ms: list[Match], mv: Move, left: int) -> frozenset[int]:
        """The front after the seat plays ``mv`` in every world of the node."""
        children = []
        for m in ms:
            c = m.copy()
            c.apply_move(self.seat, mv)
            children.append(c)
        self.count(len(children))
        if left == 0:
            return self.leaf(ids, children)
        return self.node(ids, children, left)

    def node(self, ids: list[int], ms: list[Match], left: int) -> frozenset[int]:
        """The front of a node: the worlds ``ids`` sharing one public history."""
        r = ms[0].round
        if r is None:  # the deal ended early (decided): the same trick in every world
            return self.leaf(ids, ms)
        actor = r.to_play
        if actor == self.seat:
            moves = ms[0].moves(self.seat)
            front: set[int] = set()
            for mv in moves:
                front |= self.after_max(ids, ms, mv, left - 1)
            return pareto(front)
        # each world its own move: group the worlds by move
        by_move: dict[Move, tuple[list[int], list[Match]]] = {}
        for i, m in zip(ids, ms, strict=True):
            for mv in m.moves(actor):
                c = m.copy()
                c.apply_move(actor, mv)
                group = by_move.setdefault(mv, ([], []))
                group[0].append(i)
                group[1].append(c)
        self.count(sum(len(g[0]) for g in by_move.values()))
        every = sum(1 << i for i in ids)
        partner = team_of(actor) == team_of(self.seat)
        combined: frozenset[int] | None = None
        for sub_ids, sub_ms in by_move.values():
            sub = self.node(sub_ids, sub_ms, left)
            if not partner:  # worlds where the move is not legal: the opponent plays another
                rest = every & ~sum(1 << i for i in sub_ids)
                sub = frozenset(v | rest for v in sub)
            if combined is None:
                combined = sub
            elif partner:
                combined = pareto(a | b for a in combined for b in sub)
            else:
                combined = pareto(a & b for a in combined for b in sub)
        assert combined is not None
        return combined
