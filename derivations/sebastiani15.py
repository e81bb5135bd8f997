"""Sebastiani, "An Axiomatically Derived Measure for the Evaluation of Classification
Algorithms", ICTIR 2015 (seed 001_7f31e57b900db6cf.txt).  Claim ids ``sebastiani15.*``.

Every printed derivative, limit, expected value and number is recomputed here and compared
with the printed one; the axioms are decided by :mod:`symmetric.properties.sebastiani`.
A test set is (AP, AN); a classifier (TP, TN) with FN = AP - TP, FP = AN - TN.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from symmetric.checks.cases import POSITIVE, definedness, is_undefined_constant
from symmetric.checks.decide import is_identically_zero
from symmetric.render.notation import to_latex
from symmetric.claims import Claim, Derivation
from symmetric.measures import registry
from symmetric.measures.classification import (absolute_error, contributions, cost_sensitive_recall,
                                               multiclass_k, multiclass_k_expr, ordinal_distance,
                                               standard_recall)
from symmetric.properties import sebastiani as axioms
from symmetric.properties.base import PropertyVerdict
from symmetric.properties.tables import exact_value
from symmetric.space import CELLS, FN, FP, TN, TP
from symmetric.transforms.limits import directional_limit, is_infinite

PAPER = "sebastiani15"
AP, AN = sp.symbols("AP AN", positive=True)
tp, fp, fn, tn = (POSITIVE[c] for c in CELLS)
TPr, TNr = axioms.TP_R, axioms.TN_R


def _m(name):
    return registry.get(name)


def _in_tp_tn(expr, ap=AP, an=AN):
    """A count-form expression as a function of TP, TN for the test set (ap, an).

    Pass 0 for an empty class *here*: substituting into the positive symbols AP, AN first would
    already have resolved a condition such as AP = 0 to False."""
    return sp.piecewise_fold(expr.xreplace({TP: TPr, TN: TNr, FP: an - TNr, FN: ap - TPr}))


def _generic(measure):
    """The last (general) branch of a piecewise count form, or the form itself."""
    f = measure.count_form
    return f.args[-1][0] if isinstance(f, sp.Piecewise) else f


def _axiom(d: Derivation, measure, check, expect: PropertyVerdict, label: str):
    """Run an axiom checker and record whether its verdict is the expected one."""
    r = check(measure)
    why = r.proof + ((f" [{r.reason}]",) if r.reason and r.proof else ()) if r.proof else r.reason
    d.fact(f"{label}: {measure.name} {r.property} {r.verdict.value}", r.verdict is expect, justification=why)
    return r


def _table_cx(d: Derivation, description, t, value_check):
    assignment = dict(zip(("TP", "FP", "FN", "TN"), t))
    d.counterexample(description, assignment, value_check)


# ------------------------------------------------------------------ F1

def f1_mon(d: Derivation) -> None:
    f1 = _m("F1").count_form
    at = f1.xreplace({TP: 0, FN: fn, FP: FP, TN: TN})
    d.equal("$F_1$ at $TP = 0$, $FN > 0$", sp.Integer(0), sp.piecewise_fold(at),
            printed_latex="F_1 = 0", justification="count form with TP = 0 and FN positive, any FP")
    a, b = (0, 0, 2, 2), (0, 2, 2, 0)       # all negatives right vs all negatives wrong
    va, vb = exact_value(_m("F1"), a, {}), exact_value(_m("F1"), b, {})
    d.fact("the paper's example: $TN = AN, FP = 0$ and $TN = 0, FP = AN$ score alike", va == vb,
           printed="F_1 = 0", derived=f"F_1 = {sp.latex(va)} \\text{{ and }} {sp.latex(vb)}",
           justification="exact values at (TP, FP, FN, TN) = (0, 0, 2, 2) and (0, 2, 2, 0)")
    _table_cx(d, "the classifier at (0, 2, 2, 0) is improved twice (FP -> TN) to (0, 0, 2, 2) and F1 stays 0",
              b, sp.Eq(va, vb))
    _axiom(d, _m("F1"), axioms.check_mon, PropertyVerdict.FAILS, "checker")
    d.conclude(True, "$F_1$ does not satisfy MON: with $TP = 0$ it ignores how the negatives are classified.")


def f1_con(d: Derivation) -> None:
    generic = _in_tp_tn(_generic(_m("F1")))
    den = AP + AN + TPr - TNr
    d.equal("eq. (2): $F_1$ in TP, TN", 2 * TPr / den, generic, justification="FP = AN - TN, FN = AP - TP")
    d.equal("eq. (3): $\\partial F_1/\\partial TP$", 2 * (AP + AN - TNr) / den**2, sp.diff(generic, TPr))
    d.equal("eq. (3): $\\partial F_1/\\partial TN$", 2 * (AP + AN + TPr) / den**2, sp.diff(generic, TNr),
            justification="the derivative of $-den$ in TN is +1, so only $2TP$ survives in the numerator")
    cells = 2 * TP + FP + FN
    d.equal("the denominator is $2TP + FP + FN$", den, _in_tp_tn(cells))
    d.own("$2TP + FP + FN = 0$ iff $TP = FP = FN = 0$, i.e. $TP = AP = 0$ and $TN = AN = |D|$",
          sp.Eq(cells, 0), "a sum of non-negative counts is 0 iff each is 0")
    lim = directional_limit(_generic(_m("F1")).xreplace({TP: 0, FN: 0}), {FP: 0, TN: 3}, {FP: 1, TN: -1})
    d.fact("$\\lim_{FP \\to 0} 2TP/(2TP+FP+FN)$ with $TP = FN = 0$", lim == 0,
           printed="0", derived=lim, justification="one-sided limit along FP = eps, TN = 3 - eps (exact)")
    stipulated = exact_value(_m("F1"), (0, 0, 0, 3), {})
    d.fact("the stipulated value differs from the limit", stipulated is not None and stipulated != lim,
           printed="F_1 = 1", derived=f"F_1(0,0,0,3) = {sp.latex(stipulated)} \\ne {sp.latex(lim)}")
    _axiom(d, _m("F1"), axioms.check_con, PropertyVerdict.FAILS, "checker")
    d.conclude(True, "$F_1$ is not continuous at $TP = FP = FN = 0$, so it does not satisfy CON.",
               corrected_statement="$\\partial F_1/\\partial TN = 2TP/(AP+AN+TP-TN)^2$ (not "
                                   "$2(AP+AN+TP)/(AP+AN+TP-TN)^2$); the rest holds.")


def f1_cha(d: Derivation) -> None:
    f1 = _m("F1")
    models = axioms.RANDOM_MODELS
    e1 = axioms.expected_value(f1, models["bernoulli"], 1, 0)
    d.number("$E[F_1]$, $AN = 0$, $|D| = 1$ (every classifier equally likely)", "0.500", e1)
    e100 = axioms.expected_value(f1, models["bernoulli"], 100, 0)
    d.number("$E[F_1]$, $AN = 0$, $|D| = 100$ (every classifier equally likely, footnote 2)", "0.612", e100,
             justification="exact sum over TP ~ Binomial(100, 1/2); the printed figure is compared with it")
    u1 = axioms.expected_value(f1, models["uniform-size"], 1, 0)
    u100 = axioms.expected_value(f1, models["uniform-size"], 100, 0)
    d.own(f"the same under the uniform-size model: $|D| = 1$: ${sp.latex(u1)}$; $|D| = 100$: "
          f"$\\approx {sp.Float(u100, 6)}$", sp.Float(u100, 10),
          "exact sum: k uniform on 0..100 predicted positives, all of them true positives")
    d.note("The printed 0.612 is not the expectation under the paper's own model (all classifiers "
           "equally likely, footnote 2), which is about 0.666; it is close to the uniform-size model "
           f"(number of predicted positives uniform), whose exact value is about {sp.Float(u100, 5)}.")
    for name in models:
        _axiom(d, f1, lambda m, n=name: axioms.check_cha(m, n), PropertyVerdict.FAILS, f"checker [{name}]")
    d.conclude(True, "$E[F_1]$ of the random classifier depends on the test set under both random models, "
                     "so $F_1$ does not satisfy CHA.",
               corrected_statement=f"With $AN = 0$ and $|D| = 100$, $E[F_1] \\approx {sp.Float(e100, 4)}$ when every "
                                   f"classifier is equally likely ($\\approx {sp.Float(u100, 4)}$ when the number of "
                                   f"predicted positives is uniform), not 0.612.")


def f1_imb(d: Derivation) -> None:
    f1 = _m("F1")
    acc = sp.piecewise_fold(f1.count_form.xreplace({TP: AP, FP: AN, FN: 0, TN: 0}))
    d.equal("$F_1(h^{acc})$", 2 * AP / (2 * AP + AN), acc)
    rej = sp.piecewise_fold(f1.count_form.xreplace({TP: 0, FP: 0, FN: AP, TN: AN}))
    d.equal("$F_1(h^{rej})$ when $AP > 0$ (footnote 6)", sp.Integer(0), rej)
    p = sp.Symbol("p", positive=True)
    by_prevalence = sp.simplify(acc.subs(AP, p * (AP + AN)).subs(AN, 1))   # only p matters
    for printed, prevalence in (("0.01", sp.Rational(1, 100)), ("0.75", sp.Rational(3, 5)),
                                ("0.666", sp.Rational(1, 2))):
        d.number(f"$F_1(h^{{acc}})$ at prevalence {prevalence}", printed,
                 sp.simplify(2 * prevalence / (1 + prevalence)),
                 justification="2AP/(2AP+AN) = 2p/(1+p) with p = AP/|D|, exact; compared by rounding")
    d.own("as a function of the prevalence $p$", 2 * p / (1 + p), f"checked: {sp.simplify(by_prevalence.subs(AN, 1))}")
    d.note("0.666 is 2/3 truncated (rounded it is 0.667); at prevalence 0.01 the acceptor scores 2/101, "
           "about 0.0198, i.e. 0.02 rather than 0.01.")
    _axiom(d, f1, axioms.check_imb, PropertyVerdict.FAILS, "checker")
    d.conclude(True, "The trivial acceptor's $F_1$ depends on the prevalence, so $F_1$ does not satisfy IMB.",
               corrected_statement="At prevalence 0.01 the acceptor scores $2/101 \\approx 0.02$; at 0.5 it "
                                   "scores $2/3 \\approx 0.667$.")


def f1_sym(d: Derivation) -> None:
    left = 2 * tp / (2 * tp + fp + fn)
    right = 2 * tn / (2 * tn + fn + fp)
    decision = is_identically_zero(left - right)
    d.fact("$2TP/(2TP+FP+FN) \\ne 2TN/(2TN+FN+FP)$", decision.value is False,
           printed=r"\frac{2TP}{2TP+FP+FN} \neq \frac{2TN}{2TN+FN+FP}",
           justification=f"{decision.method}: they differ at {dict(decision.witness or {})}")
    r = _axiom(d, _m("F1"), axioms.check_sym, PropertyVerdict.FAILS, "checker")
    t = tuple(r.counterexample["h"])
    u = tuple(r.counterexample["swapped"])
    _table_cx(d, f"F1 at {t} differs from F1 with the classes swapped, at {u}", t,
              sp.Ne(exact_value(_m("F1"), t, {}), exact_value(_m("F1"), u, {})))
    d.conclude(True, "$F_1$ changes when the roles of $c$ and $\\bar c$ are swapped: it does not satisfy SYM.")


# ------------------------------------------------------------------ other measures

def _independent(expr, var, other, total, subs):
    """Is ``expr`` (with ``subs``) independent of how ``total`` splits into var + other?"""
    e = sp.piecewise_fold(expr.xreplace(subs).xreplace({other: total - var}))
    if is_undefined_constant(e):
        return None
    return is_identically_zero(sp.diff(e, var)).value


def others_mon(d: Derivation) -> None:
    total = sp.Symbol("N", positive=True)
    for name in ("ASP", "DOR", "Lam%"):
        m = _m(name)
        holds = _independent(m.count_form, FP, TN, total, {TP: 0, FN: fn})
        d.fact(f"{name}: with $TP = 0$, $FN > 0$ the value does not depend on the split of $AN$ into FP and TN",
               holds, derived=sp.piecewise_fold(m.count_form.xreplace({TP: 0, FN: fn, FP: fp, TN: tn})),
               justification="the derivative in FP with TN = AN - FP is identically 0 (FP, TN > 0)")
    for name in ("DOR", "Lam%"):
        m = _m(name)
        holds = _independent(m.count_form, TP, FN, total, {TN: 0, FP: fp})
        d.fact(f"{name}: with $TN = 0$ the value does not depend on the split of $AP$ into TP and FN", holds,
               derived=sp.piecewise_fold(m.count_form.xreplace({TN: 0, FP: fp, TP: tp, FN: fn})))
    lam = _m("Lam%").count_form
    for zero, other, pair in ((FP, FN, TP), (FN, FP, TN)):
        e = lam.xreplace({zero: 0})
        holds = _independent(e, other, pair, total, {c: POSITIVE[c] for c in CELLS if c not in (zero, other, pair)})
        d.fact(f"LAM%: with ${zero.name} = 0$ the value does not depend on ${other.name}$", holds,
               derived=sp.piecewise_fold(e.xreplace({c: POSITIVE[c] for c in CELLS if c != zero})))
    d.note("LAM% is taken in its algebraic count form $\\sqrt{FN\\,FP}/(\\sqrt{FN\\,FP}+\\sqrt{TP\\,TN})$, the "
           "spam-track logit definition written without logarithms (see sebastiani15.table2); lower is better.")
    for name in ("ASP", "DOR", "Lam%"):
        _axiom(d, _m(name), axioms.check_mon, PropertyVerdict.FAILS, "checker")
    d.conclude(True, "ASP, DOR and LAM% all fail MON.")


def others_con(d: Derivation) -> None:
    asp = _in_tp_tn(_m("ASP").count_form)
    den = AP + AN + TPr - TNr
    d.equal("eq. (4): $\\partial ASP/\\partial TP$", TPr * (2 * AP + 2 * AN - 2 * TNr + TPr) / den**2,
            sp.diff(asp, TPr), justification="ASP = TP^2/(AP (TP + AN - TN)) differentiated")
    d.equal("eq. (4): $\\partial ASP/\\partial TN$", TPr**2 / den**2, sp.diff(asp, TNr))
    d.note("The printed derivatives (4) are those of $TP^2/(AP+AN+TP-TN)$, i.e. of ASP with $AP \\cdot PP$ "
           "replaced by $F_1$'s denominator.")
    dasp = sp.diff(asp, TPr)
    point = {TPr: 0, TNr: 2}
    lim = directional_limit(dasp.subs({AP: 2, AN: 2}), point, {TPr: 1})
    lim2 = directional_limit(dasp.subs({AP: 2, AN: 2}), point, {TNr: -1})
    d.own("with $AP = AN = 2$ the true $\\partial ASP/\\partial TP$ has different limits at $TP = 0, TN = AN$",
          sp.Tuple(lim, lim2), "along TP = eps and along TN = AN - eps (exact one-sided limits): ASP is not C^1 "
                              "there although it is continuous")
    lam = _in_tp_tn(_m("Lam%").count_form).subs({AP: 2, AN: 2})
    for var, pt, direction in ((TPr, {TPr: 0, TNr: 1}, {TPr: 1}), (TNr, {TPr: 1, TNr: 0}, {TNr: 1})):
        dl = directional_limit(sp.diff(lam, var), pt, direction)
        d.fact(f"$\\partial LAM\\%/\\partial {var.name}$ undefined (unbounded) at ${var.name} = 0$", is_infinite(dl),
               derived=dl, justification="AP = AN = 2, one-sided limit from inside the domain (exact)")
    mcc = _in_tp_tn(_m("MCC").count_form).subs({AP: 2, AN: 2})
    perfect = {TPr: 2, TNr: 2}
    derivs = [directional_limit(sp.diff(mcc, v), perfect, {TPr: -1, TNr: -1}) for v in (TPr, TNr)]
    finite = all(x is not None and not is_infinite(x) for x in derivs)
    d.fact("MCC (standard definition): derivatives undefined where $TP + TN = |D|$", not finite,
           printed="TP + TN = |D|", derived=f"\\partial_{{TP}} = {sp.latex(derivs[0])},\\ "
                                            f"\\partial_{{TN}} = {sp.latex(derivs[1])}",
           justification="AP = AN = 2 at the perfect classifier: both limits are finite; the printed claim "
                         "holds only for the printed (non-standard) MCC with (TP+TN)(FP+FN) in the denominator")
    pp0 = directional_limit(sp.diff(mcc, TPr), {TPr: 0, TNr: 2}, {TPr: 1})
    d.own("where the standard MCC's derivative really blows up: $PP = 0$ ($TP = 0, TN = AN$)", pp0,
          "AP = AN = 2, along TP = eps (exact limit)")
    for name in ("ASP", "MCC", "Lam%"):
        _axiom(d, _m(name), axioms.check_con, PropertyVerdict.FAILS, "checker")
    d.conclude(True, "ASP, MCC and LAM% are not $C^1$ on the whole domain.",
               corrected_statement="$\\partial ASP/\\partial TP = TP(TP+2AN-2TN)/(AP(TP+AN-TN)^2)$ and "
                                   "$\\partial ASP/\\partial TN = TP^2/(AP(TP+AN-TN)^2)$, undefined where $AP = 0$ or "
                                   "$PP = 0$; the standard MCC's derivatives are undefined where $PP = 0$ or $PN = 0$ "
                                   "(not at $TP + TN = |D|$).")


def others_sde(d: Derivation) -> None:
    for name, t, printed in (("ASP", (0, 1, 0, 1), "TP = AP = 0"), ("MCC", (0, 1, 0, 1), "AP = 0"),
                             ("MCC", (1, 0, 1, 0), "AN = 0")):
        v = exact_value(_m(name), t, {})
        d.fact(f"{name} is $0/0$ for ${printed}$", v is None, printed="0/0",
               derived="\\text{undefined}" if v is None else v,
               justification=f"exact evaluation at (TP, FP, FN, TN) = {t}")
    for name, zero in (("ASP", (TP, FN)), ("MCC", (TP, FN)), ("MCC", (FP, TN))):
        e = _m(name).count_form.xreplace({c: (0 if c in zero else POSITIVE[c]) for c in CELLS})
        d.fact(f"{name} undefined on every table with " + " = ".join(c.name for c in zero) + " = 0",
               is_undefined_constant(e), derived=e, justification="the other cells positive symbols")
    for name in ("ASP", "MCC"):
        _axiom(d, _m(name), axioms.check_sde, PropertyVerdict.FAILS, "checker")
    d.conclude(True, "ASP and MCC are undefined for some test sets and classifiers: they fail SDE.")


def _lam_logit():
    """The spam-track definition: logit^-1((logit(FN/AP) + logit(FP/AN))/2), logit(x) = log(x/(1-x))."""
    def logit(x):
        return sp.log(x / (1 - x))
    x = (logit(FN / (TP + FN)) + logit(FP / (FP + TN))) / 2
    return sp.exp(x) / (1 + sp.exp(x))


def others_wde(d: Derivation) -> None:
    dor = _m("DOR").count_form
    ok, why = definedness(dor.xreplace({c: POSITIVE[c] for c in CELLS}), axioms.EVERYWHERE)
    d.fact("DOR defined when $FP > 0$ and $FN > 0$ (and $TP, TN > 0$)", ok, justification=why)
    for zero in (FP, FN):
        e = dor.xreplace({c: (0 if c == zero else POSITIVE[c]) for c in CELLS})
        d.fact(f"DOR undefined when ${zero.name} = 0$", is_undefined_constant(e), derived=e)
    for zero in (TP, TN):
        e = dor.xreplace({c: (0 if c == zero else POSITIVE[c]) for c in CELLS})
        ok, why = definedness(e, axioms.EVERYWHERE)
        d.own(f"DOR with ${zero.name} = 0$ (FP, FN > 0) is defined", e, why)
    logit = _lam_logit()
    ok, why = definedness(logit.xreplace({c: POSITIVE[c] for c in CELLS}), axioms.EVERYWHERE)
    d.fact("LAM% (logit form) defined when all four cells are positive", ok, justification=why)
    for zero in (TP, TN):
        e = logit.xreplace({c: (0 if c == zero else POSITIVE[c]) for c in CELLS})
        d.fact(f"LAM% (logit form) undefined when ${zero.name} = 0$", is_undefined_constant(e),
               derived=e, justification="log of x/0")
        alg = _m("Lam%").count_form.xreplace({c: (0 if c == zero else POSITIVE[c]) for c in CELLS})
        d.own(f"the algebraic form of LAM% at ${zero.name} = 0$ is defined (its continuous extension)", alg)
    d.note("The printed proof says LAM% is undefined when TP = 0 or TN = 0: true of the spam-track logit "
           "definition (log of 1/0), not of its algebraic form, which is undefined only when "
           "$FN\\,FP = 0$ and $TP\\,TN = 0$; WDE fails for both forms.")
    for name in ("DOR", "Lam%"):
        _axiom(d, _m(name), axioms.check_wde, PropertyVerdict.FAILS, "checker")
    d.conclude(True, "DOR and LAM% are defined for some classifiers and undefined for others on the same "
                     "test set: they fail WDE.")


def others_imb(d: Derivation) -> None:
    for name in ("Acc", "ASP"):
        v = sp.piecewise_fold(_m(name).count_form.xreplace({TP: AP, FP: AN, FN: 0, TN: 0}))
        d.equal(f"{name}$(h^{{acc}})$", AP / (AP + AN), v, printed_latex="\\frac{AP}{|D|}")
        _axiom(d, _m(name), axioms.check_imb, PropertyVerdict.FAILS, "checker")
    d.conclude(True, "For the trivial acceptor both Accuracy and ASP equal the prevalence $AP/|D|$: IMB fails.")


def table2(d: Derivation) -> None:
    pos = {c: POSITIVE[c] for c in CELLS}
    n = TP + FP + FN + TN
    printed = {
        "Acc": (TP + TN) / n,
        "DOR": TP * TN / (FN * FP),
        "ASP": TP**2 / ((TP + FN) * (TP + FP)),
        "F1": 2 * TP / (2 * TP + FP + FN),
    }
    for name, form in printed.items():
        d.equal(f"{name}", form.xreplace(pos), _generic(_m(name)).xreplace(pos),
                justification="against the catalogue definition, all cells positive")
    r = sp.log(FP * FN / (TP * TN))
    lam_printed = 1 / sp.log((r / 2) / (1 - r / 2))
    d.note("LAM%: the printed Table 2 formula is garbled in the extracted text. Reconstruction from the TREC "
           "spam track definition (Cormack and Lynam 2005): $\\mathrm{lam\\%} = \\mathrm{logit}^{-1}((\\mathrm{logit}"
           "(FPR) + \\mathrm{logit}(FNR))/2)$, i.e. $e^x/(1+e^x)$ with $x = \\frac12\\log\\frac{FP\\,FN}{TP\\,TN}$, "
           "which equals $\\sqrt{FP\\,FN}/(\\sqrt{FP\\,FN}+\\sqrt{TP\\,TN})$.")
    d.equal("LAM% spam-track (logit) definition = catalogue algebraic form", _lam_logit().xreplace(pos),
            _m("Lam%").count_form.xreplace(pos), justification="all cells positive")
    # the extracted text reads as lam_printed, which is not a formula for lam% at all: that is
    # damage done by the text extraction, not an error of the paper, so it is recorded as a
    # note and not as a wrong printed step
    d.note(f"LAM% as extracted reads ${to_latex(lam_printed)}$, which is not a function of the form of "
           "lam%; it is treated as extraction damage (not counted as a printed error) and the "
           "reconstruction above is used.")
    mcc_printed = (TP * TN - FP * FN) / sp.sqrt((TP + FN) * (FP + TN) * (TP + TN) * (FP + FN))
    d.equal("MCC as printed: $(AP\\,AN\\,(TP+TN)(FP+FN))^{1/2}$ in the denominator", mcc_printed.xreplace(pos),
            _m("MCC").count_form.xreplace(pos), justification="against Matthews' definition with PP PN")
    d.conclude(True, "Acc, DOR, ASP and $F_1$ are printed correctly; LAM% is garbled in the text and MCC is "
                     "printed with $(TP+TN)(FP+FN)$ where Matthews' coefficient has $PP \\cdot PN$.",
               corrected_statement="$MCC = (TP\\,TN - FP\\,FN)/\\sqrt{AP\\,AN\\,PP\\,PN}$; $LAM\\% = \\sqrt{FP\\,FN}"
                                   "/(\\sqrt{FP\\,FN} + \\sqrt{TP\\,TN})$.")


# ------------------------------------------------------------------ K

def k_axioms(d: Derivation) -> None:
    k = _m("K")
    branches = {"AP, AN > 0": (AP, AN), "AP = 0": (0, AN), "AN = 0": (AP, 0)}
    forms = {lbl: _in_tp_tn(k.count_form, a, b) for lbl, (a, b) in branches.items()}
    d.equal("eq. (6)", (TPr * AN + TNr * AP) / (AP * AN) - 1, forms["AP, AN > 0"])
    d.equal("$\\partial K/\\partial TP$ ($AP, AN > 0$)", 1 / AP, sp.diff(forms["AP, AN > 0"], TPr))
    d.equal("$\\partial K/\\partial TN$ ($AP, AN > 0$)", 1 / AN, sp.diff(forms["AP, AN > 0"], TNr))
    d.equal("$\\partial K/\\partial TN$ ($AP = 0$)", 2 / AN, sp.diff(forms["AP = 0"], TNr))
    d.equal("$\\partial K/\\partial TP$ ($AN = 0$)", 2 / AP, sp.diff(forms["AN = 0"], TPr))
    for label, table, printed in (("perfect", axioms.perfect, 1), ("pervert", axioms.pervert, -1)):
        for where, (a, b) in branches.items():
            v = sp.piecewise_fold(k.count_form.xreplace(dict(zip(CELLS, table(a, b)))))
            d.equal(f"$K$ of the {label} classifier ({where})", sp.Integer(printed), v)
    for label, t in (("acceptor", (AP, AN, 0, 0)), ("rejector", (0, 0, AP, AN))):
        v = sp.piecewise_fold(k.count_form.xreplace(dict(zip(CELLS, t))))
        d.equal(f"$K$ of the trivial {label} ($AP, AN > 0$)", sp.Integer(0), v)
    for name, model in axioms.RANDOM_MODELS.items():
        values = {(a, b): axioms.expected_value(k, model, a, b) for a, b in ((0, 3), (1, 4), (3, 2), (5, 0))}
        d.fact(f"$E[K(h^{{rand}})] = 0$ exactly on four test sets ({name})", all(v == 0 for v in values.values()),
               printed="0", derived=", ".join(f"{v}" for v in values.values()), justification=model.description)
    for prop, check in axioms.CHECKERS:
        _axiom(d, k, check, PropertyVerdict.HOLDS, "checker")
    d.conclude(True, "K satisfies all eight axioms (CHA under both random models).")


def k_multiclass(d: Derivation) -> None:
    k2, (t1, t2), (a1, a2) = multiclass_k_expr(2)
    k5 = _m("K").count_form
    for where, (ap, an) in {"AP, AN > 0": (AP, AN), "AP = 0": (0, AN), "AN = 0": (AP, 0)}.items():
        e10 = sp.piecewise_fold(k2.xreplace({t1: TPr, t2: TNr, a1: ap, a2: an}))
        e5 = _in_tp_tn(k5, ap, an)
        d.equal(f"eq. (10) with $|C| = 2$ equals eq. (5) ({where})", e5, e10)
    c, m, apj = sp.symbols("C m AP_j", positive=True)
    kgen = c / (c - 1) * sp.Symbol("R") / m - 1 / (c - 1)
    dk = sp.diff(kgen.subs(sp.Symbol("R"), TPr / apj), TPr)
    d.own("MON and CON: $\\partial K/\\partial TP_j = |C|/((|C|-1)\\, m\\, AP_j) > 0$, constant", dk,
          "K is linear in each TP_j (m = number of classes with AP_j > 0, |C| >= 2)")
    d.equal("CHA: labels uniform over $C$ give $E[\\rho_j] = 1/|C|$, so $E[K] = 0$", sp.Integer(0),
            (c / (c - 1) * (m / c) / m - 1 / (c - 1)).subs(c, c + 1), justification="|C| = c + 1 >= 2")
    d.equal("IMB: everything into one class, all classes present: $K = 0$", sp.Integer(0),
            (c / (c - 1) * 1 / c - 1 / (c - 1)).subs(c, c + 1))
    d.equal("FIX: perfect classifier: $K = 1$", sp.Integer(1), (c / (c - 1) * m / m - 1 / (c - 1)).subs(c, c + 1))
    d.own("FIX: every item wrong: $K = -1/(|C|-1)$ (the range is $[-1/(|C|-1), 1]$, fixed once $C$ is)",
          -1 / (c - 1))
    # exact finite checks for |C| = 3, every labelling of every test set with |D| <= 4
    ok_cha, ok_sym, ok_mon = True, True, True
    for size in range(1, 5):
        for truth in itertools.product(range(3), repeat=size):
            exp = Fraction(0)
            for pred in itertools.product(range(3), repeat=size):
                conf = [[0] * 3 for _ in range(3)]
                for t, p in zip(truth, pred):
                    conf[t][p] += 1
                kv = multiclass_k(conf)
                exp += kv / 3**size
                perm = [[conf[(i + 1) % 3][(j + 1) % 3] for j in range(3)] for i in range(3)]
                ok_sym &= multiclass_k(perm) == kv
                for idx, (t, p) in enumerate(zip(truth, pred)):
                    if t != p:
                        fixed = [row[:] for row in conf]
                        fixed[t][p] -= 1
                        fixed[t][t] += 1
                        ok_mon &= multiclass_k(fixed) > kv
            ok_cha &= exp == 0
    d.fact("$|C| = 3$, every test set with $|D| \\le 4$, every classifier: MON, CHA ($E[K] = 0$) and "
           "invariance under relabelling the classes", ok_cha and ok_sym and ok_mon,
           justification="exact rational enumeration of all labellings (evidence for |C| = 3; the general "
                         "argument is the symbolic steps above)")
    absent = multiclass_k([[2, 0, 0], [2, 0, 0], [0, 0, 0]])
    d.own("IMB needs every class present: with class 3 absent the all-into-class-1 classifier scores", absent,
          "exact; the binary IMB likewise assumes AP > 0 and AN > 0")
    for prop, check in axioms.CHECKERS:
        _axiom(d, _m("K-SLC"), check, PropertyVerdict.HOLDS, "checker, |C| = 2")
    d.conclude(True, "Eq. (10) reduces to eq. (5) for two classes and keeps the axioms in their multi-class "
                     "form (IMB for test sets where every class is present; range $[-1/(|C|-1), 1]$).")


def k_cost_sensitive(d: Derivation) -> None:
    error = absolute_error(ordinal_distance([1, 1, 1, 1]))
    items = [(2, 2), (2, 1), (2, 0), (3, 2)]      # (true, predicted), 0-based: c3 -> c3, c2, c1; c4 -> c3
    got = contributions(items, 5, error)
    for label, printed, value in zip(("d_1", "d_2", "d_3", "d_4"), ("1", "1/2", "0", "2/3"), got):
        d.equal(f"contribution of ${label}$", sp.Rational(printed), sp.Rational(value.numerator, value.denominator))
    unit = lambda p, t: Fraction(0 if p == t else 1)   # noqa: E731 - unit costs
    agree = True
    for size in range(1, 5):
        for truth in itertools.product(range(3), repeat=size):
            for pred in itertools.product(range(3), repeat=size):
                its = list(zip(truth, pred))
                for j in range(3):
                    agree &= cost_sensitive_recall(its, j, 3, unit) == standard_recall(its, j)
    d.fact("with unit costs eq. (11) equals eq. (9) (every test set with $|D| \\le 4$, $|C| = 3$)", agree,
           justification="exact enumeration; in general max(E_j) = 1 and 1 - E(d) is 1 exactly when d is correct, "
                         "so the sum counts TP_j")
    d.conclude(True, "The contributions of Example 6.1 are as printed, and with unit costs eq. (11) is recall.")


CLAIMS = (
    Claim("sebastiani15.f1.mon", PAPER, "Property 4.1",
          "F1 does not satisfy MON: with TP = 0 and FN > 0, F1 = 0 whatever FP is.", f1_mon),
    Claim("sebastiani15.f1.con", PAPER, "Property 4.2, eq. (3)",
          "F1 does not satisfy CON: F1 := 1 at TP = FN = FP = 0 but lim_{FP->0} 2TP/(2TP+FP+FN) = 0 when TP = FN = 0; "
          "with F1 = 2TP/(AP+AN+TP-TN), dF1/dTP = 2(AP+AN-TN)/(AP+AN+TP-TN)^2 and dF1/dTN = "
          "2(AP+AN+TP)/(AP+AN+TP-TN)^2, both undefined when AP+AN+TP-TN = 0, i.e. TP = AP = 0 and TN = AN = |D|.",
          f1_con),
    Claim("sebastiani15.f1.cha", PAPER, "Property 4.3",
          "F1 does not satisfy CHA: with AN = 0, E[F1 of the random classifier] = 0.500 if |D| = 1 and about "
          "0.612 if |D| = 100.", f1_cha),
    Claim("sebastiani15.f1.imb", PAPER, "Property 4.4 and the discussion after it, footnote 6",
          "F1 does not satisfy IMB: F1(trivial acceptor) = 2AP/(2AP+AN), not constant; F1(trivial rejector) = 0 "
          "whenever AP > 0; the acceptor scores about 0.01 when the prevalence is 0.01, 0.75 when it is 0.60, and "
          "about 0.666 when it is 0.5.", f1_imb),
    Claim("sebastiani15.f1.sym", PAPER, "Property 4.5",
          "F1 does not satisfy SYM: 2TP/(2TP+FP+FN) != 2TN/(2TN+FN+FP).", f1_sym),
    Claim("sebastiani15.others.mon", PAPER, "Property 4.6",
          "ASP, DOR and LAM% do not satisfy MON (with TP = 0 and FN > 0 their value does not depend on how the "
          "negatives split into FP and TN; for DOR and LAM% also with TN = 0; LAM% ignores one of FP, FN when the "
          "other is 0).", others_mon),
    Claim("sebastiani15.others.con", PAPER, "Property 4.7, eq. (4)",
          "ASP, MCC and LAM% do not satisfy CON: dASP/dTP = TP(2AP+2AN-2TN+TP)/(AP+AN+TP-TN)^2 and dASP/dTN = "
          "TP^2/(AP+AN+TP-TN)^2, undefined when TP = AP = 0 and TN = AN = |D|; the LAM% derivatives are undefined "
          "for TP = 0 and for TN = 0; the MCC derivatives are undefined for TP + TN = |D|.", others_con),
    Claim("sebastiani15.others.sde", PAPER, "Property 4.8",
          "ASP and MCC do not satisfy SDE: ASP = 0/0 for TP = AP = 0; MCC = 0/0 for AP = 0 or AN = 0.", others_sde),
    Claim("sebastiani15.others.wde", PAPER, "Property 4.9",
          "DOR and LAM% do not satisfy WDE: with AP > 0 and AN > 0, DOR is defined when FP > 0 and FN > 0 but not "
          "when FP = 0 or FN = 0; LAM% is defined for most cases with TP > 0 and TN > 0 and undefined when TP = 0 "
          "or TN = 0.", others_wde),
    Claim("sebastiani15.others.imb", PAPER, "Property 4.10",
          "Accuracy and ASP do not satisfy IMB: for the trivial acceptor both equal AP/|D|.", others_imb),
    Claim("sebastiani15.table2", PAPER, "Table 2",
          "The printed formulas of Acc, DOR, LAM%, ASP, MCC and F1 in terms of the contingency table (MCC printed "
          "as (TP.TN - FP.FN)/(AP.AN.(TP+TN).(FP+FN))^(1/2)).", table2),
    Claim("sebastiani15.k.axioms", PAPER, "Section 5, eq. (5)-(6), Properties 5.1-5.8",
          "K (= recall + specificity - 1 when AP > 0 and AN > 0; 2 specificity - 1 when AP = 0; 2 recall - 1 when "
          "AN = 0) satisfies MON, CON (dK/dTP = 1/AP, dK/dTN = 1/AN, or 2/AP, 2/AN in the edge cases), SDE, WDE, "
          "FIX (range [-1, 1]; perfect 1, pervert -1), CHA (E[K(random)] = 0), IMB (acceptor and rejector both 0) "
          "and SYM; eq. (6): K = (TP.AN + TN.AP)/(AP.AN) - 1.", k_axioms),
    Claim("sebastiani15.k.multiclass", PAPER, "Section 6.1, eq. (10)",
          "The single-label multi-class K of eq. (10), a rescaled macro-averaged recall over classes with AP_j > 0, "
          "reduces to eq. (5) when |C| = 2, and keeps all eight axioms.", k_multiclass),
    Claim("sebastiani15.k.cost_sensitive", PAPER, "Section 6.2, eq. (11), Example 6.1",
          "With absolute error over 5 equally spaced classes, the contributions to recall in Example 6.1 are 1, "
          "1/2 and 0 for d1, d2, d3 (true class c3) and 2/3 for d4 (true class c4); with unit costs eq. (11) "
          "reduces to eq. (9).", k_cost_sensitive),
)
