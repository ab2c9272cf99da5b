"""The catalogues in locale/: every entry translated for Bengali, Hindi and Nepali (no empty
and no fuzzy entry), every placeholder kept, and the committed .mo files compiled from the
.po files as they are now (scripts/messages rebuilds both). Needs Debian's gettext (msgfmt),
which scripts/test installs."""

from __future__ import annotations

import gettext
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(__file__).resolve().parents[2] / "locale"
TRANSLATED = ("bn", "hi", "ne")
DOMAINS = ("django", "djangojs")
PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[sdr]")
CATALOGUES = [(lang, domain) for lang in TRANSLATED for domain in DOMAINS]


def catalogue(path: Path) -> dict[object, str]:
    """The entries of a compiled catalogue (the header left out)."""
    with path.open("rb") as mo:
        entries = dict(gettext.GNUTranslations(mo)._catalog)  # type: ignore[attr-defined]
    entries.pop("", None)
    return entries


def test_the_site_offers_english_and_the_three_translated_languages() -> None:
    assert [code for code, _ in settings.LANGUAGES] == ["en", *TRANSLATED]


def plurals(path: Path) -> dict[str, str]:
    """Each plural entry's msgid_plural by its msgid, read from the compiled catalogue (its
    original strings hold both, split by a NUL; ``gettext`` keeps only the msgid)."""
    data = path.read_bytes()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals = struct.unpack(f"{order}8xII", data[:16])
    found = {}
    for index in range(count):
        length, offset = struct.unpack(f"{order}II", data[originals + 8 * index:][:8])
        singular, _, plural = data[offset:offset + length].decode().partition("\0")
        if plural:
            found[singular] = plural
    return found


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="Debian's gettext is not installed")
@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_every_entry_is_translated_and_compiled(lang: str, domain: str, tmp_path: Path) -> None:
    po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    fresh = tmp_path / "fresh.mo"
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", str(fresh), str(po)],
        capture_output=True,
        text=True,
        check=True,
        env={"LC_ALL": "C"},
    )
    counts = result.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages\.", counts), f"{po}: {counts}"
    assert catalogue(fresh) == catalogue(po.with_suffix(".mo")), (
        f"{po.with_suffix('.mo')} is older than {po.name}: run scripts/messages"
    )


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_every_translation_keeps_the_placeholders_of_its_msgid(lang: str, domain: str) -> None:
    """A plural form keeps the placeholders of the msgid_plural, save that it may leave out a
    count its language need not say (Bengali's one form for 1 says "a red set")."""
    mo = LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo"
    plural_of = plurals(mo)
    for key, text in catalogue(mo).items():
        msgid = str(key[0] if isinstance(key, tuple) else key)
        assert text.strip(), f"{lang} {domain}: {msgid!r} is empty"
        found = sorted(PLACEHOLDER.findall(text))
        if isinstance(key, tuple):
            plural = PLACEHOLDER.findall(plural_of[msgid])
            assert set(found) <= set(plural), f"{lang}: {msgid!r} -> {text!r}"
            assert set(PLACEHOLDER.findall(msgid)) <= set(found), f"{lang}: {msgid!r} -> {text!r}"
        else:
            assert found == sorted(PLACEHOLDER.findall(msgid)), f"{lang}: {msgid!r} -> {text!r}"


# Bengali's and Devanagari's own digits: the numbers the site fills in are written 0-9, so a
# translation writes its own numbers 0-9 too (a page never mixes ২৯ with 29).
NATIVE_DIGITS = re.compile("[\u09e6-\u09ef\u0966-\u096f]")


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_translations_write_numbers_as_the_site_fills_them_in(lang: str, domain: str) -> None:
    mo = LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo"
    native = [text for text in catalogue(mo).values() if NATIVE_DIGITS.search(text)]
    assert not native, f"{lang} {domain}: {native[:3]}"
