"""The one checker driver: runs properties on a measure under a time limit, with the error
policy of :mod:`symmetric.errors`.  The CLI (``symmetric check``) and the Python API
(:func:`symmetric.check`) both call :func:`check`.

* The time limit (seconds; None or 0: none) bounds the whole measure.  It is shared out by a
  :class:`~symmetric.timelimit.Budget`: each unit (a property, or a group of properties decided
  together) gets what is left minus a floor kept for every unit still to come.  A unit still
  running when its share ends is ``undetermined`` ("time limit of X s reached").
* ``Undecided`` raised inside a checker is ``undetermined`` with its message.
* Any other exception is a defect of symmetric: ``undetermined`` naming the error, so that one
  broken checker cannot hide the others.  ``InputError`` (the user's mistake) propagates.
* Shared work is cached by the checkers themselves (measures are frozen and hashable).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from ..errors import InputError, InvalidArgument, InvalidArgumentType, TimeLimitReached, Undecided
from ..logic import Verdict
from ..timelimit import Budget, HardLimit
from ..crosscheck import review
from . import catalogue
from ..evidence import PropertyResult
from .protocol import Property

# progress(result, seconds): called as each property is decided (seconds None: decided as part of
# a group, whose time is not the property's own)
Progress = Callable[[PropertyResult, "float | None"], None]


def kind_of(measure) -> str:
    """The kind of measure: "classification" (a contingency-table measure) or "quantification"."""
    from ..measures.base import Measure
    from ..quantification.measures import QuantMeasure
    if isinstance(measure, Measure):
        return "classification"
    if isinstance(measure, QuantMeasure):
        return "quantification"
    raise InvalidArgumentType("measure", measure, "must be a Measure or a QuantMeasure "
                              "(see symmetric.Measure, symmetric.measure)")


def time_limit_seconds(value) -> float | None:
    """A time limit as the driver takes it: seconds >= 0, finite; None or 0 for none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidArgumentType("time_limit", value, "must be a number of seconds or None")
    if not (0 <= value < 1e7):      # 1e7 s is 115 days; beyond it setitimer overflows
        raise InvalidArgument("time_limit", value, "must be finite, >= 0 and below 1e7 seconds (0 = no limit)")
    return float(value) or None


def _undetermined(name: str, measure_name: str, reason: str) -> PropertyResult:
    return PropertyResult(name, measure_name, Verdict.UNDETERMINED, reason=reason)


def _guarded(decide: Callable[[], object], names: Sequence[str], measure_name: str,
             seconds: float | None) -> dict[str, PropertyResult]:
    """Run one unit under ``seconds``; every failure mode becomes ``undetermined`` results."""
    limit = HardLimit(seconds)
    try:
        with limit:
            out = decide()
        return out if isinstance(out, dict) else {names[0]: out}
    except TimeLimitReached as exc:
        reason = str(exc)
    except InputError:
        raise
    except Undecided as exc:
        reason = str(exc)
    except Exception as exc:  # noqa: BLE001 - a defect, reported, never read as a verdict
        reason = f"internal error: {type(exc).__name__}: {exc}"
    finally:
        limit.close()       # no-op unless the alarm interrupted the way out of the with
    return {name: _undetermined(name, measure_name, reason) for name in names}


def _resolve(properties, kind: str) -> tuple[Property, ...]:
    if properties is None:
        return catalogue.for_kind(kind)
    if isinstance(properties, (str, Property)):
        properties = (properties,)
    chosen = []
    for p in properties:
        if isinstance(p, str):
            p = catalogue.named(p, kind)
        elif not isinstance(p, Property):
            raise InvalidArgumentType("properties", p, "must be property names or Property objects")
        elif p.kind != kind:
            raise InvalidArgument("properties", p.name, f"is a property of {p.kind} measures, not {kind}")
        if p not in chosen:
            chosen.append(p)
    return tuple(chosen)


def _units(chosen: Sequence[Property]) -> list[tuple[tuple[str, ...], Callable]]:
    """(names decided, how) in table order; a group runs once for all its chosen members."""
    units, seen_groups = [], set()
    for p in chosen:
        if p.group is None:
            units.append(((p.name,), p.decide))
        elif p.group not in seen_groups:
            seen_groups.add(p.group)
            group = catalogue.groups()[p.group]
            units.append((tuple(q.name for q in chosen if q.group == p.group), group.decide))
    return units


def check(measure, properties: Iterable | None = None, *, time_limit: float | None = None,
          progress: Progress | None = None) -> tuple[PropertyResult, ...]:
    """Decide ``properties`` (names or :class:`Property`; default: every property of the
    measure's kind) for ``measure`` within ``time_limit`` seconds, in catalogue order."""
    kind = kind_of(measure)
    chosen = _resolve(properties, kind)
    seconds = time_limit_seconds(time_limit)
    units = _units(chosen)
    budget = Budget(seconds, len(units))
    by_name: dict[str, PropertyResult] = {}
    for names, decide in units:
        start = time.perf_counter()
        share = budget.share()
        # every verdict is cross-checked on the written formula inside the unit's share of time
        found = _guarded(lambda decide=decide: review(measure, decide(measure)), names, measure.name, share)
        took = time.perf_counter() - start
        for name in names:
            result = found.get(name) or _undetermined(name, measure.name, "internal error: no result")
            by_name[name] = result
            if progress is not None:
                progress(result, took if len(names) == 1 else None)
    return tuple(by_name[p.name] for p in chosen)
