"""The ismcts levels: players of the kind of the public C++ IS-MCTS 29 bot (abhigyan7/29),
its latest version (``ismcts``) and its older one (``ismcts-old``, style.py).

Calls by that bot's hand rules (calls.py). In the play of a regular round, as it
does: a seat with only one card it may play plays it; a seat that cannot follow
while trump is hidden asks for trump; otherwise a single-observer Information-Set
MCTS over its own view (_mcts.c: determinizations that respect the suits each seat
has shown it lacks, random playouts, the contract's result) picks the card.
Everything that bot does not model (the 7th card, stakes, Single Hand, marriages)
gets the rule-based move.

The search runs by the clock, as the C++ bot's does: ``SAFETY * budget_s`` of wall
clock per card (the older version ran a fixed 5,000 iterations). With a seed it
counts instead the iterations this core gets through in that time on the reference
machine (``iterations_for``), so a decision is reproducible on any machine and takes
about as long as an unseeded one.
"""

from __future__ import annotations

from bench.sparring.ismcts import calls
from bench.sparring.ismcts._mcts import search
from bench.sparring.ismcts.style import (
    ASKING,
    BIDDER_KNOWS,
    DEFENDERS_ASK,
    LATEST,
    OLDER,
    Style,
)
from game.bots import rule_based
from game.bots.decision import Decision
from game.engine.cards import INDEX, team_of
from game.engine.moves import MARRIAGE, PLAYS, SHOW_TRUMP, Move

EXPLORATION = 0.7  # the UCB1 constant (ismcsolver's default, which the C++ bot keeps)
SAFETY = 0.95  # share of the budget the timed search uses (the rest: set-up)
# This core's cost per iteration with the tree a search at 0.4 s grows (measured on the
# shared 2-core machine, docs/bots.md): about 0.15 us per card left in hands beyond four,
# so a seeded search, which counts its iterations, takes about as long as a timed one.
MOVE_US = 0.15
FLOOR_US = 0.5
MAX_ITERATIONS = 2_000_000
ASK = 32  # the search's move that asks for trump (_mcts.c)
NO_ASKS = -2  # the search's asks argument: nobody asks inside the search


def iterations_for(budget_s: float, cards_left: int) -> int:
    """The iterations this core runs in ``SAFETY * budget_s`` with ``cards_left`` cards in hands."""
    per_iteration = max(FLOOR_US, MOVE_US * (cards_left - 4))
    return max(1, min(MAX_ITERATIONS, int(SAFETY * budget_s * 1e6 / per_iteration)))


def choose(decision: Decision) -> Move:
    """The ismcts level's move (the C++ bot's latest version)."""
    return decide(decision, LATEST)


def choose_asking(decision: Decision) -> Move:
    """The ismcts-ask level's move (``ismcts`` with the trump request a move of its search)."""
    return decide(decision, ASKING)


def choose_defenders_asking(decision: Decision) -> Move:
    """The ismcts-def level's move (``ismcts`` where only the bidder's opponents ask)."""
    return decide(decision, DEFENDERS_ASK)


def choose_bidder_knowing(decision: Decision) -> Move:
    """The ismcts-bk level's move (``ismcts`` whose bidder plays its hidden trump as shown)."""
    return decide(decision, BIDDER_KNOWS)


def choose_older(decision: Decision) -> Move:
    """The ismcts-old level's move (the C++ bot's older version)."""
    return decide(decision, OLDER)


def decide(decision: Decision, style: Style) -> Move:
    """The move of that version of the C++ bot."""
    moves = decision.moves
    if len(moves) == 1:
        return moves[0]
    r = decision.sample.round
    assert r is not None
    if MARRIAGE in moves:
        return rule_based.choose(decision)
    if r.phase == "bidding":
        return calls.bid(decision.position(), moves, style)
    if r.phase == "trump":
        hand = [INDEX[code] for code in decision.belief.view["hand"]]
        return calls.trump(hand)
    if r.phase == "play" and r.sh_caller < 0:
        return play(decision, style)
    return rule_based.choose(decision)


def play(decision: Decision, style: Style) -> Move:
    """One card (or the trump request) in a regular round."""
    seat, moves = decision.seat, decision.moves
    pos = decision.position()
    belief = decision.belief
    hand = pos.hand | (1 << pos.aside if pos.aside >= 0 else 0)
    cards = 0
    for kind, card in moves:
        if kind == "play":
            cards |= 1 << card
    if not cards:
        return moves[0]
    led = pos.trick[0][1] >> 3 if pos.trick else -1
    follows = led >= 0 and hand >> (8 * led) & 0xFF
    model = hand if led < 0 or not follows else hand & (0xFF << (8 * led))
    if model.bit_count() == 1 and model & cards:
        return PLAYS[model.bit_length() - 1]
    r = decision.sample.round
    assert r is not None
    knows = style.bidder_knows and seat == pos.bidder and not r.trump_shown and belief.trump >= 0
    asking = (not style.defenders_ask or team_of(seat) != team_of(pos.bidder)) and not knows
    if SHOW_TRUMP in moves and led >= 0 and not follows and not style.asks and asking:
        return SHOW_TRUMP
    known = [belief.known[s] if s != seat else hand for s in range(4)]
    slots = list(belief.slots)
    slots[seat] = 0
    if belief.aside_slot:
        slots[pos.bidder] += 1
    unseen = 0
    for card in belief.unknown:
        unseen |= 1 << card
    voids = [
        sum(0xFF << (8 * s) for s in range(4) if style.voids and belief.voids[p] >> s & 1)
        for p in range(4)
    ]
    cards_left = sum(known[s].bit_count() + slots[s] for s in range(4))
    if style.iterations:
        iterations, seconds = style.iterations, 0.0
    elif decision.seeded:
        iterations, seconds = iterations_for(decision.budget_s, cards_left), 0.0
    else:
        iterations, seconds = 0, SAFETY * decision.budget_s
    card, _, _ = search(
        (known[0], known[1], known[2], known[3]),
        (slots[0], slots[1], slots[2], slots[3]),
        unseen,
        (voids[0], voids[1], voids[2], voids[3]),
        [(s, c) for s, c in pos.trick],
        seat,
        (pos.points[0], pos.points[1]),
        pos.tricks_played,
        r.trump if r.trump_shown else belief.trump if knows else -1,
        r.asker if r.trump_shown else -1,
        pos.bidder,
        pos.target,
        style.last_point,
        style.older,
        style.half_hidden,
        cards,
        iterations,
        seconds,
        decision.rng.getrandbits(64),
        EXPLORATION,
        belief.trump if style.asks else NO_ASKS,
    )
    return SHOW_TRUMP if card == ASK else PLAYS[card]
