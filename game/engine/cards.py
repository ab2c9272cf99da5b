"""Cards, ranks, points and seats (RULES.md section 1), as small ints and bitmasks.

A card is an index 0-31: ``suit * 8 + rank`` with suits C D H S (0-3) and ranks
J 9 A T K Q 8 7 (0-7, high to low). A set of cards (a hand, a suit) is an int
bitmask, so the highest card of a suit in a hand is its lowest set bit.

>>> code(index("JH")), code(index("7C"))
('JH', '7C')
>>> points_of(mask_of(["JH", "9S", "KD"]))
5
>>> codes(mask_of(["7C", "JH", "9H"]))
['7C', 'JH', '9H']
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "J9ATKQ87"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_POINTS = (3, 2, 1, 1, 0, 0, 0, 0)

CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
INDEX: dict[str, int] = {c: i for i, c in enumerate(CODES)}
POINTS: tuple[int, ...] = tuple(RANK_POINTS[i % 8] for i in range(32))
SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
FULL_MASK = (1 << 32) - 1
POINT_MASK = sum(1 << i for i in range(32) if POINTS[i])
JACKS_MASK = sum(1 << (8 * s) for s in range(4))
TOTAL_POINTS = 28

KING = 4
QUEEN = 5


def index(card: str) -> int:
    """The index of a card code; KeyError if it is not one of the 32."""
    return INDEX[card]


def code(card: int) -> str:
    """The code of a card index."""
    return CODES[card]


def suit_of(card: int) -> int:
    """The suit (0-3) of a card index."""
    return card >> 3


def rank_of(card: int) -> int:
    """The rank (0 = J, the highest, to 7 = 7) of a card index."""
    return card & 7


def bit(card: int) -> int:
    """The one-card mask of a card index."""
    return 1 << card


def cards_in(mask: int) -> list[int]:
    """The card indices of a mask, lowest index (suit C, jack) first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes(mask: int) -> list[str]:
    """The card codes of a mask, suit by suit, high to low within a suit."""
    return (
        _SUIT_CODES[0][mask & 0xFF]
        + _SUIT_CODES[1][mask >> 8 & 0xFF]
        + _SUIT_CODES[2][mask >> 16 & 0xFF]
        + _SUIT_CODES[3][mask >> 24 & 0xFF]
    )


# The codes of every pattern of one suit's eight cards, per suit.
_SUIT_CODES: tuple[tuple[list[str], ...], ...] = tuple(
    tuple([CODES[8 * s + r] for r in range(8) if byte >> r & 1] for byte in range(256))
    for s in range(4)
)


def mask_of(cards: Iterable[str]) -> int:
    """The mask of some card codes."""
    m = 0
    for c in cards:
        m |= 1 << INDEX[c]
    return m


def highest(mask: int) -> int:
    """The highest-ranking card index of a non-empty mask of one suit."""
    return (mask & -mask).bit_length() - 1


def points_of(mask: int) -> int:
    """The card points in a mask."""
    total = 0
    m = mask & POINT_MASK
    while m:
        low = m & -m
        total += POINTS[low.bit_length() - 1]
        m ^= low
    return total


def team_of(seat: int) -> int:
    """The team of a seat: team 0 = seats 0 and 2, team 1 = seats 1 and 3."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat facing this one."""
    return (seat + 2) % 4


def next_seat(seat: int) -> int:
    """The seat that acts after this one in play order."""
    return (seat + 1) % 4


def seat_after(seat: int, steps: int) -> int:
    """The seat ``steps`` places after this one in play order (``steps`` may be negative)."""
    return (seat + steps) % 4


def first_hand_of(dealer: int) -> int:
    """The first hand: the seat after the dealer."""
    return (dealer + 1) % 4


def dealer_of(first_hand: int) -> int:
    """The dealer: the seat before the first hand."""
    return (first_hand + 3) % 4
