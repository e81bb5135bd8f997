"""symmetric: mechanised, checked derivations for evaluation-measure papers.

The public API (everything in ``__all__``); imports are lazy so that ``import symmetric`` and the
command line's ``--help`` stay fast (the examples run: tests/test_doctests.py):

>>> import symmetric
>>> [(r.property, r.verdict.value) for r in symmetric.check(symmetric.measure("F1"), "SYM", time_limit=60)]
[('SYM', 'fails')]
>>> from symmetric.parse.names import count_symbols
>>> symmetric.parse_expression("2*TP / (2*TP + FP + FN)", count_symbols())
2*TP/(FN + FP + 2*TP)

How it is built (layers import downward only; see README "How it is built"):
space, domain, logic, evidence, errors, config, timelimit, runner, store, certificate, kernel -> checks (deciders), transforms ->
measures, parse -> crosscheck -> properties, quantification, expectation -> claims ->
userinput, verify, atlas, theory -> render -> api, cli (tests/test_layers.py checks it).
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS = {
    "Measure": "symmetric.measures.base",
    "Param": "symmetric.measures.base",
    "measure": "symmetric.api",
    "check": "symmetric.api",
    "prove": "symmetric.api",
    "load_properties": "symmetric.api",
    "to_latex": "symmetric.api",
    "PropertyResult": "symmetric.evidence",
    "Verdict": "symmetric.logic",
    "ClaimResult": "symmetric.claims.model",
    "Counterexample": "symmetric.evidence",
    "Sentence": "symmetric.evidence",
    "ContingencyTable": "symmetric.evidence",
    "parse_expression": "symmetric.parse",
    "Settings": "symmetric.config",
    "settings": "symmetric.config",
    "configured": "symmetric.config",
    "SymmetricError": "symmetric.errors",
    "InputError": "symmetric.errors",
    "InvalidArgument": "symmetric.errors",
    "InvalidArgumentType": "symmetric.errors",
    "UnknownNameError": "symmetric.errors",
    "TimeLimitReached": "symmetric.errors",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value       # later lookups skip this function
        return value
    raise AttributeError(f"module 'symmetric' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
