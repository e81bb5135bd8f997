"""Computing the atlas's cells on Dask, with the per-cell cache.

* Local (the default, nothing to start): one Dask task per measure (its units one after another,
  so that the checkers' caches of the measure's shared work serve them all).  One worker runs the units in
  this process (Dask's synchronous scheduler); more run them on Dask's multiprocessing scheduler,
  whose workers are processes running each task in their main thread, so the checker driver's
  SIGALRM time limit (:mod:`symmetric.timelimit`) interrupts a cell that runs out as it does in
  ``symmetric check``.
* A Dask cluster (``scheduler`` = its address): a worker runs tasks in threads, where SIGALRM
  cannot reach them.  So each task (the units of one measure) runs in a child process
  (``python -m symmetric.atlas.run``), where the limit is the hard SIGALRM one again; the child
  prints one JSON line per cell as it is decided, and the task kills a child
  (:func:`symmetric.runner.run_child`) that outlives the sum of its units' limits counted from
  the end of its start-up: the cells it did not report are ``undetermined`` ("time limit of X s
  reached; its process was stopped ...").
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import runner
from ..errors import InputError, TimeLimitReached
from ..evidence import PropertyResult
from ..logic import Verdict
from ..measures import registry
from ..properties import driver
from ..config import settings
from ..store import codec, results
from ..store.cells import Cache
from .plan import Cell, Unit, property_pairs

# a child process's allowance for starting (importing sympy and z3) and for each unit's way out
START_SECONDS = runner.START_SECONDS
UNIT_GRACE_SECONDS = 5.0

Progress = Callable[[int], None]        # called with the number of cells just settled


@dataclass(frozen=True)
class Atlas:
    """The cells in table order with their results; how many were computed and read from cache."""

    results: tuple[tuple[Cell, PropertyResult], ...]
    computed: int
    cached: int
    not_stored: int = 0     # computed results without an exact encoding (recomputed next time)
    # CPU seconds of each computed cell (its unit's, shared equally by the unit's cells), where
    # the local scheduler measured them (benchmarks/bench_atlas.py reports the slowest)
    cpu: tuple[tuple[Cell, float], ...] = ()


def decide(unit: Unit, time_limit: float | None) -> list[tuple[Cell, PropertyResult]]:
    """One unit decided by the checker driver, in this process, under ``time_limit`` seconds."""
    measure = registry.get(unit.measure, unit.kind)
    pairs = tuple(property_pairs(unit.kind, p, r) for p, r in unit.pairs)
    return list(zip(unit.cells, driver.decide_unit(measure, driver.unit(pairs), time_limit)))


def decide_batch(units: Sequence[Unit], time_limit: float | None) -> list[tuple[Cell, dict | PropertyResult, float]]:
    """Several units (one measure's) in this process: the checkers' caches of the measure's shared
    work serve them all.  Each result travels back as its JSON data (:func:`received` reads it):
    a pickled sympy object is rebuilt *evaluated* (0 < p vanishes from a condition where p is
    declared positive), so a worker's proof would not read as the one computed.  With each, the
    CPU seconds of its cell (its unit's, shared by the unit's cells)."""
    out = []
    for u in units:
        start = time.process_time()
        found = decide(u, time_limit)
        share = (time.process_time() - start) / max(1, len(found))
        out += [(cell, _sent(result), share) for cell, result in found]
    return out


def _sent(result: PropertyResult) -> dict | PropertyResult:
    try:
        return codec.encode_result(result)
    except codec.Unencodable:       # no exact encoding: the object itself (pickled, as it is)
        return result


def received(triples) -> list[tuple[Cell, PropertyResult, float]]:
    return [(cell, codec.decode_result(r) if isinstance(r, dict) else r, cpu) for cell, r, cpu in triples]


def batches(units: Sequence[Unit]) -> list[list[Unit]]:
    """The units grouped by measure (one task each), in table order."""
    out: dict[tuple[str, str], list[Unit]] = {}
    for u in units:
        out.setdefault((u.kind, u.measure), []).append(u)
    return list(out.values())


def _undetermined(cell: Cell, reason: str) -> PropertyResult:
    return PropertyResult(cell.property, cell.measure, Verdict.UNDETERMINED, reason=reason, reading=cell.reading)


def decide_isolated(units: Sequence[Unit], time_limit: float | None) -> list[tuple[Cell, PropertyResult]]:
    """``units`` decided in a child process (see the module's docstring)."""
    spec = json.dumps({"time_limit": time_limit, "units": [[u.kind, u.measure, u.pairs] for u in units]})
    bound = None if not time_limit else len(units) * (time_limit + UNIT_GRACE_SECONDS)
    run = runner.run_child(__name__, spec.encode(), bound, START_SECONDS)
    out, err = run.out.decode(errors="replace"), run.err.decode(errors="replace")
    stopped = f"{TimeLimitReached(time_limit)}; {run.stopped}" if run.stopped else ""
    found = {}
    for line in out.splitlines():
        try:
            data = json.loads(line)
            found[Cell(*data["cell"])] = codec.decode_result(data["result"])
        except (ValueError, KeyError, TypeError, codec.Unencodable):
            continue        # not a cell's line (a library's print); its cell, if any, stays undetermined
    why = stopped or f"internal error: the cell's process exited with status {run.returncode}: {err.strip()[-300:]}"
    return [(cell, found.get(cell) or _undetermined(cell, why)) for u in units for cell in u.cells]


def _child() -> None:
    """The child of :func:`decide_isolated`: the spec on standard input, a JSON line per cell out."""
    runner.child_ready()
    spec = json.load(sys.stdin)
    for kind, measure, pairs in spec["units"]:
        for cell, result in decide(Unit(kind, measure, tuple(map(tuple, pairs))), spec["time_limit"]):
            try:
                data = codec.encode_result(result)
            except codec.Unencodable as exc:
                data = codec.encode_result(_undetermined(cell, f"internal error: the result cannot be sent: {exc}"))
            print(json.dumps({"cell": [cell.kind, cell.measure, cell.property, cell.reading], "result": data}),
                  flush=True)


def _local(units: Sequence[Unit], time_limit, workers: int, progress: Progress) -> list:
    import dask
    from dask.callbacks import Callback

    decoded: dict = {}

    class Settled(Callback):
        def _posttask(self, key, result, dsk, state, worker_id):
            # decoded as each measure's cells arrive, while the workers go on (decoding all of
            # them after the last was serial time: ~2 CPU-s for the atlas)
            decoded[key] = received(result)
            progress(len(result))

    graph = {("measure", k): (decide_batch, batch, time_limit) for k, batch in enumerate(batches(units))}
    keys = list(graph)
    with Settled():
        if workers == 1:
            found = dask.get(graph, keys)
        else:
            import dask.multiprocessing
            # workers forked from a server that has imported the checkers once (a fork of this
            # process could inherit a lock held by a thread, such as the progress bar's; a spawned
            # worker would import sympy and z3 again); stopped, they are killed at once
            with runner.worker_pool(workers, "forkserver", preload=[__name__]) as pool:
                found = dask.multiprocessing.get(graph, keys, pool=pool, chunksize=1)
    return [triple for key, triples in zip(keys, found)
            for triple in (decoded[key] if key in decoded else received(triples))]


CLUSTER_EXTRA = "pip install 'symmetric[cluster]'"


def cluster_module():
    """Dask's ``distributed`` package, which only ``--scheduler`` needs (an optional extra: the
    local runs never import it); a missing package is the user's setup, said in one line."""
    try:
        import distributed
    except ImportError:
        raise InputError(f"--scheduler needs Dask's distributed package, which is not installed: {CLUSTER_EXTRA}") \
            from None
    return distributed


def _cluster(units: Sequence[Unit], time_limit, address: str, progress: Progress) -> list:
    distributed = cluster_module()
    Client, as_completed = distributed.Client, distributed.as_completed
    try:
        client = Client(address, timeout="20s")
    except Exception as exc:    # noqa: BLE001 - whatever Dask raises on a bad peer (TypeError, MemoryError)
        raise InputError(f"--scheduler {address}: cannot connect to a Dask scheduler "
                         f"({type(exc).__name__}: {str(exc)[:200]})") from None
    with client:
        futures = [client.submit(decide_isolated, batch, time_limit, pure=False) for batch in batches(units)]
        found = {}
        for future in as_completed(futures):
            pairs = future.result()
            found.update(pairs)
            progress(len(pairs))
    return [(cell, found[cell], None) for u in units for cell in u.cells]


def _key(cell: Cell, measure) -> results.Decision:
    """The one result cache's key of ``cell`` (as ``check``, ``show`` and ``prove`` key it)."""
    return results.decision(cell.kind, measure, cell.property, cell.reading, settings())


def compute(units: Sequence[Unit], *, time_limit: float | None = 60, workers: int = 1, scheduler: str | None = None,
            cache: Cache | None = None, progress: Progress | None = None) -> Atlas:
    """Every cell of ``units``: from ``cache`` where it has them, else computed (and stored).  The
    atlas keeps its undetermined cells too, under its time limit (:mod:`symmetric.store.results`)."""
    if scheduler:
        cluster_module()        # before any cell is looked up: a missing extra fails fast
    cache = cache or Cache(None)
    progress = progress or (lambda settled: None)
    seconds = driver.time_limit_seconds(time_limit)
    measures = {(u.kind, u.measure): registry.get(u.measure, u.kind) for u in units}
    known: dict[Cell, PropertyResult] = {}
    pending = []
    for u in units:
        m = measures[u.kind, u.measure]
        hits = [results.get(_key(cell, m), m, cache, seconds, keep_undetermined=True) for cell in u.cells]
        if all(hit is not None for hit in hits):
            known.update(zip(u.cells, hits))
            progress(len(hits))
        else:
            pending.append(u)
    cached = len(known)
    cpu: tuple[tuple[Cell, float], ...] = ()
    if pending:
        found = _cluster(pending, seconds, scheduler, progress) if scheduler else \
            _local(pending, seconds, workers, progress)
        known.update((cell, result) for cell, result, _ in found)
        cpu = tuple((cell, took) for cell, _, took in found if took is not None)
    not_stored = 0
    if cache.folder is not None:
        for u in pending:
            m = measures[u.kind, u.measure]
            not_stored += sum(not results.put(_key(cell, m), m, known[cell], cache, seconds, keep_undetermined=True)
                              for cell in u.cells)
    return Atlas(tuple((cell, known[cell]) for u in units for cell in u.cells), len(known) - cached, cached, not_stored,
                 cpu)


if __name__ == "__main__":
    _child()
