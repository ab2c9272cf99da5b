"""Benchmarks and arenas (scripts run from the repository root), and the sparring partners
the computer players are measured against (``bench.sparring``)."""
