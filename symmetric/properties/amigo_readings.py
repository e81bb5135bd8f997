"""Readings of Amigo et al.'s non-informativeness properties (NIFQ, NIGQ) beyond the interior
0 < P(S) < 1 that the size derivative covers.

* Non-informative outputs include the *empty* and the *full* output (Amigo et al. name both);
  the derivative says nothing about them, so their scores are compared with the interior score
  here, symbolically on every test set (positive symbols a = |G|, b = |not G|).
* ``constant`` (NIFQ): ``fixed`` -- one constant for every test set and output size;
  ``per-test-set`` -- a constant within each test set.
* ``definedness``: ``defined`` -- an output where the measure is undefined is left out;
  ``strict`` -- it is a failure.
* ``test-sets``: ``nondegenerate`` -- 0 < |G| < |D|; ``all`` -- also test sets with one class
  empty, where *every* output is non-informative.

The exhaustive search over small tables (every reading) comes first: the empty and full
outputs are non-informative tables (TP TN = FP FN), so it covers them too.  Every value it
reports is exact.
"""

from __future__ import annotations

import itertools

import sympy as sp

from ..checks.cases import definedness
from ..checks.decide import is_identically_zero
from ..domain import EVERYWHERE, InternalSymbol
from ..certificate import all_of
from ..evidence import ContingencyTable, proved_step, say
from ..measures.base import Measure
from ..space import CELLS, g
from .tables import compare_exact, exact_value, literal, noninformative_tables, param_equations, param_grid, \
    table_counterexample, with_params

A, B = InternalSymbol("a", positive=True), InternalSymbol("b", positive=True)     # |G| and |not G| of a test set, in sentences


def parameter_domain(measure: Measure):
    """Where the measure's parameters range (the whole space when it has none)."""
    return EVERYWHERE.with_intervals([p.interval() for p in measure.params]) if measure.params else EVERYWHERE


def search(measure: Measure, max_n: int, *, fixed: bool, strict: bool, degenerate: bool, growing: bool = False):
    """A refutation among the non-informative tables with |T| <= max_n: (kind, params, t1, t2, v1,
    v2) with kind "undefined" (strict; t2, v1, v2 None), "differ" (NIFQ: two outputs of one test
    set, or of any two test sets when ``fixed``, score differently) or "not growing" (NIGQ: the
    larger output of one test set does not score better); None when there is none."""
    o = measure.orientation
    for params in param_grid(measure):
        rows = []
        for t in noninformative_tables(max_n, degenerate=degenerate):
            v = exact_value(measure, t, params)
            if v is None:
                if strict:
                    return "undefined", params, t, None, None, None
                continue
            rows.append(((sum(t), t[0] + t[2]), t[0] + t[1], t, v))
        if fixed and rows:
            first = rows[0]
            for row in rows[1:]:
                sign = compare_exact(row[3], first[3])
                if sign in (1, -1):
                    return "differ", params, first[2], row[2], first[3], row[3]
            continue
        rows.sort(key=lambda r: (r[0], r[1]))
        for _, group in itertools.groupby(rows, key=lambda r: r[0]):
            for (_, k1, t1, v1), (_, k2, t2, v2) in itertools.combinations(list(group), 2):
                if k1 == k2:
                    continue
                sign = compare_exact(v2, v1)
                if sign is None:
                    continue
                if growing and o * sign <= 0:
                    return "not growing", params, t1, t2, v1, v2
                if not growing and sign != 0:
                    return "differ", params, t1, t2, v1, v2
    return None


_TEXT = {"differ": "the scores differ", "not growing": "the larger output does not score better"}


def refutation(found):
    """(proof line, counterexample) of what :func:`search` found."""
    kind, params, t1, t2, v1, v2 = found
    if kind == "undefined":
        line = say(f"The non-informative output {{0}}{with_params(params, 1)} has no score (the measure is undefined "
                   "there, re-checked exactly): a failure in the strict reading.", ContingencyTable(*t1),
                   *param_equations(params))
        return line, table_counterexample({"output": t1}, params, {"output": None}, "M undefined")
    k = 2 + len(params)
    same = (sum(t1), t1[0] + t1[2]) == (sum(t2), t2[0] + t2[2]) and t1[0] + t1[1] != t2[0] + t2[1]
    if same and t1[0] + t1[1] > t2[0] + t2[1]:
        t1, t2, v1, v2 = t2, t1, v2, v1
    names = ("smaller", "larger") if same else ("first", "second")
    where = "one test set" if same else "two test sets" if (sum(t1), t1[0] + t1[2]) != (sum(t2), t2[0] + t2[2]) \
        else "one test set"
    line = say(f"Non-informative outputs of {where}: {{0}} and {{1}}{with_params(params, 2)} score {{{k}}} and "
               f"{{{k + 1}}} (exact): {literal(_TEXT[kind])}.", ContingencyTable(*t1), ContingencyTable(*t2),
               *param_equations(params), v1, v2)
    return line, table_counterexample({f"{names[0]} output": t1, f"{names[1]} output": t2}, params,
                                      {f"{names[0]} output": v1, f"{names[1]} output": v2}, _TEXT[kind])


def _on_output(measure: Measure, cells: tuple) -> sp.Expr:
    """The count form at symbolic cells, every sum cancelled bottom-up so that a denominator that
    vanishes identically there shows as zoo/nan instead of hiding in an uncancelled sum (smoothed
    measures: 1 - (b + 2)/(b + 2))."""
    e = sp.piecewise_fold(measure.count_form.xreplace(dict(zip(CELLS, map(sp.sympify, cells)))))
    if e.has(sp.Piecewise):
        return e
    return sp.bottom_up(e, lambda x: sp.cancel(x) if x.is_Add else x)


def _value_on(measure: Measure, cells: tuple):
    """The count form at symbolic cells; None when it is undefined there for every table, read
    off the written tree (:func:`symmetric.checks.cases.definedness`: a denominator, root or log
    argument that fails identically -- ``1/zoo`` evaluating to 0 must not hide an x/0), or 0/0
    visible once sums are cancelled and confirmed exactly at a = b = 1 for every parameter
    sample; "undecided" otherwise."""
    ok, _ = definedness(measure.count_form, parameter_domain(measure), dict(zip(CELLS, map(sp.sympify, cells))))
    if ok is False:
        return None
    e = _on_output(measure, cells)
    if e.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        t = tuple(int(sp.sympify(c).subs({A: 1, B: 1})) for c in cells)
        if not e.has(sp.Piecewise) and all(exact_value(measure, t, p) is None for p in param_grid(measure)):
            return None
        return "undecided"
    return e if ok is True else "undecided"


# the outputs the derivative does not reach, on a test set with |G| = a, |not G| = b
BOUNDARY_OUTPUTS = (("empty output", (0, 0, A, B)), ("full output", (A, B, 0, 0)))


def boundary_lines(measure: Measure, inside: sp.Expr, *, strict: bool, relation=None,
                   agrees: str = "as the other non-informative outputs"):
    """Prove the empty and the full output of every nondegenerate test set score ``inside`` (the
    interior score as a function of g = P(G)), or -- with ``relation(name, value)`` -- whatever
    that returns (True/None, why).  Returns (True | None, lines)."""
    domain = parameter_domain(measure)
    target = sp.together(inside.subs(g, A / (A + B)))
    lines = []
    for name, cells in BOUNDARY_OUTPUTS:
        value = _value_on(measure, cells)
        if value is None:
            if strict:
                return None, [say(f"The {name} has no score (strict reading): not decided here.")]
            lines.append(say(f"The {name} {{0}} has no score on any test set (0/0 or x/0, re-checked exactly): "
                             "left out in the defined reading.", ContingencyTable(*cells)))
            continue
        if isinstance(value, str):
            return None, [say(f"The {name}: definedness not decided.")]
        if relation is not None:
            ok, why, cert = relation(name, value)
        else:
            d = is_identically_zero(sp.together(value - target), domain)
            ok, why, cert = d.value, d.method if d.value else (d.detail or d.method), d.certificate
        if ok is not True:
            return None, [say(f"The {name} scores {{0}} on the test set |G| = a, |not G| = b; not shown {agrees} "
                              f"({literal(str(why))}).", value)]
        lines.append(proved_step(say(f"The {name} {{0}} scores {{1}} on every test set, {agrees} ({literal(str(why))}).",
                                     ContingencyTable(*cells), value), cert, case=name, how=str(why)))
    return True, lines


def degenerate_lines(measure: Measure, constant: sp.Expr | None, *, strict: bool):
    """On test sets with one gold class empty every output is non-informative: prove each output
    scores ``constant`` (None: some constant, the same for all of them).  (True | None, lines)."""
    domain = parameter_domain(measure)
    x, y = InternalSymbol("x", positive=True), InternalSymbol("y", positive=True)
    lines, seen, certs = [], constant, []
    for label, shapes in (("|G| = 0", ((0, x, 0, y), (0, x, 0, 0), (0, 0, 0, y))),
                          ("|not G| = 0", ((x, 0, y, 0), (x, 0, 0, 0), (0, 0, y, 0)))):
        for cells in shapes:
            ok, _ = definedness(measure.count_form, domain, dict(zip(CELLS, map(sp.sympify, cells))))
            e = _on_output(measure, cells)
            if ok is False and not strict:
                continue        # undefined on every such test set: left out in the defined reading
            if ok is not True or e.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
                return None, [say("A test set with one class empty: the output {0} is not shown to have a score.",
                                  ContingencyTable(*cells))]
            if seen is None:
                seen = e
            d = is_identically_zero(sp.together(e - seen), domain)
            if d.value is not True:
                return None, [say("A test set with one class empty: the output {0} scores {1}, not shown equal to "
                                  "{2}.", ContingencyTable(*cells), e, seen)]
            certs.append(d.certificate)
        lines.append(proved_step(say(f"Test sets with {label}: every output is non-informative and scores {{0}}.", seen),
                                 all_of(certs) if certs else None, case=label, how="identity"))
        certs = []
    return True, lines
