"""The one result cache: every verdict that ``show``, ``prove``, ``check`` and the atlas decide,
kept on disk under one key, so that a verdict one of them computed is read by the others.

The key of a verdict (:func:`decision`) is (the measure's definition, its kind, the property, the
reading's name, the search bounds in force), and :func:`symmetric.store.cells.key` adds the
project's version and a hash of the package's source.  The settings' ``default_time_limit`` is
left out: a ``holds`` or ``fails`` is the same verdict whatever the time allowed to reach it.
An ``undetermined`` verdict is not (more time may decide it), so it is kept only by a caller
that asks to (the atlas, whose 88 undetermined cells would otherwise cost a time limit each on
every run), under a key that also names the time limit it ran out of (:func:`undetermined`),
and it is read back only by a run with that same limit.

Which cache is used is the interface's choice: it opens one (:func:`using`, a folder, or None
for none) around a block; the library, left alone, keeps nothing on disk (the driver's
in-process memo still serves repeated questions).  The trust rules are those of
:mod:`symmetric.store.cells` (bounded reads, entries checked against their key, authenticated,
re-checked on use by the caller's ``recheck``); they are not repeated here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from ..evidence import PropertyResult
from ..logic import Verdict
from .cells import Cache

_ACTIVE: ContextVar[Cache] = ContextVar("result_cache", default=Cache(None))
# where a caller says it is about to compute many verdicts (a long wait on a cold cache): the
# interface's progress line; the library says nothing
_ANNOUNCE: ContextVar[Callable[[str], None] | None] = ContextVar("result_cache_announce", default=None)


def default_folder() -> Path:
    """``$XDG_CACHE_HOME/symmetric/cells`` (``~/.cache/symmetric/cells`` without it)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "symmetric" / "cells"


@dataclass(frozen=True)
class Decision:
    """A verdict as the cache keys it (the shape :class:`~symmetric.store.cells.Cache` takes):
    ``reading`` names the reading and every setting the verdict depends on."""

    kind: str
    measure: str
    property: str
    reading: str


def _bounds(current) -> str:
    return ";".join(f"{k}={v!r}" for k, v in sorted(dataclasses.asdict(current).items())
                    if k != "default_time_limit")


def decision(kind: str, measure, prop: str, reading: str, current) -> Decision:
    """The key of ``prop`` of ``measure`` (of ``kind``) in the reading named ``reading``, under
    the settings ``current``."""
    return Decision(kind, measure.name, prop, f"{reading}|{_bounds(current)}")


def undetermined(key: Decision, seconds: float | None) -> Decision:
    """Where an undetermined verdict reached under a limit of ``seconds`` is kept."""
    return dataclasses.replace(key, reading=f"{key.reading}|time limit={seconds!r}")


@contextlib.contextmanager
def using(cache: Cache, announce: Callable[[str], None] | None = None) -> Iterator[Cache]:
    """Read and write verdicts in ``cache`` within the block, and tell ``announce`` when many
    are about to be computed.  Forked worker processes started inside the block inherit both."""
    tokens = _ACTIVE.set(cache), _ANNOUNCE.set(announce)
    try:
        yield cache
    finally:
        _ACTIVE.reset(tokens[0])
        _ANNOUNCE.reset(tokens[1])


def active() -> Cache:
    """The cache the interface opened (a cache of no folder when none)."""
    return _ACTIVE.get()


def announce(message: str) -> None:
    """Say ``message`` (what is about to be computed) where the interface listens, if it does."""
    listener = _ANNOUNCE.get()
    if listener is not None:
        listener(message)


def get(key: Decision, measure, cache: Cache | None = None, seconds: float | None = None,
        keep_undetermined: bool = False) -> PropertyResult | None:
    """The kept verdict of ``key`` (from ``cache``, default the active one), or None: a
    ``holds``/``fails``, else, with ``keep_undetermined``, an undetermined one of the same limit."""
    cache = active() if cache is None else cache
    if cache.folder is None:
        return None
    found = cache.get(key, measure)
    if found is None and keep_undetermined:
        found = cache.get(undetermined(key, seconds), measure)
    return found


def put(key: Decision, measure, result: PropertyResult, cache: Cache | None = None, seconds: float | None = None,
        keep_undetermined: bool = False) -> bool:
    """Keep ``result``; an undetermined one only with ``keep_undetermined`` (see the module's
    note).  False when nothing was stored."""
    cache = active() if cache is None else cache
    if cache.folder is None:
        return False
    if result.verdict is Verdict.UNDETERMINED:
        return keep_undetermined and cache.put(undetermined(key, seconds), measure, result)
    return cache.put(key, measure, result)
