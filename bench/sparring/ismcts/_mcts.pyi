"""Type stubs of the compiled IS-MCTS core (see _mcts.c)."""

def search(
    known: tuple[int, int, int, int],  # cards each seat holds that the searcher knows
    slots: tuple[int, int, int, int],  # unseen cards each seat holds
    unseen: int,  # mask of the cards dealt at random into the slots
    voids: tuple[int, int, int, int],  # cards each seat cannot hold
    trick: list[tuple[int, int]],  # the trick so far: (seat, card)
    seat: int,  # the searching seat, to play
    points: tuple[int, int],  # card points per team
    tricks_played: int,
    trump: int,  # the shown trump suit, -1 while hidden
    revealer: int,  # the seat that asked for trump in this trick, or -1
    bidder: int,
    target: int,
    last_bonus: bool,  # the last trick carries one point in the model
    older: bool,  # the bot's older version's follow rules
    half_hidden: bool,  # a deal that ends with trump never shown scores 0.5
    root_moves: int,  # mask of the cards the seat may play
    iterations: int,  # stop after this many iterations (0: no count limit)
    seconds: float,  # or after this much wall clock (0: no time limit)
    seed: int,
    exploration: float,
    asks: int = -2,  # -2: nobody asks in the model; -1: asks, trump unknown; 0-3: the trump known
) -> tuple[int, int, list[tuple[int, int]]]: ...  # card 32: the ask
