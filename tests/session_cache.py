"""The test session's result cache, opened around a block as the CLI opens it.

tests/conftest.py points ``XDG_CACHE_HOME`` at one folder per session, shared by the xdist workers:
the CLI tests read and write their verdicts there, but a test that calls the library (a claim, the
driver) ran with no cache opened, so a verdict another test (or the other worker) had already
decided was decided again.  Inside :func:`shared` the library reads and keeps verdicts there too,
under the CLI's rules: only ``holds``/``fails`` are kept, every entry is checked against its key,
authenticated and re-checked on use (:mod:`symmetric.store.results`, :mod:`symmetric.crosscheck.cached`).
A verdict read back is the one the same code decided earlier in the session, so what a test
asserts about it is unchanged; only the repeated work goes.
"""

from __future__ import annotations

from symmetric.crosscheck import cached
from symmetric.store import results as result_cache


def shared():
    """A context manager: the session's result cache is the active one within the block."""
    return result_cache.using(cached.open_cache(result_cache.default_folder()))
