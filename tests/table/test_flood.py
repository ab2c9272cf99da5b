"""The per-socket rate limit: ordinary bursts are refused one by one, floods close the socket."""

from __future__ import annotations

from game.table.flood import FloodGuard, Verdict


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def send_steadily(
    guard: FloodGuard, clock: Clock, per_second: float, seconds: float
) -> list[Verdict]:
    verdicts = []
    for _ in range(int(per_second * seconds)):
        clock.now += 1 / per_second
        verdicts.append(guard.admit())
    return verdicts


def test_it_admits_the_allowed_rate_forever() -> None:
    clock = Clock()
    guard = FloodGuard(rate=20, clock=clock)
    assert set(send_steadily(guard, clock, 20, 60)) == {Verdict.OK}


def test_it_refuses_some_but_never_closes_at_twice_the_rate() -> None:
    clock = Clock()
    guard = FloodGuard(rate=20, clock=clock)
    verdicts = send_steadily(guard, clock, 40, 60)
    assert Verdict.FLOOD not in verdicts
    assert 0.4 < verdicts.count(Verdict.OK) / len(verdicts) < 0.6


def test_it_calls_three_times_the_rate_sustained_a_flood_within_seconds() -> None:
    clock = Clock()
    guard = FloodGuard(rate=20, clock=clock)
    verdicts = send_steadily(guard, clock, 60, 5)
    assert Verdict.FLOOD in verdicts
    assert verdicts.index(Verdict.FLOOD) < 60 * 3


def test_it_lets_a_socket_recover_after_a_pause() -> None:
    clock = Clock()
    guard = FloodGuard(rate=20, clock=clock)
    burst = [guard.admit() for _ in range(30)]
    assert burst.count(Verdict.OK) == 20
    assert Verdict.FLOOD not in burst
    clock.now += 2
    assert guard.admit() is Verdict.OK
