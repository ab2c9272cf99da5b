"""The sparring partners: computer players kept only to measure the site's levels against.

None of them is offered by the site, and game.bots never imports this package.
``LEVELS`` holds the site's levels (game.bots.LEVELS) and these:

``random`` (any legal move), ``rule`` (the plain rule-based player, game/bots/rule_based.py),
``strong-v2``, ``strong-sim``, ``strong-bold``, ``strong-shy``, ``strong-rb``,
``strong-infer``, ``strong-plus``, ``strong-trump``, ``strong-temper``, ``strong-model`` and
``strong-open``, ``strong-fight``, ``strong-disc`` (variants of ``strong``, strong_variants.py;
``strong-disc`` reads the discards too, discard_reading.py),
``strong-read``, ``strong-mix`` and ``strong-mix2`` (``strong`` reading the opponents' calls
as the public bot makes them, bot_reading.py), ``strong-pm`` (``strong`` reading its
partner's calls as the strong level makes them, partner_reading.py), ``strong-am`` (``strong``
with an αμ search in the endgame, alphamu.py), ``strong-is`` (``strong`` with an
information-set tree search over solved leaves from the fourth trick, is_mcts.py), ``rollout``
(the earlier strong: PIMC with rule-based rollouts, pimc.py), ``ismcts`` and ``ismcts-old``
(players like the public C++ IS-MCTS bot's latest and older versions, ismcts/, with a
compiled core), ``ismcts-ask`` (``ismcts`` asking for trump only when its search finds
it best), ``ismcts-def`` (``ismcts`` where only the bidder's opponents ask for trump),
``ismcts-bk`` (``ismcts`` whose bidder plays its hidden trump as if shown).
``choose_action`` is game.bots.choose_action over all of them.

>>> from game.engine import Match, Rules
>>> m = Match(Rules(), dealer=0, seed=7)
>>> history = m.deal()
>>> seat = m.view(None)["turn"][0]
>>> action = choose_action(m.rules, seat, m.view(seat), history, level="random", seed=1)
>>> action in m.legal_actions(seat)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bench.sparring import (
    alphamu,
    bot_reading,
    is_mcts,
    partner_reading,
    pimc,
    random_player,
    strong_variants,
)
from bench.sparring.ismcts import player as ismcts
from game.bots import LEVELS as SITE_LEVELS
from game.bots import rule_based
from game.bots.choose import choose_among
from game.bots.decision import Player
from game.bots.inference import auction_weight
from game.bots.solver import strong
from game.engine.belief import TrumpOdds, Weigh
from game.engine.rules import Rules

# The reduced rules: the Bhoos-style rules the public C++ bot supports (no 7th card, no
# doubling, no Single Hand, no marriage; the lowest call 16, Rules' default), on which the
# arena measures the levels against it.
REDUCED = Rules(seventh_card=False, doubling=False, single_hand=False, marriage="off")

LEVELS: dict[str, Player] = {
    "random": random_player.choose,
    "rule": rule_based.choose,
    **SITE_LEVELS,
    "strong-v2": strong_variants.choose_v2,
    "strong-sim": strong_variants.choose_simulated,
    "strong-bold": strong_variants.bid_offset(1),
    "strong-shy": strong_variants.bid_offset(-1),
    "strong-rb": strong_variants.choose_rule_calls,
    "strong-infer": strong_variants.choose_inferring,
    "strong-am": alphamu.choose,
    "strong-is": is_mcts.choose,
    "strong-read": strong.choose,
    "strong-mix": strong.choose,
    "strong-mix2": strong.choose,
    "strong-pm": strong.choose,
    "strong-plus": strong_variants.choose_combined,
    "strong-trump": strong_variants.choose_trump_simulated,
    "strong-temper": strong_variants.choose_tempered,
    "strong-model": strong_variants.choose_modelled,
    "strong-open": strong_variants.choose_open_bids,
    "strong-fight": strong_variants.choose_fighting_bids,
    "strong-cal": strong_variants.choose_calibrated_bids,
    "strong-raise": strong_variants.calling(strong_variants.RAISE_STYLE),
    "strong-wary": strong_variants.calling(strong_variants.WARY_STYLE),
    "strong-disc": strong_variants.choose_discarding,
    "rollout": pimc.choose,
    "ismcts": ismcts.choose,
    "ismcts-old": ismcts.choose_older,
    "ismcts-ask": ismcts.choose_asking,
    "ismcts-def": ismcts.choose_defenders_asking,
    "ismcts-bk": ismcts.choose_bidder_knowing,
}

# Levels that read the auction, or guess a hidden trump, otherwise than game.bots does.
WEIGHS: dict[str, Weigh] = {
    "strong-read": bot_reading.bot_weight,
    "strong-mix": bot_reading.mixed_weight,
    "strong-mix2": bot_reading.mixed_weight,
    "strong-plus": bot_reading.mixed_weight,
    "strong-pm": partner_reading.partner_weight,
}
TRUMP_ODDS: dict[str, TrumpOdds] = {"strong-mix2": bot_reading.mixed_trump_odds}


def choose_action(
    rules: Rules,
    seat: int,
    view: dict[str, Any],
    history: Sequence[dict[str, Any]],
    level: str = "strong",
    budget_s: float = 0.4,
    seed: int | None = None,
) -> dict[str, Any] | None:
    """``game.bots.choose_action`` with the sparring partners' levels too."""
    weigh, odds = WEIGHS.get(level, auction_weight), TRUMP_ODDS.get(level)
    return choose_among(LEVELS, rules, seat, view, history, level, budget_s, seed, weigh, odds)


__all__ = ["LEVELS", "REDUCED", "choose_action"]
