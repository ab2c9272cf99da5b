"""Type stubs of the compiled solver core (see _core.c)."""

from typing import Protocol

SHOW: int

class Position(Protocol):
    """What the core reads of a position, by field name (a dict with these keys works
    too); game/bots/solver/position.py builds them as ``SolverPosition``."""

    @property
    def hands(self) -> tuple[int, int, int, int]: ...  # bitmasks
    @property
    def aside(self) -> int: ...  # the set-aside 7th card or -1
    @property
    def bidder(self) -> int: ...  # or the Single Hand caller
    @property
    def trump(self) -> int: ...  # -1 allowed only in a Single Hand
    @property
    def shown(self) -> bool: ...  # trump shown
    @property
    def single(self) -> bool: ...  # a Single Hand
    @property
    def trick(self) -> list[tuple[int, int]]: ...  # the trick in progress: (seat, card)
    @property
    def to_play(self) -> int: ...
    @property
    def asker(self) -> int: ...  # or -1
    @property
    def forced(self) -> int: ...  # a card the seat to play must play, or -1
    @property
    def points(self) -> tuple[int, int]: ...  # per team
    @property
    def tricks(self) -> tuple[int, int]: ...  # per team
    @property
    def played(self) -> int: ...  # tricks played
    @property
    def target(self) -> int: ...
    @property
    def stake(self) -> int: ...
    @property
    def min_bid(self) -> int: ...
    @property
    def must_ask(self) -> bool: ...  # the must_ask_trump option
    @property
    def marriage(self) -> bool: ...  # a marriage is applied when trump is shown
    @property
    def last_point(self) -> bool: ...  # the last trick carries a point

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
