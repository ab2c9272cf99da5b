"""How many websockets one account may hold open in one server process.

A person has a dashboard and a table or two open, perhaps in a few tabs and on a phone
besides; an account that opens hundreds is a script, and each socket costs its process
memory and a share of every change at its table. So a process admits at most
``settings.WEBSOCKETS_PER_USER`` open sockets of one account (the table's and the
dashboard's together) and closes the next one with ``CLOSE_TOO_MANY`` before it joins
anything. The count is this process's own: behind N processes an account can hold N
times as many, which bounds what each process spends.

>>> from django.test import override_settings
>>> with override_settings(WEBSOCKETS_PER_USER=2):
...     [take(7), take(7), take(7)]
[True, True, False]
>>> release(7); take(7)
True
>>> release(7); release(7); held(7)
0
"""

from __future__ import annotations

from collections import Counter

from django.conf import settings

_open: Counter[int] = Counter()


def take(user_id: int) -> bool:
    """Count one more open socket of this account, unless it already holds its most."""
    if _open[user_id] >= settings.WEBSOCKETS_PER_USER:
        return False
    _open[user_id] += 1
    return True


def release(user_id: int) -> None:
    """One socket this account took is closed."""
    _open[user_id] -= 1
    if _open[user_id] <= 0:
        del _open[user_id]


def held(user_id: int) -> int:
    """How many sockets this account holds open in this process."""
    return _open[user_id]


class CappedSocket:
    """A consumer's place in its account's count: taken by ``hold`` (or refused), given back
    by ``let_go`` however the socket ends, at most once."""

    held_for: int | None = None

    def hold(self, user_id: int) -> bool:
        """Count this socket among ``user_id``'s; False when the account holds its most."""
        if not take(user_id):
            return False
        self.held_for = user_id
        return True

    def let_go(self) -> None:
        """This socket is gone: its place goes back (nothing, if it held none)."""
        if self.held_for is not None:
            release(self.held_for)
            self.held_for = None
