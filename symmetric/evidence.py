"""What a verdict rests on, as mathematics: sentences with mathematical slots, contingency
tables and counterexamples.  Nothing here knows LaTeX, JSON or a terminal: the rendering
layer (:mod:`symmetric.render`) turns these objects into text at the edge.

* :class:`Sentence` -- one line of an argument: plain prose ``template`` whose ``{0}``,
  ``{1}``, ... slots hold objects (sympy expressions and relations, tables, tuples of numbers).
* :class:`ContingencyTable` -- (TP, FP, FN, TN), exact integers.
* :class:`CaseStep` -- one case of a proof by cases: a sentence that also carries its case,
  condition (a face), result and method as data.
* :class:`Counterexample` -- the one shape of a counterexample: the tables or the point where a
  statement fails, the measure's exact values there, typed (:class:`Score`,
  :class:`Expectation`, :class:`QuantValue`, :class:`Order`: the value *of* what), and the
  relation that fails.
* :class:`Reading` -- the reading a verdict was decided in, as data.
* :class:`PropertyResult` -- the one result of every property checker: ``holds`` with a proof,
  ``fails`` with an exact counterexample (re-checked in rational arithmetic before it is built)
  or a proof of failure, or ``undetermined`` with the reason.  It lives on the ground floor so
  that every layer that checks properties (Amigo's, Sebastiani's, quantification) can return it
  without importing another.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import singledispatch
from typing import NamedTuple

import sympy as sp

from .certificate import Certificate
from .errors import InvalidArgument, InvalidArgumentType, UnsoundResultError
from .logic import Verdict

_FORMATTER = string.Formatter()

# the reading name of a property without implicit conventions (no axes to choose on)
NO_READING = "as defined"


@dataclass(frozen=True)
class Reading:
    """One choice per axis of a property, in the property's axis order (the axes themselves are
    :class:`symmetric.properties.protocol.Axis`; a result carries the reading it was decided in)."""

    choices: tuple[tuple[str, str], ...] = ()       # (axis name, choice name)
    # the reading of the measure's formula (catalogue.FORMULA_AXES), where the measure reads
    # differently in them: (("zero-reciprocal", "limit"),); empty otherwise
    formula: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        """The property's reading as keyed on: the choice names joined, e.g. "defined, bernoulli"."""
        return ", ".join(c for _, c in self.choices) or NO_READING

    @property
    def label(self) -> str:
        """As printed beside a verdict: the name, then the formula's reading ("defined;
        zero-reciprocal=limit")."""
        return self.name + "".join(f"; {a}={c}" for a, c in self.formula)

    def __getitem__(self, axis: str) -> str:
        for a, c in self.choices:
            if a == axis:
                return c
        raise KeyError(axis)

    def get(self, axis: str, default: str | None = None) -> str | None:
        return dict(self.choices).get(axis, default)

    def as_kwargs(self) -> dict[str, str]:
        """The choices as a checker's keyword arguments ("test-sets" -> test_sets)."""
        return {a.replace("-", "_"): c for a, c in self.choices}

    def with_choices(self, axes: tuple, chosen: Mapping[str, str]) -> "Reading":
        """This reading with the axes named in ``chosen`` that the property has set to those choices
        (axes it does not have are ignored: a reading option applies where it makes sense)."""
        by_axis = {a.name: a for a in axes}
        return Reading(tuple((a, by_axis[a].choice(chosen[a]).name if a in chosen else c)
                             for a, c in self.choices), self.formula)


class ContingencyTable(NamedTuple):
    """A binary contingency table (the paper's Table 1): TP = |S and G|, FP, FN, TN."""

    TP: int
    FP: int
    FN: int
    TN: int


def _slots(template: str) -> list[int]:
    slots = []
    for _, field, spec, conversion in _FORMATTER.parse(template):
        if field is None:
            continue
        if not field.isdigit() or spec or conversion:
            raise InvalidArgument("template", template, f"slots are {{0}}, {{1}}, ...; got {{{field}}}")
        slots.append(int(field))
    return slots


@dataclass(frozen=True)
class Sentence:
    """One line of an argument: prose with mathematical slots.

    ``template`` is plain text (no LaTeX); ``{k}`` marks ``args[k]``.  Literal braces are
    written ``{{`` and ``}}``.  Renderers typeset the prose as text and each argument as
    mathematics through the one notation table."""

    template: str
    args: tuple = ()

    def __post_init__(self) -> None:
        if not isinstance(self.template, str):
            raise InvalidArgumentType("template", self.template, "must be a str")
        object.__setattr__(self, "args", tuple(self.args))
        used = _slots(self.template)
        if used and max(used) >= len(self.args):
            raise InvalidArgument("args", self.args, f"template {self.template!r} uses slot {{{max(used)}}}")

    def parts(self):
        """The prose and the arguments in reading order: str for prose, else an argument."""
        prose = ""          # Formatter.parse cuts the prose at every escaped brace: join it again
        for literal, field, _, _ in _FORMATTER.parse(self.template):
            prose += literal
            if field is not None:
                if prose:
                    yield prose
                prose = ""
                yield Slot(self.args[int(field)])
        if prose:
            yield prose


@dataclass(frozen=True)
class Slot:
    """An argument in a sentence's reading order (so that a str argument is not read as prose)."""

    value: object


@dataclass(frozen=True)
class CaseStep(Sentence):
    """One case of a proof by cases: a sentence as shown in prose (``template``, ``args``) and the
    case as data, which the case tables read (never the prose): ``case`` names it ("" if none,
    e.g. a move), ``condition`` is where it holds (a face: a tuple of sympy relations on the
    cells, ``TP = 0``, ``FP > 0``, ``FN = 1``, ``TN > 1``), ``result`` what holds there and
    ``how`` the method that decided it; ``certificate`` the decider's certificate for it
    (:mod:`symmetric.certificate`, checked by :mod:`symmetric.kernel`; None: none recorded)."""

    case: str = ""
    condition: tuple = ()
    result: Sentence | None = None
    how: str = ""
    certificate: Certificate | None = None


def proved_step(line: Sentence, certificate: Certificate | None, *, case: str = "", result: Sentence | None = None,
                how: str = "") -> CaseStep:
    """A proved line of an argument that is not one of a face's cases (a derivative identically 0,
    a trivial output's score) as a case step, so that its certificate travels with it and the
    renderers find it where they find every other (``CaseStep.certificate``)."""
    return CaseStep(line.template, line.args, case=case, result=result, how=how, certificate=certificate)


def say(template: str, *args) -> Sentence:
    """A :class:`Sentence`: ``say("M = {0} before and {1} after", a, b)``."""
    return Sentence(template, args)


def as_sentence(line: "Sentence | str") -> Sentence:
    """A plain string is a sentence without slots."""
    return line if isinstance(line, Sentence) else Sentence(line.replace("{", "{{").replace("}", "}}"))


# ------------------------------------------------------------------ typed values
# A counterexample's values are typed: each says what it is the value *of* (the measure at a
# table, an expectation on a test set, E at a point of a codeframe, an order of two predictions),
# with everything needed to compute it again.  The independent cross-check re-evaluates each by
# its type (:func:`symmetric.crosscheck.recheck.recheck_value`); ``label`` is display text only,
# never read by code.  A value shown without a type (a plain (label, value) pair) is said to be
# not re-evaluated, never silently passed.


class _Shown:
    """A typed value unpacks as (label, value), as a renderer lists named values."""

    def __iter__(self):
        yield self.label
        yield self.value


@dataclass(frozen=True)
class Score(_Shown):
    """The measure's exact value at a contingency table (None: undefined there) under the
    parameter setting ``params`` ((symbol name, exact value) pairs); ``table_name`` is the key
    of the table in :attr:`Counterexample.tables` (empty when the table is not listed there)."""

    label: str
    table: ContingencyTable
    value: object
    params: tuple[tuple[str, object], ...] = ()
    table_name: str = ""
    # non-empty when the value is the measure's limit convention where the written formula is
    # undefined (MI's 0 log 0 = 0), confirmed by the checker at exact points approaching the table
    convention: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", ContingencyTable(*self.table))
        object.__setattr__(self, "params", _pairs(self.params))


@dataclass(frozen=True)
class Expectation(_Shown):
    """E[M] of the random classifier ``model`` on the test set (AP, AN) (``size``: the output
    size k of the fixed-size model), E[M | M defined] unless ``strict`` (None: undefined)."""

    label: str
    model: str
    positives: int
    negatives: int
    value: object
    size: int | None = None
    params: tuple[tuple[str, object], ...] = ()
    strict: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _pairs(self.params))


@dataclass(frozen=True)
class QuantValue(_Shown):
    """E(true, predicted) of a quantification measure (``raw``: R, the sum of the per-class terms
    before the outer transform), exactly."""

    label: str
    true: tuple
    predicted: tuple
    value: object
    raw: bool = False


@dataclass(frozen=True)
class Order(_Shown):
    """The sign (-1, 0, 1) of E(true, first) - E(true, second)."""

    label: str
    true: tuple
    first: tuple
    second: tuple
    value: int


def _pairs(value) -> tuple:
    if isinstance(value, Mapping):
        value = value.items()
    return tuple((str(k), v) for k, v in value)


TYPED_VALUES = (Score, Expectation, QuantValue, Order)


@dataclass(frozen=True)
class Counterexample:
    """Where a statement fails, re-checked exactly before it is built.

    ``relation`` is the relation that fails (a sympy relation, or a short plain-text one such as
    ``"M(h') = M(h)"``); ``tables`` the named contingency tables; ``point`` named exact values
    (parameters, prevalences, variables); ``values`` the measure's exact values (None: undefined
    there), typed (:class:`Score`, :class:`Expectation`, ...) wherever the cross-check can compute
    them again, else (label, value) pairs; ``description`` what the counterexample is."""

    relation: object = ""
    tables: tuple[tuple[str, ContingencyTable], ...] = ()
    point: tuple[tuple[str, object], ...] = ()
    values: tuple[tuple[str, object], ...] = ()
    description: Sentence | None = None

    def __post_init__(self) -> None:
        for name in ("tables", "point", "values"):
            value = getattr(self, name)
            if isinstance(value, Mapping):
                value = tuple(value.items())
            object.__setattr__(self, name, tuple(v if isinstance(v, TYPED_VALUES) else (str(v[0]), v[1])
                                                 for v in value))
        object.__setattr__(self, "tables",
                           tuple((k, ContingencyTable(*t)) for k, t in self.tables))
        for name, value in self.point:
            # a witness at nan (a parameter sampled at -oo + oo) or at a complex point is a point
            # of no domain: a defect of the search that produced it, never a counterexample
            if isinstance(value, (float, sp.Basic)) and sp.sympify(value).is_number and (
                    sp.sympify(value).has(sp.nan, sp.zoo) or sp.sympify(value).is_extended_real is False):
                raise UnsoundResultError(f"counterexample coordinate {name} = {value} is not a real number")
        if isinstance(self.description, str):
            object.__setattr__(self, "description", as_sentence(self.description))

    def typed(self, kind: type) -> tuple:
        """The values of type ``kind`` (e.g. every :class:`Score`), in order."""
        return tuple(v for v in self.values if isinstance(v, kind))

    def __getitem__(self, name: str):
        """A table, a point coordinate or a value by its label (``cx["h"]``, ``cx["M(h)"]``): for
        a reader of one known counterexample; code that checks uses the typed values."""
        for entries in (self.tables, self.point, self.values):
            for key, value in entries:
                if key == name:
                    return value
        raise KeyError(name)

    def __contains__(self, name: str) -> bool:
        return any(key == name for entries in (self.tables, self.point, self.values) for key, _ in entries)


# Jupyter asks an object for its LaTeX (``_repr_latex_``).  Typesetting is the rendering
# layer's job and layers import downward only, so the ground floor holds a function dispatched
# on the object's type (functools.singledispatch) with no renderer of its own:
# :mod:`symmetric.render.jupyter` registers one per class when it is loaded, and the first call
# loads that module by name, as a plugin (never at import time: ``import symmetric`` stays fast
# and the ground floor has no import of the layers above it).
_LATEX_PLUGIN = "symmetric.render.jupyter"


@singledispatch
def latex_of(obj) -> str | None:
    """``obj`` as LaTeX (None: no renderer for its type); renderers register per class."""
    return None


def latex_repr(obj) -> str | None:
    """``obj`` as LaTeX for Jupyter, or None (Jupyter then shows the plain repr)."""
    if len(latex_of.registry) == 1:          # only the fallback: the plugin is not loaded yet
        importlib.import_module(_LATEX_PLUGIN)
    return latex_of(obj)


@singledispatch
def html_of(obj) -> str | None:
    """``obj`` as HTML (None: no renderer for its type); the same plugin registers per class."""
    return None


def html_repr(obj) -> str | None:
    """``obj`` as HTML for Jupyter (shown before the LaTeX: prose that wraps), or None."""
    if len(html_of.registry) == 1:
        importlib.import_module(_LATEX_PLUGIN)
    return html_of(obj)


def exact(value) -> sp.Basic | None:
    """A value as an exact sympy number (None stays None: undefined)."""
    return None if value is None else sp.sympify(value)


@dataclass(frozen=True)
class PropertyResult:
    property: str                     # short name, e.g. "SM", "NIFQ", "MON", "CHA"
    measure: str
    verdict: Verdict
    proof: tuple[Sentence, ...] = ()  # the argument, line by line
    counterexample: Counterexample | None = None   # re-checked exactly before it was built
    reason: Sentence | str = ""       # why undetermined (or a short summary)
    # structured findings other code relies on (e.g. ("threshold", (c, theta, direction)))
    data: tuple = ()
    # the reading it was decided in (protocol.Reading.name, e.g. "defined, bernoulli"); set by the
    # driver, which knows the property's axes ("" only for a result built outside the driver)
    reading: str = ""
    # the same reading as data (set by the driver; None for a result built outside it): code
    # that needs the reading's choices reads them here, never by splitting ``reading``
    decided_in: Reading | None = None
    # the independent cross-check's record (what it covered, or the contradiction it found); set
    # only by the driver's review, so None means the verdict rests on its checker alone.  The
    # sentence is also a line of ``proof`` (the reader sees it beside the argument).
    review: Sentence | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "proof", tuple(as_sentence(line) for line in self.proof))
        if self.counterexample is not None and not isinstance(self.counterexample, Counterexample):
            raise TypeError(f"counterexample must be a Counterexample, got {type(self.counterexample).__name__}")

    @property
    def reviewed(self) -> bool:
        """Whether the independent cross-check reviewed this result (the driver's one path)."""
        return self.review is not None

    def argument(self) -> tuple[Sentence, ...]:
        """The checker's own argument: the proof without the cross-check's record."""
        return tuple(line for line in self.proof if line is not self.review and line != self.review)

    def datum(self, key: str):
        return dict(self.data).get(key)

    def _repr_latex_(self) -> str | None:
        return latex_repr(self)

    def _repr_html_(self) -> str | None:
        return html_repr(self)

