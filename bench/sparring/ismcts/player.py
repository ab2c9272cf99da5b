"""The ismcts levels: players of the kind of the public C++ IS-MCTS 29 bot (abhigyan7/29),
its latest version (``ismcts``) and its older one (``ismcts-old``, style.py).

Calls by that bot's hand rules (calls.py). In the play of a regular round, as it
does: a seat with only one card it may play plays it; a seat that cannot follow
while trump is hidden asks for trump; otherwise a single-observer Information-Set
MCTS over its own view (_mcts.c: determinizations that respect the suits each seat
has shown it lacks, random playouts, the contract's result) picks the card.
Everything that bot does not model (the 7th card, stakes, Single Hand, marriages)
gets the rule-based move.

The search runs the number of iterations the C++ bot gets through in ``budget_s``
by an estimate of its cost per iteration (``iterations_for``; this core is several
times faster, so the count, not the clock, sets its strength; the older version ran
a fixed 5,000). With a seed that
count alone ends the search, so a decision is reproducible on any machine; without
one the search also stops when ``budget_s`` is spent.
"""

from __future__ import annotations

from bench.sparring.ismcts import calls
from bench.sparring.ismcts._mcts import search
from bench.sparring.ismcts.style import LATEST, OLDER, Style
from game.bots import rule_based
from game.bots.decision import Decision
from game.engine.cards import INDEX
from game.engine.moves import MARRIAGE, PLAYS, SHOW_TRUMP, Move

EXPLORATION = 0.7  # the UCB1 constant (ismcsolver's default, which the C++ bot keeps)
SAFETY = 0.9  # share of the budget the timed search uses (the rest: set-up)
# The C++ bot's cost per iteration, estimated from its code (see docs/bots.md): a
# heap-allocating copy of the game and determinization, then per move of the tree
# walk and the playout a few vector allocations and map look-ups.
CLONE_US = 10.0  # microseconds per determinized copy
MOVE_US = 1.0  # microseconds per card played in the tree walk and playout
MAX_ITERATIONS = 50_000



def iterations_for(budget_s: float, cards_left: int) -> int:
    """The iterations the C++ bot runs in ``budget_s`` with ``cards_left`` cards in hands."""
    per_iteration = CLONE_US + MOVE_US * cards_left
    return max(1, min(MAX_ITERATIONS, int(budget_s * 1e6 / per_iteration)))


def choose(decision: Decision) -> Move:
    """The ismcts level's move (the C++ bot's latest version)."""
    return decide(decision, LATEST)


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
    if SHOW_TRUMP in moves and led >= 0 and not follows:
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
    r = decision.sample.round
    assert r is not None
    cards_left = sum(known[s].bit_count() + slots[s] for s in range(4))
    iterations = style.iterations or iterations_for(decision.budget_s, cards_left)
    seconds = 0.0 if decision.seeded else SAFETY * decision.budget_s
    card, _, _ = search(
        (known[0], known[1], known[2], known[3]),
        (slots[0], slots[1], slots[2], slots[3]),
        unseen,
        (voids[0], voids[1], voids[2], voids[3]),
        [(s, c) for s, c in pos.trick],
        seat,
        (pos.points[0], pos.points[1]),
        pos.tricks_played,
        r.trump if r.trump_shown else -1,
        r.asker if r.trump_shown else -1,
        pos.bidder,
        pos.target,
        style.last_point,
        style.older,
        cards,
        iterations,
        seconds,
        decision.rng.getrandbits(64),
        EXPLORATION,
    )
    return PLAYS[card]
