"""Signals other apps listen to, so ``accounts`` need not know them.

``friendship_ended`` is sent inside the transaction that ends a friendship,
with ``user`` and ``friend`` (the two people); receivers may write in that
transaction (the live table takes the guest out of the host's game).
"""

from django.dispatch import Signal

friendship_ended = Signal()
# Sent when two people become friends (``user`` and ``friend``), inside that transaction.
friendship_began = Signal()
# Sent after a person's preferences are saved (``user``, and ``changed``: the names that
# changed, accounts.preferences.NAMES), outside any transaction of the caller's.
preferences_saved = Signal()
