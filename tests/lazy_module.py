"""A test module's oracle library, imported when a test first uses it, not at collection.

Every xdist worker collects every test module, so a module-level ``pytest.importorskip`` of
scikit-learn (2.3 s), PyCM or QuaPy (1.8 s: it imports matplotlib.pyplot) cost each worker its
import at collection, before any test ran, though the oracle tests run on one worker (measured
with ``python -X importtime -m pytest -s --collect-only``).  Without the library installed the
tests that use it are skipped, as with the module-level call."""

from __future__ import annotations

import pytest


class Lazy:
    """Stands for the module ``name``: the first attribute read imports it (or skips the test)."""

    def __init__(self, name: str):
        self._name = name
        self._module = None

    def __getattr__(self, attr: str):
        if attr.startswith("_"):
            # pytest's collection asks every module-level object for such names (``__test__``,
            # its fixture marker): answering them must not import the library
            raise AttributeError(attr)
        if self._module is None:
            self._module = pytest.importorskip(self._name)
        return getattr(self._module, attr)
