"""Shared fixtures: every claim is run once per test session and the results reused."""

from __future__ import annotations

import pytest

import derivations
from symmetric.claims import registry

# the tests are an application: they register the papers, as the CLI does
registry.register(derivations.PAPERS)


@pytest.fixture(scope="session")
def all_results():
    return {r.id: r for r in registry.run(registry.all_claims())}
