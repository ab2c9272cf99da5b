"""Who may do what now (RULES.md sections 3-7): the turn, one rule per kind of move, the moves.

Each rule is a function returning a ``Verdict``, (allowed, why not) in the game's
words; ``verdict`` picks the rule of a move, ``moves`` lists the moves their rules
allow (the cards through their mask, ``play_options``, for speed), so the legal
moves, ``Match.apply`` and its refusals read the same rules. Everything here reads
a deal's state (``Round``) and the rule options, never a Match.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cards import SUIT_MASK, seat_after, suit_of, team_of
from game.engine.moves import (
    MARRIAGE,
    PASS,
    SEVENTH_CARD,
    SHOW_TRUMP,
    SIMPLE,
    SINGLE_HAND,
    TRUMPS,
    Move,
    plays_of,
)
from game.engine.play import seventh_card_due
from game.engine.rules import Rules
from game.engine.stake import CALL_WORDS, risk_free
from game.engine.state import Round
from game.engine.verdict import ALLOWED, NOT_YOUR_TURN, Verdict, refused
from game.engine.words import CardWord, Sentence, SuitWord, gettext_noop

STAKE_PHASES = ("doubling", "single_hand_doubling")


# ----------------------------------------------------------------- the turn


def single_hand_speaker(r: Round) -> int:
    """The seat asked whether it calls Single Hand now (stage 7), in play order."""
    return seat_after(r.first, r.sh_next)


def turn(r: Round) -> list[int]:
    """The seats that may act now."""
    phase = r.phase
    if phase == "play":
        if r.marriage_seat >= 0 and r.marriage_seat != r.to_play:
            return sorted((r.to_play, r.marriage_seat))
        return [r.to_play]
    if phase == "bidding":
        return [r.auction.to_speak]
    if phase in STAKE_PHASES:
        return sorted(r.ask_seats)
    if phase == "single_hand":
        return [single_hand_speaker(r)]
    return [r.bidder]


def in_turn(r: Round, seat: int) -> bool:
    """Whether the seat is one of those that may act now: ``seat in turn(r)``, without
    building the list (the rules ask it for every move)."""
    phase = r.phase
    if phase == "play":
        return seat == r.to_play or seat == r.marriage_seat
    if phase == "bidding":
        return seat == r.auction.to_speak
    if phase in STAKE_PHASES:
        return seat in r.ask_seats
    if phase == "single_hand":
        return seat == single_hand_speaker(r)
    return seat == r.bidder


# ----------------------------------------------------------------- the play


def play_options(rules: Rules, r: Round, seat: int) -> tuple[int, bool]:
    """The mask of cards the seat may play now and whether it may show trump (section 7,
    and section 4's set-aside 7th card): follow suit if you can; if you cannot while trump
    is hidden, discard or ask to show trump (only ask, with ``must_ask_trump``); after
    asking, play a trump if you hold one; a card the seat must play (the shown 7th card)
    is its only option. Every card of every deal asks this: it reads the state inline."""
    hand = r.hands[seat]
    if seat == r.to_play and r.forced >= 0:
        return 1 << r.forced, False
    trick = r.trick
    led = trick[0][1] >> 3 if trick else -1  # suit_of inline
    if r.aside and seat == r.bidder and seventh_card_due(hand, led, r.seventh):
        return 0, True
    if led < 0:
        return hand, False
    follow = hand & SUIT_MASK[led]
    if follow:
        return follow, False
    if seat == r.asker and r.trump_shown:
        return (hand & SUIT_MASK[r.trump]) or hand, False
    if r.sh_caller < 0 and not r.trump_shown:
        return (0 if rules.must_ask_trump else hand), True
    return hand, False


def may_play(rules: Rules, r: Round, seat: int, card: int) -> Verdict:
    """Cards: in turn, from the hand, following suit, the 7th card and the asker's trump."""
    if r.phase != "play":
        return refused(gettext_noop("Cards are played only after the calls are over"))
    if seat != r.to_play:
        return NOT_YOUR_TURN
    mask, show = play_options(rules, r, seat)
    if mask >> card & 1:
        return ALLOWED
    return False, _why_not_card(r, seat, card, mask, show)


def _why_not_card(r: Round, seat: int, card: int, mask: int, show: bool) -> Sentence:
    if r.aside and seat == r.bidder and card == r.seventh:
        if mask == 0:
            return Sentence(gettext_noop("You must show trump (your 7th card) before you play it"))
        if not r.trick:
            return Sentence(gettext_noop("The 7th card cannot be led"))
        return Sentence(gettext_noop("The 7th card cannot be played until trump is shown"))
    if not r.hands[seat] >> card & 1:
        return Sentence(gettext_noop("You do not hold %(card)s"), card=CardWord(card))
    if r.forced >= 0:
        return Sentence(
            gettext_noop("You must play the 7th card, %(card)s"), card=CardWord(r.forced)
        )
    if mask == 0 and show:
        if r.aside and seat == r.bidder:
            return Sentence(gettext_noop("You must show trump (your 7th card) and then play it"))
        led = SuitWord(suit_of(r.trick[0][1]))
        return Sentence(
            gettext_noop("You cannot follow %(suit)s, so you must ask to show trump"), suit=led
        )
    led_suit = suit_of(r.trick[0][1])
    if r.hands[seat] & SUIT_MASK[led_suit]:
        return Sentence(gettext_noop("You must follow %(suit)s"), suit=SuitWord(led_suit))
    return Sentence(gettext_noop("You asked to show trump, so you must play a trump"))


def may_show_trump(rules: Rules, r: Round, seat: int) -> Verdict:
    """Showing (asking for) trump: only by a seat in turn that cannot follow the led suit."""
    if r.phase != "play":
        return refused(gettext_noop("Cards are played only after the calls are over"))
    if seat != r.to_play:
        return NOT_YOUR_TURN
    if play_options(rules, r, seat)[1]:
        return ALLOWED
    if r.sh_caller >= 0:
        return refused(gettext_noop("There is no trump in a Single Hand"))
    if r.trump_shown:
        return refused(gettext_noop("Trump has already been shown"))
    if not r.trick:
        return refused(
            gettext_noop("Trump may be asked for only when you cannot follow the led suit")
        )
    return refused(
        gettext_noop("You can follow %(suit)s; trump may be asked for only when you cannot"),
        suit=SuitWord(suit_of(r.trick[0][1])),
    )


def may_declare_marriage(rules: Rules, r: Round, seat: int) -> Verdict:
    """An after-trick marriage: only its holder, while the chance lasts."""
    if r.phase == "play" and seat == r.marriage_seat:
        return ALLOWED
    if rules.marriage != "after_trick":
        return refused(gettext_noop("A marriage is announced by itself at this table"))
    return refused(gettext_noop("You have no marriage to declare right now"))


# ----------------------------------------------------------------- the calls


def may_set_trump(rules: Rules, r: Round, seat: int, kind: str) -> Verdict:
    """Trump (a suit, or the 7th card): by the bidder right after the auction."""
    if r.phase != "trump":
        if r.method:
            return refused(gettext_noop("Trump has already been set"))
        return refused(gettext_noop("Trump is set only right after the auction"))
    if seat != r.bidder:
        return refused(gettext_noop("Only the bidder sets trump"))
    if kind == "seventh_card" and not rules.seventh_card:
        return refused(gettext_noop("Trump by the 7th card is not played at this table"))
    return ALLOWED


def may_raise_stake(rules: Rules, r: Round, seat: int, kind: str) -> Verdict:
    """Double, Redouble and SetDouble: the call on offer, by the team asked (stages 4, 6, 8)."""
    word = CALL_WORDS[kind]
    if not rules.doubling:
        return refused(gettext_noop("Doubling is not played at this table"))
    if kind == "set_double" and not rules.set_double:
        return refused(gettext_noop("SetDouble is not played at this table"))
    phase = r.phase
    if phase == "seventh_card":
        if kind != "redouble":
            return refused(
                gettext_noop("%(call)s is not open now: the bidder may redouble or pass"), call=word
            )
        if seat != r.bidder:
            return refused(gettext_noop("Only the bidder may redouble now"))
        return ALLOWED
    if phase not in STAKE_PHASES:
        return refused(gettext_noop("You cannot call %(call)s now"), call=word)
    if r.ask_call != kind:
        return refused(
            gettext_noop("%(call)s is not open now; the call on offer is %(offered)s"),
            call=word,
            offered=CALL_WORDS[r.ask_call],
        )
    if seat in r.ask_seats:
        return ALLOWED
    asked = team_of(r.ask_seats[0]) if r.ask_seats else -1
    if team_of(seat) != asked:
        return False, _WRONG_TEAM[phase == "single_hand_doubling", kind]
    return refused(gettext_noop("You have already passed"))


# Who may make a stake call, by (on a Single Hand, the call).
_WRONG_TEAM = {
    (False, "double"): Sentence(gettext_noop("Only the bidder's opponents may double")),
    (False, "redouble"): Sentence(gettext_noop("Only the bidder's team may redouble")),
    (False, "set_double"): Sentence(gettext_noop("Only the bidder's opponents may call SetDouble")),
    (True, "double"): Sentence(gettext_noop("Only the Single Hand caller's opponents may double")),
    (True, "redouble"): Sentence(gettext_noop("Only the Single Hand caller's team may redouble")),
    (True, "set_double"): Sentence(
        gettext_noop("Only the Single Hand caller's opponents may call SetDouble")
    ),
}


def may_call_single_hand(rules: Rules, r: Round, seat: int) -> Verdict:
    """Single Hand: in stage 7, in turn, with a hand that could lose a trick."""
    if not rules.single_hand:
        return refused(gettext_noop("Single Hand is not played at this table"))
    phase = r.phase
    if phase in ("single_hand_doubling", "play"):
        return refused(gettext_noop("The Single Hand calls are over"))
    if phase != "single_hand":
        return refused(
            gettext_noop("Single Hand may be called only after all eight cards are dealt")
        )
    if seat != single_hand_speaker(r):
        return NOT_YOUR_TURN
    if risk_free(r.full_hand(seat)):
        return refused(
            gettext_noop("Your hand cannot lose a trick, so you may not call Single Hand")
        )
    return ALLOWED


def may_pass(rules: Rules, r: Round, seat: int) -> Verdict:
    """Passing: in the auction by its rule; on a question (stake, Single Hand) in turn."""
    if r.phase == "bidding":
        return r.auction.verdict(seat, None)
    if not in_turn(r, seat):
        return NOT_YOUR_TURN
    if r.phase in ("trump", "play"):
        return refused(gettext_noop("There is nothing to pass now"))
    return ALLOWED


def may_bid(rules: Rules, r: Round, seat: int, value: int) -> Verdict:
    """A call of ``value``: in the auction, by its rule."""
    if r.phase == "bidding":
        return r.auction.verdict(seat, value)
    if not in_turn(r, seat):
        return NOT_YOUR_TURN
    return refused(gettext_noop("The auction is over"))


# ----------------------------------------------------------------- all moves


def verdict(rules: Rules, r: Round, seat: int, move: Move) -> Verdict:
    """Whether the seat may make this move now, and if not, why (the rule of its kind)."""
    kind, arg = move
    if kind == "play":
        return may_play(rules, r, seat, arg)
    return _RULES[kind](rules, r, seat, move)


_RULES: dict[str, Callable[[Rules, Round, int, Move], Verdict]] = {
    "bid": lambda rules, r, seat, move: may_bid(rules, r, seat, move[1]),
    "pass": lambda rules, r, seat, move: may_pass(rules, r, seat),
    "trump": lambda rules, r, seat, move: may_set_trump(rules, r, seat, "trump"),
    "seventh_card": lambda rules, r, seat, move: may_set_trump(rules, r, seat, "seventh_card"),
    "double": lambda rules, r, seat, move: may_raise_stake(rules, r, seat, "double"),
    "redouble": lambda rules, r, seat, move: may_raise_stake(rules, r, seat, "redouble"),
    "set_double": lambda rules, r, seat, move: may_raise_stake(rules, r, seat, "set_double"),
    "single_hand": lambda rules, r, seat, move: may_call_single_hand(rules, r, seat),
    "show_trump": lambda rules, r, seat, move: may_show_trump(rules, r, seat),
    "marriage": lambda rules, r, seat, move: may_declare_marriage(rules, r, seat),
}


def moves(rules: Rules, r: Round, seat: int) -> list[Move]:
    """Every move the rules allow the seat now: the fast path behind ``legal_actions``."""
    phase = r.phase
    if phase == "play":
        out: list[Move] = []
        if seat == r.to_play:
            mask, show = play_options(rules, r, seat)
            out = plays_of(mask)
            if show:
                out.append(SHOW_TRUMP)
        if seat == r.marriage_seat:
            out.append(MARRIAGE)
        return out
    if phase == "bidding":
        return r.auction.moves(seat)
    if not in_turn(r, seat):
        return []
    # The few moves of the phase, each kept if its rule allows it.
    out = []
    if phase == "trump":
        if may_set_trump(rules, r, seat, "trump")[0]:
            out += TRUMPS
        if may_set_trump(rules, r, seat, "seventh_card")[0]:
            out.append(SEVENTH_CARD)
        return out
    if phase == "single_hand":
        if may_call_single_hand(rules, r, seat)[0]:
            out.append(SINGLE_HAND)
    else:  # a stake question: stages 4, 6 and 8
        call = "redouble" if phase == "seventh_card" else r.ask_call
        if may_raise_stake(rules, r, seat, call)[0]:
            out.append(SIMPLE[call])
    if may_pass(rules, r, seat)[0]:
        out.append(PASS)
    return out


def allowed(rules: Rules, r: Round, seat: int, move: Move) -> bool:
    """Whether the seat may make this move now."""
    return verdict(rules, r, seat, move)[0]
