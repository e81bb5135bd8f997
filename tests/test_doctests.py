"""The public API's examples run (issue 22 item 6): the docstrings of symmetric/__init__.py and
symmetric/api.py are doctests, so an example that no longer works fails here.  Only these
modules: the rest of the library documents, it does not promise."""

from __future__ import annotations

import doctest

import pytest

import symmetric
import symmetric.api


@pytest.mark.parametrize("module", [symmetric, symmetric.api], ids=lambda m: m.__name__)
def test_public_api_examples_run(module):
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                              raise_on_error=False, report=True)
    assert outcome.attempted >= 2, f"{module.__name__} lost its examples"
    assert outcome.failed == 0, f"{outcome.failed} of {outcome.attempted} examples of {module.__name__} failed"
