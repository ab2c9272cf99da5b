"""A model of play learned from logged arena deals, and inference from it (level
``strong-learn``, docs/bots.md).

Where ``play_inference.py`` asks one question of each card another seat played ("is
it the rule-based player's card?"), this model gives every card the player could have
played a probability: a softmax over the cards it held of the led suit (or of all its
cards, at a lead), linear in a few features of each card as that player saw the trick
(``features``). Its weights were fitted by maximum likelihood to the real hands of
logged deals (``bench/learn_play.py``), one set per kind of clue (lead, follow) and per
player (``strong`` as its partner sees it, ``ismcts`` as its opponents do).

A sampled deal's weight is the product over the clues of the probability the model
gives the card played from the sampled hand, times the number of cards that hand could
choose from (a hand that had no choice counts 1). Only what the deciding seat may see
is used: the clue positions of ``play_inference.clues`` and the sampled hands.
"""

from __future__ import annotations

import math

from bench.sparring.play_inference import Clue, clues
from game.bots.decision import Decision
from game.bots.position import Position
from game.bots.rule_based import is_master
from game.bots.solver.search import Weighing
from game.engine.cards import POINTS, SUIT_MASK, cards_in, suit_of, team_of
from game.engine.match import Match
from game.engine.play import trick_winner

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

# Fitted by bench/learn_play.py (the logs and figures in docs/bots.md), keyed by
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


def likelihood(clue: Clue, sample: Match) -> float:
    """How much likelier the clue's card is from the sampled deal's hand than by chance."""
    r = sample.round
    assert r is not None
    pos = clue.pos
    pos.hand = r.hands[clue.seat] | clue.later
    if clue.hidden_trump:
        pos.trump = r.trump
    lead = clue.key[1] == "lead"
    cards = choices(pos, clue.card, lead)
    if len(cards) < 2:
        return 1.0
    rows = features(pos, cards, lead)
    return len(cards) * probability(WEIGHTS[clue.key], rows, cards.index(clue.card))


def weighing(decision: Decision) -> Weighing:
    """The weight of each sampled deal for this decision (``Search.weighing``)."""
    found = clues(decision)

    def weight(sample: Match) -> float:
        w = 1.0
        for clue in found:
            w *= likelihood(clue, sample)
        return w

    return weight
