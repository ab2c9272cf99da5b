"""Template tags of the learn app: a card picture and the rules a game is played by."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from learn.cards import CARD_ORDER, card_html
from learn.rules_text import rule_lines

register = template.Library()


@register.simple_tag
def card(code: str, extra_class: str = "") -> SafeString:
    """``{% card "JH" %}``: the jack of hearts, drawn as at the table."""
    return card_html(code, extra_class)


@register.simple_tag
def cards(codes: str, extra_class: str = "") -> SafeString:
    """``{% cards "JH 9H AH" %}``: several cards in a row."""
    return SafeString("".join(card_html(code, extra_class) for code in codes.split()))


@register.inclusion_tag("learn/game_rules.html")
def game_rules(rules: dict[str, Any]) -> dict[str, Any]:
    """The rules a game is played by (its saved options), one plain sentence each."""
    return {"lines": rule_lines(rules)}


@register.inclusion_tag("learn/card_order.html")
def card_order(suit: str = "H") -> dict[str, Any]:
    """The eight ranks of one suit, highest first, each with its card points."""
    return {"ranks": [(rank, card_html(rank.code + suit, "small")) for rank in CARD_ORDER]}
