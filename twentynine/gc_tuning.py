"""The garbage collector of a server process, tuned so its pauses stay short and rare.

A table server holds many long-lived objects (every open socket, the parsed
matches and views of the recent versions) and allocates many short-lived ones per
action. With CPython's default thresholds the full (oldest-generation) collection
ran about every 7 s per process at 300 tables and each paused the process for
55-220 ms (bench/table.py, PostgreSQL and Redis, two processes): those pauses made
the latency's p99. ``tune`` freezes what start-up loaded (Django, the site's
modules: never collected, never scanned again) and raises the thresholds, so a
young collection looks at more objects but full ones are rarer (in that run, 2
instead of 8 in 30 s; p99 from about 250 ms to 50-120 ms).
"""

import gc

# Young collections every 50 000 net allocations; the middle one every 20 of those; the
# full one every 10 middle ones (and, as always, only when the old generation grew by 25%).
THRESHOLDS = (50_000, 20, 10)


def tune() -> None:
    """Freeze the objects alive now and set the thresholds (call once, after start-up)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
