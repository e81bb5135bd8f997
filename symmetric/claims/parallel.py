"""Running claims on several worker processes, with the same outputs as one process.

The work is cut into units, one a paper: its shared preparation (:attr:`Paper.prepare`), if
any, then its claims, in one process -- the claims use what was prepared and share sympy's
caches and the checkers' memoised work, which a split would repeat (measured under load: two
workers cost about 17% more CPU than one process when cut claim by claim, 9% cut by paper).  Units run on a pool of forked processes, the prepared
papers first (they are the longest), so that a preparation runs beside the other papers.

A result leaves its worker only through ``transform`` (a module-level function, pickled by
reference), applied in the worker: sympy rebuilds an expression it unpickles, evaluating what
the derivation kept unevaluated (``x + x`` comes back ``2*x``), so a result that is to be
rendered is rendered where it was derived.  With one worker everything runs in this process
through the same ``transform``, so both ways give the same records.

Ctrl-C at the terminal reaches the caller only (each worker leads a process group of its own);
the caller then ends the workers' groups at once and goes on as usual (click's "Aborted!").
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..errors import InputError
from ..runner import worker_pool
from .model import Claim
from .registry import REGISTRY, Registry, run_claim

# what a unit yields, one after the other: a finished preparation or a finished claim
PREPARED, FINISHED = "prepared", "finished"


@dataclass(frozen=True)
class Unit:
    """Work for one process: the paper to prepare first ("" : none) and the claim ids to run."""

    prepare: str
    claim_ids: tuple[str, ...]


@dataclass(frozen=True)
class Event:
    """A preparation finished (``kind`` PREPARED, ``name`` the paper, ``value`` its seconds) or
    a claim finished (FINISHED, the claim id, ``transform`` of its result)."""

    kind: str
    name: str
    value: object


def units(registry: Registry, claims: tuple[Claim, ...]) -> list[Unit]:
    """The units of ``claims``: one a paper (its claims share sympy's caches and the memoised
    work of the checkers, which a split across processes would repeat), the prepared papers
    first (they are the longest), then the others in registration order."""
    papers = sorted(registry.papers, key=lambda p: p.prepare is None)      # stable: registration order
    found = [(p, tuple(c.id for c in claims if c.paper == p.name)) for p in papers]
    return [Unit(p.name if p.prepare is not None else "", ids) for p, ids in found if ids]


def _events(registry: Registry, unit: Unit, transform: Callable) -> Iterator[Event]:
    if unit.prepare:
        paper = next(p for p in registry.papers if p.name == unit.prepare)
        start = time.perf_counter()
        paper.prepare()
        yield Event(PREPARED, paper.name, time.perf_counter() - start)
    for claim_id in unit.claim_ids:
        yield Event(FINISHED, claim_id, transform(run_claim(registry.claim_by_id(claim_id))))


# what a forked worker reads: the registry and the queue its events go to (set in the caller
# before the pool forks, so the worker inherits them)
_WORKER: dict = {"registry": REGISTRY, "events": None}


def _run_unit(unit: Unit, transform: Callable) -> None:
    try:
        for event in _events(_WORKER["registry"], unit, transform):
            _WORKER["events"].put(event)     # at once: the caller prints progress as it comes
    except InputError as exc:
        # a user error reaches the caller as its message (exit status 2 there); some of its
        # subclasses take other arguments than a message and would not unpickle
        raise InputError(str(exc)) from None


def run(claims: tuple[Claim, ...], transform: Callable, workers: int,
        registry: Registry = REGISTRY) -> Iterator[Event]:
    """The events of running ``claims`` on ``workers`` processes, as they happen: each unit's in
    its order, the units' interleaved (callers sort the claims back)."""
    todo = units(registry, claims)
    if workers <= 1 or len(todo) <= 1:
        for unit in todo:
            yield from _events(registry, unit, transform)
        return
    _WORKER.update(registry=registry, events=multiprocessing.get_context("fork").SimpleQueue())
    expected = sum(len(u.claim_ids) + bool(u.prepare) for u in todo)
    # each worker leads a process group of its own (with any pool a preparation starts in it):
    # Ctrl-C at the terminal reaches only this process, which reports it once while the pool
    # kills each worker's group, so no worker prints a traceback or finishes a unit nobody waits for
    try:
        with worker_pool(min(workers, len(todo)), "fork", own_groups=True) as pool:
            futures = [pool.submit(_run_unit, unit, transform) for unit in todo]
            while expected:
                if _WORKER["events"].empty():
                    failed = [f for f in futures if f.done() and f.exception() is not None]
                    if failed:
                        raise failed[0].exception()
                    time.sleep(0.02)
                    continue
                expected -= 1
                yield _WORKER["events"].get()
    finally:
        _WORKER.update(registry=REGISTRY, events=None)
