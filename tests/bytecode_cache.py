"""The test processes keep Python's compiled bytecode in a cache folder of the user's, outside
the source tree, even where ``PYTHONDONTWRITEBYTECODE`` is set (as on the project's shared
machine).  Without it every xdist worker compiled the toolkit again and rewrote the asserts of
every test module at collection -- 24 CPU-s per worker of the fast tier's ~3700-test collection,
8 with the cache (measured: ``pytest --collect-only -n 0``, 30 s wall against 7) -- and every CLI
subprocess a test starts compiled the toolkit's modules again (~0.5 CPU-s each).

The folder is ``$XDG_CACHE_HOME/symmetric-tests/pyc`` (``~/.cache`` by default), given to the
workers and subprocesses as ``PYTHONPYCACHEPREFIX``: nothing is written beside the sources, which
is what the setting protects.  A prefix the user set is kept as it is."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def use() -> None:
    """Turn the cache on for this process and the ones it starts (call before XDG_CACHE_HOME moves)."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return          # bytecode is written already (CI's venv), or the user chose where
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = home / "symmetric-tests" / "pyc"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return          # no writable cache folder: the tests compile as before, slower
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    os.environ.pop("PYTHONDONTWRITEBYTECODE")
    # this process: the test modules collected from now on, and what they import
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False
