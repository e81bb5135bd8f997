"""Shared fixtures: every claim is run once per test session and the results reused."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

import derivations
from symmetric.claims import registry

# the CLI keeps shared property cells in $XDG_CACHE_HOME/symmetric/cells: the tests use a folder of
# their own (one per test process), never the user's, and start with it empty
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="symmetric-test-cache-")
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], ignore_errors=True)

# the tests are an application: they register the papers, as the CLI does
registry.register(derivations.PAPERS)


@pytest.fixture(scope="session")
def all_results():
    return {r.id: r for r in registry.run(registry.all_claims())}
