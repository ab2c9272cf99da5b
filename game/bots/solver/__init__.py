"""The strong bot's exact solver of determinized play (a compiled core) and its searcher."""
