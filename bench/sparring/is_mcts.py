"""``strong-is``: ``strong`` with its card chosen from the fourth trick on by an
information-set tree search with the compiled solver at the leaves.

``strong`` solves each sampled deal as if every card were seen, so in each deal every seat
answers the seat's card knowing all the hands. This searches one tree over the seat's
information set instead (single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012): a
node is a sequence of moves from now, shared by every sampled deal in which those moves are
legal, so neither the seat nor the other seats can choose a move by cards the seat cannot
see. Each iteration draws one deal from a pool of ``POOL`` sampled deals (each as likely as
the play reading weighs it, as ``strong`` weighs them), walks the tree by UCB1 with
availability counts (``UCT``; values in game points, card points weighing ``CARD_POINT``
each, as ``strong`` values moves from its fourth trick), expands one new move, and values
the position reached by the solver (best play by all four seats from there). The root move
visited most is played, ties to the higher mean.

Elsewhere it plays exactly like ``strong``: before ``FROM_TRICK`` tricks have been played
(a sampled deal there costs 30-100 ms to solve: too few leaves for a tree), while trump is
hidden (the sampled deals differ in what a trump request shows), in a Single Hand, with the
marriage rule on (a declaration is a move of its own), or with one legal move. Seeded, the
work is counted as ``strong`` counts it (solver nodes plus ``SAMPLE_WORK`` per sampled deal),
an iteration as ``ITERATION_WORK``, so a seeded decision takes about the CPU ``strong``'s does.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from bench.sparring.alphamu import late_choice
from game.bots import play_reading
from game.bots.decision import Decision
from game.bots.solver import strong
from game.bots.solver.position import position, side_sign, solver
from game.bots.solver.search import (
    CARD_POINT,
    MAX_NODES,
    SAMPLE_WORK,
    WINDOW,
    graded,
    work_for,
)
from game.engine.cards import team_of
from game.engine.match import Match
from game.engine.moves import Move

FROM_TRICK = 3  # tricks played from which the tree chooses (strong's exact values from here)
POOL = 100  # sampled deals the iterations draw from
UCT = 0.7  # UCB1's exploration constant, values in game points
MIN_VISITS = 3  # iterations per root move at least (seeded: before the work quota counts)
ITERATION_WORK = 350  # the counted work of one iteration besides its solver nodes: a sixth of
# strong's per sampled deal, as their CPU compares (about 0.12 ms and 0.7 ms here), so a seeded
# decision takes about the CPU strong's does


@dataclass
class Node:
    """A sequence of moves from the root: its iterations, their total value for the
    seat's team, and how many iterations could have chosen it (availability)."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Move, Node] = field(default_factory=dict)


def choose(decision: Decision) -> Move:
    """The strong level's move, from the fourth trick by the information-set tree."""
    if not late_choice(decision, FROM_TRICK) or decision.rules.marriage != "off":
        return strong.choose(decision)
    return Tree(decision).best()


class Tree:
    """One search for one decision."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        self.seat = decision.seat
        self.root = Node()
        self.work = 0

    def best(self) -> Move:
        """Grow the tree within the budget; the root move visited most."""
        d = self.decision
        pool = [d.sample] + [d.belief.sample(d.rng) for _ in range(POOL - 1)]
        weigh = play_reading.weighing(d)
        weights = [weigh(m) for m in pool]
        if not any(w > 0 for w in weights):
            weights = [1.0] * len(pool)
        self.work = POOL * SAMPLE_WORK
        quota = work_for(d.budget_s)
        deadline = d.started + 0.85 * d.budget_s
        least = MIN_VISITS * len(d.moves)
        done = 0
        while True:
            began = time.perf_counter()
            world = d.rng.choices(pool, weights)[0].copy()
            self.iterate(world)
            done += 1
            if done < least:
                continue
            if d.seeded:
                if self.work >= quota:
                    break
            elif 2 * time.perf_counter() - began > deadline:
                break
        children = self.root.children
        return max(
            (mv for mv in d.moves if mv in children),
            key=lambda mv: (children[mv].visits, children[mv].total / children[mv].visits),
        )

    def iterate(self, world: Match) -> None:
        """One iteration: select down the tree in ``world``, expand one move, value the
        position reached, and add the value to every node on the way."""
        rng = self.decision.rng
        node = self.root
        path = [node]
        while (r := world.round) is not None:
            actor = r.to_play
            legal = world.moves(actor)
            for mv in legal:
                if mv in node.children:
                    node.children[mv].available += 1
            untried = [mv for mv in legal if mv not in node.children]
            if untried:
                mv = rng.choice(untried)
                child = node.children[mv] = Node(available=1)
                world.apply_move(actor, mv)
                path.append(child)
                break
            sign = 1.0 if team_of(actor) == team_of(self.seat) else -1.0
            mv = max(legal, key=lambda m: ucb(node.children[m], sign))
            node = node.children[mv]
            world.apply_move(actor, mv)
            path.append(node)
        value = self.value(world)
        self.work += ITERATION_WORK
        for n in path:
            n.visits += 1
            n.total += value

    def value(self, world: Match) -> float:
        """The value of a fully known position for the seat's team, with best play from
        here by all four seats (the deal's result, if it has ended)."""
        r = world.round
        if r is None:
            out = world.outcome
            assert out is not None and out.points is not None
            ours = team_of(self.seat) == out.team
            value = out.delta + CARD_POINT * out.points[out.team]
            return value if ours else -value
        solved = position(world)
        exact, nodes = solver().values(solved, -WINDOW, WINDOW, 10 * MAX_NODES)
        self.work += nodes
        assert exact is not None  # cheap from the fourth trick
        values = [v for _, v in exact]
        bidders_move = team_of(r.to_play) == team_of(solved.bidder)
        best = max(values) if bidders_move else min(values)
        return side_sign(self.seat, solved.bidder) * graded(best)


def ucb(child: Node, sign: float) -> float:
    """UCB1 with availability, from the side of the seat choosing (``sign`` +1 for the
    seat's team, -1 for the other)."""
    mean = sign * child.total / child.visits
    return mean + UCT * math.sqrt(math.log(child.available) / child.visits)
