"""IND (independence): the order of two predictions that agree outside a subset C_n of the
classes is the order of their projections onto C_n.

The premise (Sebastiani, Property 8 and its use in Section 3.2 and Appendix A): both
predictions equal the true distribution on every class outside C_n.  Then the true and the
predicted prevalences on C_n have the same total k, and projecting onto C_n divides every
one of them by k *and* changes the number of classes from |C| to |C_n| (the term's ``n``).
R is a sum of per-class terms, so the terms outside C_n cancel from a comparison; a term with
t(p/k, q/k, |C_n|) = f(k, |C|, |C_n|) t(p, q, |C|), f > 0 independent of p and q, keeps the
order.  ``(q - p)^2/p + n |q - p|`` is homogeneous in (p, q) at fixed n, but its two parts
weigh differently once n changes, so it gets no proof.  The argument needs one formula per
side of the diagonal and a diagonal that scales by the same factor; otherwise no verdict is
given.
"""

from __future__ import annotations

import sympy as sp

from ..checks.piecewise import piece_free
from ..evidence import proved_step, say
from ..logic import Verdict
from ..evidence import PropertyResult
from .distributions import n, p, q
from .domains import ABOVE, BELOW, outer_increasing, resolve
from .measures import QuantMeasure
from . import ind_search, scaling
from .memo import per_measure, result

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED
_t = sp.Function("t")
_CN = sp.Symbol("C_n")     # the subset of classes the predictions are projected onto
_M = sp.Symbol("m", positive=True, integer=True)    # the number of classes of C_n; n is that of C
_P_TRUE, _P_ONE, _P_TWO = sp.symbols("p p' p''")     # the true and the two predicted distributions
_CLASS = sp.Symbol("c")


def _premise():
    """IND's premise and what projection does, as the first sentence of its proof."""
    return say("Premise: the predictions {0} and {1} equal the true distribution {2} on every class "
               "{3} outside {4}, so true and predicted prevalences on {4} have the same total k; "
               "projecting onto {4} divides each of them by k, and the number of classes goes from "
               "{5} (those of the codeframe) to {6} (those of {4}).", _P_ONE, _P_TWO, _P_TRUE, _CLASS, _CN, n, _M)


def _positive_factor(ratio: sp.Expr) -> bool:
    """Whether the scaling factor is certainly > 0 for every codeframe and projection: |C| >= 2
    and |C_n| >= 2 (onto one class both projected predictions are the true distribution, a
    tie before and after); the factor may depend on k, |C| and |C_n| (abs(q - p)/(n - 1))."""
    shift_n, shift_m = sp.Symbol("n0", nonnegative=True), sp.Symbol("m0", nonnegative=True)
    return bool(sp.simplify(ratio.subs({n: shift_n + 2, _M: shift_m + 2}, simultaneous=True)).is_positive)


@per_measure
def check_ind(measure: QuantMeasure) -> PropertyResult:
    k = sp.Symbol("k", positive=True)
    m = _M
    ratios, sides = set(), []
    for dom in (ABOVE, BELOW):
        # cases(...) branches settled on this side are resolved here; with one that is not
        # (q > 1/2) the term is no single formula to scale, and the ratio argument is not made
        t = resolve(measure.term, dom)
        if not piece_free(t):
            return result("IND", measure, UNDET, reason=(
                f"the term's branches are not settled on {dom.name} (the scaling argument needs one "
                "formula per side of the diagonal); no general argument"))
        if t == 0:      # a side where the term is 0 (max(q - p, 0) below the diagonal) scales by any factor
            continue
        scaled = t.subs({p: k * p, q: k * q, n: m}, simultaneous=True)
        sides.append((scaled, t))
        quotient = sp.expand_log(scaled, force=True) / t
        # cancel() first: it is cheap and settles the usual homogeneous terms; simplify() on the
        # small quotient in k alone then gives the same printed form at a fraction of the cost
        cancelled = sp.cancel(quotient)
        ratios.add(sp.simplify(cancelled if not cancelled.free_symbols & {p, q} else quotient))
    ratio = ratios.pop() if len(ratios) == 1 else None
    homogeneous = ratio is not None and not (ratio.free_symbols & {p, q}) and _positive_factor(ratio)
    if homogeneous:
        # classes predicted exactly contribute t(p, p): it must scale by the same factor (a
        # branch for q = p, as in cases(q = p, 1, ...), need not)
        diagonal = measure.term.subs(q, p)
        if sp.simplify(diagonal.subs({p: k * p, n: m}, simultaneous=True) - ratio * diagonal) != 0:
            return result("IND", measure, UNDET, reason=(
                f"t(kp,kq) = {ratio} t(p,q) off the diagonal, but t(p,p) = {diagonal} does not scale "
                "by the same factor; no general argument"))
    if homogeneous and outer_increasing(measure):
        diagonal = measure.term.subs(q, p)
        cert, rejected, logs = scaling.certificate(sides, (diagonal.subs({p: k * p, n: m}, simultaneous=True), diagonal),
                                                   ratio, n, m)
        if rejected is not None:
            return result("IND", measure, UNDET, reason=f"the scaling argument's certificate is rejected by the "
                          f"independent checker: {rejected}")
        named = "".join(f", {{{2 + j}}}" for j in range(len(logs)))
        return result("IND", measure, HOLDS, [
            _premise(),
            say("R is a sum of per-class terms: predictions that agree on the classes outside {0} "
                "contribute equal terms there, so their order is decided by the terms on {0}.", _CN),
            # the identities on each side and on the diagonal and the factor's sign, re-verified
            proved_step(say("Projecting onto {0} divides the prevalences by a common k and the number of classes "
                            "goes from n to m, and {1} with a positive factor (on each side of the diagonal and "
                            "on it" + (f"; the certificate reads the logarithms {named[2:]} as variables" if logs
                                       else "") + "), so the order on {0} is the order "
                            "of the projections; the outer transform is strictly increasing in R and does not "
                            "depend on the predictions (on unsmoothed prevalences; see the module note).",
                            _CN, sp.Eq(_t(k * p, k * q, m), ratio * _t(p, q, n), evaluate=False),
                            *(sp.Eq(sp.Symbol(v), log, evaluate=False) for v, log in logs.items())),
                        cert, case="every codeframe", how="identities and a sign")])
    if outer_increasing(measure):
        found = ind_search.find(measure)
        if found is not None:
            return result("IND", measure, FAILS, [_premise(), say(
                "Two predictions that satisfy the premise are ordered differently before and after "
                "projecting onto {0} (both orders computed exactly; see the counterexample).", _CN)],
                found, reason="the order changes under projection")
    return result("IND", measure, UNDET,
                  reason=f"t(kp, kq, |C_n|)/t(p, q, |C|) = {ratio} is not a positive factor free of p and q "
                         "(the term is not homogeneous, or weighs its parts differently once the number "
                         "of classes changes); no general argument and no counterexample on the grid")
