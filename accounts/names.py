"""What a name shown to the table may be (a first name at sign-up, a guest's name): one
rule for every form that takes one."""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

# Format characters that Indic scripts need (zero-width non-joiner and joiner).
JOINERS = frozenset({"\u200c", "\u200d"})
# Letters and symbols that are drawn as nothing (Hangul fillers, the blank Braille pattern,
# the musical null notehead).
BLANKS = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\U0001d159"})


class BadName(ValueError):
    """A name that cannot be used; the message says why."""


def clean_name(raw: object, most: int) -> str:
    """The name as it will be shown: NFC-normalised, spaces collapsed and trimmed, 1 to
    ``most`` characters, with no control or invisible formatting characters (except the
    joiners Bengali and Devanagari use) and at least one character that shows. Raises
    ``BadName``.

    >>> clean_name("  Asha   Rani ", 30)
    'Asha Rani'
    """
    if not isinstance(raw, str):
        raise BadName(_("Please enter a name."))
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise BadName(_("Please enter a name."))
    if len(name) > most:
        raise BadName(_("Please use at most %(max)s characters for your name.") % {"max": most})
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") or (
            category == "Cf" and char not in JOINERS
        ):
            raise BadName(_("Please use only letters, digits, spaces and punctuation."))
    if not shows(name):
        raise BadName(_("Please enter a name that can be seen: it is all blank characters."))
    return name


def shows(text: str) -> bool:
    """Whether ``text`` has a character that is drawn: not only spaces, joiners and blanks.

    >>> shows("\\u200d\\u3164 "), shows("দ")
    (False, True)
    """
    return any(
        not char.isspace() and char not in JOINERS and char not in BLANKS
        and unicodedata.category(char) not in ("Cf", "Mn", "Me")
        for char in text
    )


def same(first: str, second: str) -> bool:
    """Whether two shown names would read as the same name (compatibility forms and case
    aside).

    >>> same("\\uff21sha", "asha"), same("Asha", "Asha Rani")
    (True, False)
    """
    return _key(first) == _key(second)


def _key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())
