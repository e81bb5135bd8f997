"""CHA proved per output size: a second proof method, for every random model that, given its
output size k, labels a uniformly random set of k items positive (bernoulli, uniform-size and
fixed-size all do).

On a test set (AP, AN) an output of size k has TP = t, FP = k - t, FN = AP - t, TN = AN - k + t,
and t is hypergeometric: E[TP | k] = k AP / |D|.  When M, written in t, is a polynomial of degree
at most 1 in t over a denominator free of t, linearity of expectation gives E[M | k] = M(t = k AP
/ |D|) exactly; when that is one constant gamma for every test set and every k, every mixture
over k has E[M] = gamma.  Cohen's kappa and MCC have this form (their numerators TP TN - FP FN =
|D| TP - k AP are linear in TP once k is fixed, their denominators depend on k alone).

Definedness: every obligation of M's written tree (denominators, root and log arguments) must be
free of t once the cells are written in t, so that for each (AP, AN, k) M is defined at every
output of size k or at none.  The ``defined`` reading then leaves out the sizes where it is
defined at none (E[M | M defined] = gamma); the ``strict`` one needs every obligation proved.
The outputs of size 0 and |D|, and the test sets with one class empty (one output per size),
are single tables, decided directly.
"""

from __future__ import annotations

import sympy as sp

from ...checks.cases import definedness, obligations
from ...checks.decide import is_identically_zero
from ...evidence import Sentence, proved_step
from ...measures.base import Measure
from ...domain import InternalSymbol
from ...space import CELLS
from .common import compose, equals, param_domain

_T, _K = InternalSymbol("t", positive=True), InternalSymbol("k", positive=True)
_AP, _AN = sp.symbols("AP AN", positive=True)


def _cells(t, k, ap, an) -> dict:
    return dict(zip(CELLS, (t, k - t, ap - t, an - k + t)))


def _depends_on_t(subject: sp.Expr) -> bool:
    """Does the obligation's subject depend on t (after the cells written in t cancel)?"""
    return subject.has(_T) and sp.cancel(sp.expand(subject)).has(_T)


def _single(measure: Measure, cells: dict, gamma, strict: bool, label: str, domain):
    """One table per (test set, k): M there is gamma wherever it is defined (defined reading: a
    single table where M is undefined is left out, and one where it is defined scores gamma;
    either way the mean over the defined outputs is untouched), or -- strict -- defined and gamma."""
    ok, why = definedness(measure.count_form, domain, cells)
    if ok is False and not strict:
        return True, compose(f"{label}: M is undefined there for every test set (", why, "); left out.")
    if ok is not True and strict:
        return None, compose(f"{label}: M is not shown defined (", why, ").")
    value = sp.piecewise_fold(measure.count_form.xreplace(cells))
    if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo, sp.Piecewise):
        return None, compose(f"{label}: M = ", value, " is not decided.")
    d = is_identically_zero(sp.together(value - gamma), domain)
    if d.value is not True:
        return None, compose(f"{label}: M = ", value, ", not shown to be ", gamma, ".")
    where = "" if ok is True else " wherever it is defined"
    return True, proved_step(compose(f"{label}: M = ", value, " = ", gamma, f"{where} ({d.method})."), d.certificate,
                             case=label, how=d.method)


def prove_per_size(measure: Measure, strict: bool) -> tuple[bool | None, list[Sentence]]:
    """(True, proof) when E[M | output size k] is one constant for every test set and every k
    (where M is defined, in the defined reading); (None, why) otherwise."""
    f = measure.count_form
    if f.has(sp.Piecewise):
        return None, [compose("the definition branches: no per-size proof")]
    domain = param_domain(measure)
    inside = _cells(_T, _K, _AP, _AN)
    listed = obligations(f, inside)
    if isinstance(listed, str) or any(_depends_on_t(ob.subject) for ob in listed):
        return None, [compose("whether M is defined depends on TP once the output size is fixed")]
    e = sp.cancel(sp.together(f.xreplace(inside)))      # an identity where M is defined (no t-dependent
    num, den = sp.fraction(e)                           # obligation: no factor in t cancels)
    if den.has(_T) or not num.is_polynomial(_T) or sp.degree(num, _T) > 1:
        return None, [compose("M is not linear in TP once the output size is fixed: ", equals(sp.Symbol("M"), e))]
    n = _AP + _AN
    expected = sp.together(e.xreplace({_T: _K * _AP / n}))
    sample = {_AP: 3, _AN: 5, _K: 2}
    gamma = sp.simplify(expected.xreplace(sample))
    if gamma.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return None, [compose("E[M | k] is undefined at AP = 3, AN = 5, k = 2")]
    d = is_identically_zero(sp.together(expected - gamma), domain)
    if d.value is not True:
        return None, [compose("E[M | k] = ", expected, " is not shown constant (", d.method, ")")]
    ok, why = definedness(f, domain, inside)
    if ok is not True and strict:
        return None, [compose("M is not shown defined at every output (", why, ")")]
    lines = [proved_step(compose("Given the output size k, a test set with AP, AN > 0 and 0 < k < |D|: with ", equals(
        sp.Symbol("TP"), _T), ", ", equals(sp.Symbol("M"), e), " is linear in t (whether M is defined does not "
        "depend on t), and t is hypergeometric with mean k AP/|D|, so ", equals(sp.Symbol("E[M | k]"), expected),
        " = ", gamma, f" ({d.method})" + ("" if ok is True else "; the sizes where M is undefined at every "
                                         "output are left out (defined reading)") + "."),
                         d.certificate, case="0 < k < |D|", how=d.method)]
    singles = (("the empty output (k = 0)", _cells(0, 0, _AP, _AN)),
               ("the full output (k = |D|)", _cells(_AP, n, _AP, _AN)),
               ("test sets with AP = 0 (one output per size k)", _cells(0, _K, 0, _AN)),
               ("test sets with AN = 0 (one output per size k)", _cells(_K, _K, _AP, 0)),
               ("test sets with AP = 0, the empty output", _cells(0, 0, 0, _AN)),
               ("test sets with AN = 0, the empty output", _cells(0, 0, _AP, 0)))
    for label, cells in singles:
        ok, line = _single(measure, cells, gamma, strict, label, domain)
        lines.append(line)
        if ok is not True:
            return None, lines
    lines.append(compose("So E[M | k] = ", gamma, " for every test set and every output size k where M is defined; "
                         "every random model that draws the output size and then a uniformly random set of that "
                         "size has E[M] = ", gamma, "."))
    return True, lines
