"""The strong player's reading of the cards the other seats have played.

Each lead, and each card played following suit, by a seat other than the deciding one
is a *clue*: the public position before that card, as its player saw it, with its hand
to be filled in from a sampled deal. A model of play gives every card that player could
have played a probability: a softmax over the cards it held of the led suit (or all its
cards, at a lead), linear in a few features of each card as the player saw the trick
(``features``), with weights fitted to the real hands of logged arena deals
(``bench/learn_play.py``; docs/bots.md, ``strong-learn``): one set per kind of clue and
per player (the partner, who plays as the strong player does; the opponents, read as the
public IS-MCTS bot plays).

A sampled deal's weight is the product over the clues of the model's probability of the
card played from that deal's hand, times the number of cards the hand could choose from
(a hand that had no choice counts 1); the card search averages solved deals with these
weights. Only what the deciding seat may see is used: the public events (the clue
positions come from replaying the decision's sampled deal, whose public events are the
ones seen) and the sampled hands. Clues are left out where a hand is not the whole story:
a Single Hand, and a bidder's plays while a 7th card lies aside.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.bots.decision import Decision
from game.bots.position import Position
from game.bots.rule_based import is_master
from game.engine.belief import HIDDEN
from game.engine.cards import CODES, POINTS, SUIT_MASK, cards_in, partner_of, suit_of, team_of
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.play import trick_winner

Weighing = Callable[[Match], float]  # a sampled deal's weight in the average


@dataclass
class Clue:
    """One card another seat played with a choice, and what that seat saw then."""

    seat: int
    card: int
    key: tuple[str, str]  # ("partner" or "opponent", "lead" or "follow")
    pos: Position  # the seat's position before the card (its hand set per sampled deal)
    later: int  # the cards the seat played from this one on (its hand then = now | later)
    hidden_trump: bool  # the seat is the bidder and trump was hidden: trump per sampled deal


# (deal just before the card, its player, the card, the deciding seat) -> the clue, or None
ClueAt = Callable[[Match, int, int, int], "Clue | None"]


def clues(decision: Decision, at: ClueAt | None = None) -> list[Clue]:
    """The clues of the deal so far, from a replay of the decision's sampled deal (found
    by ``at``: ``clue_at`` unless another reading says otherwise)."""
    find = at or clue_at
    belief = decision.belief
    if belief.single_hand >= 0 or belief.phase != "play":
        return []
    r = decision.sample.round
    assert r is not None
    m = Match(belief.rules, dealer=belief.dealer, seed=0)
    m.deal([CODES[c] for c in r.deck])
    found: list[Clue] = []
    for seat, kind, arg, _ in belief.steps:
        move = Move(kind, r.trump if arg == HIDDEN else arg)
        if kind == "play" and seat != belief.seat:
            clue = find(m, seat, arg, belief.seat)
            if clue is not None:
                found.append(clue)
        m.apply_move(seat, move)
    for clue in found:  # the cards each clue's seat played from it on, this one included
        clue.later = belief.played[clue.seat] & ~clue.pos.played
    return found


def clue_at(m: Match, seat: int, card: int, decider: int) -> Clue | None:
    """The clue of ``seat`` playing ``card`` now in ``m``, if it is one, for ``decider``."""
    r = m.round
    assert r is not None
    if r.aside and seat == r.bidder:
        return None
    pos = Position(m, seat)
    pos.trick = list(pos.trick)  # the engine appends to the trick in place
    if not pos.trick:
        kind = "lead"
    elif suit_of(card) == suit_of(pos.trick[0][1]):
        kind = "follow"
    else:
        return None
    hidden = seat == r.bidder and not r.trump_shown
    who = "partner" if seat == partner_of(decider) else "opponent"
    return Clue(seat, card, (who, kind), pos, 0, hidden)


LEAD_FEATURES = (
    "points",
    "master",
    "master x points",
    "suit length",
    "lowest of suit",
    "highest of suit",
    "trump",
    "singleton",
)
FOLLOW_FEATURES = (
    "points",
    "wins now",
    "wins now x partner winning",
    "points x partner winning",
    "points x lost to opponents",
    "lowest",
    "highest",
    "wins now x last",
    "master",
    "points x wins now",
)

# Fitted by bench/learn_play.py (the logs and figures in docs/bots.md, strong-learn), keyed by
# (the player as seen by the decider, the clue's kind); the features' order above.
WEIGHTS: dict[tuple[str, str], tuple[float, ...]] = {
    ("opponent", "lead"): (-0.826, 0.013, 1.237, 2.081, 0.636, 0.700, -0.489, -0.701),
    ("opponent", "follow"): (
        *(0.279, 0.499, -1.220, 0.275, -2.019),
        *(0.537, 0.356, 0.298, -0.604, 0.100),
    ),
    ("partner", "lead"): (-0.142, 0.306, 0.882, 0.467, 1.323, 0.492, -0.262, -0.267),
    ("partner", "follow"): (
        *(1.857, 0.967, -1.064, -0.153, -2.528),
        *(1.689, -0.382, -0.103, -1.425, -0.204),
    ),
}


def choices(pos: Position, card: int, lead: bool) -> list[int]:
    """The cards the player could have played instead of ``card`` (its suit's, when
    following), ``card`` included."""
    mask = pos.hand if lead else pos.hand & SUIT_MASK[suit_of(card)]
    return cards_in(mask)


def choice_rows(pos: Position, card: int, lead: bool) -> tuple[list[tuple[float, ...]], int] | None:
    """The features of each card the player could have played and the index of ``card``
    among them (None when the player had no choice)."""
    cards = choices(pos, card, lead)
    if len(cards) < 2:
        return None
    return features(pos, cards, lead), cards.index(card)


def features(pos: Position, cards: list[int], lead: bool) -> list[tuple[float, ...]]:
    """Each card's features, from the player's position before it played."""
    if lead:
        return [_lead(pos, c) for c in cards]
    counting = pos.trump if pos.trump_shown else -1
    winner = trick_winner(pos.trick, counting)
    best = next(c for s, c in pos.trick if s == winner)
    partner_winning = team_of(winner) == team_of(pos.seat)
    last = len(pos.trick) == 3
    top, bottom = min(cards), max(cards)  # a lower index is a higher rank
    rows: list[tuple[float, ...]] = []
    for c in cards:
        points = POINTS[c]
        wins = suit_of(c) == suit_of(best) and c < best
        lost = not wins and not partner_winning
        rows.append(
            (
                points,
                wins,
                wins and partner_winning,
                points * partner_winning,
                points * lost,
                c == bottom,
                c == top,
                wins and last,
                is_master(pos, c),
                points * wins,
            )
        )
    return rows


def _lead(pos: Position, c: int) -> tuple[float, ...]:
    suit = pos.hand & SUIT_MASK[suit_of(c)]
    length = suit.bit_count()
    master = is_master(pos, c)
    return (
        POINTS[c],
        master,
        master * POINTS[c],
        length / 4,
        c == max(cards_in(suit)),
        c == min(cards_in(suit)),
        pos.trump >= 0 and suit_of(c) == pos.trump,
        length == 1,
    )


def probability(weights: tuple[float, ...], rows: list[tuple[float, ...]], chosen: int) -> float:
    """The softmax probability of row ``chosen``."""
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    return exps[chosen] / sum(exps)


def in_sample(clue: Clue, sample: Match) -> Position:
    """The clue's position with the hand (and a bidder's hidden trump) of the sampled deal."""
    r = sample.round
    assert r is not None
    pos = clue.pos
    pos.hand = r.hands[clue.seat] | clue.later
    if clue.hidden_trump:
        pos.trump = r.trump
    return pos


def chance_ratio(
    weights: tuple[float, ...], found: tuple[list[tuple[float, ...]], int] | None
) -> float:
    """How much likelier the model makes the card played (row ``found[1]`` of the choices'
    features ``found[0]``) than a choice by chance; 1 when the player had no choice."""
    if found is None:
        return 1.0
    rows, chosen = found
    return len(rows) * probability(weights, rows, chosen)


def likelihood(clue: Clue, sample: Match) -> float:
    """How much likelier the clue's card is from the sampled deal's hand than by chance."""
    pos = in_sample(clue, sample)
    return chance_ratio(WEIGHTS[clue.key], choice_rows(pos, clue.card, clue.key[1] == "lead"))


# (a clue, a sampled deal) -> how much likelier that deal makes the clue's card than chance
Reading = Callable[[Clue, Match], float]


def weighing(decision: Decision, at: ClueAt | None = None, read: Reading = likelihood) -> Weighing:
    """The weight of each sampled deal for this decision (``Search.weighing``): the product
    of ``read`` over the clues found by ``at`` (the strong level's reading unless another
    reading, in bench/sparring/, says otherwise)."""
    found = clues(decision, at)

    def weight(sample: Match) -> float:
        w = 1.0
        for clue in found:
            w *= read(clue, sample)
        return w

    return weight
