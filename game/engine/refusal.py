"""Why an action is refused: the IllegalAction message, in the game's words.

Called only after ``Match.apply`` found a well-formed move missing from the
seat's legal moves; it explains, never decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.cards import CODES, SUIT_MASK, SUIT_NAMES
from game.engine.stake import CALL_WORDS

if TYPE_CHECKING:
    from game.engine.match import Match

STAKE_CALLS = ("double", "redouble", "set_double")


def refusal(m: Match, seat: int, move_: tuple[str, int]) -> str:
    """Why a well-formed move is not legal for this seat now, in the game's words."""
    r = m.round
    assert r is not None
    kind, arg = move_
    phase = r.phase
    if kind in ("bid", "pass") and phase == "bidding":
        r.auction.check(seat, arg if kind == "bid" else None)
    if kind in STAKE_CALLS:
        return _stake_refusal(m, seat, kind)
    if kind == "single_hand":
        if not m.rules.single_hand:
            return "Single Hand is not played at this table"
        if phase in ("single_hand_doubling", "play"):
            return "The Single Hand calls are over"
        if phase != "single_hand":
            return "Single Hand may be called only after all eight cards are dealt"
        if seat == (r.first + r.sh_next) % 4:
            return "Your hand cannot lose a trick, so you may not call Single Hand"
        return "It is not your turn"
    if kind in ("trump", "seventh_card"):
        if phase != "trump":
            if r.method:
                return "Trump has already been set"
            return "Trump is set only right after the auction"
        if seat != r.bidder:
            return "Only the bidder sets trump"
        return "Trump by the 7th card is not played at this table"
    if kind == "marriage":
        if m.rules.marriage != "after_trick":
            return "A marriage is announced by itself at this table"
        return "You have no marriage to declare right now"
    if kind in ("play", "show_trump"):
        if phase != "play":
            return "Cards are played only after the calls are over"
        if seat != r.to_play:
            return "It is not your turn"
        if kind == "play":
            return _play_refusal(m, seat, arg)
        return _show_refusal(m, seat)
    if phase == "bidding" or seat not in m.turn():
        return "It is not your turn"
    if kind == "bid":
        return "The auction is over"
    return "There is nothing to pass now"


def _stake_refusal(m: Match, seat: int, kind: str) -> str:
    r = m.round
    assert r is not None
    word = CALL_WORDS[kind]
    if not m.rules.doubling:
        return "Doubling is not played at this table"
    if kind == "set_double" and not m.rules.set_double:
        return "SetDouble is not played at this table"
    phase = r.phase
    if phase == "seventh_card":
        if kind == "redouble":
            return "Only the bidder may redouble now"
        return f"{word} is not open now: the bidder may redouble or pass"
    if phase not in ("doubling", "single_hand_doubling"):
        return f"You cannot call {word} now"
    if r.ask_call != kind:
        return f"{word} is not open now; the call on offer is {CALL_WORDS[r.ask_call]}"
    team = r.ask_seats[0] & 1 if r.ask_seats else -1
    if seat & 1 != team:
        who = "Single Hand caller" if phase == "single_hand_doubling" else "bidder"
        if kind == "redouble":
            return f"Only the {who}'s team may redouble"
        verb = "double" if kind == "double" else "call SetDouble"
        return f"Only the {who}'s opponents may {verb}"
    return "You have already passed"


def _play_refusal(m: Match, seat: int, card: int) -> str:
    r = m.round
    assert r is not None
    name = CODES[card]
    mask, show = m.play_options(seat)
    if r.aside and seat == r.bidder and card == r.seventh:
        if mask == 0:
            return "You must show trump (your 7th card) before you play it"
        if not r.trick:
            return "The 7th card cannot be led"
        return "The 7th card cannot be played until trump is shown"
    if not r.hands[seat] >> card & 1:
        return f"You do not hold {name}"
    if r.forced >= 0:
        return f"You must play the 7th card, {CODES[r.forced]}"
    if mask == 0 and show:
        if r.aside and seat == r.bidder:
            return "You must show trump (your 7th card) and then play it"
        led = SUIT_NAMES[r.trick[0][1] >> 3]
        return f"You cannot follow {led}, so you must ask to show trump"
    led_suit = r.trick[0][1] >> 3
    if r.hands[seat] & SUIT_MASK[led_suit]:
        return f"You must follow {SUIT_NAMES[led_suit]}"
    return "You asked to show trump, so you must play a trump"


def _show_refusal(m: Match, seat: int) -> str:
    r = m.round
    assert r is not None
    if r.sh_caller >= 0:
        return "There is no trump in a Single Hand"
    if r.trump_shown:
        return "Trump has already been shown"
    if not r.trick:
        return "Trump may be asked for only when you cannot follow the led suit"
    led = r.trick[0][1] >> 3
    return f"You can follow {SUIT_NAMES[led]}; trump may be asked for only when you cannot"
