"""A property check in a child process, killed at its deadline (issue 27).

The time limit interrupts sympy and z3 through SIGALRM, which only the main thread receives;
from a worker thread (a web server's, a notebook's executor) a single long sympy call could
overrun it without bound ((TP+FN+FP+1)**64: still running after 240 s at 1.4 GB).  So there,
:func:`check` runs :func:`.driver.check` in a fresh Python process (``python -m`` this module),
whose main thread has the hard limit, and kills the process (:func:`symmetric.runner.run_child`)
when it outlives the limit plus :data:`GRACE_SECONDS`, counted from the moment it has imported
sympy and z3: the properties it did not return are ``undetermined`` ("time limit ... reached;
its process was stopped ...").  The measure, the properties and the current settings travel by
pickle on standard input; each result comes back as the cache's exact JSON data
(:mod:`symmetric.store.codec`), pickled only if it has no exact encoding -- both pickled by
:mod:`symmetric.store.sympickle`, which keeps sympy objects unevaluated.  ``progress`` is called once the results are back (not while they are decided).
"""

from __future__ import annotations

import base64
import dataclasses
import pickle
import sys

from .. import runner
from ..config import configured, settings
from ..errors import TimeLimitReached
from ..evidence import PropertyResult
from ..logic import Verdict
from ..store import codec
from ..store.sympickle import dumps
from ..timelimit import hard_limits_available

# after the limit, for the child's way out: its own SIGALRM has made the late properties
# undetermined and it encodes and sends the results
GRACE_SECONDS = 5.0


def needed(time_limit: float | None) -> bool:
    """Whether a limit of ``time_limit`` needs a child process here (no hard limit in this thread)."""
    return bool(time_limit) and not hard_limits_available()


def check(measure, properties, *, time_limit: float, readings=None, alternates: bool = False,
          names: tuple[str, ...] = ()) -> tuple[PropertyResult, ...]:
    """:func:`.driver.check` in a child process killed ``time_limit`` + GRACE_SECONDS after it started.
    ``names``: the properties' names, to report each as undetermined if the child is stopped."""
    spec = dumps({"measure": measure, "properties": properties, "time_limit": time_limit,
                         "readings": readings, "alternates": alternates,
                         "settings": dataclasses.asdict(settings())})
    run = runner.run_child(__name__, base64.b64encode(spec), time_limit + GRACE_SECONDS)
    if run.stopped:
        why = f"{TimeLimitReached(time_limit)}; {run.stopped}"
        return tuple(PropertyResult(name, getattr(measure, "name", "?"), Verdict.UNDETERMINED, reason=why)
                     for name in names)
    out = run.out
    if run.returncode != 0:
        reply = None
        try:
            reply = pickle.loads(base64.b64decode(out.strip().splitlines()[-1])) if out.strip() else None
        except Exception:       # noqa: BLE001 - a crash's output: reported below
            reply = None
        if isinstance(reply, BaseException):
            raise reply             # the driver's own error (an unknown property, a bad reading)
        raise RuntimeError(f"the check's process exited with status {run.returncode}: "
                           f"{run.err.decode(errors='replace').strip()[-300:]}")
    results = pickle.loads(base64.b64decode(out.strip().splitlines()[-1]))
    return tuple(codec.decode_result(r) if isinstance(r, dict) else r for r in results)


def _encoded(result: PropertyResult):
    try:
        return codec.encode_result(result)
    except codec.Unencodable:
        return result


def _child() -> None:
    from . import driver
    runner.child_ready()
    spec = pickle.loads(base64.b64decode(sys.stdin.buffer.read()))
    try:
        with configured(**spec["settings"]):
            results = driver.check(spec["measure"], spec["properties"], time_limit=spec["time_limit"],
                                   readings=spec["readings"], alternates=spec["alternates"])
        reply, status = [_encoded(r) for r in results], 0
    except Exception as exc:    # noqa: BLE001 - sent back to be raised in the caller
        reply, status = exc, 1
    sys.stdout.buffer.write(base64.b64encode(dumps(reply)) + b"\n")
    sys.stdout.flush()
    sys.exit(status)


if __name__ == "__main__":
    _child()
