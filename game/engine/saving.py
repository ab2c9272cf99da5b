"""Saving a match as JSON and restoring it (RULES.md section 12): a restored match behaves
identically, its RNG included."""

from __future__ import annotations

import base64
import json
import struct
from typing import Any, Self

from game.engine.base import MatchBase
from game.engine.outcome import Outcome
from game.engine.rules import restored
from game.engine.state import Round

FORMAT = 1


class SavingMixin(MatchBase):
    """``to_json`` / ``from_json`` and their dict forms."""

    def to_json(self) -> str:
        """The whole match, RNG state included, as JSON text."""
        return json.dumps(self.to_data(), separators=(",", ":"))

    def to_data(self) -> dict[str, Any]:
        """What ``to_json`` writes, as a JSON-able dict (to encode with another JSON library);
        it shares lists with the match: encode it before the next change."""
        rng_state: list[Any] | None = None
        if self.seed is not None:
            if self._rng_saved is None:
                version, internal, gauss = self.rng.getstate()
                packed = base64.b64encode(struct.pack(f"<{len(internal)}I", *internal))
                self._rng_saved = [version, packed.decode("ascii"), gauss]
            rng_state = self._rng_saved
        return {
            "format": FORMAT,
            "rules": self._rules_dict,
            "dealer": self.dealer,
            "seed": self.seed,
            "rng": rng_state,
            "score": self.score,
            "sets": self.sets,
            "round_no": self.round_no,
            "last_round": self.last_round,
            "gathered": self.gathered,
            "deck_reset": self.deck_reset,
            "round": self.round.to_dict() if self.round is not None else None,
        }

    @classmethod
    def from_json(cls, text: str) -> Self:
        """A match restored from ``to_json`` text; it behaves identically."""
        return cls.from_data(json.loads(text))

    @classmethod
    def from_data(cls, data: object) -> Self:
        """A match restored from ``to_data`` after a JSON round trip (ValueError if it is not
        one); it takes over ``data``'s lists."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a saved match")
        try:
            return cls._restore(data)
        except (KeyError, TypeError, IndexError, struct.error) as error:
            raise ValueError(f"not a saved match: {error!r}") from error

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> Self:
        m = cls(restored(data["rules"]), dealer=data["dealer"], seed=data["seed"])
        if data["rng"] is not None:
            version, packed, gauss = data["rng"]
            raw = base64.b64decode(packed)
            m.rng.setstate((version, struct.unpack(f"<{len(raw) // 4}I", raw), gauss))
        m.score = data["score"]
        m.sets = data["sets"]
        m.round_no = data["round_no"]
        last = data["last_round"]
        m.outcome = Outcome.from_dict(last) if last is not None else None
        m.gathered = data["gathered"]
        m.deck_reset = bool(data.get("deck_reset", False))  # absent from older saves
        m.round = Round.from_dict(data["round"]) if data["round"] is not None else None
        return m
