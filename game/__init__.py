"""Games: hosting, the live table, and the rules engine in ``game.engine``."""
