"""Inference of card locations from the cards the other seats have played (level
``strong-infer``, docs/bots.md).

Each lead, and each card played following suit, by a seat other than the deciding
one is a *clue*: the public position before that card, as the player saw it, with
its hand to be filled in from a sampled deal. A sampled deal explains a clue when
that hand had a choice and the rule-based player holding it would have played the
card that was played. Its weight is the product over the clues of ``AGREE`` (the
card is the rule-based choice) or ``DISAGREE`` (it is not; a hand without a choice
counts 1): the likelihood ratios of a simple model of play, "plays the rule-based
card more often than chance", measured on logged arena deals. The search multiplies
each solved deal's move values by that weight (importance weights, no rejections).

Only what the seat may see is used: the public events (the clue positions come
from replaying the decision's sampled deal, whose public events are the ones
seen) and the sampled hands. Clues are left out where a hand is not the whole
story: a Single Hand, and a bidder's plays while a 7th card lies aside.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots import rule_based
from game.bots.decision import Decision
from game.bots.position import Position
from game.bots.solver.search import Weighing
from game.engine.belief import HIDDEN
from game.engine.cards import CODES, SUIT_MASK, partner_of, suit_of
from game.engine.match import Match
from game.engine.moves import PLAYS, Move, plays_of

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


@dataclass
class Clue:
    """One card another seat played with a choice, and what that seat saw then."""

    seat: int
    card: int
    key: tuple[str, str]  # ("partner" or "opponent", "lead" or "follow")
    pos: Position  # the seat's position before the card (its hand set per sampled deal)
    later: int  # the cards the seat played from this one on (its hand then = now | later)
    hidden_trump: bool  # the seat is the bidder and trump was hidden: trump per sampled deal


def clues(decision: Decision) -> list[Clue]:
    """The clues of the deal so far, from a replay of the decision's sampled deal."""
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
            clue = _clue(m, seat, arg, belief.seat)
            if clue is not None:
                found.append(clue)
        m.apply_move(seat, move)
    for clue in found:  # the cards each clue's seat played from it on, this one included
        clue.later = belief.played[clue.seat] & ~clue.pos.played
    return found


def _clue(m: Match, seat: int, card: int, decider: int) -> Clue | None:
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
