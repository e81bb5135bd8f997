"""The measure catalogue: every named measure, looked up case-insensitively by name or alias.

Measures are defined in the modules of :data:`MEASURE_MODULES`; each calls :func:`register`
at import time.  Lookup of an unknown name raises UnknownNameError with close matches.
"""

from __future__ import annotations

import importlib

from ..errors import UnknownNameError
from .base import Measure

MEASURE_MODULES = (
    "symmetric.measures.filtering",     # Amigo et al.: the filtering measures and smoothed variants
    "symmetric.measures.classification",  # Sebastiani (ICTIR 2015): K, Youden, BalAcc, DOR, ASP, MCC
)

_REGISTRY: dict[str, Measure] = {}
_loaded = False


def register(measure: Measure) -> Measure:
    for key in (measure.name, *measure.aliases):
        existing = _REGISTRY.get(key.lower())
        if existing is not None and existing is not measure and existing.name != measure.name:
            raise ValueError(f"measure name {key!r} already used by {existing.name!r}")
        _REGISTRY[key.lower()] = measure
    return measure


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in MEASURE_MODULES:
            importlib.import_module(module)


def get(name: str) -> Measure:
    _load()
    try:
        return _REGISTRY[name.lower()]
    except KeyError:
        raise UnknownNameError("measure", name, names()) from None


def names() -> tuple[str, ...]:
    _load()
    return tuple(dict.fromkeys(m.name for m in _REGISTRY.values()))


def all_measures() -> tuple[Measure, ...]:
    _load()
    return tuple(dict.fromkeys(_REGISTRY.values()))
