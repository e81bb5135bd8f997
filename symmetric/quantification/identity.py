"""IoI (identity of indiscernibles) and NN (non-negativity), for every codeframe.

IoI: E = 0 iff the prediction is perfect; NN: E >= 0.  Both are proved on the per-class term
(R is a sum of terms, so a term that is 0 on the diagonal and positive off it proves both for
every |C|), after Gibbs' shift t + lam (q - p) when one lam serves every class.  Refutations are
exact binary witnesses of E itself (never of a surrogate such as E(p, q) - E(p, p)).
"""

from __future__ import annotations

import itertools
import math

import sympy as sp

from ..checks.decide import exact_sign
from ..config import settings
from ..certificate import all_of
from ..evidence import Counterexample, QuantValue, proved_step, say
from .certified import certificate_of, for_every_size, off_diagonal
from ..logic import Verdict, fuzzy_and
from ..evidence import PropertyResult
from .distributions import CODEFRAME_SIZES, n, p, q
from .domains import (ABOVE, BELOW, GENERAL, SHOWN, nonnegative_on, outer_increasing,
                      positive_off_diagonal, resolve, zero_on)
from .measures import R, QuantMeasure
from .memo import per_measure, result
from .search import binary_e, denominators, grid

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED

_t, _lam = sp.Function("t"), sp.Symbol("lambda")


def gibbs_term(measure: QuantMeasure) -> tuple[sp.Expr, sp.Expr]:
    """term + lam (q - p), with lam making q = p stationary; sums over classes are unchanged
    because the q - p add up to 0.  That needs one lam for every class: a lam depending on p
    (or q) is a different weight per class, sum_c lam(p_c)(q_c - p_c) need not vanish, and the
    shift is not made (lam = 0 is returned)."""
    right_slope = sp.diff(resolve(measure.term, ABOVE), q).subs(q, p)
    left_slope = sp.diff(resolve(measure.term, BELOW), q).subs(q, p)
    lam = sp.simplify(-(right_slope + left_slope) / 2)
    if lam.free_symbols & {p, q} or lam.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return sp.S.Zero, measure.term
    return lam, measure.term + lam * (q - p)


def _nonnegative_everywhere(term) -> bool:
    """term(p, q) >= 0 on 0 < p, q < 1: on each side of the diagonal and on it."""
    return all(nonnegative_on(term, dom) is True for dom in (ABOVE, BELOW)) and \
        nonnegative_on(term.subs(q, p), GENERAL) is True


_BY_SIZE = say("A positive n is not enough for these sign decisions: they are made for |C| = 2 and for "
               "|C| = 2 + nu, nu > 0, the sizes of every codeframe.")


def _for_every_size(decide, term, proof: list) -> bool:
    """decide(term) for a positive n, or, when that fails and the term involves n, for |C| = 2 and
    for |C| = 2 + nu, nu > 0 (the codeframes there are; abs(q - p)/(n - 1) is positive only
    there), saying so in ``proof``."""
    if decide(term):
        return True
    if n in term.free_symbols and all(decide(term.subs(n, size)) for size in CODEFRAME_SIZES):
        proof.append(_BY_SIZE)
        return True
    return False


@per_measure
def check_ioi_nn(measure: QuantMeasure) -> tuple[PropertyResult, PropertyResult]:
    proof = []
    zero_at_p = zero_on(measure.term.subs(q, p), GENERAL)
    lam, shifted = gibbs_term(measure)
    if lam != 0:
        proof.append(say(
            "Since the predicted prevalences minus the true ones sum to 0 over the classes, R is "
            "unchanged when each term {0} is replaced by {1} with {2} (the same for every class).",
            _t(p, q), _t(p, q) + _lam * (q - p), sp.Eq(_lam, lam, evaluate=False)))
    sized: list = []
    positive = _for_every_size(positive_off_diagonal, shifted, sized)
    outer_ok = outer_increasing(measure)
    if fuzzy_and((zero_at_p, positive, outer_ok)):
        certificate = all_of([certificate_of(measure.term.subs(q, p), GENERAL, "="),
                              for_every_size(off_diagonal, shifted, bool(sized))])
        proof += sized + [proved_step(say("The term is 0 at {0} and {1} for {2} and for {3} (sign decisions on {4} and {5}), "
                      "so {6} iff every predicted prevalence equals the true one, and {7} otherwise, "
                      "for every codeframe.",
                      sp.Eq(q, p, evaluate=False), sp.StrictGreaterThan(shifted, 0, evaluate=False),
                      sp.StrictGreaterThan(q, p, evaluate=False), sp.StrictLessThan(q, p, evaluate=False),
                      SHOWN[ABOVE], SHOWN[BELOW], sp.Eq(R, 0, evaluate=False),
                      sp.StrictGreaterThan(R, 0, evaluate=False)), certificate, case="every class", how="sign decisions"),
                  say("The outer transform is 0 at {0} and strictly increasing in R.", sp.Eq(R, 0, evaluate=False))]
        return result("IoI", measure, HOLDS, proof), result("NN", measure, HOLDS, proof)
    ioi, nn = _ioi_nn_witnesses(measure)
    sized = []
    if nn is None and outer_ok and _for_every_size(_nonnegative_everywhere, shifted, sized):
        nn = result("NN", measure, HOLDS, proof + sized + [say(
            "{0} on {1} (sign decisions on each side of {2} and on it), so {3} for every codeframe; "
            "the outer transform is 0 at {4} and increasing.",
            sp.GreaterThan(shifted, 0, evaluate=False), SHOWN[GENERAL], sp.Eq(q, p, evaluate=False),
            sp.GreaterThan(R, 0, evaluate=False), sp.Eq(R, 0, evaluate=False))])
    why = "no symbolic proof of positivity off the diagonal and no counterexample found"
    return (ioi or result("IoI", measure, UNDET, reason=why),
            nn or result("NN", measure, UNDET, reason=why.replace("positivity off the diagonal", "non-negativity")))


def sign_relation(sign: int) -> str:
    """The relation of E to 0 that an exact sign certifies, as text."""
    return f"E {'<' if sign < 0 else ('=' if sign == 0 else '>')} 0 (certified exactly)"


def sign_witness(true_first, predicted_first, value, sign: int) -> Counterexample:
    """A binary point where E has a certified sign (an IoI or NN witness)."""
    p, q = sp.nsimplify(true_first), sp.nsimplify(predicted_first)
    return Counterexample(sign_relation(sign), point={"p(c1)": p, "p^(c1)": q},
                          values=(QuantValue("E", (p, 1 - p), (q, 1 - q), value),))


def _ioi_nn_witnesses(measure: QuantMeasure):
    """Exact binary witnesses judged on E itself (never on a surrogate such as E(p,q) - E(p,p)).
    IoI is "E = 0 iff the prediction is perfect", so it is refuted only by E(p, p) != 0 or by
    E(p, q) = 0 with q != p; a negative E off the diagonal refutes NN, not IoI.  E < 0 anywhere
    refutes NN."""
    e = binary_e(measure)
    limit = settings().quant_candidates
    ioi = nn = None
    for den in denominators():
        candidates = []
        for pv, qv in itertools.product(grid(den), grid(den)):
            value = e.approx((pv, qv))
            if math.isnan(value):
                continue
            # IoI suspects first: E near 0 off the diagonal, E away from 0 on it; then NN
            # suspects, most negative first
            if pv != qv and abs(value) <= 1e-12 or pv == qv and abs(value) > 1e-12:
                candidates.append((0, -abs(value) if pv == qv else 0.0, pv, qv))
            elif value < 0:
                candidates.append((1, value, pv, qv))
        candidates.sort(key=lambda c: c[:2])
        for *_, pv, qv in candidates[:limit]:
            exact = e.exact((pv, qv))
            sign = exact_sign(exact)
            if sign is None:
                continue
            cx = sign_witness(pv, qv, exact, sign)
            if ioi is None and (sign == 0 if pv != qv else sign != 0):
                ioi = result("IoI", measure, FAILS, counterexample=cx, reason=(
                    "E = 0 at a prediction different from the truth" if pv != qv
                    else "E is not 0 at a perfect prediction"))
            if nn is None and sign < 0:
                nn = result("NN", measure, FAILS, counterexample=cx, reason="E < 0")
            if ioi is not None and nn is not None:
                return ioi, nn
        if ioi is not None or nn is not None:
            break
    return ioi, nn
