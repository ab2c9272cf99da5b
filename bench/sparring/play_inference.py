"""Inference of card locations from the cards the other seats have played (level
``strong-infer``, docs/bots.md).

The clues are the strong level's (game/bots/play_reading.py: each lead, and each card
played following suit, by another seat, with its hand filled in from a sampled deal);
only their reading differs. A sampled deal explains a clue when
that hand had a choice and the rule-based player holding it would have played the
card that was played. Its weight is the product over the clues of ``AGREE`` (the
card is the rule-based choice) or ``DISAGREE`` (it is not; a hand without a choice
counts 1): the likelihood ratios of a simple model of play, "plays the rule-based
card more often than chance", measured on logged arena deals. The search multiplies
each solved deal's move values by that weight (importance weights, no rejections).
"""

from __future__ import annotations

from game.bots import rule_based
from game.bots.decision import Decision
from game.bots.play_reading import Clue, Weighing, clues
from game.engine.cards import SUIT_MASK, suit_of
from game.engine.match import Match
from game.engine.moves import PLAYS, plays_of

# Likelihood ratios by (the player as seen by the decider, the clue's kind): how much
# likelier the rule-based card (AGREE) or another card (DISAGREE) is with the real hand
# than with a hand the decider's Belief samples. Measured on 60 logged arena decks
# (reduced rules, seed 35, strong:0.1 against ismcts:0.1; docs/bots.md): the partner's
# from strong's cards (as it sees them), the opponents' from ismcts's.
AGREE = {
    ("partner", "lead"): 1.32,
    ("partner", "follow"): 1.25,
    ("opponent", "lead"): 1.13,
    ("opponent", "follow"): 1.13,
}
DISAGREE = {
    ("partner", "lead"): 0.77,
    ("partner", "follow"): 0.56,
    ("opponent", "lead"): 0.92,
    ("opponent", "follow"): 0.83,
}


def agrees(clue: Clue, sample: Match) -> bool | None:
    """Whether the rule-based player, holding the sampled deal's hand, would have played
    the clue's card (None when that hand had no choice)."""
    r = sample.round
    assert r is not None
    pos = clue.pos
    hand = r.hands[clue.seat] | clue.later
    pos.hand = hand
    if clue.hidden_trump:
        pos.trump = r.trump
    choice = hand if clue.key[1] == "lead" else hand & SUIT_MASK[suit_of(clue.card)]
    if choice.bit_count() < 2:
        return None
    return rule_based.play(pos, plays_of(choice)) == PLAYS[clue.card]


def weight(found: list[Clue], sample: Match) -> float:
    """The likelihood ratio of a sampled deal given the clues."""
    w = 1.0
    for clue in found:
        agree = agrees(clue, sample)
        if agree is not None:
            w *= AGREE[clue.key] if agree else DISAGREE[clue.key]
    return w


def weighing(decision: Decision) -> Weighing:
    """The weight of each sampled deal for this decision (``Search.weighing``)."""
    found = clues(decision)
    return lambda sample: weight(found, sample)
