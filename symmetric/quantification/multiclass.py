"""MON, IMP and ABS on every codeframe, decided on the per-class term where the lift from the
binary forms (which needs IND, Section 3.2) does not apply.

The statements (reconstructed like the binary ones, see :mod:`.properties`; the predictions
equal the true distribution outside two classes c1 and c2, so the error on c2 is minus the
error on c1, and in the binary codeframe each statement is its binary form):

* MON: p(c1) <= p^''(c1) < p^'(c1) or p^'(c1) < p^''(c1) <= p(c1)  implies  E(p^'', p) < E(p^', p);
* IMP: p^'(c1) = p(c1) + a, p^'(c2) = p(c2) - a, p^''(c1) = p(c1) - a, p^''(c2) = p(c2) + a, every
  prevalence involved in (0, 1)  implies  E(p^', p) = E(p^'', p);
* ABS: two true distributions p', p'' with c1 no more prevalent than c2 in both, the same error
  e != 0 on c1 (and -e on c2) in both predictions  implies  E(p^', p') = E(p^'', p'').

E = sum over the classes of t(p(c), p^(c), |C|), so each statement is a sum of per-class
statements, and a per-class proof for every |C| >= 2 covers every codeframe:

* MON: t(p, ., n) strictly decreasing towards p on each side (sign decisions of the derivative,
  t continuous in q); after Gibbs' shift t + lam (q - p) when the term alone is not (the shifts
  add up to 0 over the classes).  c1 and c2 both move strictly towards their true prevalence.
* IMP: t(p, p + a, n) = t(p, p - a, n) identically: the swap changes c1's term and c2's term by 0.
* ABS: t(p, p + d, n) is free of p: every class contributes the same in both codeframes.

Failures are not searched here (the binary form's counterexample refutes each of them); what
is not proved stays undetermined with the reason.  Only terms with E = R (no outer transform,
no smoothing) are decided here: the catalogue measures are decided by the lift.
"""

from __future__ import annotations

import sympy as sp

from ..evidence import say
from ..logic import Verdict
from ..evidence import PropertyResult
from .distributions import CODEFRAME_SIZES, n, p, q
from ..checks.piecewise import piece_free
from .domains import (ABOVE, BELOW, GENERAL, IMPARTIAL, SHOWN, a, continuous_in_q, nonnegative_on,
                      positive_on, resolve, zero_on)
from .identity import gibbs_term
from .measures import R, QuantMeasure
from .memo import result

HOLDS = Verdict.HOLDS
_t = sp.Function("t")
_d = sp.Symbol("d", real=True)              # the error on a class, p^(c) - p(c)


def decidable(measure: QuantMeasure) -> bool:
    """E = R on unsmoothed prevalences: the per-class arguments are about R."""
    return measure.outer == R and not measure.smoothed and not measure.uses_maximum


def _per_size(term: sp.Expr):
    return [term.subs(n, size) for size in CODEFRAME_SIZES]


def _strictly_towards(term: sp.Expr) -> bool:
    """t(p, ., n) strictly increasing above p and strictly decreasing below p: continuous in q with
    the derivative's signs decided, or one formula on each open side (derivative signs decided
    there) whose value at q = p, the limit from that side, is at least t(p, p): a jump up off the
    diagonal keeps t(p, p) below every value of the side (cases(q = p, 0, abs(q - p) + 1/10))."""
    slope = sp.diff(term, q)
    if continuous_in_q(term):
        return bool(positive_on(slope, ABOVE) and positive_on(-slope, BELOW))
    above, below, diagonal = resolve(term, ABOVE), resolve(term, BELOW), resolve(term.subs(q, p), GENERAL)
    if not all(piece_free(x) for x in (above, below, diagonal)):
        return False
    if not (positive_on(sp.diff(above, q), ABOVE) and positive_on(-sp.diff(below, q), BELOW)):
        return False
    limits = [side.subs(q, p) - diagonal for side in (above, below)]
    return all(not x.has(sp.nan, sp.zoo, sp.oo, -sp.oo) and nonnegative_on(x, GENERAL) for x in limits)


def _mon(measure: QuantMeasure) -> PropertyResult | None:
    lam, shifted = gibbs_term(measure)
    candidates = [(sp.S.Zero, measure.term)] + ([(lam, shifted)] if lam != 0 else [])
    for lam_used, term in candidates:
        if all(_strictly_towards(t) for t in _per_size(term)):
            proof = [] if lam_used == 0 else [say(
                "The predicted prevalences minus the true ones sum to 0, so E changes by the same amount "
                "when each term is replaced by {0} = {1} with {2}, the same for every class; below, t is "
                "that shifted term.",
                _t(p, q, n) + sp.Symbol("lambda") * (q - p), term, sp.Eq(sp.Symbol("lambda"), lam_used))]
            slope = sp.Derivative(_t(p, q, n), q)
            proof.append(say(
                "{0} is positive on {1} and negative on {2} for |C| = 2 and for |C| > 2 (sign decisions; "
                "the term is continuous in q, or one formula on each side whose limit at q = p is at least "
                "t(p, p, n)), so each class's term strictly decreases as its predicted "
                "prevalence moves towards the true one.  Under the premise c1 moves strictly towards "
                "p(c1) and c2, whose error is minus that of c1, strictly towards p(c2); the other classes "
                "are unchanged: E strictly decreases, on every codeframe.",
                slope, SHOWN[ABOVE], SHOWN[BELOW]))
            return result("MON", measure, HOLDS, proof)
    return None


def _imp(measure: QuantMeasure) -> PropertyResult | None:
    gaps = [t.subs(q, p + a) - t.subs(q, p - a) for t in _per_size(measure.term)]
    if all(zero_on(g, IMPARTIAL) for g in gaps):
        return result("IMP", measure, HOLDS, [say(
            "{0} identically on {1}, for |C| = 2 and for |C| > 2: over- and underestimating a class by "
            "the same amount give the same term.  The two predictions of the premise differ on c1 "
            "(p(c1) + a against p(c1) - a) and on c2 (p(c2) - a against p(c2) + a) only, so their "
            "sums are equal, on every codeframe.",
            sp.Eq(_t(p, p + a, n) - _t(p, p - a, n), 0, evaluate=False), SHOWN[IMPARTIAL])])
    return None


def _abs(measure: QuantMeasure) -> PropertyResult | None:
    shifted = sp.simplify(measure.term.subs(q, p + _d))
    if p in shifted.free_symbols or shifted.has(sp.nan, sp.zoo):
        return None
    return result("ABS", measure, HOLDS, [say(
        "{0}: a class's term depends on its error d = q - p (and |C|) only, not on its true prevalence.  "
        "Under the premise both predictions have the same error on every class (e on c1, -e on c2, 0 "
        "elsewhere), so their sums are equal, on every codeframe.",
        sp.Eq(_t(p, p + _d, n), shifted, evaluate=False))])


_DECIDERS = {"MON": _mon, "IMP": _imp, "ABS": _abs}


def decide(measure: QuantMeasure, name: str) -> PropertyResult | None:
    """A per-class proof of ``name`` (MON, IMP, ABS) on every codeframe, or None (not cached here:
    its callers run inside the cached check of every property)."""
    if name not in _DECIDERS or not decidable(measure):
        return None
    return _DECIDERS[name](measure)
