"""Cards as the How to play page shows them: the order of the ranks with their points
(from the engine's own tables), suit names and the HTML of a card drawn the way the table's
static/js/table/cards.js draws it."""

from __future__ import annotations

from typing import NamedTuple

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy

from game.engine.cards import RANK_POINTS, RANKS

SUIT_SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SUIT_NAME = {
    "S": gettext_lazy("spades"),
    "H": gettext_lazy("hearts"),
    "C": gettext_lazy("clubs"),
    "D": gettext_lazy("diamonds"),
}
RED = {"H", "D"}


def rank_label(rank: str) -> str:
    """The rank as printed on a card: ``T`` is 10."""
    return "10" if rank == "T" else rank


def card_text(code: str) -> str:
    """A card as the table's log writes it: ``"JH"`` is "J♥", ``"TS"`` is "10♠"."""
    return rank_label(code[0]) + SUIT_SYMBOL[code[1]]


class Rank(NamedTuple):
    """One rank in the order of play, highest first, with its card points."""

    code: str
    label: str
    points: int


CARD_ORDER = tuple(
    Rank(code, rank_label(code), points) for code, points in zip(RANKS, RANK_POINTS, strict=True)
)


def card_html(code: str, extra_class: str = "") -> SafeString:
    """A face-up card (``"JH"``: jack of hearts) as the table draws it, with a spoken name."""
    rank, suit = rank_label(code[0]), code[1]
    colour = "red" if suit in RED else "black"
    name = gettext("%(rank)s of %(suit)s") % {"rank": rank, "suit": SUIT_NAME[suit]}
    corner = '<span class="corner {}"><b>{}</b><i>{}</i></span>'
    return format_html(
        '<div class="card face {} suit-{} {}" data-card="{}" role="img" aria-label="{}">'
        + corner
        + '<span class="pip">{}</span>'
        + corner
        + "</div>",
        colour,
        suit,
        extra_class,
        code,
        name,
        "tl",
        rank,
        SUIT_SYMBOL[suit],
        SUIT_SYMBOL[suit],
        "br",
        rank,
        SUIT_SYMBOL[suit],
    )
