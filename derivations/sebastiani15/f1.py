"""Sebastiani (2015), F1 against the axioms MON, CON, CHA, IMB and SYM.
"""

from __future__ import annotations

import sympy as sp

from symmetric.checks.decide import is_identically_zero
from symmetric.domain import EVERYWHERE
from symmetric.claims import Derivation, PrintedLatex, claim
from symmetric.evidence import Score, say
from symmetric.logic import Verdict
from symmetric.properties import sebastiani as axioms
from symmetric.properties.tables import exact_value
from symmetric.space import FN, FP, TN, TP
from symmetric.transforms.limits import directional_limit
from .common import record_axiom, generic_branch, in_tp_tn, named_measure, table_cx, AN, AP, TABLES, fn, fp, tn, TNr, tp, TPr


# ------------------------------------------------------------------ F1

@claim("sebastiani15.f1.mon",
       where="Property 4.1",
       statement="F1 does not satisfy MON: with TP = 0 and FN > 0, F1 = 0 whatever FP is.",
       statement_latex=(
           '$F_1$ does not satisfy MON: with $TP = 0$ and $FN > 0$, $F_1 = 0$ whatever $FP$ is.'))
def f1_mon(d: Derivation) -> None:
    f1 = named_measure("F1").count_form
    at = f1.xreplace({TP: 0, FN: fn, FP: FP, TN: TN})
    d.equal("$F_1$ at $TP = 0$, $FN > 0$", sp.Integer(0), sp.piecewise_fold(at),
            show_printed="F_1 = 0", justification="count form with TP = 0 and FN positive, any FP")
    a, b = (0, 0, 2, 2), (0, 2, 2, 0)       # all negatives right vs all negatives wrong
    va, vb = exact_value(named_measure("F1"), a, {}), exact_value(named_measure("F1"), b, {})
    d.fact("the paper's example: $TN = AN, FP = 0$ and $TN = 0, FP = AN$ score alike", va == vb,
           printed="F_1 = 0", derived=PrintedLatex(r"F_1 = {0} \text{{ and }} {1}", va, vb),
           justification="exact values at (TP, FP, FN, TN) = (0, 0, 2, 2) and (0, 2, 2, 0)")
    table_cx(d, "the classifier at (0, 2, 2, 0) is improved twice (FP -> TN) to (0, 0, 2, 2) and F1 stays 0",
              b, sp.Eq(va, vb))
    record_axiom(d, named_measure("F1"), "MON", Verdict.FAILS, "checker")
    d.conclude(True, "$F_1$ does not satisfy MON: with $TP = 0$ it ignores how the negatives are classified.")


@claim("sebastiani15.f1.con",
       where="Property 4.2, eq. (3)",
       statement="F1 does not satisfy CON: F1 := 1 at TP = FN = FP = 0 but lim_{FP->0} 2TP/(2TP+FP+FN) "
                 "= 0 when TP = FN = 0; with F1 = 2TP/(AP+AN+TP-TN), dF1/dTP = "
                 "2(AP+AN-TN)/(AP+AN+TP-TN)^2 and dF1/dTN = 2(AP+AN+TP)/(AP+AN+TP-TN)^2, both undefined "
                 "when AP+AN+TP-TN = 0, i.e. TP = AP = 0 and TN = AN = |D|.",
       statement_latex=(
           '$F_1$ does not satisfy CON: $F_1 := 1$ at $\\mathrm{TP} = \\mathrm{FN} = \\mathrm{FP} = 0$ but '
           '$\\lim_{\\mathrm{FP}\\to 0} \\frac{2\\mathrm{TP}}{2\\mathrm{TP}+\\mathrm{FP}+\\mathrm{FN}} = 0$ when $\\mathrm{TP} = \\mathrm{FN} = 0$; '
           'with $F_1 = \\frac{2\\mathrm{TP}}{\\mathrm{AP}+\\mathrm{AN}+\\mathrm{TP}-\\mathrm{TN}}$, '
           '$\\frac{\\partial F_1}{\\partial \\mathrm{TP}} = \\frac{2(\\mathrm{AP}+\\mathrm{AN}-\\mathrm{TN})}{(\\mathrm{AP}+\\mathrm{AN}+\\mathrm{TP}-\\mathrm{TN})^2}$ and '
           '$\\frac{\\partial F_1}{\\partial \\mathrm{TN}} = \\frac{2(\\mathrm{AP}+\\mathrm{AN}+\\mathrm{TP})}{(\\mathrm{AP}+\\mathrm{AN}+\\mathrm{TP}-\\mathrm{TN})^2}$, '
           'both undefined when $\\mathrm{AP}+\\mathrm{AN}+\\mathrm{TP}-\\mathrm{TN} = 0$, i.e.\\ $\\mathrm{TP} = \\mathrm{AP} = 0$ and $\\mathrm{TN} = \\mathrm{AN} = |D|$.'))
def f1_con(d: Derivation) -> None:
    generic = in_tp_tn(generic_branch(named_measure("F1")))
    den = AP + AN + TPr - TNr
    d.equal("eq. (2): $F_1$ in TP, TN", 2 * TPr / den, generic, domain=TABLES, justification="FP = AN - TN, FN = AP - TP")
    d.equal("eq. (3): $\\partial F_1/\\partial TP$", 2 * (AP + AN - TNr) / den**2, sp.diff(generic, TPr), domain=TABLES)
    d.equal("eq. (3): $\\partial F_1/\\partial TN$", 2 * (AP + AN + TPr) / den**2, sp.diff(generic, TNr),
            domain=TABLES, justification="the derivative of $-den$ in TN is +1, so only $2TP$ survives in the numerator")
    cells = 2 * TP + FP + FN
    d.equal("the denominator is $2TP + FP + FN$", den, in_tp_tn(cells))
    d.own("$2TP + FP + FN = 0$ iff $TP = FP = FN = 0$, i.e. $TP = AP = 0$ and $TN = AN = |D|$",
          sp.Eq(cells, 0), "a sum of non-negative counts is 0 iff each is 0")
    lim = directional_limit(generic_branch(named_measure("F1")).xreplace({TP: 0, FN: 0}), {FP: 0, TN: 3}, {FP: 1, TN: -1})
    d.fact("$\\lim_{FP \\to 0} 2TP/(2TP+FP+FN)$ with $TP = FN = 0$", lim == 0,
           printed="0", derived=lim, justification="one-sided limit along FP = eps, TN = 3 - eps (exact)")
    stipulated = exact_value(named_measure("F1"), (0, 0, 0, 3), {})
    d.fact("the stipulated value differs from the limit", stipulated is not None and stipulated != lim,
           printed="F_1 = 1", derived=PrintedLatex(r"F_1(0,0,0,3) = {0} \ne {1}", stipulated, lim))
    record_axiom(d, named_measure("F1"), "CON", Verdict.FAILS, "checker")
    d.conclude(True, "$F_1$ is not continuous at $TP = FP = FN = 0$, so it does not satisfy CON.",
               corrected_statement="$\\partial F_1/\\partial TN = 2TP/(AP+AN+TP-TN)^2$ (not "
                                   "$2(AP+AN+TP)/(AP+AN+TP-TN)^2$); the rest holds.")


@claim("sebastiani15.f1.cha",
       where="Property 4.3",
       statement="F1 does not satisfy CHA: with AN = 0, E[F1 of the random classifier] = 0.500 if |D| = "
                 "1 and about 0.612 if |D| = 100.",
       statement_latex=(
           '$F_1$ does not satisfy CHA: with $AN = 0$, the random classifier has $E[F_1] = 0.500$ if $|D| = 1$ and $E[F_1] \\approx 0.612$ if $|D| = 100$.'))
def f1_cha(d: Derivation) -> None:
    f1 = named_measure("F1")
    models = axioms.RANDOM_MODELS
    e1 = axioms.expected_value(f1, models["bernoulli"], 1, 0)
    d.number("$E[F_1]$, $AN = 0$, $|D| = 1$ (every classifier equally likely)", "0.500", e1)
    e100 = axioms.expected_value(f1, models["bernoulli"], 100, 0)
    d.number("$E[F_1]$, $AN = 0$, $|D| = 100$ (every classifier equally likely, footnote 2)", "0.612", e100,
             justification="exact sum over TP ~ Binomial(100, 1/2); the printed figure is compared with it")
    u1 = axioms.expected_value(f1, models["uniform-size"], 1, 0)
    u100 = axioms.expected_value(f1, models["uniform-size"], 100, 0)
    d.own(say("the same under the uniform-size model: $|D| = 1$: {0}; $|D| = 100$: "
              f"$\\approx {sp.Float(u100, 6)}$", u1), sp.Float(u100, 10),
          "exact sum: k uniform on 0..100 predicted positives, all of them true positives")
    d.note("The printed 0.612 is not the expectation under the paper's own model (all classifiers "
           "equally likely, footnote 2), which is about 0.666; it is close to the uniform-size model "
           f"(number of predicted positives uniform), whose exact value is about {sp.Float(u100, 5)}.")
    for name in models:
        record_axiom(d, f1, "CHA", Verdict.FAILS, f"checker [{name}]", {"model": name})
    d.conclude(True, "$E[F_1]$ of the random classifier depends on the test set under both random models, "
                     "so $F_1$ does not satisfy CHA.",
               corrected_statement=f"With $AN = 0$ and $|D| = 100$, $E[F_1] \\approx {sp.Float(e100, 4)}$ when every "
                                   f"classifier is equally likely ($\\approx {sp.Float(u100, 4)}$ when the number of "
                                   f"predicted positives is uniform), not 0.612.")


@claim("sebastiani15.f1.imb",
       where="Property 4.4 and the discussion after it, footnote 6",
       statement="F1 does not satisfy IMB: F1(trivial acceptor) = 2AP/(2AP+AN), not constant; "
                 "F1(trivial rejector) = 0 whenever AP > 0; the acceptor scores about 0.01 when the "
                 "prevalence is 0.01, 0.75 when it is 0.60, and about 0.666 when it is 0.5.",
       statement_latex=(
           '$F_1$ does not satisfy IMB: $F_1(\\text{trivial acceptor}) = \\frac{2AP}{2AP+AN}$, not constant; $F_1(\\text{trivial rejector}) = 0$ whenever $AP > 0$; '
           'the acceptor scores about $0.01$ when the prevalence is $0.01$, $0.75$ when it is $0.60$, and about $0.666$ when it is $0.5$.'))
def f1_imb(d: Derivation) -> None:
    f1 = named_measure("F1")
    acc = sp.piecewise_fold(f1.count_form.xreplace({TP: AP, FP: AN, FN: 0, TN: 0}))
    d.equal("$F_1(h^{acc})$", 2 * AP / (2 * AP + AN), acc)
    rej = sp.piecewise_fold(f1.count_form.xreplace({TP: 0, FP: 0, FN: AP, TN: AN}))
    d.equal("$F_1(h^{rej})$ when $AP > 0$ (footnote 6)", sp.Integer(0), rej)
    p, size = sp.Symbol("p", positive=True), sp.Symbol("D", positive=True)
    # AP = p|D| and AN = (1 - p)|D|: only the prevalence p matters
    by_prevalence = acc.xreplace({AP: p * size, AN: (1 - p) * size})
    for printed, prevalence in (("0.01", sp.Rational(1, 100)), ("0.75", sp.Rational(3, 5)),
                                ("0.666", sp.Rational(1, 2))):
        d.number(f"$F_1(h^{{acc}})$ at prevalence {prevalence}", printed,
                 sp.simplify(2 * prevalence / (1 + prevalence)),
                 justification="2AP/(2AP+AN) = 2p/(1+p) with p = AP/|D|, exact; compared by rounding")
    d.equal("as a function of the prevalence $p$ ($AP = p|D|$, $AN = (1-p)|D|$)", 2 * p / (1 + p), by_prevalence,
            domain=EVERYWHERE.with_intervals([(p, 0, 1)]))
    d.note("0.666 is 2/3 truncated (rounded it is 0.667); at prevalence 0.01 the acceptor scores 2/101, "
           "about 0.0198, i.e. 0.02 rather than 0.01.")
    record_axiom(d, f1, "IMB", Verdict.FAILS, "checker")
    d.conclude(True, "The trivial acceptor's $F_1$ depends on the prevalence, so $F_1$ does not satisfy IMB.",
               corrected_statement="At prevalence 0.01 the acceptor scores $2/101 \\approx 0.02$; at 0.5 it "
                                   "scores $2/3 \\approx 0.667$.")


def _differ_at(witness) -> tuple:
    """``; they differ at TP = 1, FP = 0, ...``: each coordinate of a witness a relation in a
    slot (never the dict's repr in the prose); nothing when there is no witness."""
    if not witness:
        return ()
    relations = [sp.Eq(k, v, evaluate=False) for k, v in witness.items()]
    return (say("; they differ at " + ", ".join(f"{{{i}}}" for i in range(len(relations))), *relations),)


@claim("sebastiani15.f1.sym",
       where="Property 4.5",
       statement="F1 does not satisfy SYM: 2TP/(2TP+FP+FN) != 2TN/(2TN+FN+FP).",
       statement_latex=(
           '$F_1$ does not satisfy SYM: $\\frac{2TP}{2TP+FP+FN} \\ne \\frac{2TN}{2TN+FN+FP}$.'))
def f1_sym(d: Derivation) -> None:
    left = 2 * tp / (2 * tp + fp + fn)
    right = 2 * tn / (2 * tn + fn + fp)
    decision = is_identically_zero(left - right)
    d.fact("$2TP/(2TP+FP+FN) \\ne 2TN/(2TN+FN+FP)$", decision.value is False,
           printed=r"\frac{2TP}{2TP+FP+FN} \neq \frac{2TN}{2TN+FN+FP}",
           justification=(decision.method, *_differ_at(decision.witness)))
    r = record_axiom(d, named_measure("F1"), "SYM", Verdict.FAILS, "checker")
    t, u = (tuple(score.table) for score in r.counterexample.typed(Score))     # h and h with the classes swapped
    table_cx(d, f"F1 at {t} differs from F1 with the classes swapped, at {u}", t,
              sp.Ne(exact_value(named_measure("F1"), t, {}), exact_value(named_measure("F1"), u, {})))
    d.conclude(True, "$F_1$ changes when the roles of $c$ and $\\bar c$ are swapped: it does not satisfy SYM.")
