"""Sebastiani (2015), the other measures (Acc, DOR, ASP, MCC, LAM%) against MON, CON, SDE, WDE
and IMB, and the definitions of Table 2.
"""

from __future__ import annotations

import sympy as sp

from symmetric.checks.cases import POSITIVE, definedness, is_undefined_constant
from symmetric.checks.decide import is_identically_zero
from symmetric.claims import Derivation, PrintedLatex, claim
from symmetric.evidence import ContingencyTable, say
from symmetric.logic import Verdict
from symmetric.properties import sebastiani as axioms
from symmetric.properties.tables import exact_value
from symmetric.space import CELLS, FN, FP, TN, TP
from symmetric.transforms.limits import directional_limit, is_infinite
from .common import record_axiom, generic_branch, in_tp_tn, named_measure, AN, AP, TABLES, fn, fp, tn, TNr, tp, TPr


# ------------------------------------------------------------------ other measures

def _independent(expr, var, other, total, subs):
    """Is ``expr`` (with ``subs``) independent of how ``total`` splits into var + other?"""
    e = sp.piecewise_fold(expr.xreplace(subs).xreplace({other: total - var}))
    if is_undefined_constant(e):
        return None
    return is_identically_zero(sp.diff(e, var)).value


@claim("sebastiani15.others.mon",
       where="Property 4.6",
       statement="ASP, DOR and LAM% do not satisfy MON (with TP = 0 and FN > 0 their value does not "
                 "depend on how the negatives split into FP and TN; for DOR and LAM% also with TN = 0; "
                 "LAM% ignores one of FP, FN when the other is 0).",
       statement_latex=(
           'ASP, DOR and LAM\\% do not satisfy MON: with $TP = 0$ and $FN > 0$ their value does not depend on how $AN = FP + TN$ splits; for DOR and LAM\\% also with $TN = 0$ (how $AP = TP + FN$ splits); LAM\\% ignores $FN$ when $FP = 0$ and $FP$ when $FN = 0$.'))
def others_mon(d: Derivation) -> None:
    total = sp.Symbol("N", positive=True)
    for name in ("ASP", "DOR", "Lam%"):
        m = named_measure(name)
        holds = _independent(m.count_form, FP, TN, total, {TP: 0, FN: fn})
        d.fact(f"{name}: with $TP = 0$, $FN > 0$ the value does not depend on the split of $AN$ into FP and TN",
               holds, derived=sp.piecewise_fold(m.count_form.xreplace({TP: 0, FN: fn, FP: fp, TN: tn})),
               justification="the derivative in FP with TN = AN - FP is identically 0 (FP, TN > 0)")
    for name in ("DOR", "Lam%"):
        m = named_measure(name)
        holds = _independent(m.count_form, TP, FN, total, {TN: 0, FP: fp})
        d.fact(f"{name}: with $TN = 0$ the value does not depend on the split of $AP$ into TP and FN", holds,
               derived=sp.piecewise_fold(m.count_form.xreplace({TN: 0, FP: fp, TP: tp, FN: fn})))
    lam = named_measure("Lam%").count_form
    for zero, other, pair in ((FP, FN, TP), (FN, FP, TN)):
        e = lam.xreplace({zero: 0})
        holds = _independent(e, other, pair, total, {c: POSITIVE[c] for c in CELLS if c not in (zero, other, pair)})
        d.fact(f"LAM%: with ${zero.name} = 0$ the value does not depend on ${other.name}$", holds,
               derived=sp.piecewise_fold(e.xreplace({c: POSITIVE[c] for c in CELLS if c != zero})))
    d.note("LAM% is taken in its algebraic count form $\\sqrt{FN\\,FP}/(\\sqrt{FN\\,FP}+\\sqrt{TP\\,TN})$, the "
           "spam-track logit definition written without logarithms (see sebastiani15.table2); lower is better.")
    for name in ("ASP", "DOR", "Lam%"):
        record_axiom(d, named_measure(name), "MON", Verdict.FAILS, "checker")
    d.conclude(True, "ASP, DOR and LAM% all fail MON.")


@claim("sebastiani15.others.con",
       where="Property 4.7, eq. (4)",
       statement="ASP, MCC and LAM% do not satisfy CON: dASP/dTP = TP(2AP+2AN-2TN+TP)/(AP+AN+TP-TN)^2 "
                 "and dASP/dTN = TP^2/(AP+AN+TP-TN)^2, undefined when TP = AP = 0 and TN = AN = |D|; "
                 "the LAM% derivatives are undefined for TP = 0 and for TN = 0; the MCC derivatives are "
                 "undefined for TP + TN = |D|.",
       statement_latex=(
           'ASP, MCC and LAM\\% do not satisfy CON: $\\frac{\\partial\\,\\mathrm{ASP}}{\\partial TP} = \\frac{TP(2AP+2AN-2TN+TP)}{(AP+AN+TP-TN)^2}$ and '
           '$\\frac{\\partial\\,\\mathrm{ASP}}{\\partial TN} = \\frac{TP^2}{(AP+AN+TP-TN)^2}$, undefined when $TP = AP = 0$ and $TN = AN = |D|$; '
           'the LAM\\% derivatives are undefined for $TP = 0$ and for $TN = 0$; the MCC derivatives are undefined for $TP + TN = |D|$.'))
def others_con(d: Derivation) -> None:
    asp = in_tp_tn(named_measure("ASP").count_form)
    den = AP + AN + TPr - TNr
    d.equal("eq. (4): $\\partial ASP/\\partial TP$", TPr * (2 * AP + 2 * AN - 2 * TNr + TPr) / den**2,
            sp.diff(asp, TPr), domain=TABLES, justification="ASP = TP^2/(AP (TP + AN - TN)) differentiated")
    d.equal("eq. (4): $\\partial ASP/\\partial TN$", TPr**2 / den**2, sp.diff(asp, TNr), domain=TABLES)
    d.note("The printed derivatives (4) are those of $TP^2/(AP+AN+TP-TN)$, i.e. of ASP with $AP \\cdot PP$ "
           "replaced by $F_1$'s denominator.")
    dasp = sp.diff(asp, TPr)
    point = {TPr: 0, TNr: 2}
    lim = directional_limit(dasp.subs({AP: 2, AN: 2}), point, {TPr: 1})
    lim2 = directional_limit(dasp.subs({AP: 2, AN: 2}), point, {TNr: -1})
    d.own("with $AP = AN = 2$ the true $\\partial ASP/\\partial TP$ has different limits at $TP = 0, TN = AN$",
          sp.Tuple(lim, lim2), "along TP = eps and along TN = AN - eps (exact one-sided limits): ASP is not C^1 "
                              "there although it is continuous")
    lam = in_tp_tn(named_measure("Lam%").count_form).subs({AP: 2, AN: 2})
    for var, pt, direction in ((TPr, {TPr: 0, TNr: 1}, {TPr: 1}), (TNr, {TPr: 1, TNr: 0}, {TNr: 1})):
        dl = directional_limit(sp.diff(lam, var), pt, direction)
        d.fact(f"$\\partial LAM\\%/\\partial {var.name}$ undefined (unbounded) at ${var.name} = 0$", is_infinite(dl),
               derived=dl, justification="AP = AN = 2, one-sided limit from inside the domain (exact)")
    mcc = in_tp_tn(named_measure("MCC").count_form).subs({AP: 2, AN: 2})
    perfect = {TPr: 2, TNr: 2}
    derivs = [directional_limit(sp.diff(mcc, v), perfect, {TPr: -1, TNr: -1}) for v in (TPr, TNr)]
    finite = all(x is not None and not is_infinite(x) for x in derivs)
    d.fact("MCC (standard definition): derivatives undefined where $TP + TN = |D|$", not finite,
           printed="TP + TN = |D|", derived=PrintedLatex(r"\partial_{{TP}} = {0},\ \partial_{{TN}} = {1}", *derivs),
           justification="AP = AN = 2 at the perfect classifier: both limits are finite; the printed claim "
                         "holds only for the printed (non-standard) MCC with (TP+TN)(FP+FN) in the denominator")
    pp0 = directional_limit(sp.diff(mcc, TPr), {TPr: 0, TNr: 2}, {TPr: 1})
    d.own("where the standard MCC's derivative really blows up: $PP = 0$ ($TP = 0, TN = AN$)", pp0,
          "AP = AN = 2, along TP = eps (exact limit)")
    for name in ("ASP", "MCC", "Lam%"):
        record_axiom(d, named_measure(name), "CON", Verdict.FAILS, "checker")
    d.conclude(True, "ASP, MCC and LAM% are not $C^1$ on the whole domain.",
               corrected_statement="$\\partial ASP/\\partial TP = TP(TP+2AN-2TN)/(AP(TP+AN-TN)^2)$ and "
                                   "$\\partial ASP/\\partial TN = TP^2/(AP(TP+AN-TN)^2)$, undefined where $AP = 0$ or "
                                   "$PP = 0$; the standard MCC's derivatives are undefined where $PP = 0$ or $PN = 0$ "
                                   "(not at $TP + TN = |D|$).")


@claim("sebastiani15.others.sde",
       where="Property 4.8",
       statement="ASP and MCC do not satisfy SDE: ASP = 0/0 for TP = AP = 0; MCC = 0/0 for AP = 0 or AN "
                 "= 0.",
       statement_latex=(
           'ASP and MCC do not satisfy SDE: $\\mathrm{ASP} = 0/0$ for $TP = AP = 0$; $\\mathrm{MCC} = 0/0$ for $AP = 0$ or $AN = 0$.'))
def others_sde(d: Derivation) -> None:
    for name, t, printed in (("ASP", (0, 1, 0, 1), "TP = AP = 0"), ("MCC", (0, 1, 0, 1), "AP = 0"),
                             ("MCC", (1, 0, 1, 0), "AN = 0")):
        v = exact_value(named_measure(name), t, {})
        d.fact(f"{name} is $0/0$ for ${printed}$", v is None, printed="0/0",
               derived="\\text{undefined}" if v is None else v,
               justification=say("exact evaluation at {0}", ContingencyTable(*t)))
    for name, zero in (("ASP", (TP, FN)), ("MCC", (TP, FN)), ("MCC", (FP, TN))):
        e = named_measure(name).count_form.xreplace({c: (0 if c in zero else POSITIVE[c]) for c in CELLS})
        d.fact(f"{name} undefined on every table with " + " = ".join(c.name for c in zero) + " = 0",
               is_undefined_constant(e), derived=e, justification="the other cells positive symbols")
    for name in ("ASP", "MCC"):
        record_axiom(d, named_measure(name), "SDE", Verdict.FAILS, "checker")
    d.conclude(True, "ASP and MCC are undefined for some test sets and classifiers: they fail SDE.")


def _lam_logit():
    """The spam-track definition: logit^-1((logit(FN/AP) + logit(FP/AN))/2), logit(x) = log(x/(1-x))."""
    def logit(x):
        return sp.log(x / (1 - x))
    x = (logit(FN / (TP + FN)) + logit(FP / (FP + TN))) / 2
    return sp.exp(x) / (1 + sp.exp(x))


@claim("sebastiani15.others.wde",
       where="Property 4.9",
       statement="DOR and LAM% do not satisfy WDE: with AP > 0 and AN > 0, DOR is defined when FP > 0 "
                 "and FN > 0 but not when FP = 0 or FN = 0; LAM% is defined for most cases with TP > 0 "
                 "and TN > 0 and undefined when TP = 0 or TN = 0.",
       statement_latex=(
           'DOR and LAM\\% do not satisfy WDE: with $AP > 0$ and $AN > 0$, DOR is defined when $FP > 0$ and $FN > 0$ but not when $FP = 0$ or $FN = 0$; LAM\\% is defined for most cases with $TP > 0$ and $TN > 0$ and undefined when $TP = 0$ or $TN = 0$.'))
def others_wde(d: Derivation) -> None:
    dor = named_measure("DOR").count_form
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
        alg = named_measure("Lam%").count_form.xreplace({c: (0 if c == zero else POSITIVE[c]) for c in CELLS})
        d.own(f"the algebraic form of LAM% at ${zero.name} = 0$ is defined (its continuous extension)", alg)
    d.note("The printed proof says LAM% is undefined when TP = 0 or TN = 0: true of the spam-track logit "
           "definition (log of 1/0), not of its algebraic form, which is undefined only when "
           "$FN\\,FP = 0$ and $TP\\,TN = 0$; WDE fails for both forms.")
    for name in ("DOR", "Lam%"):
        record_axiom(d, named_measure(name), "WDE", Verdict.FAILS, "checker")
    d.conclude(True, "DOR and LAM% are defined for some classifiers and undefined for others on the same "
                     "test set: they fail WDE.")


@claim("sebastiani15.others.imb",
       where="Property 4.10",
       statement="Accuracy and ASP do not satisfy IMB: for the trivial acceptor both equal AP/|D|.",
       statement_latex=(
           'Accuracy and ASP do not satisfy IMB: for the trivial acceptor both equal $AP/|D|$.'))
def others_imb(d: Derivation) -> None:
    for name in ("Acc", "ASP"):
        v = sp.piecewise_fold(named_measure(name).count_form.xreplace({TP: AP, FP: AN, FN: 0, TN: 0}))
        d.equal(f"{name}$(h^{{acc}})$", AP / (AP + AN), v, show_printed="\\frac{AP}{|D|}")
        record_axiom(d, named_measure(name), "IMB", Verdict.FAILS, "checker")
    d.conclude(True, "For the trivial acceptor both Accuracy and ASP equal the prevalence $AP/|D|$: IMB fails.")


@claim("sebastiani15.table2",
       where="Table 2",
       statement="The printed formulas of Acc, DOR, LAM%, ASP, MCC and F1 in terms of the contingency "
                 "table (MCC printed as (TP.TN - FP.FN)/(AP.AN.(TP+TN).(FP+FN))^(1/2)).",
       statement_latex=(
           'The printed formulas of $\\mathrm{Acc}$, $\\mathrm{DOR}$, $\\mathrm{LAM\\%}$, $\\mathrm{ASP}$, $\\mathrm{MCC}$ and $F_1$ in terms of the contingency table, with $\\mathrm{MCC} = \\frac{TP \\cdot TN - FP \\cdot FN}{\\sqrt{AP \\cdot AN \\cdot (TP+TN) \\cdot (FP+FN)}}$ as printed.'))
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
        d.equal(f"{name}", form.xreplace(pos), generic_branch(named_measure(name)).xreplace(pos),
                justification="against the catalogue definition, all cells positive")
    r = sp.log(FP * FN / (TP * TN))
    lam_printed = 1 / sp.log((r / 2) / (1 - r / 2))
    d.note("LAM%: the printed Table 2 formula is garbled in the extracted text. Reconstruction from the TREC "
           "spam track definition (Cormack and Lynam 2005): $\\mathrm{lam\\%} = \\mathrm{logit}^{-1}((\\mathrm{logit}"
           "(FPR) + \\mathrm{logit}(FNR))/2)$, i.e. $e^x/(1+e^x)$ with $x = \\frac12\\log\\frac{FP\\,FN}{TP\\,TN}$, "
           "which equals $\\sqrt{FP\\,FN}/(\\sqrt{FP\\,FN}+\\sqrt{TP\\,TN})$.")
    d.equal("LAM% spam-track (logit) definition = catalogue algebraic form", _lam_logit().xreplace(pos),
            named_measure("Lam%").count_form.xreplace(pos), justification="all cells positive")
    # the extracted text reads as lam_printed, which is not a formula for lam% at all: that is
    # damage done by the text extraction, not an error of the paper, so it is recorded as a
    # note and not as a wrong printed step
    d.note(say("LAM% as extracted reads {0}, which is not a function of the form of "
               "lam%; it is treated as extraction damage (not counted as a printed error) and the "
               "reconstruction above is used.", lam_printed))
    mcc_printed = (TP * TN - FP * FN) / sp.sqrt((TP + FN) * (FP + TN) * (TP + TN) * (FP + FN))
    d.equal("MCC as printed: $(AP\\,AN\\,(TP+TN)(FP+FN))^{1/2}$ in the denominator", mcc_printed.xreplace(pos),
            named_measure("MCC").count_form.xreplace(pos), justification="against Matthews' definition with PP PN")
    d.conclude(True, "Acc, DOR, ASP and $F_1$ are printed correctly; LAM% is garbled in the text and MCC is "
                     "printed with $(TP+TN)(FP+FN)$ where Matthews' coefficient has $PP \\cdot PN$.",
               corrected_statement="$MCC = (TP\\,TN - FP\\,FN)/\\sqrt{AP\\,AN\\,PP\\,PN}$; $LAM\\% = \\sqrt{FP\\,FN}"
                                   "/(\\sqrt{FP\\,FN} + \\sqrt{TP\\,TN})$.")
