"""The (game, version) pairs this process has already started work for (a computer player's
move, a routine pass, a deal's analysis), so that the many sockets that are sent one version
start it once. The newest few thousand are kept; the database's guards make the work happen
once across processes."""

from __future__ import annotations

from collections import OrderedDict

from game.table import memory

KEPT = 4096


class SeenVersions:
    """A bounded memory of (game, version) pairs, oldest forgotten first."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._pairs: OrderedDict[tuple[int, int], None] = OrderedDict()
        memory.kept(self.forget_game)

    def __contains__(self, key: tuple[int, int]) -> bool:
        return key in self._pairs

    def add(self, key: tuple[int, int]) -> None:
        """Remember ``key``, forgetting the oldest beyond the bound."""
        self._pairs[key] = None
        while len(self._pairs) > self._kept:
            self._pairs.popitem(last=False)

    def forget(self, key: tuple[int, int]) -> None:
        """Let ``key`` be started again (its work failed)."""
        self._pairs.pop(key, None)

    def forget_game(self, game_id: int | None) -> None:
        """Forget every pair of this game (of every game: ``None``)."""
        if game_id is None:
            self._pairs.clear()
            return
        for key in list(self._pairs):  # one step: another thread may add meanwhile
            if key[0] == game_id:
                self._pairs.pop(key, None)
