"""The ismcts level: a sparring partner that plays like the public C++ IS-MCTS 29 bot
(abhigyan7/29): its bidding and trump rules (calls.py) and a compiled single-observer
Information-Set MCTS of the card play (_mcts.c, driven by player.py)."""
