"""IMB and SYM: the two axioms about the classes themselves.

* IMB  M(trivial acceptor) and M(trivial rejector) are constants over test sets with AP, AN > 0.
       Readings (axis ``definedness``): ``defined`` (headline) compares the scores where they
       are defined (a trivial classifier with no score anywhere is left to SDE and WDE);
       ``strict`` fails when a trivial classifier has no score on some test set.
* SYM  M(TP, FP, FN, TN) = M(TN, FN, FP, TP) (swapping the roles of c and its complement).
"""

from __future__ import annotations

import itertools

import sympy as sp

from ...checks.cases import definedness as _defined, is_undefined_constant, obligations, restrict, zero_patterns
from ...checks import certify
from ...checks.decide import is_identically_zero
from ...evidence import CaseStep, say
from ...logic import fuzzy_and
from ...measures.base import Measure
from ...space import CELLS, FN, FP, TN, TP
from ...evidence import PropertyResult
from ..edges import edge_tables
from ..tables import fast_value, param_grid
from .cases import prove_on_cases, zero_test
from .common import (FAILS, HOLDS, UNDET, M, equals, at_params, compose, counterexample, differ, exact, param_domain,
                     result, search_n, table, sizes_pieces)
from .testsets import AN_S, AP_S, acceptor, classifiers, rejector, swap_classes, test_sets

_POSITIVE_SIZES = (sp.Gt(AP_S, 0, evaluate=False), sp.Gt(AN_S, 0, evaluate=False))


# ------------------------------------------------------------------ IMB

def _search_imb(measure: Measure, label: str, of, strict: bool) -> PropertyResult | None:
    for params in param_grid(measure):
        values = {}
        for ap, an in test_sets(search_n()):
            if ap and an:
                values[(ap, an)] = exact(measure, of(ap, an), params)
        undefined = [k for k, v in values.items() if v is None]
        if not strict:
            values = {k: v for k, v in values.items() if v is not None}
        elif undefined:
            ap, an = undefined[0]
            return result(measure, "IMB", FAILS, (compose(
                f"The trivial {label} ", table(of(ap, an)), *at_params(params), " has no score (the measure is "
                "undefined there), so it cannot score a constant (exact)."),),
                counterexample("M undefined", params, {label: of(ap, an)}, {label: None}))
        keys = list(values)
        for k in keys[1:]:
            if differ(values[k], values[keys[0]]):
                return result(measure, "IMB", FAILS, (compose(
                    f"The trivial {label} scores ", values[keys[0]], " on ", *sizes_pieces(*keys[0]), " and ",
                    values[k], " on ", *sizes_pieces(*k), *at_params(params), " (exact)."),),
                    counterexample("scores differ", params, {f"{label} 1": of(*keys[0]), f"{label} 2": of(*k)},
                                   {f"{label} 1": values[keys[0]], f"{label} 2": values[k]}))
    return None


def check_imb(measure: Measure, definedness: str = "defined") -> PropertyResult:
    strict = definedness == "strict"
    f = measure.count_form
    domain = param_domain(measure)
    proof, scoreless = [], []
    # both searches before either proof: an unproved acceptor must not hide a rejector's counterexample
    for label, of in (("acceptor", acceptor), ("rejector", rejector)):
        found = _search_imb(measure, label, of, strict)
        if found is not None:
            return found
    for label, of in (("acceptor", acceptor), ("rejector", rejector)):
        undetermined = f"constant for AP, AN >= 1, |D| <= {search_n()}; no proof"
        at = dict(zip(CELLS, map(sp.sympify, of(AP_S, AN_S))))
        ok, why = _defined(f, domain, at)
        if ok is not True and not strict:
            general = f.xreplace(at)
            if (is_undefined_constant(general) and not general.has(sp.Piecewise)
                    and all(exact(measure, of(1, 1), p) is None for p in param_grid(measure))):
                proof.append(compose(f"Trivial {label}: undefined on every test set with ", _POSITIVE_SIZES[0], ", ",
                                     _POSITIVE_SIZES[1], " (0/0 or x/0, re-checked exactly at ", table(of(1, 1)),
                                     "): no score to compare (defined reading; SDE and WDE judge it)."))
                scoreless.append(label)
                continue
        if ok is not True:
            return result(measure, "IMB", UNDET, proof + [compose(
                f"the trivial {label} is not shown defined on every test set with ", _POSITIVE_SIZES[0], ", ",
                _POSITIVE_SIZES[1], " (", why, ")")], reason=undetermined)
        general = sp.piecewise_fold(f.subs(at, simultaneous=True))
        ref = sp.simplify(general.subs({AP_S: 1, AN_S: 1}))
        d = is_identically_zero(general - ref, domain) if not is_undefined_constant(general) \
            and not general.has(sp.Piecewise) else None
        if d is None or d.value is not True:
            return result(measure, "IMB", UNDET, proof + [compose(
                f"the {label}'s score ", general, " is not shown constant")], reason=undetermined)
        shown = compose(f"Trivial {label}: ", equals(M, general), " = ", ref, " for all ", _POSITIVE_SIZES[0], ", ",
                        _POSITIVE_SIZES[1], f" ({d.method}).")
        # a case step: the identity M(trivial) - ref = 0 travels with its certificate
        proof.append(CaseStep(shown.template, shown.args, case=f"trivial {label}", result=compose(equals(M, ref)),
                              how=d.method, certificate=d.certificate))
    if scoreless:
        # not a vacuous "holds": Sebastiani (Section 4) on DOR and LAM%, "we cannot even say whether
        # they satisfy IMB or not, since for h_acc and h_rej they are not even defined"
        return result(measure, "IMB", UNDET, proof, reason=f"the trivial {' and '.join(scoreless)} "
                      f"{'have' if len(scoreless) > 1 else 'has'} no score on any test set: IMB cannot be judged (Sebastiani, Section 4, on DOR and LAM%)")
    return result(measure, "IMB", HOLDS, proof)


# ------------------------------------------------------------------ SYM

_M = sp.Function("M")
_SIDES = (_M(TP, FP, FN, TN), _M(TN, FN, FP, TP))       # M and M with the classes swapped, in sentences


def _search_sym(measure: Measure) -> PropertyResult | None:
    for params in param_grid(measure):
        small = (t for ap, an in test_sets(search_n()) for t in classifiers(ap, an))
        # and the tables on and around every branch edge (their swaps are compared with them)
        for t in itertools.chain(small, edge_tables(measure, params)):
            u = swap_classes(t)
            a, b = fast_value(measure, t, params), fast_value(measure, u, params)
            if a is not None and b is not None and abs(a - b) <= 1e-9:
                continue
            ea, eb = exact(measure, t, params), exact(measure, u, params)
            if (ea is None) != (eb is None) or (ea is not None and differ(ea, eb)):
                return result(measure, "SYM", FAILS, (compose(
                    "M at ", table(t), " is ", ea, " but with the classes swapped, at ", table(u), ", it is ",
                    eb, *at_params(params), " (exact)."),),
                    counterexample("M(h) != M(swapped h)", params, {"h": t, "swapped": u},
                                   {"h": ea, "swapped": eb}))
    return None


def _sides_identity(f: sp.Expr, swapped: sp.Expr, domain):
    """M - M(swapped) = 0 as an identity of the two sides as written (N1/D1 - N2/D2, the kernel
    multiplies out N1 D2 - N2 D1), not of their difference, which sympy may already have
    cancelled to the number 0; None when a side is not a quotient of polynomials."""
    gens = sorted(f.free_symbols | swapped.free_symbols, key=str)
    cert = certify.sides_identity(f, swapped, gens, domain, "exact arithmetic")
    return cert if cert.checkable else None


def check_sym(measure: Measure) -> PropertyResult:
    found = _search_sym(measure)
    if found is not None:
        return found
    f = measure.count_form
    swapped = f.subs(dict(zip(CELLS, (TN, FN, FP, TP))), simultaneous=True)
    diff = f - swapped
    domain = param_domain(measure)
    # The shortcut "diff is identically 0" needs both sides defined everywhere (a polynomial):
    # (TP^2 - 100)/(TP - 10) - TP is 10 as a rational function but undefined at TP = 10.
    listed = obligations(diff)
    direct = (is_identically_zero(diff, domain)
              if listed == () and not diff.has(sp.Piecewise) else None)
    if direct is not None and direct.value is True:
        certificate = _sides_identity(f, swapped, domain) or direct.certificate
        why = certify.rejected(certificate, domain)
        if why is not None:
            return result(measure, "SYM", UNDET, (), reason=f"the independent checker rejected the identity: {why}")
        shown = compose(_SIDES[0], " - ", _SIDES[1], f" = 0 identically ({direct.method}).")
        # one case, everywhere: a case step so that the identity's certificate travels with it
        return result(measure, "SYM", HOLDS, (CaseStep(shown.template, shown.args, result=compose(
            _SIDES[0], " = ", _SIDES[1]), how=direct.method, certificate=certificate),))

    def test(case):
        sides = (_defined(f, domain, case.substitution)[0],
                 _defined(swapped, domain, case.substitution)[0])
        if sides == (False, False):     # undefined on both sides alike: nothing to compare
            return True, "undefined on both sides"
        if fuzzy_and(sides) is not True:
            return None, "not shown defined on both sides, or undefined on both"
        return zero_test(domain)(restrict(diff, case))
    ok, lines = prove_on_cases(lambda c: c, zero_patterns(CELLS), test, (_SIDES[0], " = ", _SIDES[1]))
    if ok:
        return result(measure, "SYM", HOLDS, [say("Swapping the classes maps (TP, FP, FN, TN) to (TN, FN, FP, TP):")]
                      + lines)
    return result(measure, "SYM", UNDET, lines, reason=f"no counterexample for |D| <= {search_n()}; no proof")
