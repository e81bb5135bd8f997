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
* Readings: every property is decided in its headline reading (the one its paper's own verdicts
  imply), with ``alternates`` also in its default alternates (the strict definedness reading),
  and, when ``readings`` selects choices on its axes, also in that reading; every result names
  its reading (``PropertyResult.reading``), set here.  Each (property, reading) is one unit of
  the time budget.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Mapping, Sequence

import sympy as sp

from ..errors import InputError, InvalidArgument, InvalidArgumentType, TimeLimitReached, Undecided, UnknownNameError
from ..logic import Verdict
from ..timelimit import Budget, HardLimit
from ..crosscheck import review
from ..measures.registry import kind_of
from . import catalogue, parallel_units
from .cached import is_open, keep as _keep, memorise, recall, stored as _stored
from ..evidence import PropertyResult
from .protocol import Property, Reading

# progress(result, seconds): called as each property is decided (seconds None: decided as part of
# a group, whose time is not the property's own)
Progress = Callable[[PropertyResult, "float | None"], None]


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


def resolve_properties(properties, kind: str) -> tuple[Property, ...]:
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


def parse_readings(readings) -> dict[str, tuple[str, ...]]:
    """``readings`` as {axis: (choice, ...)}: a mapping axis -> choice (or choices), or an iterable
    of "AXIS=CHOICE" strings (CHOICE may be comma-separated).  Names are checked by
    :func:`check_readings` against the chosen properties."""
    if readings is None:
        return {}
    if isinstance(readings, str):
        readings = (readings,)
    out: dict[str, list[str]] = {}
    if isinstance(readings, Mapping):
        items = list(readings.items())
    else:
        items = []
        for text in readings:
            if not isinstance(text, str) or "=" not in text:
                raise InvalidArgument("readings", text, "each reading is AXIS=CHOICE, e.g. definedness=strict")
            axis, _, choice = text.partition("=")
            items.append((axis, choice))
    for axis, choices in items:
        if not isinstance(axis, str):
            raise InvalidArgumentType("readings", axis, "axis names are str")
        choices = choices.split(",") if isinstance(choices, str) else list(choices)
        for choice in choices:
            if not isinstance(choice, str) or not choice.strip():
                raise InvalidArgument("readings", f"{axis}={choice}", "the choice is empty")
            out.setdefault(axis.strip().lower(), [])
            if choice.strip() not in out[axis.strip().lower()]:
                out[axis.strip().lower()].append(choice.strip())
    return {a: tuple(c) for a, c in out.items()}


def check_readings(properties: Sequence[Property], wanted: Mapping[str, tuple[str, ...]], what: str = "",
                   **where) -> None:
    """Every axis of ``wanted`` must belong to one of ``properties`` and every choice to that
    axis (unknown names get close matches); ``what`` says which properties, ``where`` where the
    readings were written (e.g. ``source="--reading"``)."""
    axes = [a for p in properties for a in p.axes] + \
        [a for kind in dict.fromkeys(p.kind for p in properties) for a in catalogue.FORMULA_AXES[kind]]
    for axis, choices in wanted.items():
        mine = [a for a in axes if a.name == axis]
        if not mine:
            raise UnknownNameError(f"reading axis{what}", axis, sorted({a.name for a in axes}), **where)
        known = sorted({c for a in mine for c in a.names})
        for choice in choices:
            if choice.lower() not in {c.lower() for c in known}:
                raise UnknownNameError(f"choice of reading axis {axis!r}", choice, known, **where)


def readings_of(p: Property, wanted: Mapping[str, tuple[str, ...]], alternates: bool = True) -> tuple[Reading, ...]:
    """The readings ``p`` is decided in: its headline (and, with ``alternates``, its default
    alternates, e.g. definedness=strict), then the headline with the wanted choices (several
    choices on one axis give one reading each; choices its axis lacks are skipped)."""
    out = list(p.default_readings() if alternates else (p.headline,))
    variants = [{}]
    for axis in p.axes:
        choices = [c for c in wanted.get(axis.name, ()) if c.lower() in {n.lower() for n in axis.names}]
        if choices:
            variants = [{**v, axis.name: c} for v in variants for c in choices]
    for v in variants:
        r = p.headline.with_choices(p.axes, v)
        if r not in out:
            out.append(r)
    return tuple(out)


Unit = tuple[tuple[tuple[Property, Reading], ...], Callable]     # ((property, reading) decided, how)


def _units(chosen: Sequence[Property], wanted, alternates: bool) -> list[Unit]:
    """((property, reading) pairs decided, how) in table order; a group runs once for all its
    chosen members."""
    units, seen_groups = [], set()
    for p in chosen:
        if p.group is None:
            for r in readings_of(p, wanted, alternates):
                units.append(unit(((p, r),)))
        elif p.group not in seen_groups:
            seen_groups.add(p.group)
            units.append(unit(tuple((q, q.headline) for q in chosen if q.group == p.group)))
    return units


def unit(pairs: Sequence[tuple[Property, Reading]], options: Mapping | None = None) -> Unit:
    """The unit deciding ``pairs``: one (property, reading) of a property decided alone, or the
    chosen members of one group (each in its headline reading), decided together.  ``options``:
    keyword arguments of a group's decider that are not readings (the quantification papers'
    smoothing constant)."""
    pairs = tuple(pairs)
    first, reading = pairs[0]
    if first.group is None:
        if len(pairs) != 1:
            raise InvalidArgument("pairs", [p.name for p, _ in pairs], "a property outside a group is decided alone")
        if options:
            raise InvalidArgument("options", dict(options), f"{first.name} is decided by its reading alone")
        return pairs, lambda m: first.decide(m, **reading.as_kwargs())
    if any(p.group != first.group for p, _ in pairs):
        raise InvalidArgument("pairs", [p.name for p, _ in pairs], "must all belong to one group")
    group = catalogue.groups()[first.group].decide
    return pairs, (lambda m: group(m, **options)) if options else group


def decide_unit(measure, pairs_and_how: Unit, seconds: float | None) -> list[PropertyResult]:
    """One unit's results under ``seconds`` (None: no limit), each cross-checked and naming its
    property and reading (with the reading of the measure's formula where its readings differ),
    in the order of its pairs; every failure mode is ``undetermined``."""
    pairs, decide = pairs_and_how
    pairs = tuple((p, dataclasses.replace(r, formula=catalogue.formula_choices(measure))) for p, r in pairs)
    names = [p.name for p, _ in pairs]
    found = _guarded(lambda: _reviewed(measure, pairs, decide(measure)), names, measure.name, seconds)
    return [_finalised(found.get(p.name) or _undetermined(p.name, measure.name, "internal error: no result"),
                       p, reading) for p, reading in pairs]


def _finalised(result: PropertyResult, p: Property, reading: Reading) -> PropertyResult:
    """The result as the property and reading it answers for (checkers need not know either):
    the Reading object (with the measure's formula reading, where it matters) and its label."""
    return dataclasses.replace(result, property=p.name, reading=reading.label, decided_in=reading)


def _in_domain(measure, result: PropertyResult) -> PropertyResult:
    """A failure whose witness sets a parameter outside its declared open interval is a defect
    of the search that produced it: undetermined with the reason, never a verdict."""
    cx = result.counterexample
    if result.verdict is not Verdict.FAILS or cx is None:
        return result
    for p in getattr(measure, "params", ()):
        name = p.symbol.name
        if name not in cx:
            continue
        value = cx[name]
        if not isinstance(value, (int, sp.Basic)) or not sp.sympify(value).is_number:
            continue                         # "any value in its domain"
        value = sp.sympify(value)
        if (sp.sympify(p.low) < value) is not sp.true or (value < sp.sympify(p.high)) is not sp.true:
            return _undetermined(result.property, result.measure,
                                 f"internal error: the witness sets {name} = {value}, outside its domain "
                                 f"({p.low}, {p.high}); no verdict is drawn from it")
    return result


def _reviewed(measure, pairs, found) -> dict[str, PropertyResult]:
    """A unit's results, each as the property and reading it answers for, after the independent
    cross-check on the written formula (:mod:`symmetric.crosscheck`): it runs inside the unit's
    share of the time limit and needs the reading to pick its predicate."""
    found = found if isinstance(found, dict) else {pairs[0][0].name: found}
    return {p.name: review(measure, _in_domain(measure, _finalised(found[p.name], p, reading)),
                           statement=p.statement)
            for p, reading in pairs if p.name in found}


def reading_named(p: Property, reading=None) -> Reading:
    """``reading`` of ``p`` as a :class:`Reading`: None (the headline), a Reading, its name
    ("defined, bernoulli") or {axis: choice} (the headline with those choices)."""
    if reading is None:
        return p.headline
    if isinstance(reading, Reading):
        if reading not in p.readings():
            raise InvalidArgument("reading", reading.name, f"is not a reading of {p.name}")
        return reading
    if isinstance(reading, str):
        for r in p.readings():
            if r.name.lower() == reading.lower():
                return r
        raise UnknownNameError(f"reading of {p.name}", reading, [r.name for r in p.readings()])
    if isinstance(reading, Mapping):
        check_readings((p,), parse_readings(reading), f" (of {p.name})")
        return p.headline.with_choices(p.axes, reading)
    raise InvalidArgumentType("reading", reading, "must be None, a Reading, its name or {axis: choice}")


# (measure, property, reading, settings, seconds, options) -> reviewed result: every verdict a
# claim, a command or the atlas asks for twice is decided once per process (across processes and
# runs: the result cache the interface opened, :mod:`symmetric.store.results`)
_DECIDED: dict = {}
# the keys of _DECIDED that the result cache was asked for and did not have: asked once per
# process (a rejected entry is said once), and inherited by forked workers
_MISSED: set = set()


def _asked(measure, prop, reading, time_limit, options) -> tuple:
    """(the memo key, the property, the (property, reading) pairs its unit decides, seconds)."""
    from ..config import settings
    kind = kind_of(measure)
    p = resolve_properties(prop, kind)[0]
    chosen = reading_named(p, reading)
    current = settings()
    seconds = time_limit_seconds(current.default_time_limit if time_limit == "default" else time_limit)
    key = (measure, p.name, chosen, current, seconds, tuple(sorted(options.items())))
    if p.group is None:
        pairs = ((p, chosen),)
    else:
        if chosen != p.headline:
            raise InvalidArgument("reading", chosen.name, f"{p.name} is decided with its group, in its headline reading")
        pairs = tuple((q, q.headline) for q in catalogue.for_kind(kind) if q.group == p.group)
    return key, pairs, seconds


def known(measure, prop, reading=None, *, time_limit="default", **options) -> PropertyResult | None:
    """What :func:`decide` would return without deciding anything: the memo's or the result
    cache's verdict, or None."""
    key, pairs, _ = _asked(measure, prop, reading, time_limit, options)
    if key not in _DECIDED and key not in _MISSED:
        _remember(key, pairs, _stored(measure, pairs, options))
        if key not in _DECIDED and is_open():
            _MISSED.add(key)
    return _DECIDED.get(key)


def remember(result: PropertyResult, measure, prop, reading=None, *, time_limit="default", **options) -> None:
    """Keep ``result``, which :func:`decide` returned for these arguments in another process (a
    worker), as this process's answer to them, and in the result cache if one is open."""
    key, pairs, _ = _asked(measure, prop, reading, time_limit, options)
    _DECIDED[key] = result
    _keep(measure, [(q, r) for q, r in pairs if q.name == key[1]], (result,), options)


def _remember(key, pairs, found) -> None:
    if found is not None:
        for (q, r), result in zip(pairs, found):
            _DECIDED[(key[0], q.name, r, *key[3:])] = result


def decide(measure, prop, reading=None, *, time_limit="default", **options) -> PropertyResult:
    """The one decision path: property ``prop`` (a name or :class:`Property`) of ``measure`` in
    ``reading`` (default: the headline, stated once in the catalogue), decided by its checker
    under ``time_limit`` seconds (default: the settings' ``default_time_limit``; None: none),
    reviewed by the independent cross-check (``result.reviewed``) and memoised (in this process,
    and in the result cache when the interface opened one).  ``options`` go to a group's decider
    (``smoothing=`` for the quantification properties).  A property decided in a group is
    decided with its whole group, in the headline reading."""
    key, pairs, seconds = _asked(measure, prop, reading, time_limit, options)
    if key in _DECIDED:
        return _DECIDED[key]
    found = None if key in _MISSED else _stored(measure, pairs, options)
    if found is None:
        found = decide_unit(measure, unit(pairs, options), seconds)
        _keep(measure, pairs, found, options)
    _remember(key, pairs, found)
    return _DECIDED[key]


def check(measure, properties: Iterable | None = None, *, time_limit: float | None = None,
          progress: Progress | None = None, readings=None, alternates: bool = False,
          workers: int = 1) -> tuple[PropertyResult, ...]:
    """Decide ``properties`` (names or :class:`Property`; default: every property of the
    measure's kind) for ``measure`` within ``time_limit`` seconds, in catalogue order: each in
    its headline reading, with ``alternates`` also in its default alternates (the strict
    definedness reading: the command line shows both) and, where ``readings`` ({axis:
    choice(s)} or "AXIS=CHOICE" strings) names choices on its axes, in that reading too.
    Headline first for each property.  ``workers`` > 1 decides the units on that many forked
    worker processes (:mod:`.parallel_units`): the same results, in the same order."""
    kind = kind_of(measure)
    chosen = resolve_properties(properties, kind)
    wanted = parse_readings(readings)
    check_readings(chosen, wanted, f" (of the {kind} properties checked)")
    seconds = time_limit_seconds(time_limit)
    units = [(m, unit) for m in catalogue.formula_variants(measure, kind, wanted) for unit in _units(chosen, wanted, alternates)]
    budget = Budget(seconds, len(units))
    found_all: list[PropertyResult] = []
    for results, took in _decided(units, budget, workers):
        for result in results:
            found_all.append(result)
            if progress is not None:
                progress(result, took if len(results) == 1 else None)
    order = {p.name: k for k, p in enumerate(chosen)}
    return tuple(sorted(found_all, key=lambda r: order[r.property]))      # stable: headline first


def _decided(units, budget: Budget, workers: int):
    """(results, seconds) of each unit, in order: from :func:`decide`'s memo or the result
    cache, else decided here or on ``workers`` forked processes (and kept in both).  The memo
    serves check only without a time limit: its key holds the limit (an undetermined "time limit
    of X s reached" depends on it), and a unit's share of a limit is known only when it starts."""
    memo = budget.total is None
    stored = []
    for variant, one in units:          # a cached verdict's time is its look-up's (progress shows it)
        start = time.perf_counter()
        found = recall(_DECIDED, variant, one[0]) if memo else None
        if found is None:
            found = _stored(variant, one[0])
            if found is not None and memo:
                memorise(_DECIDED, variant, one[0], found)
        stored.append((found, time.perf_counter() - start))
    todo = [unit for unit, (found, _) in zip(units, stored) if found is None]
    if workers > 1 and len(todo) > 1:
        fresh = parallel_units.in_order(todo, decide_unit, budget.share, workers)
    else:
        fresh = _here(todo, budget)
    for (variant, one), (found, looked_up) in zip(units, stored):
        if found is not None:
            yield found, looked_up
            continue
        results, took = next(fresh)
        _keep(variant, one[0], results)
        if memo:
            memorise(_DECIDED, variant, one[0], results)
        yield results, took


def _here(units, budget: Budget):
    for variant, one in units:
        start = time.perf_counter()
        results = decide_unit(variant, one, budget.share())
        yield results, time.perf_counter() - start
