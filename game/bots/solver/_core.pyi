"""Type stubs of the compiled solver core (see _core.c)."""

SHOW: int

Position = tuple[
    tuple[int, int, int, int],  # hands (bitmasks)
    int,  # aside: the set-aside 7th card or -1
    int,  # bidder (or Single Hand caller)
    int,  # trump suit, -1 allowed only in a Single Hand
    bool,  # trump shown
    bool,  # Single Hand
    list[tuple[int, int]],  # trick in progress: (seat, card)
    int,  # to_play
    int,  # asker or -1
    int,  # forced card or -1
    tuple[int, int],  # points per team
    tuple[int, int],  # tricks per team
    int,  # tricks played
    int,  # target
    int,  # stake
    int,  # min_bid
    bool,  # must_ask_trump
    bool,  # marriage applied when trump is shown
    bool,  # last-trick point
]

class Solver:
    def __init__(self, table_bits: int = 18) -> None: ...
    def values(
        self, position: Position, lo: int = ..., hi: int = ..., max_nodes: int = ...
    ) -> tuple[list[tuple[int, int]] | None, int]: ...
    def levels(
        self, position: Position, thresholds: list[int], start: int, max_nodes: int = ...
    ) -> tuple[list[tuple[int, int]] | None, int]: ...
    def level(
        self, position: Position, thresholds: list[int], max_nodes: int = ...
    ) -> tuple[int, int]: ...
    def moves(self, position: Position) -> list[int]: ...
