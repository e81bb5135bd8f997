"""`symmetric check --time-limit`: a property that cannot be settled in time is undetermined, the
run ends, and the SIGALRM handler and timer in place before are back afterwards.  Few and cheap on
purpose: no timing is asserted beyond "it ends" (speed belongs in benchmarks/)."""

import json
import signal
import sys
import threading
import time

import pytest
from cli_support import assert_user_error
from cli_support import run_check as run

from symmetric.errors import TimeLimitReached
from symmetric.timelimit import Budget, HardLimit, remaining

HEAVY = "(TP+FN+FP+1)^64"       # several checkers need minutes on it without a limit


def _outer_alarm(signum, frame):
    raise AssertionError("the outer timer fired during the test")


def test_heavy_measure_ends_undetermined_and_restores_the_alarm(tmp_path):
    previous = signal.signal(signal.SIGALRM, _outer_alarm)
    signal.setitimer(signal.ITIMER_REAL, 1000)
    try:
        started = time.monotonic()
        r = run(["--counts", HEAVY, "--time-limit", "2", "--json", str(tmp_path / "o.json")], tmp_path)
        assert time.monotonic() - started < 120        # it ends; generous on a loaded machine
        assert r.exit_code == 0, r.output
        assert signal.getsignal(signal.SIGALRM) is _outer_alarm
        assert 900 < signal.getitimer(signal.ITIMER_REAL)[0] <= 1000
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    props = json.loads((tmp_path / "o.json").read_text())[0]["properties"]
    timed_out = [p for p in props if p["reason"] and "time limit of" in p["reason"]["text"]]
    assert timed_out and all(p["verdict"] == "undetermined" for p in timed_out)
    assert any(p["verdict"] != "undetermined" for p in props)       # the others still ran
    assert "time limit of" in r.output and any("time limit of" in f.read_text() for f in (tmp_path / "tex").glob("check-*.tex"))


@pytest.mark.parametrize("value", ["-1", "abc", "nan", "inf"])
def test_bad_time_limit(value, tmp_path):
    assert_user_error(run(["--measure", "F1", "--time-limit", value], tmp_path), "--time-limit", value)


def test_hard_limit_interrupts_and_restores():
    previous = signal.signal(signal.SIGALRM, _outer_alarm)
    signal.setitimer(signal.ITIMER_REAL, 1000)
    try:
        with pytest.raises(TimeLimitReached, match="time limit of 0.05 s reached"):
            with HardLimit(0.05):
                while True:
                    pass
        assert signal.getsignal(signal.SIGALRM) is _outer_alarm
        assert 900 < signal.getitimer(signal.ITIMER_REAL)[0] <= 1000
        assert remaining() is None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_off_the_main_thread_the_limit_is_cooperative():
    seen = {}

    def body():
        with HardLimit(30) as limit:
            seen["hard"], seen["remaining"] = limit.hard, remaining()

    worker = threading.Thread(target=body)
    worker.start()
    worker.join()
    assert seen["hard"] is False and 0 < seen["remaining"] <= 30


def test_budget_shares():
    assert Budget(0, 10).share() is None
    budget = Budget(30, 3)
    assert budget.share() == pytest.approx(28, abs=0.5)    # all but 1 s (1/30) for each of the 2 others
    assert budget.share() >= 1 and budget.share() >= 1


def test_budget_with_many_units_gives_the_first_most_of_the_time():
    # 38 units (a classification measure with every property in two readings): 1/30 of 60 s kept
    # for each of the 37 others would exceed the total; the floors shrink to fit in half of it
    budget = Budget(60, 38)
    first = budget.share()
    assert first == pytest.approx(60 - 37 * 30 / 38, abs=0.5)
    rest = [budget.share() for _ in range(37)]
    assert min(rest) >= 30 / 38 - 1e-9


def _alarm_raises(limit, frame) -> bool:
    try:
        limit._alarm(signal.SIGALRM, frame)
    except TimeLimitReached:
        return True
    return False


def test_the_alarm_never_raises_inside_a_finalizer():
    """An exception raised in __del__ or a weakref callback cannot reach the check (Python prints
    it as ignored): the alarm waits for the next refire instead."""
    import gc
    import sys
    import weakref
    limit = HardLimit(1000)
    limit._armed = True
    seen = {}

    class Dying:
        def __del__(self):
            seen["__del__"] = _alarm_raises(limit, sys._getframe())

    def finalizer():
        seen["finalize"] = _alarm_raises(limit, sys._getframe())

    Dying()
    gc.collect()
    token = object.__new__(type("Token", (), {}))
    weakref.finalize(token, finalizer)
    del token
    gc.collect()
    assert seen == {"__del__": False, "finalize": False}
    assert _alarm_raises(limit, sys._getframe())        # anywhere else it raises


def test_a_z3_query_is_budgeted_by_work_not_by_the_clock():
    # the deciders' z3 queries get their budget as z3's deterministic work counter (rlimit), so a
    # loaded machine gets the same verdicts as a quiet one; the clock cap is only a safety
    import z3

    from symmetric import timelimit
    x, y = z3.Reals("x y")
    starved = z3.SolverFor("QF_NRA")
    starved.set("rlimit", 1000)
    starved.add(x > 0, y > 0, x * x * y - 2 * x * y * y + y * y * y * x < -1)
    assert starved.check() == z3.unknown and "resource" in starved.reason_unknown()
    budgeted = z3.SolverFor("QF_NRA")
    timelimit.budget_z3(budgeted, 1500)
    budgeted.add(x > 0, y > 0, x * x * y - 2 * x * y * y + y * y * y * x < -1)
    assert budgeted.check() == z3.unsat


def _cleanup_that_outlives(seconds: float):
    try:
        yield
    finally:                    # run by the garbage collector when the generator dies
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            pass


def test_an_alarm_in_a_generator_closed_by_the_collector_is_not_reported_and_the_limit_still_stops(monkeypatch):
    """Seen in a full test run: the alarm landed in a generator's ``finally`` as the garbage
    collector closed it, where no exception propagates; Python reported it as unraisable (pytest:
    an error in the next test's setup).  It is dropped, and the timer's next firing stops the body."""
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)
    start = time.monotonic()
    with pytest.raises(TimeLimitReached):
        with HardLimit(0.1):
            closing = _cleanup_that_outlives(0.3)
            next(closing)
            del closing             # closed here, its finally still running when the alarm fires
            while True:
                time.sleep(0.01)
    assert reported == []
    assert time.monotonic() - start < 2
    assert sys.unraisablehook == reported.append        # the previous hook is back


def test_another_unraisable_exception_still_reaches_the_previous_hook(monkeypatch):
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)

    class Broken:
        def __del__(self):
            raise ValueError("not ours")
    with HardLimit(5):
        Broken()
    assert [type(u.exc_value) for u in reported] == [ValueError]
