"""IND (independence): the order of two predictions that agree outside a subset C_n of the
classes is the order of their projections onto C_n.

R is a sum of per-class terms, so the terms outside C_n cancel from a comparison; projecting
onto C_n divides the prevalences by a common k, and a positively homogeneous term
(t(kp, kq) = f(k) t(p, q), f > 0) keeps the order.  The argument needs one formula per side of
the diagonal and a diagonal that scales by the same factor; otherwise no verdict is given.
"""

from __future__ import annotations

import sympy as sp

from ..checks.piecewise import piece_free
from ..evidence import say
from ..logic import Verdict
from ..evidence import PropertyResult
from .distributions import p, q
from .domains import ABOVE, BELOW, outer_increasing, resolve
from .measures import QuantMeasure
from .memo import per_measure, result

HOLDS, UNDET = Verdict.HOLDS, Verdict.UNDETERMINED
_t = sp.Function("t")
_CN = sp.Symbol("C_n")     # the subset of classes the predictions are projected onto


@per_measure
def check_ind(measure: QuantMeasure) -> PropertyResult:
    k = sp.Symbol("k", positive=True)
    ratios = set()
    for dom in (ABOVE, BELOW):
        # cases(...) branches settled on this side are resolved here; with one that is not
        # (q > 1/2) the term is no single formula to scale, and the ratio argument is not made
        t = resolve(measure.term, dom)
        if not piece_free(t):
            return result("IND", measure, UNDET, reason=(
                f"the term's branches are not settled on {dom.name} (the scaling argument needs one "
                "formula per side of the diagonal); no general argument"))
        quotient = sp.expand_log(t.subs({p: k * p, q: k * q}, simultaneous=True), force=True) / t
        # cancel() first: it is cheap and settles the usual homogeneous terms; simplify() on the
        # small quotient in k alone then gives the same printed form at a fraction of the cost
        cancelled = sp.cancel(quotient)
        ratios.add(sp.simplify(cancelled if not cancelled.free_symbols & {p, q} else quotient))
    ratio = ratios.pop() if len(ratios) == 1 else None
    homogeneous = ratio is not None and not (ratio.free_symbols & {p, q}) and ratio.is_positive
    if homogeneous:
        # classes predicted exactly contribute t(p, p): it must scale by the same factor (a
        # branch for q = p, as in cases(q = p, 1, ...), need not)
        diagonal = measure.term.subs(q, p)
        if sp.simplify(diagonal.subs(p, k * p) - ratio * diagonal) != 0:
            return result("IND", measure, UNDET, reason=(
                f"t(kp,kq) = {ratio} t(p,q) off the diagonal, but t(p,p) = {diagonal} does not scale "
                "by the same factor; no general argument"))
    if homogeneous and outer_increasing(measure):
        return result("IND", measure, HOLDS, [
            say("R is a sum of per-class terms: predictions that agree on the classes outside {0} "
                "contribute equal terms there, so their order is decided by the terms on {0}.", _CN),
            say("Projecting onto {0} divides the prevalences by a common k, and {1} with a positive "
                "factor, so the order on {0} is the order of the projections; the outer transform is "
                "strictly increasing in R and does not depend on the predictions (on unsmoothed "
                "prevalences; see the module note).",
                _CN, sp.Eq(_t(k * p, k * q), ratio * _t(p, q), evaluate=False))])
    return result("IND", measure, UNDET,
                  reason=f"term not positively homogeneous (t(kp,kq)/t(p,q) = {ratio}); no general argument")
