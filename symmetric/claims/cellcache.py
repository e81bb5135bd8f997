"""The disk cache of the property cells that several claims share (a paper's property table).

Amigo et al.'s claims read one table of 20 measures x 4 properties, 12 s of checker work on this
machine; `symmetric show` of one claim that needs the whole table (Table 3) would pay it on every
run.  The interface (`show`, `prove`) switches the cache on for a block (:func:`cached_in`); a
paper's cell function reads a cell from it before computing, and stores what it computed
(:func:`lookup`, :func:`store`).  Nothing else reads it, and the library leaves it off.

Soundness: a cell's key is :func:`symmetric.store.cells.key`: the version, a hash of the whole
package's source, the measure's definition and, here, the paper, the property and every search
bound in force (:class:`symmetric.config.Settings`), so a cached result is the one this code would
compute.  The codec stores a result only if it decodes back equal; an undetermined result is not
stored (it may be a time limit's, which another run could beat).  An entry is read bounded,
checked against its key, authenticated and re-checked (a counterexample re-evaluated, a
proof's certificates re-verified by the kernel)
(:mod:`symmetric.store.cells`, :mod:`symmetric.crosscheck.cached`); a rejected one is said on the
interface's progress line and recomputed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from ..config import Settings
from ..errors import InputError
from ..evidence import PropertyResult
from ..logic import Verdict
from ..store.cells import Cache

_CACHE: ContextVar[Cache] = ContextVar("claim_cell_cache", default=Cache(None))
# where a paper says that it computes cells (a long wait on a cold cache): the interface's
# progress line; the library says nothing
_ANNOUNCE: ContextVar[Callable[[str], None] | None] = ContextVar("claim_cell_announce", default=None)


def default_folder() -> Path:
    """``$XDG_CACHE_HOME/symmetric/cells`` (``~/.cache/symmetric/cells`` without it)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "symmetric" / "cells"


@contextlib.contextmanager
def cached_in(folder: str | Path | None, announce: Callable[[str], None] | None = None) -> Iterator[Cache]:
    """Read and write shared cells in ``folder`` within the block (None: no cache), and tell
    ``announce`` when cells are about to be computed.  Forked worker processes started inside
    the block inherit both."""
    from ..crosscheck.cached import keep, recheck
    try:
        cache = Cache(folder, name="cell cache", recheck=recheck, on_reject=announce, keep=keep)
    except InputError as exc:      # an unwritable cache costs speed, never the run
        cache = Cache(None)
        if announce is not None:
            announce(f"{exc}: working without it (every shared cell is computed, nothing is kept)")
    tokens = _CACHE.set(cache), _ANNOUNCE.set(announce)
    try:
        yield _CACHE.get()
    finally:
        _CACHE.reset(tokens[0])
        _ANNOUNCE.reset(tokens[1])


def announce(message: str) -> None:
    """Say ``message`` (what is about to be computed) where the interface listens, if it does."""
    listener = _ANNOUNCE.get()
    if listener is not None:
        listener(message)


@dataclass(frozen=True)
class SharedCell:
    """A cell as the cache keys it: the reading names the paper and the settings in force."""

    kind: str
    measure: str
    property: str
    reading: str


def _cell(paper: str, name: str, prop: str, current: Settings) -> SharedCell:
    bounds = ";".join(f"{k}={v!r}" for k, v in sorted(dataclasses.asdict(current).items()))
    return SharedCell("classification", name, prop, f"claims:{paper}:{bounds}")


def lookup(paper: str, name: str, prop: str, current: Settings, measure) -> PropertyResult | None:
    """The stored result of ``measure``'s ``prop`` cell, or None (no cache, a miss, a bad file)."""
    cache = _CACHE.get()
    return None if cache.folder is None else cache.get(_cell(paper, name, prop, current), measure)


def store(paper: str, name: str, prop: str, current: Settings, measure, result: PropertyResult) -> None:
    """Keep a computed result (not an undetermined one: see the module's note)."""
    cache = _CACHE.get()
    if cache.folder is not None and result.verdict is not Verdict.UNDETERMINED:
        cache.put(_cell(paper, name, prop, current), measure, result)
