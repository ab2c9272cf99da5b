"""The one exception the engine raises for a refused action."""


class IllegalAction(ValueError):
    """An action that is not legal for that seat now; the match is left untouched.

    The message says in the game's words what is wrong, e.g. "You must follow hearts".
    """
