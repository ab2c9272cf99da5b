"""``strong-disc``: the strong level reading the discards too (docs/bots.md).

The strong level's reading of the play (game/bots/play_reading.py) reads leads and cards
that follow suit. A seat that cannot follow chooses among all its cards (among its trumps
once it has asked for trump and holds one): what it throws, and whether it trumps, says
something about what it keeps. Here such a card is a clue too (kind ``"discard"``), read
by a softmax over the cards the seat could have played, linear in the features below,
with weights fitted by ``bench/learn_discards.py`` to the real hands of logged arena deals;
every other clue is read as the strong level reads it. Everything but the weighing of the
sampled deals is the strong level's.
"""

from __future__ import annotations

from game.bots import play_reading
from game.bots.decision import Decision
from game.bots.play_reading import Clue, Weighing, chance_ratio, clue_at, in_sample, likelihood
from game.bots.position import Position
from game.bots.rule_based import is_master
from game.bots.solver.search import Search
from game.engine.cards import POINTS, SUIT_MASK, cards_in, partner_of, suit_of, team_of
from game.engine.match import Match
from game.engine.play import trick_winner

DISCARD_FEATURES = (
    "points",
    "trump",
    "wins now",
    "points x partner winning",
    "points x lost to opponents",
    "lowest of suit",
    "highest of suit",
    "suit length",
    "singleton",
    "master",
)

# Fitted by bench/learn_discards.py (docs/bots.md, strong-disc), in DISCARD_FEATURES' order.
DISCARD_WEIGHTS: dict[tuple[str, str], tuple[float, ...]] = {
    ("opponent", "discard"): (
        *(0.010, -0.708, 1.031, 0.247, -0.623),
        *(0.180, 0.260, 0.363, 0.164, -0.632),
    ),
    ("partner", "discard"): (
        *(0.337, -1.078, 1.844, 0.137, -0.987),
        *(1.173, 0.199, 0.235, 0.551, -0.986),
    ),
}


def discard_at(m: Match, seat: int, card: int, decider: int) -> Clue | None:
    """The clue of ``seat`` playing ``card`` now without following suit, if it is one."""
    r = m.round
    assert r is not None
    if r.aside and seat == r.bidder:
        return None
    pos = Position(m, seat)
    if not pos.trick or suit_of(card) == suit_of(pos.trick[0][1]):
        return None
    pos.trick = list(pos.trick)  # the engine appends to the trick in place
    hidden = seat == r.bidder and not r.trump_shown
    who = "partner" if seat == partner_of(decider) else "opponent"
    return Clue(seat, card, (who, "discard"), pos, 0, hidden)


def any_clue(m: Match, seat: int, card: int, decider: int) -> Clue | None:
    """A lead or a card following suit as the strong level reads it, or a discard."""
    return clue_at(m, seat, card, decider) or discard_at(m, seat, card, decider)


def discard_choices(pos: Position) -> list[int]:
    """The cards a seat that cannot follow may play: its trumps after asking for trump
    (if it holds one), else any card."""
    if pos.asker == pos.seat and pos.trump_shown and pos.hand & SUIT_MASK[pos.trump]:
        return cards_in(pos.hand & SUIT_MASK[pos.trump])
    return cards_in(pos.hand)


def discard_features(pos: Position, cards: list[int]) -> list[tuple[float, ...]]:
    """Each card's features, from the discarding seat's position before it played."""
    counting = pos.trump if pos.trump_shown else -1
    winner = trick_winner(pos.trick, counting)
    partner_winning = team_of(winner) == team_of(pos.seat)
    rows: list[tuple[float, ...]] = []
    for c in cards:
        points = POINTS[c]
        wins = counting >= 0 and trick_winner([*pos.trick, (pos.seat, c)], counting) == pos.seat
        lost = not wins and not partner_winning
        suit = cards_in(pos.hand & SUIT_MASK[suit_of(c)])
        rows.append(
            (
                points,
                pos.trump >= 0 and suit_of(c) == pos.trump,
                wins,
                points * partner_winning,
                points * lost,
                c == max(suit),  # a higher index is a lower rank
                c == min(suit),
                len(suit) / 4,
                len(suit) == 1,
                is_master(pos, c),
            )
        )
    return rows


def discard_rows(pos: Position, card: int) -> tuple[list[tuple[float, ...]], int] | None:
    """The features of each card the discarding seat could have played and the index of
    ``card`` among them (None when it had no choice, or could not have played it)."""
    cards = discard_choices(pos)
    if len(cards) < 2 or card not in cards:
        return None
    return discard_features(pos, cards), cards.index(card)


def discard_likelihood(clue: Clue, sample: Match) -> float:
    """How much likelier the discard is from the sampled deal's hand than by chance."""
    pos = in_sample(clue, sample)
    return chance_ratio(DISCARD_WEIGHTS[clue.key], discard_rows(pos, clue.card))


def any_likelihood(clue: Clue, sample: Match) -> float:
    """A discard read by the model above, any other clue as the strong level reads it."""
    read = discard_likelihood if clue.key[1] == "discard" else likelihood
    return read(clue, sample)


def weighing(decision: Decision) -> Weighing:
    """The weight of each sampled deal: the strong level's reading and the discards'."""
    return play_reading.weighing(decision, any_clue, any_likelihood)


DISCARD_SEARCH = Search(early=False, weighing=weighing)  # strong-disc's card search
