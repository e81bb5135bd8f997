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
from .formula import classification_formula, quantification_formula
from .outcome import Finding, Witness
from .recheck import recheck_counterexample, value_text
from .written import written_of


@lru_cache(maxsize=16)
def _formula(measure, written, kind: str):
    try:
        if kind == "classification":
            return classification_formula(measure)
        return quantification_formula(measure)
    except (InputError, ValueError, TypeError):
        return None


def measure_kind(measure) -> str:
    """The kind its class declares (``KIND``).  The cross-check imports no measure module (it
    stays independent of them), so it reads the class attribute that registry.kind_of reads."""
    return getattr(type(measure), "KIND", "classification")


def _predicates(kind: str) -> tuple[dict, dict]:
    """The (property, reading) -> predicate table of a kind and its default readings."""
    module = classification if kind == "classification" else quantification
    return module.PREDICATES, module.DEFAULT_READING


def reading_of(result: PropertyResult, defaults: dict) -> str | None:
    """The predicate reading of a result: the property's reading it was decided in (the
    driver's Reading object; the plain ``reading`` of a result built outside the driver); for a
    property without axes ("as defined") whose predicates name the reading they enumerate
    (quantification), that one."""
    decided = result.decided_in
    reading = decided.name if decided is not None else (result.reading or None)
    if reading in (None, NO_READING) and (result.property, NO_READING) not in _all_predicates():
        return defaults.get(result.property)
    return reading


def _strict(result: PropertyResult, reading: str | None) -> bool:
    """Whether a reading counts an undefined point as a failure (its definedness choice): read
    off the Reading object; a result built outside the driver names its choices in text."""
    if result.decided_in is not None:
        return result.decided_in.get("definedness") == "strict"
    return reading is not None and "strict" in reading.split(", ")


def _all_predicates() -> dict:
    return {**classification.PREDICATES, **quantification.PREDICATES}


def enumerate_reading(measure, prop: str, reading: str | None = None) -> Finding:
    """Run the predicate of ``prop`` under ``reading`` (default: the checkers' current reading)
    on the written formula of ``measure``: for callers that want a reading the driver's results
    do not carry (``KeyError`` for a pair without a predicate)."""
    kind = measure_kind(measure)
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
    kind = measure_kind(measure)
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
    cx_note = ""
    if result.counterexample is not None:
        if kind == "quantification" and written_of(measure) is None:
            cx_note = " and its counterexample (not re-evaluated: a catalogue term may be smoothed)."
        else:
            found = recheck_counterexample(formula, result.counterexample, _strict(result, reading))
            if found.witness is not None:
                return _contradiction(result, "the counterexample does not hold on " + formula.source, found.witness)
            if found.missing is not None:
                return _unrecheckable(result, found.missing.why)
            cx_note = _recheck_note(found)
    finding = predicate(formula, o, result)
    if finding.witness is not None:
        return _with(result, witness_sentence(f"Cross-check ({formula.source}, {reading} reading): the enumeration "
                                              f"of {finding.scope} finds a violation too: ", finding.witness))
    if finding.checked == 0:
        return _with(result, say(f"Cross-check ({formula.source}, {reading} reading): nothing to enumerate "
                                 f"({finding.scope}); the failure rests on the checker's argument."))
    # comparisons it could not certify are said: "no violation" among them is not "none there"
    skipped = f" ({finding.uncertain} comparisons could not be certified and were skipped)" if finding.uncertain else ""
    return _with(result, say(f"Cross-check ({formula.source}, {reading} reading): no violation among "
                             f"{finding.scope}{skipped}; the failure rests on the checker's argument" + (cx_note or ".")))


def counterexample_mismatch(measure, result: PropertyResult) -> str | None:
    """Why the counterexample of ``result`` (a ``fails`` read back from a cache) does not hold on
    the written formula of ``measure``, or None when its values re-check (or there is nothing the
    independent evaluator can compute: a catalogue quantification term may be smoothed)."""
    if result.verdict is not Verdict.FAILS or result.counterexample is None:
        return None
    kind = measure_kind(measure)
    formula = _formula(measure, written_of(measure), kind)
    if formula is None or (kind == "quantification" and written_of(measure) is None):
        return None
    _, defaults = _predicates(kind)
    found = recheck_counterexample(formula, result.counterexample, _strict(result, reading_of(result, defaults)))
    if found.witness is not None:
        return "its counterexample does not hold on " + formula.source + ": " + _describe(found.witness)
    if found.missing is not None:
        return "its counterexample cannot be re-evaluated: " + found.missing.why
    return None


def _recheck_note(found) -> str:
    """How much of a counterexample was computed again (said, never implied)."""
    if found.checked and not found.untyped and not found.uncertain:
        return " and its re-checked counterexample."
    if not (found.checked or found.untyped or found.uncertain):
        return " and its counterexample (which shows no value to re-evaluate)."
    parts = [f"{found.checked} of its values re-checked exactly"]
    if found.uncertain:
        parts.append(f"{found.uncertain} not certifiable")
    if found.untyped:
        parts.append(f"{found.untyped} shown without a type the cross-check computes (not re-evaluated)")
    return " and its counterexample (" + "; ".join(parts) + ")."


def _unrecheckable(result: PropertyResult, why: str) -> PropertyResult:
    """A counterexample value the cross-check cannot compute again: no verdict rests on it."""
    sentence = say(f"Cross-check: the counterexample cannot be re-evaluated ({_literal(why)}).")
    return replace(result, verdict=Verdict.UNDETERMINED, proof=result.proof + (sentence,), counterexample=None,
                   reason=f"cross-check: the counterexample cannot be re-evaluated: {why}", review=sentence)


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


def _point_text(t) -> str:
    if isinstance(t, tuple):
        return "(" + ", ".join(_point_text(x) for x in t) + ")"
    return str(t)


def _describe(w: Witness) -> str:
    tables = ", ".join(f"{k} = {_point_text(t)}" for k, t in w.tables)
    values = ", ".join(f"{k}: {value_text(v)}" for k, v in w.values)
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
    values = [f"{_literal(k)}: " + (slot(_exact(v)) if isinstance(v, Fraction) else _literal(value_text(v)))
              for k, v in w.values]
    if values:
        template += " (" + ", ".join(values) + ")"
    return Sentence(template + ".", tuple(args))


def _contradiction(result: PropertyResult, what: str, witness: Witness) -> PropertyResult:
    reason = f"cross-check contradiction: {what}: {_describe(witness)}"
    sentence = witness_sentence(f"Cross-check: {what}; witness: ", witness)
    return replace(result, verdict=Verdict.UNDETERMINED, proof=result.proof + (sentence,), counterexample=None,
                   reason=reason, review=sentence)
