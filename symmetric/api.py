"""The public Python API (re-exported by :mod:`symmetric`): the same work as the command line,
through the same driver, time limit and error policy (the examples run: tests/test_doctests.py).

>>> import symmetric
>>> acc = symmetric.measure("Acc")
>>> for r in symmetric.check(acc, ["SYM"], time_limit=30):
...     print(r.property, r.verdict.value)
SYM holds
>>> print(symmetric.to_latex(r).splitlines()[0])
\\textbf{SYM}: holds.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from .claims.model import ClaimResult
from .errors import InvalidArgumentType
from .measures import registry
from .properties import driver, isolated
from .evidence import PropertyResult  # noqa: F401  (the type of each result, for readers of this module)
from .render.resultset import CheckResults


def measure(name: str):
    """A catalogue measure by name or alias, case-insensitively (classification or
    quantification); an unknown name raises UnknownNameError with close matches.

    >>> measure("accuracy").name
    'Acc'
    >>> measure("Acuracy")
    Traceback (most recent call last):
    symmetric.errors.UnknownNameError: unknown measure 'Acuracy'; did you mean 'Acc', 'WAcc', 'MacroJaccard'?
    """
    if not isinstance(name, str):
        raise InvalidArgumentType("name", name, "must be a str")
    from .errors import UnknownNameError
    from .quantification import measures as quantification
    try:
        return registry.get(name)
    except UnknownNameError as classification_miss:
        try:
            return quantification.get(name)
        except UnknownNameError:
            raise classification_miss from None


def check(measure_or_name, properties: Iterable | str | None = None, *, time_limit: float | None = None,
          progress=None, readings=None, alternates: bool = False) -> CheckResults:
    """Decide properties of a measure (a Measure, a QuantMeasure or a catalogue name): every
    property of its kind by default, or the named ones, within ``time_limit`` seconds (None: no
    limit).  Each result is holds (with a proof), fails (with an exact counterexample) or
    undetermined (with the reason), and names its reading (``result.reading``).  The results
    come as a tuple (:class:`~symmetric.render.resultset.CheckResults`: iterate, index or unpack
    it) that a notebook displays as one table.

    The difference from the command line: by default every property is decided in its headline
    reading only (the one its paper's verdicts imply), one result per property, while
    ``symmetric check`` also decides the strict definedness reading beside it (unless
    ``--headline-only``).  ``alternates=True`` gives the command line's readings; ``readings`` --
    {axis: choice or choices} or "AXIS=CHOICE" strings, e.g. ``{"model": "fixed-size"}`` -- adds
    that reading for the properties with those axes (``symmetric list properties`` lists them)."""
    target = measure(measure_or_name) if isinstance(measure_or_name, str) else measure_or_name
    # checked before the work, not when the first result arrives (a raw TypeError minutes later)
    if progress is not None and not callable(progress):
        raise InvalidArgumentType("progress", progress, "must be a function (result, seconds) or None")
    if not isinstance(alternates, bool):
        raise InvalidArgumentType("alternates", alternates, "must be True or False")
    properties = _properties_argument(properties)
    _readings_argument(readings)
    seconds = driver.time_limit_seconds(time_limit)
    if isolated.needed(seconds):        # a worker thread has no SIGALRM: a child process, killed at the deadline
        names = tuple(p.name for p in driver.resolve_properties(properties, registry.kind_of(target)))
        results = isolated.check(target, properties, time_limit=seconds, readings=readings, alternates=alternates,
                                 names=names)
        for r in results:
            if progress is not None:
                progress(r, None)
        return CheckResults(results, _asked(alternates, readings))
    return CheckResults(driver.check(target, properties, time_limit=time_limit, progress=progress,
                                     readings=readings, alternates=alternates), _asked(alternates, readings))


def _asked(alternates: bool, readings) -> str:
    """The readings asked for, in words (the caption of the results' table)."""
    asked = "headline and strict readings (as the command line)" if alternates else \
        "headline readings only (alternates=True adds the strict ones, as the command line)"
    return asked + (f", and {readings}" if readings else "")


def _properties_argument(properties):
    """None, a name, or names / loaded properties; anything else is InvalidArgumentType
    (``check("F1", 5)`` was a raw TypeError)."""
    if properties is None or isinstance(properties, str):
        return properties
    if isinstance(properties, (bytes, bytearray)) or not isinstance(properties, Iterable):
        raise InvalidArgumentType("properties", properties, "must be a property name, names, or properties "
                                                            "from load_properties")
    properties = tuple(properties)
    for item in properties:
        if item is None or isinstance(item, (int, float, complex, bytes, bytearray, dict, list, tuple, set)):
            raise InvalidArgumentType("properties", item, "each must be a property name (str) or a property "
                                                          "from load_properties")
    return properties


def _readings_argument(readings) -> None:
    """None, "AXIS=CHOICE", such strings, or {axis: choice or choices} (all str)."""
    def strings(value) -> bool:
        return isinstance(value, str) or (isinstance(value, (list, tuple, set, frozenset))
                                          and all(isinstance(v, str) for v in value))
    if readings is None or isinstance(readings, str):
        return
    if isinstance(readings, dict):
        for axis, choice in readings.items():
            if not isinstance(axis, str):
                raise InvalidArgumentType("readings", axis, "an axis must be a str")
            if not strings(choice):
                raise InvalidArgumentType(f"readings[{axis!r}]", choice, "must be a choice (str) or choices")
        return
    if not strings(readings):
        raise InvalidArgumentType("readings", readings, 'must be {axis: choice}, "AXIS=CHOICE" or such strings')


def load_properties(path) -> tuple:
    """User-defined properties from a TOML file (the format of ``symmetric check --property``;
    see examples/properties.toml), to pass to :func:`check` like property names."""
    from .userinput.toml_properties import properties_from_toml
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidArgumentType("path", path, "must be a file name (str or path)")
    return tuple(properties_from_toml(os.fspath(path)))


def prove(*prefixes: str) -> tuple[ClaimResult, ...]:
    """Run the built-in papers' claims whose id starts with any prefix (all when none)."""
    import derivations      # the built-in papers: registered by the interface, never by the library
    from .claims import registry as claims
    for prefix in prefixes:
        if not isinstance(prefix, str):
            raise InvalidArgumentType("prefixes", prefix, "claim id prefixes are str")
    claims.register(derivations.PAPERS)
    return tuple(claims.run(claims.select(prefixes)))


def to_latex(obj) -> str:
    """LaTeX of a result (a PropertyResult, a ClaimResult) or of a sympy expression, through the
    project's notation.

    >>> import sympy
    >>> TP, FP = sympy.symbols("TP FP")
    >>> to_latex(TP / (FP + TP))
    '\\\\frac{\\\\mathrm{TP}}{\\\\mathrm{TP} + \\\\mathrm{FP}}'
    """
    from .render import latex
    return latex.of(obj)
