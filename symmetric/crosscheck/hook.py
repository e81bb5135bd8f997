"""The hook: every result is reviewed by the independent evaluator before the user sees it.

* ``holds``: the property's predicate (per reading) enumerates every table with |D| <= 12 (a
  rational grid for quantification).  A certain violation makes the result ``undetermined``,
  naming the witness; otherwise one sentence, first in the proof, says what was covered.
* ``fails`` with a counterexample: each table of the counterexample is re-evaluated on the
  written formula; a value that certainly differs from the one shown (or is undefined where a
  value is shown, or the reverse) makes the result ``undetermined``.
* A property or reading without a predicate is said so in the proof, never confirmed.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import sympy as sp

from ..errors import InputError
from ..evidence import NO_READING, ContingencyTable, PropertyResult, Sentence, say
from ..logic import Verdict
from . import classification, quantification, relational
from . import values as V
from .formula import classification_formula, quantification_formula
from .outcome import Finding, Witness
from .sympyform import compile_sympy
from .written import written_of


@lru_cache(maxsize=16)
def _formula(measure, written, kind: str):
    try:
        if kind == "classification":
            return classification_formula(measure)
        return quantification_formula(measure)
    except (InputError, ValueError, TypeError):
        return None


def _kind(measure) -> str:
    return "quantification" if hasattr(measure, "term") else "classification"


def _predicates(kind: str) -> tuple[dict, dict]:
    """The (property, reading) -> predicate table of a kind and its default readings."""
    module = classification if kind == "classification" else quantification
    return module.PREDICATES, module.DEFAULT_READING


def reading_of(result: PropertyResult, defaults: dict) -> str | None:
    """The predicate reading of a result: its own; for a property without axes ("as defined")
    whose predicates name the reading they enumerate (quantification), that one."""
    reading = getattr(result, "reading", None)
    if reading is not None:         # the formula's reading is the measure's (its evaluator reads it)
        reading = reading.split("; ")[0]
    if reading in (None, NO_READING) and (result.property, NO_READING) not in _all_predicates():
        return defaults.get(result.property)
    return reading


def _disagree(theirs, ours) -> bool:
    """A shown value against the written formula's: one defined and the other not, or two
    values that certainly differ (an uncertain comparison is no disagreement)."""
    return V.is_value(theirs) != V.is_value(ours) or (V.is_value(ours) and V.compare(theirs, ours) not in (0, None))


def _strict(reading: str | None) -> bool:
    """Whether a reading counts an undefined point as a failure (its definedness choice)."""
    return reading is not None and "strict" in reading.split(", ")


def _all_predicates() -> dict:
    return {**classification.PREDICATES, **quantification.PREDICATES}


def enumerate_reading(measure, prop: str, reading: str | None = None) -> Finding:
    """Run the predicate of ``prop`` under ``reading`` (default: the checkers' current reading)
    on the written formula of ``measure``: for callers that want a reading the driver's results
    do not carry (``KeyError`` for a pair without a predicate)."""
    kind = _kind(measure)
    table, defaults = _predicates(kind)
    formula = _formula(measure, written_of(measure), kind)
    if formula is None:
        raise KeyError(f"no independent evaluation of {measure.name}")
    return table[(prop, reading or defaults[prop])](formula, getattr(measure, "orientation", -1), None)


def readings() -> dict[str, tuple[str, ...]]:
    """Every property with a predicate and its readings, the default first."""
    out: dict[str, list[str]] = {}
    for predicates, defaults in ((classification.PREDICATES, classification.DEFAULT_READING),
                                 (quantification.PREDICATES, quantification.DEFAULT_READING)):
        for prop, reading in predicates:
            out.setdefault(prop, [defaults.get(prop)] if defaults.get(prop) else [])
            if reading not in out[prop]:
                out[prop].append(reading)
    return {k: tuple(v) for k, v in out.items()}


def review(measure, found, statement=None):
    """``found`` (a PropertyResult or a dict of them, as a checker returns) after the cross-check;
    ``statement``: the data row of a property stated as data, whose predicate is built from it."""
    if isinstance(found, PropertyResult):
        return review_one(measure, found, statement)
    return {name: review_one(measure, r, statement) for name, r in found.items()}


_NOTHING_TO_REVIEW = Sentence("Cross-check: an undetermined result has no verdict to confirm.")


def review_one(measure, result: PropertyResult, statement=None) -> PropertyResult:
    if result.verdict is Verdict.UNDETERMINED:     # no verdict to confirm; recorded, not shown
        return replace(result, review=_NOTHING_TO_REVIEW)
    kind = _kind(measure)
    table, defaults = _predicates(kind)
    formula = _formula(measure, written_of(measure), kind)
    reading = reading_of(result, defaults)
    if statement is not None and kind == "classification":
        predicate = relational.predicate_for(statement, reading)
    else:
        predicate = table.get((result.property, reading))
    if formula is None or predicate is None:
        why = "no independent evaluation of this formula" if formula is None else \
            f"no exhaustive predicate for {result.property} ({reading or 'no reading'})"
        return _with(result, say(f"Cross-check: {why}; the verdict rests on the checker alone."))
    o = getattr(measure, "orientation", -1)
    if result.verdict is Verdict.HOLDS:
        finding = predicate(formula, o, result)
        if finding.witness is not None:
            return _contradiction(result, f"{result.property} holds, but {formula.source} violates it "
                                          f"({reading} reading)", finding.witness)
        return _with(result, _covered(finding, formula.source, reading, len(getattr(formula, "settings", ((),)))))
    # fails
    if result.counterexample is not None:
        recheck = _recheck if kind == "classification" else _recheck_binary
        mismatch = recheck(formula, result.counterexample, _strict(reading)) if kind == "classification" or \
            written_of(measure) is not None else None    # a catalogue term may be smoothed: not re-evaluated
        if mismatch is not None:
            return _contradiction(result, "the counterexample does not hold on " + formula.source, mismatch)
    finding = predicate(formula, o, result)
    if finding.witness is not None:
        return _with(result, witness_sentence(f"Cross-check ({formula.source}, {reading} reading): the enumeration "
                                              f"of {finding.scope} finds a violation too: ", finding.witness))
    if finding.checked == 0:
        return _with(result, say(f"Cross-check ({formula.source}, {reading} reading): nothing to enumerate "
                                 f"({finding.scope}); the failure rests on the checker's argument."))
    return _with(result, say(f"Cross-check ({formula.source}, {reading} reading): no violation among "
                             f"{finding.scope}; the failure rests on the checker's argument"
                             + (" and its re-checked counterexample." if result.counterexample else ".")))


def _with(result: PropertyResult, sentence) -> PropertyResult:
    """The cross-check's sentence opens the proof: the argument's own conclusion stays last (the
    verdict table shows the last line when there is no reason)."""
    return replace(result, proof=(sentence,) + result.proof, review=sentence)


def _covered(finding: Finding, source: str, reading: str, settings: int = 1):
    extra = f"; {finding.uncertain} comparisons could not be certified and were skipped" if finding.uncertain else ""
    if settings > 1:
        extra += f"; at {settings} parameter settings"
    if not finding.complete:
        return say(f"Cross-check ({source}, {reading} reading): {finding.scope} show no violation of what can be "
                   f"enumerated ({finding.checked} checks{extra}); the rest rests on the proof.")
    return say(f"Cross-check ({source}, {reading} reading): checked exhaustively on {finding.scope} "
               f"({finding.checked} checks{extra}); no violation.")


def _value_text(v) -> str:
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, V.Interval):
        return f"~{float(v.lo):.6g}"
    return str(v)


def _point_text(t) -> str:
    if isinstance(t, tuple):
        return "(" + ", ".join(_point_text(x) for x in t) + ")"
    return str(t)


def _describe(w: Witness) -> str:
    tables = ", ".join(f"{k} = {_point_text(t)}" for k, t in w.tables)
    values = ", ".join(f"{k}: {_value_text(v)}" for k, v in w.values)
    params = ", ".join(f"{k} = {v}" for k, v in w.params)
    return f"{w.relation} at {tables}" + (f" with {params}" if params else "") + (f" ({values})" if values else "")


def _literal(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _exact(x):
    return sp.Rational(x.numerator, x.denominator) if isinstance(x, Fraction) else sp.Integer(x)


def _slot_point(t):
    """A table as a ContingencyTable; any other point as a tuple of exact numbers."""
    if len(t) == 4 and all(isinstance(x, int) for x in t):
        return ContingencyTable(*t)
    return tuple(_slot_point(x) if isinstance(x, tuple) else _exact(x) for x in t)


def witness_sentence(prefix: str, w: Witness) -> Sentence:
    """``prefix`` then the witness, its tables, parameters and exact values in slots (an
    interval value, which is not exact, is written as plain text)."""
    args: list = []

    def slot(x) -> str:
        args.append(x)
        return "{" + str(len(args) - 1) + "}"
    template = _literal(prefix + w.relation) + " at "
    template += ", ".join(f"{_literal(k)} = " + slot(_slot_point(t)) for k, t in w.tables)
    if w.params:
        template += " with " + ", ".join(slot(sp.Eq(sp.Symbol(k), _exact(v), evaluate=False)) for k, v in w.params)
    values = [f"{_literal(k)}: " + (slot(_exact(v)) if isinstance(v, Fraction) else _literal(_value_text(v)))
              for k, v in w.values]
    if values:
        template += " (" + ", ".join(values) + ")"
    return Sentence(template + ".", tuple(args))


def _contradiction(result: PropertyResult, what: str, witness: Witness) -> PropertyResult:
    reason = f"cross-check contradiction: {what}: {_describe(witness)}"
    sentence = witness_sentence(f"Cross-check: {what}; witness: ", witness)
    return PropertyResult(result.property, result.measure, Verdict.UNDETERMINED, result.proof + (sentence,),
                          None, reason, result.data, result.reading, review=sentence)


def _mine(value):
    """A checker's exact value (sympy number or None) as a value of :mod:`.values`."""
    if value is None:
        return V.UNDEFINED
    value = sp.sympify(value)
    if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return V.UNDEFINED
    if value.atoms(sp.Float):           # an approximation is never compared with an exact value
        return V.UNKNOWN
    try:
        return compile_sympy(value, {})({})
    except InputError:
        return V.UNKNOWN


def _recheck(formula, cx, strict: bool = True) -> Witness | None:
    """The first table of the counterexample whose shown value the written formula contradicts."""
    names = set(formula.param_names)
    # a parameter shown as text ("any value in its domain": AW's threshold outside the domain) names
    # no table to re-evaluate
    if any(k in names and not isinstance(v, (int, Fraction, sp.Number)) for k, v in cx.point):
        return None
    params = tuple((k, Fraction(str(sp.nsimplify(v)))) for k, v in cx.point if k in names)
    if len(params) != len(formula.param_names):
        return None
    shown = dict(cx.values)
    point = dict(cx.point)
    if point.get("model") in classification.RANDOM_MODELS:
        found = _recheck_expectations(formula, point, shown, params, strict)
        if found is not None:
            return found
    for name, table in cx.tables:
        key = next((k for k in (name, f"score {name}", f"M({name})") if k in shown), None)
        if key is None:
            prefix = [k for k in shown if name.startswith(k.removeprefix("score ")) and k.startswith("score ")]
            key = prefix[0] if len(prefix) == 1 else None
        if key is None:
            continue
        theirs, ours = _mine(shown[key]), formula.value(tuple(ContingencyTable(*table)), params)
        if V.UNKNOWN in (theirs, ours):
            continue
        if _disagree(theirs, ours):
            return Witness(f"the checker's value {_value_text(theirs)} is {_value_text(ours)} on the written formula",
                           ((name, tuple(table)),), ((name, ours),), params)
    return None


# the binary comparisons the quantification searches report: the keys of their point and the
# two (p, q) whose E they show as "left" and "right" (symmetric/quantification/binary.py)
_BINARY_SHAPES = (
    (("p(c1)", "p^'(c1)", "p^''(c1)"), lambda v: ((v[0], v[1]), (v[0], v[2]))),            # B-MON
    (("p(c1)", "a"), lambda v: ((v[0], v[0] + v[1]), (v[0], v[0] - v[1]))),                # B-IMP
    (("p'(c1)", "p''(c1)", "shift"), lambda v: ((v[0], v[0] + v[2]), (v[1], v[1] + v[2]))),  # B-REL, B-ABS
)


def _recheck_binary(formula, cx, strict: bool = True) -> Witness | None:
    """A quantification counterexample on the binary codeframe, re-evaluated on the written term:
    one point (IoI, NN: p(c1), p^(c1) and E) or two compared points (left, right)."""
    point, shown = dict(cx.point), dict(cx.values)
    if "projected p'" in point:
        return _recheck_projection(formula, point, shown)
    if {"p(c1)", "p^(c1)"} <= set(point) and "E" in shown:
        p, q = (_fraction(point[k]) for k in ("p(c1)", "p^(c1)"))
        pairs = [("E", (p, q))]
    else:
        shape = next((make for keys, make in _BINARY_SHAPES if set(keys) <= set(point)), None)
        if shape is None or not {"left", "right"} <= set(shown):
            return None
        keys = next(keys for keys, make in _BINARY_SHAPES if make is shape)
        first, second = shape([_fraction(point[k]) for k in keys])
        pairs = [("left", first), ("right", second)]
    for label, (p, q) in pairs:
        theirs, ours = _mine(shown[label]), formula.value((p, 1 - p), (q, 1 - q))
        if V.UNKNOWN in (theirs, ours):
            continue
        if _disagree(theirs, ours):
            return Witness(f"the checker's value {_value_text(theirs)} is {_value_text(ours)} on the written term",
                           ((f"{label}: p (c1, c2)", (p, 1 - p)), (f"{label}: p^ (c1, c2)", (q, 1 - q))),
                           ((label, ours),))
    return None


# IND's counterexample (symmetric/quantification/ind_search.py): the two orders it shows
_ORDERS = (("sign of E(p, p') - E(p, p'')", ("p", "p'", "p''")),
           ("sign after projection", ("projected p", "projected p'", "projected p''")))


def _recheck_projection(formula, point: dict, shown: dict) -> Witness | None:
    """IND: each order the counterexample shows, recomputed on the written term."""
    for label, (true, one, two) in _ORDERS:
        if label not in shown or not all(k in point for k in (true, one, two)):
            continue
        t, a, b = (tuple(_fraction(x) for x in point[k]) for k in (true, one, two))
        left, right = formula.value(t, a), formula.value(t, b)
        if not (V.is_value(left) and V.is_value(right)):
            return Witness(f"{label}: E is undefined on the written term", ((true, t), (one, a), (two, b)),
                           ((one, left), (two, right)))
        ours = V.compare(left, right)
        if ours is not None and ours != int(shown[label]):
            return Witness(f"{label}: the checker's {shown[label]} is {ours} on the written term",
                           ((true, t), (one, a), (two, b)), ((one, left), (two, right)))
    return None


def _fraction(value) -> Fraction:
    return Fraction(str(sp.nsimplify(value)))


def _recheck_expectations(formula, point: dict, shown: dict, params, strict: bool) -> Witness | None:
    """CHA's "expected values differ": the expectations on test sets 1 and 2 recomputed on the
    written formula (E[M | M defined] unless ``strict``)."""
    model = classification.RANDOM_MODELS[point["model"]]
    for k in (1, 2):
        # the checker labels them "test set 1 (AP, AN[, k])" and "E[M] on test set 1"
        label = next((name for name in point if name.startswith(f"test set {k} (")), None)
        sizes, key = point.get(label), f"E[M] on test set {k}"
        if sizes is None or key not in shown:
            continue
        ours, _ = classification.expectation(formula, model, int(sizes[0]), int(sizes[1]), params, strict)
        theirs = _mine(shown[key])
        if V.UNKNOWN in (theirs, ours):
            continue
        if _disagree(theirs, ours):
            return Witness(f"the checker's expectation {_value_text(theirs)} is {_value_text(ours)} on the written "
                           "formula", ((label, tuple(sizes)),), ((key, ours),), params)
    return None
