"""Fixed decks for the engine's scenario tests, built exactly as RULES.md section 2 deals them.

Seat ``(dealer + 1 + k) % 4`` receives ``deck[4k:4k+4]`` in deal 1 and ``deck[16+4k:16+4k+4]``
in deal 2, so a seat's 7th card is the 3rd card of its second packet. Nothing is filled in
implicitly: every seat's two packets are given and the 32 codes must be the whole pack.

>>> deck = deck_of_hands(0, {1: "JH 9H AH TH JC 9C AC TC", 2: "JD 9D AD TD KC QC 8C 7C",
...                          3: "JS 9S AS TS KD QD 8D 7D", 0: "KH QH 8H 7H KS QS 8S 7S"})
>>> deck[:4], deck[12:16], deck[18]
(['JH', '9H', 'AH', 'TH'], ['KH', 'QH', '8H', '7H'], 'AC')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

RANKS = "J9ATKQ87"
SUITS = "CDHS"
PACK = frozenset(rank + suit for suit in SUITS for rank in RANKS)
POINTS = {"J": 3, "9": 2, "A": 1, "T": 1}

Cards = str | Sequence[str]


def cards(spec: Cards) -> list[str]:
    """A list of codes from a list or a space-separated string."""
    return spec.split() if isinstance(spec, str) else list(spec)


def points(spec: Cards) -> int:
    """The card points of some codes (J 3, 9 2, A 1, T 1)."""
    return sum(POINTS.get(code[0], 0) for code in cards(spec))


def make_deck(
    dealer: int, first: Mapping[int, Cards], second: Mapping[int, Cards]
) -> list[str]:
    """The 32-card deck (top first) dealing ``first[seat]``, then ``second[seat]``, to each seat."""
    assert set(first) == {0, 1, 2, 3}, f"first packets for seats {sorted(first)}"
    assert set(second) == {0, 1, 2, 3}, f"second packets for seats {sorted(second)}"
    deck: list[str] = []
    for packets in (first, second):
        for k in range(4):
            packet = cards(packets[(dealer + 1 + k) % 4])
            assert len(packet) == 4, f"packet {packet} is not 4 cards"
            deck.extend(packet)
    unknown = [code for code in deck if code not in PACK]
    assert not unknown, f"not card codes: {unknown}"
    assert len(set(deck)) == 32, f"repeated codes: {sorted(c for c in deck if deck.count(c) > 1)}"
    return deck


def deck_of_hands(dealer: int, hands: Mapping[int, Cards]) -> list[str]:
    """The deck dealing each seat its 8 listed cards: the first four in deal 1, the rest in deal 2.

    So ``hands[seat][6]`` is that seat's 7th card.
    """
    split = {seat: cards(hand) for seat, hand in hands.items()}
    assert all(len(hand) == 8 for hand in split.values()), "each hand must list 8 cards"
    return make_deck(
        dealer,
        first={seat: hand[:4] for seat, hand in split.items()},
        second={seat: hand[4:] for seat, hand in split.items()},
    )


def rotate(hands: Mapping[int, Cards], by: int) -> dict[int, Cards]:
    """The same hands moved ``by`` seats on (seat s's cards go to seat s + by)."""
    return {(seat + by) % 4: hand for seat, hand in hands.items()}


# Deck A (dealer 0): hearts for seat 1; no marriage in hearts; seat 0 is void in diamonds
# after deal 2, seat 3 void in clubs after one club.
HANDS_A = {
    1: "JH 9H AC TC JC 7D 8D 7S",
    2: "JD 9D KC QC AH 8C 8S QH",
    3: "JS 9S AD TD TH 7C KD QD",
    0: "AS TS KS 9C KH QS 8H 7H",
}

# Deck A2: deck A with QH and QS swapped, so seat 0 (an opponent of seat 1) holds KH and QH.
HANDS_A2 = {
    1: "JH 9H AC TC JC 7D 8D 7S",
    2: "JD 9D KC QC AH 8C 8S QS",
    3: "JS 9S AD TD TH 7C KD QD",
    0: "AS TS KS 9C KH QH 8H 7H",
}

# Deck B (dealer 0): seat 1 holds the top clubs, seat 3 the top spades and is void in clubs.
HANDS_B = {
    1: "JC 9C AC TC JH 9H 8D 7D",
    2: "KC QC 8C 7C JD 9D AH QH",
    3: "JS 9S AS TS TH 7H KD QD",
    0: "KS QS 7S AD TD KH 8S 8H",
}

# Deck C (dealer 0): seat 1 holds six hearts with the marriage, seat 3 top spades and diamonds.
HANDS_C = {
    1: "JH 9H AH TH KH QH JC 9C",
    2: "8H QC 8C 7C TD QD 8D 7D",
    3: "JS 9S AS TS JD 9D AD KD",
    0: "7H AC TC KC KS QS 8S 7S",
}

# Deck S7 (dealer 0): seat 1's 7th card is QS, its only spade.
HANDS_S7 = {
    1: "JC AC TC 9H JH 8D QS 7D",
    2: "JS 9S KS 8S JD 9D AD KC",
    3: "AS TS 7S TD KD QD 7C 8C",
    0: "9C QC KH QH AH TH 8H 7H",
}

# Deck SH1 (dealer 0): seat 1 holds RULES.md's risk-free example, seat 2 a risky diamond hand.
HANDS_SH1 = {
    1: "JH 9H AH TH KH 7H JC JS",
    2: "JD 9D AD TD KD QD 8D 9S",
    3: "7D QH 8H AC TC KC QC 8C",
    0: "9C 7C AS TS KS QS 8S 7S",
}

# Deck SH2 (dealer 0): seat 2's 9S is a risk card, but JS lies with its partner seat 0.
HANDS_SH2 = {
    1: "JH 9H AH TH KH 7H JC 8S",
    2: "JD 9D AD TD KD QD 8D 9S",
    3: "7D QH 8H AC TC KC QC 8C",
    0: "9C 7C AS TS KS QS JS 7S",
}

ALL_HANDS = {
    "A": HANDS_A,
    "A2": HANDS_A2,
    "B": HANDS_B,
    "C": HANDS_C,
    "S7": HANDS_S7,
    "SH1": HANDS_SH1,
    "SH2": HANDS_SH2,
}

# Deck D: deck B moved two seats on, for a deal by seat 1 where seat 3 bids and seat 2 leads.
HANDS_D = {(seat + 2) % 4: hand for seat, hand in HANDS_B.items()}
ALL_HANDS["D"] = HANDS_D
