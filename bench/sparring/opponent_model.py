"""``strong-model``: the strong level expecting the next opponent's card from a model of its
play, not from best play (docs/bots.md, "strong-model").

PIMC solves each sampled deal as if every seat played perfectly with every card seen, so
it values a card by the next opponent's best answer even when that opponent, who sees
only its own hand, would seldom find it. Where the strong level gives each move its exact
value (from ``EXACT_FROM`` tricks played), ``strong-model`` also solves the position after
each of its cards with the next seat (always an opponent) to play. When that opponent
follows suit with a choice, the move's value becomes ``(1 - MIX)`` times its best-play
value plus ``MIX`` times its expected value over the opponent's cards, weighed by the
learned model of the opponents' play that the strong level reads the play with
(``game/bots/play_reading.py``, fitted to the public bot's imitation). Everything else is
``strong``'s; the extra solves count as work, so a seeded decision spends the same budget.
"""

from __future__ import annotations

import dataclasses

from game.bots import play_reading
from game.bots.position import Position
from game.bots.solver.position import (
    SolverPosition,
    engine_move,
    position,
    side_sign,
    solver,
)
from game.bots.solver.search import (
    EXACT_FROM,
    MAX_NODES,
    WINDOW,
    Search,
    card_values,
    graded,
)
from game.engine.cards import SUIT_MASK, cards_in, next_seat, suit_of
from game.engine.match import Match
from game.engine.moves import PLAYS, Move

MIX = 0.5  # the share of the model's expectation in a move's value (the rest: best play)
OPPONENT_FOLLOW = play_reading.WEIGHTS[("opponent", "follow")]


def modelled_values(
    m: Match, seat: int, exact_from: int = EXACT_FROM, early: bool = False, cap: int = MAX_NODES
) -> tuple[dict[Move, float] | None, int]:
    """``card_values``, each card's value mixed with its expectation against the model of
    the next opponent's play where that opponent follows suit with a choice."""
    values, nodes = card_values(m, seat, exact_from, early, cap)
    r = m.round
    assert r is not None
    if values is None or r.tricks_played < exact_from:
        return values, nodes
    base = position(m)
    if len(base.trick) == 3 or base.aside >= 0 or base.forced >= 0 or base.single:
        return values, nodes
    if base.asker >= 0:
        return values, nodes
    sign = side_sign(seat, base.bidder)
    nxt = next_seat(seat)
    mixed = dict(values)
    for move in values:
        if move[0] != "play":
            continue
        card = move[1]
        led = suit_of(base.trick[0][1]) if base.trick else suit_of(card)
        follow = cards_in(base.hands[nxt] & SUIT_MASK[led])
        if len(follow) < 2:
            continue
        after = after_card(base, seat, card)
        answers, used = solver().values(after, -WINDOW, WINDOW, cap)
        nodes += used
        if answers is None:
            continue
        value = {engine_move(mv): sign * graded(v) for mv, v in answers}
        odds = follow_odds(m, nxt, seat, card, follow)
        expected = sum(p * value[PLAYS[c]] for c, p in zip(follow, odds, strict=True))
        mixed[move] = (1 - MIX) * values[move] + MIX * expected
    return mixed, nodes


def after_card(base: SolverPosition, seat: int, card: int) -> SolverPosition:
    """The position once ``seat`` has played ``card`` to a trick it does not end."""
    hands = list(base.hands)
    hands[seat] &= ~(1 << card)
    return dataclasses.replace(
        base,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trick=[*base.trick, (seat, card)],
        to_play=next_seat(seat),
    )


def follow_odds(m: Match, opponent: int, seat: int, card: int, follow: list[int]) -> list[float]:
    """The model's probability of each card ``follow`` of the opponent's, once ``seat``
    has played ``card`` (the opponent's view: its hand, the trick, the cards played)."""
    pos = Position(m, opponent)
    pos.trick = [*pos.trick, [seat, card]]
    pos.played |= 1 << card
    rows = play_reading.features(pos, follow, lead=False)
    return [play_reading.probability(OPPONENT_FOLLOW, rows, i) for i in range(len(rows))]


MODEL_SEARCH = Search(early=False, weighing=play_reading.weighing, values=modelled_values)
