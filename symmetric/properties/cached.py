"""The driver's use of the result cache (:mod:`symmetric.store.results`): the key of each
(property, reading) a unit decides, and reading and keeping a unit's verdicts.  Only catalogue
properties are cached (their definitions are in the source the key hashes); a verdict is kept
only when the interface opened a cache."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..config import settings
from ..errors import InputError
from ..evidence import PropertyResult
from ..measures.registry import kind_of
from ..store import results
from . import catalogue
from .protocol import Property


def catalogued(kind: str, p: Property) -> bool:
    """A catalogue property (its definition is in the source the cache's key hashes); a user's
    --property is not, and two files may define one name differently: never cached."""
    try:
        return catalogue.named(p.name, kind) == p
    except InputError:
        return False


def cache_keys(measure, pairs, options: Mapping | None = None) -> list | None:
    """The result cache's key of each pair, or None when a property is not the catalogue's."""
    current, kind = settings(), kind_of(measure)
    if not all(catalogued(kind, q) for q, _ in pairs):
        return None
    extra = "".join(f"|{k}={v!r}" for k, v in sorted((options or {}).items()))
    return [results.decision(kind, measure, q.name, r.name + extra, current) for q, r in pairs]


def stored(measure, pairs, options: Mapping | None = None) -> list[PropertyResult] | None:
    """The kept verdicts of every pair (the result cache), or None when one is missing."""
    keys = cache_keys(measure, pairs, options)
    found = [results.get(k, measure) for k in keys] if keys is not None and results.active().folder else [None]
    return None if any(f is None for f in found) else found


def keep(measure, pairs, found: Sequence[PropertyResult], options: Mapping | None = None) -> None:
    """Keep a unit's verdicts (the cache keeps no undetermined one: see store.results)."""
    keys = cache_keys(measure, pairs, options) if results.active().folder else None
    for k, result in zip(keys or (), found):
        results.put(k, measure, result)


def is_open() -> bool:
    """Whether the interface opened a result cache (a miss is then worth remembering)."""
    return results.active().folder is not None


# The driver's memo (driver._DECIDED) as check reads it: check runs without a time limit,
# catalogue properties only, no options (see driver._decided for why only then)

def memo_keys(measure, pairs) -> list | None:
    """:func:`symmetric.properties.driver.decide`'s memo keys of one of check's units without a
    time limit (None for a user's property: it may reuse a catalogue name)."""
    kind = kind_of(measure)
    if not all(catalogued(kind, q) for q, _ in pairs):
        return None
    return [(measure, q.name, r, settings(), None, ()) for q, r in pairs]


def recall(memo: dict, measure, pairs) -> list[PropertyResult] | None:
    """The memo's results of every pair, or None when one is missing."""
    found = [memo.get(k) for k in memo_keys(measure, pairs) or [None]]
    return None if any(f is None for f in found) else found


def memorise(memo: dict, measure, pairs, found: Sequence[PropertyResult]) -> None:
    memo.update(zip(memo_keys(measure, pairs) or (), found))
