"""Proof by cases: a statement about the measure proved on every zero pattern of the cells.

Each zero pattern puts some cells to 0 and the others to positive symbols
(:mod:`symmetric.checks.cases`); a statement proved on every pattern holds on every table.  The
first pattern that cannot be proved ends the attempt (``None``: not proved, never "fails").
Time is bounded by :mod:`symmetric.timelimit` alone; where the limit cannot interrupt (off the
main thread) the loop stops cooperatively when it has expired.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

from ... import timelimit
from ...checks.cases import definedness, is_undefined_constant
from ...checks.decide import is_identically_zero, is_positive_everywhere
from ...domain import Domain
from ...evidence import CaseStep, Sentence
from .common import compose

Test = Callable[[object], tuple]     # expression (or case) -> (True | None, why[, certificate])


def undefined_on_case(measure, form: sp.Expr, case) -> bool:
    """``form`` (the measure's count form, or it after a move) is undefined on every table of the
    zero pattern ``case``: 0/0 or x/0 visible once the case is substituted, no piecewise
    condition left, and confirmed by exact evaluation at a concrete table of the pattern for
    every parameter sample.  (Used by the ``defined`` reading to leave a pattern out: only a
    pattern where the measure is undefined *everywhere* may be left out.)"""
    from ...checks.cases import restrict
    from ..tables import exact_value, param_grid
    from .testsets import pattern_table
    e = restrict(form, case)
    if not is_undefined_constant(e) or e.has(sp.Piecewise):
        return False
    t = pattern_table(case)
    return all(exact_value(measure, t, p, form=form) is None for p in param_grid(measure))


def prove_on_cases(expr_of_case: Callable, cases, test: Test, what: tuple,
                   defined: tuple[sp.Expr, Domain] | None = None) -> tuple[bool | None, list[Sentence]]:
    """Run ``test(expr_of_case(case))`` -> (True/None, why) on every case; all True -> proved.

    ``what`` is what a proved case establishes, as pieces for :func:`~.common.compose`.  With
    ``defined = (expr, domain)``, ``expr`` must first be proved defined on the case: the
    restricted expression alone can hide a 0/0 (``0 * x/(t - 10)`` is evaluated to 0)."""
    lines = []
    for case in cases:
        if timelimit.expired():
            return None, [compose("time limit reached before ", case.describe())]
        if defined is not None:
            ok, why = definedness(defined[0], defined[1], case.substitution)
            if ok is not True:
                return None, [compose(case.describe(), ": the measure is not shown defined (", why, ")")]
        ok, why, *certificate = test(expr_of_case(case))      # a decider's test adds its certificate
        if ok is not True:
            return None, [compose(case.describe(), ": ", why)]
        shown = compose(case.describe(), ": ", *what, " (", why, ").")
        lines.append(CaseStep(shown.template, shown.args, condition=case.face(), result=compose(*what), how=str(why),
                              certificate=certificate[0] if certificate else None))
    return True, lines


def positive_test(domain: Domain, strict: bool = True) -> Test:
    """M-expression > 0 (or >= 0) everywhere on the domain, by the deciders."""
    def test(e):
        if is_undefined_constant(e):
            return None, "undefined on this case"
        if e.has(sp.Piecewise):
            return None, "a piecewise condition is not resolved"
        d = is_positive_everywhere(e, domain, strict=strict)
        return d.value, d.method if d.value else (d.detail or d.method), d.certificate
    return test


def zero_test(domain: Domain) -> Test:
    """Expression identically 0 on the domain, by the deciders."""
    def test(e):
        if is_undefined_constant(e):
            return None, "undefined on this case"
        if e.has(sp.Piecewise):
            return None, "a piecewise condition is not resolved"
        d = is_identically_zero(e, domain)
        return d.value, d.method if d.value else (d.detail or d.method), d.certificate
    return test
