"""The one measure catalogue: every named measure of every kind, looked up case-insensitively
by name or alias.

Each measure is registered with its kind:

* ``classification`` -- binary classification / filtering measures (:class:`.base.Measure`):
  Amigo et al.'s and Sebastiani's; what ``symmetric check`` checks;
* ``expectation`` -- further count-form measures of Lewis (SIGIR 1995) used by ``symmetric
  expect`` (loss, F with C_F, SEC), kept out of the classification catalogue;
* ``quantification`` -- Sebastiani's error measures for quantification
  (:class:`symmetric.quantification.measures.QuantMeasure`).

The measures are defined in the modules of :data:`MEASURE_MODULES` (a data table, loaded on
first lookup, only the modules of the kind asked for); each module calls :func:`register` at
import time.  A lookup by name loads only the module the name lives in when
:data:`.homes.HOMES` knows it (building the whole catalogue's formulas is a quarter of a second,
most of what ``check --measure MCC`` does before it starts deciding); any other name loads every
module of the kinds asked for, so a stale table costs time, never a wrong answer
(``tests/test_catalogue_homes.py`` keeps it current).  The catalogue's order is that of
:data:`MEASURE_MODULES` whichever module was loaded first.  The quantification module sits in the quantification package because it is
built on that package's prevalence vectors (``distributions``, which imports nothing but
:mod:`symmetric.errors`); it imports no property, claim or rendering module, so loading it
from here brings nothing from above the measures layer.  Names are unique across kinds.
Lookup of an unknown name raises UnknownNameError with close matches among the names of the
kinds asked for.
"""

from __future__ import annotations

import importlib
import itertools
import sys
from collections.abc import Iterable

from ..errors import InvalidArgumentType, UnknownNameError
from .homes import HOMES

KINDS = ("classification", "expectation", "quantification")

# (module, kind of the measures it registers)
MEASURE_MODULES = (
    ("symmetric.measures.filtering", "classification"),       # Amigo et al.: filtering measures, smoothed variants
    ("symmetric.measures.classification", "classification"),  # Sebastiani (ICTIR 2015): K, Youden, BalAcc, DOR, ASP, MCC
    ("symmetric.measures.confusion", "classification"),       # the binary measures of scikit-learn and PyCM
    ("symmetric.measures.class_statistics", "classification"),  # PyCM's further class statistics (DP, IBA, ...)
    ("symmetric.measures.agreement", "classification"),       # PyCM's overall statistics of a 2x2 table
    ("symmetric.measures.averaged", "classification"),        # scikit-learn's macro and weighted averages
    ("symmetric.measures.lewis", "expectation"),              # Lewis (SIGIR 1995): loss, F with C_F, SEC
    ("symmetric.quantification.measures", "quantification"),  # Sebastiani: the nine EMQs
)

# how an unknown name of a kind is reported ("unknown quantification measure 'KDL'")
_NOUN = {"quantification": "quantification measure"}

_REGISTRY: dict[str, tuple[str, object]] = {}     # lower-case name or alias -> (kind, measure)
_loaded: set[str] = set()
# lower-case name or alias -> (rank of the registering module in MEASURE_MODULES, registration
# number), the catalogue's order; and -> the registering module's name
_PLACE: dict[str, tuple[int, int]] = {}
_ORIGIN: dict[str, str] = {}
_RANK = {module: k for k, (module, _) in enumerate(MEASURE_MODULES)}
_SEQUENCE = itertools.count()


def register(measure, kind: str = "classification"):
    """Enter ``measure`` under its name and aliases (a name may not be taken by another measure)."""
    if kind not in KINDS:
        raise ValueError(f"unknown measure kind {kind!r} (kinds: {', '.join(KINDS)})")
    # the module that called: a catalogue module (at import) or user code, which comes last
    origin = sys._getframe(1).f_globals.get("__name__", "")
    place = (_RANK.get(origin, len(MEASURE_MODULES)), next(_SEQUENCE))
    for key in (measure.name, *getattr(measure, "aliases", ())):
        existing = _REGISTRY.get(key.lower())
        if existing is not None and existing[1] is not measure and existing[1].name != measure.name:
            raise ValueError(f"measure name {key!r} already used by {existing[1].name!r}")
        _REGISTRY[key.lower()] = (kind, measure)
        _PLACE.setdefault(key.lower(), place)
        _ORIGIN.setdefault(key.lower(), origin)
    return measure


def _kinds(kind: str | Iterable[str] | None) -> tuple[str, ...]:
    if kind is None:
        return KINDS
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    for k in kinds:
        if k not in KINDS:
            raise UnknownNameError("measure kind", k, KINDS)
    return kinds


def _load(kinds: tuple[str, ...]) -> None:
    for module, kind in MEASURE_MODULES:
        if kind in kinds:
            _load_module(module)


def _load_module(module: str) -> None:
    if module not in _loaded:
        _loaded.add(module)
        importlib.import_module(module)


def get(name: str, kind: str | Iterable[str] | None = None):
    """The measure called ``name`` (case-insensitive; aliases too), of ``kind`` (a kind, several,
    or None: any).  UnknownNameError with close matches if there is none."""
    kinds = _kinds(kind)
    home = HOMES.get(name.lower())
    if home is not None and home[1] in kinds:
        _load_module(home[0])
    entry = _REGISTRY.get(name.lower())
    if entry is None or entry[0] not in kinds:
        _load(kinds)
        entry = _REGISTRY.get(name.lower())
    if entry is None or entry[0] not in kinds:
        noun = _NOUN.get(kinds[0], "measure") if len(kinds) == 1 else "measure"
        raise UnknownNameError(noun, name, names(kinds))
    return entry[1]


def names(kind: str | Iterable[str] | None = None) -> tuple[str, ...]:
    """The names (not aliases) of the measures of ``kind`` (None: every kind), in catalogue order."""
    return tuple(dict.fromkeys(m.name for m in all_measures(kind)))


def all_measures(kind: str | Iterable[str] | None = None) -> tuple:
    """Every measure of ``kind`` (None: every kind), each once, in catalogue order."""
    kinds = _kinds(kind)
    _load(kinds)
    keys = sorted(_REGISTRY, key=_PLACE.__getitem__)
    return tuple(dict.fromkeys(_REGISTRY[key][1] for key in keys if _REGISTRY[key][0] in kinds))


def homes() -> dict[str, tuple[str, str]]:
    """Every loaded catalogue name and alias (lower case) -> (its module, its kind): what
    :data:`.homes.HOMES` must say."""
    return {key: (_ORIGIN[key], kind) for key, (kind, _) in _REGISTRY.items() if _ORIGIN[key] in _RANK}


def homes_text() -> str:
    """The entries of :data:`.homes.HOMES` as they must read, for every catalogue module: by
    module in the catalogue's order, then by name."""
    _load(KINDS)
    found = homes()
    order = sorted(found, key=lambda key: (_RANK[found[key][0]], key))
    return "\n".join(f"    {key!r}: ({found[key][0]!r}, {found[key][1]!r})," for key in order)


def kind_of(measure) -> str:
    """The kind of a measure object: "classification" (a contingency-table measure) or
    "quantification", as its class declares it (``KIND``; never guessed from its attributes)."""
    kind = getattr(type(measure), "KIND", None)
    if kind in ("classification", "quantification"):
        return kind
    raise InvalidArgumentType("measure", measure, "must be a Measure or a QuantMeasure "
                              "(see symmetric.Measure, symmetric.measure)")
