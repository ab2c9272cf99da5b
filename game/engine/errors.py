"""The one exception the engine raises for a refused action."""

from __future__ import annotations

from game.engine.words import Sentence


class IllegalAction(ValueError):
    """An action that is not legal for that seat now; the match is left untouched.

    The message says in the game's words what is wrong, e.g. "You must follow hearts";
    ``sentence`` keeps its template and parameters for the table to translate.
    """

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence if isinstance(sentence, Sentence) else Sentence(sentence)
