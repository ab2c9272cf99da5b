"""Two variants of the strong level kept to measure against it (docs/bots.md).

``choose_v2`` (level ``strong-v2``): bids by expected game points (game/bots/bidding.py, a
hand evaluation calibrated on solved deals, the strong level's calls since they were
measured as ``strong-cb``) and the first tricks searched without leaving the hard deals out
(``EARLY_SEARCH``); in bench/bots.py it has so far played even with ``strong``.
``choose_simulated`` (level ``strong-sim``) judges every call by simulation over a few
solved sampled deals (``calls.py``); it lost game points to ``strong`` under the reduced
rules (it passes too many hands). Two levers on the auction (docs/bots.md, "Levers against
the recalibrated imitation"): ``bid_offset(n)`` (levels ``strong-bold``, n = 1, and
``strong-shy``, n = -1) calls up to ``n`` points above the rule-based hand limit, and
``choose_rule_calls`` (level ``strong-rb``) is ``strong`` with the rule-based player's
calls, as ``strong`` called before it took the calibrated bids (``strong-cb``,
docs/bots.md). ``choose_inferring`` (level ``strong-infer``) is ``strong`` with each solved
deal weighed by how well the rule-based player explains the cards the other seats played in
it (``play_inference.py``). ``choose_combined`` (level ``strong-plus``, with the auction
read as ``strong-mix`` reads it, bench/sparring/__init__.py) takes the three levers with a
gain short of clear together: strong-v2's calibrated bids, the play read as ``strong-infer``
reads it, and the opponents' calls read as either bidder. ``choose_trump_simulated`` (level
``strong-trump``) is ``strong`` choosing its trump by simulation (``calls.choose_trump``:
the suit that makes the call in most solved sampled deals, a tie to the rule-based choice)
and nothing else. ``choose_tempered`` (level ``strong-temper``) is ``strong`` with each
sampled deal's weight from the play reading raised to the power ``TEMPER``: the reading
counts, but a few deals that explain the play best no longer outweigh all the others.
``choose_open_bids`` (level ``strong-open``) is ``strong`` reading an opponent's call at the
lowest value as four cards of any kind (``OPEN_STYLE``: no edge for strength) when it weighs
calling over it, as the public bot's opening 16 is (its first seat calls 16 whatever it
holds); every other call it reads as ``strong`` does.
``choose_calibrated_bids`` (level ``strong-cal``) is ``strong`` with the make chance of its own
call mapped from solved deals to how such calls made in play (``CAL_STYLE``); ``calling(style)``
makes such a level for any ``Style`` of calls (``strong-raise``, ``strong-wary``).
``choose_modelled`` (level ``strong-model``) is ``strong`` valuing its cards, where it values
them exactly, partly by the next opponent's card as a model of its play expects it
(``opponent_model.py``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from bench.sparring.calls import choose_call, choose_trump
from bench.sparring.discard_reading import DISCARD_SEARCH
from bench.sparring.opponent_model import MODEL_SEARCH
from bench.sparring.play_inference import weighing
from game.bots import play_reading, rule_based
from game.bots.bidding import STYLE, Style, choose_bid
from game.bots.decision import Decision, Player
from game.bots.play_reading import Weighing
from game.bots.solver import strong
from game.bots.solver.search import Search, choose_card
from game.bots.solver.strong import phase
from game.engine.cards import team_of
from game.engine.moves import MARRIAGE, Move

EARLY_SEARCH = Search(early=True)  # strong-v2's card search
OPEN_STYLE = dataclasses.replace(STYLE, edge=0.0)  # strong-open: a lowest call shows nothing
# strong-fight: an opponent's contract read as making more often, by the log-odds between the
# real bot's share of contracts made in the held-out arena (47 of 80) and the imitation's (45%).
FIGHT_EDGE = math.log(47 / 33) - math.log(45 / 55)
FIGHT_STYLE = dataclasses.replace(STYLE, edge=STYLE.edge + FIGHT_EDGE)
# strong-cal: its own calls' solved chances mapped to how its contracts made in play against
# the imitation (logit(made) = 0.264 + 0.653 logit(p), 1,216 contracts of strong:0.1 against
# ismcts:0.1, seeds 90, 91, 110-113, 120, 121; /work/notes/s39/calib.py).
CAL_STYLE = dataclasses.replace(STYLE, played=(0.264, 0.653))
# strong-raise: a partner's call raised more readily (passing it worth 0.2, not 0.4);
# strong-wary: an opponent's call contested less readily (0.3 added to passing, not 0.1).
RAISE_STYLE = dataclasses.replace(STYLE, partner=0.2)
WARY_STYLE = dataclasses.replace(STYLE, contest=0.3)
INFER_SEARCH = Search(early=False, weighing=weighing)  # strong's, the play read by rule
TEMPER = 0.5  # strong-temper: the power of each sampled deal's weight


def tempered_weighing(decision: Decision) -> Weighing:
    """The play reading's weight of each sampled deal, raised to the power ``TEMPER``."""
    weigh = play_reading.weighing(decision)
    return lambda sample: weigh(sample) ** TEMPER


TEMPERED_SEARCH = Search(early=False, weighing=tempered_weighing)


def choose_v2(decision: Decision) -> Move:
    """The candidate next strong level's move: calibrated bids, the early search."""
    if MARRIAGE in decision.moves:
        return MARRIAGE
    now = phase(decision)
    if now == "play":
        return choose_card(decision, EARLY_SEARCH)
    if now == "bidding":
        return choose_bid(decision)
    return rule_based.choose(decision)


def choose_simulated(decision: Decision) -> Move:
    """The strong level's move, with every call judged by simulation too."""
    if MARRIAGE in decision.moves:
        return MARRIAGE
    if phase(decision) == "play":
        return choose_card(decision)
    return choose_call(decision)


def bid_offset(offset: int) -> Player:
    """The strong level, calling up to ``offset`` points above the rule-based hand limit."""

    def choose(decision: Decision) -> Move:
        if phase(decision) == "bidding" and len(decision.moves) > 1:
            pos = decision.position()
            limit = rule_based.hand_limit(pos.hand) + offset
            return rule_based.bid(pos, decision.moves, limit)
        return strong.choose(decision)

    return choose


def choose_rule_calls(decision: Decision) -> Move:
    """The strong level's move, with the rule-based player's calls (strong-rb)."""
    if phase(decision) == "bidding":
        return rule_based.choose(decision)
    return strong.choose(decision)


def searching(search: Search) -> Callable[[Decision], Move]:
    """The strong level, its cards chosen by ``search`` (everything else as ``strong``)."""

    def choose(decision: Decision) -> Move:
        if MARRIAGE not in decision.moves and phase(decision) == "play":
            return choose_card(decision, search)
        return strong.choose(decision)

    return choose


choose_inferring = searching(INFER_SEARCH)  # its sampled deals weighed by the play read by rule
choose_tempered = searching(TEMPERED_SEARCH)  # its play reading tempered (strong-temper)
choose_modelled = searching(MODEL_SEARCH)  # the next opponent's card from a model (strong-model)
choose_discarding = searching(DISCARD_SEARCH)  # the discards read too (strong-disc)
# strong-plus: strong's calibrated calls and the play read by rule (its reading of the calls
# is set in bench/sparring/__init__.py)
choose_combined = choose_inferring


def choose_open_bids(decision: Decision) -> Move:
    """The strong level's move, an opponent's lowest call read as any four cards (strong-open)."""
    if phase(decision) == "bidding" and MARRIAGE not in decision.moves:
        auction = decision.position().auction
        held = auction.high_seat >= 0 and team_of(auction.high_seat) != team_of(decision.seat)
        if held and auction.high == auction.min_bid:
            return choose_bid(decision, OPEN_STYLE)
    return strong.choose(decision)


def calling(style: Style) -> Player:
    """The strong level with its calls weighed by ``style`` (strong-cal, -raise, -wary)."""

    def choose(decision: Decision) -> Move:
        if phase(decision) == "bidding" and MARRIAGE not in decision.moves:
            return choose_bid(decision, style)
        return strong.choose(decision)

    return choose


choose_calibrated_bids = calling(CAL_STYLE)


# The strong level's move, an opponent's contract read as the real bot's (strong-fight).
choose_fighting_bids = calling(FIGHT_STYLE)


def choose_trump_simulated(decision: Decision) -> Move:
    """The strong level's move, with its trump chosen by simulation (strong-trump)."""
    if phase(decision) == "trump" and len(decision.moves) > 1:
        return choose_trump(decision, prefer=rule_based.choose(decision))
    return strong.choose(decision)
