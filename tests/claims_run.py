"""Every claim, run once per test process, with the one decision path watched (tests/conftest.py's
``all_results`` and test_one_path's dynamic test share this run: it is the costliest computation
of the suite, and the two used to pay for it separately).

While the claims run, every result ``driver.decide_unit`` hands out is recorded, and the
checkers' module entry points are guarded: a call from outside the driver is recorded as
``outside``.  The run starts from an empty memo (the driver's decisions) so that
every verdict a claim rests on is decided, and recorded, in this run; the checks run in this
process (``runner.set_workers(1)``: a forked worker's decisions would not be recorded).  Afterwards
the memos keep what the run computed, as an unwatched run would have left them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from symmetric import runner
from symmetric.claims import registry
from symmetric.properties import amigo, driver, sebastiani
from symmetric.quantification import check as quant_check
from symmetric.quantification import properties as quant_properties
from symmetric.store import results as result_cache
from symmetric.store.cells import Cache


# the xdist group of the tests that use this run (tests/conftest.py): one worker runs every claim
ALL_CLAIMS_GROUP = "all_claims"


@dataclass(frozen=True)
class WatchedRun:
    results: dict           # claim id -> ClaimResult, every claim
    handed_out: tuple       # every PropertyResult the driver handed out
    outside: tuple          # "module.checker" called outside the driver


# the process's watched run, once it is done (tests/test_latex.py's one-claim tests read a claim's
# result from it instead of running the claim again)
_DONE: list[WatchedRun] = []


def finished() -> WatchedRun | None:
    """This process's watched run, if it has run (None: it has not)."""
    return _DONE[0] if _DONE else None


def watched_run() -> WatchedRun:
    handed_out, outside = [], []
    inside = [0]
    original = driver.decide_unit

    def recording(*args, **kwargs):
        inside[0] += 1
        try:
            found = original(*args, **kwargs)
        finally:
            inside[0] -= 1
        handed_out.extend(found)
        return found

    kept_decisions = driver._DECIDED
    with pytest.MonkeyPatch.context() as mp:
        def guarded(module, name):
            checker = getattr(module, name)

            def call(*args, **kwargs):
                if not inside[0]:
                    outside.append(f"{module.__name__}.{name}")
                return checker(*args, **kwargs)
            mp.setattr(module, name, call)

        mp.setattr(driver, "decide_unit", recording)
        for module, names in ((amigo, ("check_one", "check_all")),
                              (sebastiani, [n for n in dir(sebastiani) if n.startswith("check_")]),
                              (quant_properties, ("check_all",)), (quant_check, ("run_all",))):
            for name in names:
                guarded(module, name)
        fresh_decisions = {}
        mp.setattr(driver, "_DECIDED", fresh_decisions)      # decided afresh, in this process
        mp.setattr(driver, "_MISSED", set())
        mp.setattr(runner, "_CHOSEN", {"workers": 1})
        # no result cache, whatever a test around it opened: every verdict is decided in this run
        with result_cache.using(Cache(None)):
            results = {r.id: r for r in registry.run(registry.all_claims())}
    kept_decisions.update(fresh_decisions)
    _DONE[:] = [WatchedRun(results, tuple(handed_out), tuple(outside))]
    return _DONE[0]
