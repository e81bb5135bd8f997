"""Amigo et al., Sections 3.3-5: mutual information, Reliability/Sensitivity, the trivial outputs of
F(R,S), Strict Monotonicity, Laplace and non-informative smoothing, and the exclusivity of the
three properties.
"""

from __future__ import annotations

import sympy as sp

from symmetric.checks.bounds import lower_bound
from symmetric.checks.decide import is_positive_everywhere
from symmetric.claims import Derivation, PrintedLatex, claim
from symmetric.domain import EVERYWHERE
from symmetric.evidence import Score, say
from symmetric.logic import Verdict
from symmetric.measures.base import Measure
from symmetric.properties import amigo as props
from symmetric.properties.tables import exact_value
from symmetric.space import FN, FP, JOINT_DOMAIN, NG, NS, TN, TP, G, Joint, Pr, S, g, n, s, to_joint
from symmetric.transforms.outputsize import limit_in_domain
from symmetric.measures.smoothing import smoothed_conditional
from .common import fixed_value_claim, to_ni, verdict_flag, with_params, cells, measure, NI, TABLE_ROWS


@claim("amigo.body.mi_fixed_quality",
       where="Section 4.2",
       statement="MI(S) = sum over the four cells of P(x and y) log(P(x and y)/(P(x)P(y))) is zero for "
                 "every non-informative output.",
       statement_latex=(
           '$\\mathrm{MI}(\\mathcal{S}) = \\sum_{x \\in \\{\\mathcal{S}, \\neg\\mathcal{S}\\}} \\sum_{y \\in \\{\\mathcal{G}, \\neg\\mathcal{G}\\}} P(x \\wedge y) \\log\\frac{P(x \\wedge y)}{P(x)P(y)}$ is $0$ for every non-informative output $\\mathcal{S}_{\\neg i}$.'))
def mi_fq(d: Derivation) -> None:
    mi = measure("MI")
    cells = ((S, G), (NS, G), (S, NG), (NS, NG))
    for x, y in cells:
        term = Joint(x, y) * sp.log(Joint(x, y) / (Pr(x) * Pr(y)))
        d.equal(say("term {0} $\\log\\ldots$ is 0 for $S_{{ni}}$", Joint(x, y)), 0, to_ni(term), domain=NI,
                show_printed=sp.Eq(term, 0, evaluate=False))
    ok = fixed_value_claim(d, mi, 0, "MI = 0")
    d.conclude(ok, "Mutual information is 0 for every non-informative output.")


@claim("amigo.body.reliability_sensitivity_products",
       where="Section 4.4",
       statement="Reliability(S) = P(G and S)P(not G|not S) + P(not S and not G)P(G|S) = P(G|S)P(not "
                 "G|not S) (product of the precisions of both classes); Sensitivity(S) = P(S|G)P(not "
                 "S|not G) (product of both recalls).",
       statement_latex=(
           '$\\mathrm{Reliability}(S) = P(G\\wedge S)P(\\neg G|\\neg S) + P(\\neg S\\wedge\\neg G)P(G|S) = P(G|S)P(\\neg G|\\neg S)$ (the product of the precisions of both classes); '
           '$\\mathrm{Sensitivity}(S) = P(S|G)P(\\neg S|\\neg G)$ (the product of both recalls).'))
def reliability_sensitivity(d: Derivation) -> None:
    domain = JOINT_DOMAIN
    rel = measure("Reliability")
    chain = [
        Joint(S, G) * Pr(NG, NS) + Joint(NS, NG) * Pr(G, S),
        Pr(G, S) * Pr(S) * Pr(NG, NS) + Pr(NG, NS) * Pr(NS) * Pr(G, S),
        (Pr(S) + Pr(NS)) * Pr(G, S) * Pr(NG, NS),
        Pr(G, S) * Pr(NG, NS),
    ]
    for k, form in enumerate(chain):
        d.equal(f"Reliability, expression {k + 1}", to_joint(form), rel.joint_form, domain=domain,
                show_printed=(form))
    sens = measure("SensitivityRS")
    analogue = Joint(S, G) * Pr(NS, NG) + Joint(NS, NG) * Pr(S, G)
    d.equal("Sensitivity: the same construction with S and G exchanged", to_joint(analogue),
            sens.joint_form * 1, domain=domain, show_printed=(Pr(S, G) * Pr(NS, NG)),
            show_derived=(analogue),
            justification="the exchanged sum $P(S\\wedge G)P(\\neg S|\\neg G) + P(\\neg S \\wedge \\neg G)P(S|G)$ "
                          "against the printed product of recalls")
    d.conclude(True, "Reliability is the product of the two precisions and Sensitivity the product of the two recalls.")


@claim("amigo.body.frs_trivial_outputs",
       where="Section 4.4.1",
       statement="The zero output (everything negative) and the placebo output (everything positive) "
                 "both receive the minimal F(R,S) score, since a precision or recall of one class is "
                 "zero.",
       statement_latex=(
           'The zero output $\\mathcal{S}_\\emptyset$ (everything negative: $TP = FP = 0$) and the placebo output $\\mathcal{S}_{\\mathcal{T}}$ (everything positive: $FN = TN = 0$) both receive the minimal score $F(R,S) = 0$, since a precision or a recall of one class is $0$.'))
def frs_trivial(d: Derivation) -> None:
    frs = measure("F(R,S)")
    sens = measure("SensitivityRS")
    k, m = sp.symbols("k m", positive=True, integer=True)
    outputs = {"zero output": {TP: 0, FP: 0, FN: k, TN: m}, "placebo output": {TP: k, FP: m, FN: 0, TN: 0}}
    for name, table in outputs.items():
        d.equal(f"Sensitivity of the {name} is 0 (a recall is 0)", 0, sens.count_form.xreplace({k: sp.sympify(v) for k, v in table.items()}),
                show_printed=r"\mathrm{Sensitivity} = 0")
        d.equal(f"F(R,S) of the {name} is 0", 0, frs.extended_count_form.xreplace({k: sp.sympify(v) for k, v in table.items()}),
                justification="count form (harmonic mean with a zero component, continuously extended)")
    score = frs.noninformative()
    domain = with_params(NI, frs)
    for point, side, name in ((0, "+", "zero"), (1, "-", "placebo")):
        limit = limit_in_domain(score, s, point, side, domain)
        d.equal(f"limit of the non-informative score at the {name} output", 0, limit,
                justification=f"$P(S) \\to {point}$ with $0<\\alpha<1$")
    low = lower_bound(frs.joint_form, 0, with_params(JOINT_DOMAIN, frs))
    d.fact("0 is a lower bound of F(R,S)", low.holds.value, derived=r"F(R,S) \geq 0", justification=low.holds.method)
    d.conclude(low.holds.value, "Both trivial outputs receive 0, the minimum of F(R,S).")


# ------------------------------------------------------------------ monotonicity and smoothing

SM_PRINTED = {  # measure: printed verdict (Sections 3.2, 4.1.1, 4.2, 4.3.1, 4.4.1, 5)
    "Acc": True, "WAcc": True, "Utility": True,
    "F": False, "Lam%": False, "Odds": False, "F(R,S)": False,
    "F_smL": True, "Lam%_smL": True, "F_smN": True, "Lam%_smN": True,
}


@claim("amigo.body.strict_monotonicity",
       where="Sections 3.2, 4.1.1, 4.2, 4.3.1, 4.4.1, 5",
       statement="Strict Monotonicity (moving an item into its correct class strictly increases the "
                 "score) holds for Accuracy, Weighted Accuracy and Utility; fails for the F measure, "
                 "Lam%, Odds and F(R,S); holds for the Laplace-smoothed and the non-informatively "
                 "smoothed F and Lam%.",
       statement_latex=(
           'Strict Monotonicity (moving an item into its correct class, $FN \\to TP$ or $FP \\to TN$, strictly increases the score) holds for $\\mathrm{Acc}$, $\\mathrm{WAcc}$ and $\\mathrm{Utility}$; fails for $F$, $\\mathrm{Lam\\%}$, $\\mathrm{Odds}$ and $F(R,S)$; holds for the Laplace-smoothed $F_{smL}$, $\\mathrm{Lam\\%}_{smL}$ and the non-informatively smoothed $F_{smN}$, $\\mathrm{Lam\\%}_{smN}$.'))
def strict_monotonicity(d: Derivation) -> None:
    wrong = None
    for (name, printed), result in zip(SM_PRINTED.items(), cells((name, "SM") for name in SM_PRINTED)):
        flag = verdict_flag(result)
        holds = None if flag is None else flag == printed
        d.fact(f"Strict Monotonicity of {name}", holds, printed=Verdict.of(printed), derived=Verdict.of(flag),
               justification=result.argument() or result.reason)
        if holds is False and wrong is None:
            wrong = (name, result)
    if wrong is not None:
        name, result = wrong
        first, second = result.counterexample.typed(Score)       # the scores before and after the move
        before, after = tuple(first.table), tuple(second.table)
        m = measure(name)
        given = dict(first.params)
        params = {p.symbol: sp.Rational(given[str(p.symbol)]) for p in m.params if str(p.symbol) in given}
        qa, qb = exact_value(m, before, params), exact_value(m, after, params)
        d.counterexample((f"{name}: ", result.argument()[0]),
                         {"before": before, "after": after, **{str(k): v for k, v in params.items()}},
                         sp.Le(m.orientation * qb, m.orientation * qa))
        d.conclude(False, f"The list is not right as printed: {name} does not satisfy Strict Monotonicity.")
        return
    undecided = d.labels(Verdict.UNDETERMINED)
    d.conclude(None if undecided else True, "Every measure behaves as printed.",
               reason="undecided: " + "; ".join(undecided) if undecided else None)


@claim("amigo.body.laplace_smoothing",
       where="Section 5.1",
       statement="Laplace's correction gives P(G|S_zero) = 1/2 != P(G); smoothed Recall(S_zero) = "
                 "1/(|G|+2), Recall(S_T) = (|G|+1)/(|G|+2), Precision(S_zero) = 1/2, Precision(S_T) = "
                 "(|G|+1)/(|T|+2); |G| < |T|/2 implies (|G|+1)/(|T|+2) < 1/2; hence for some alpha the "
                 "smoothed F ranks the zero output above the placebo (Non-Informativeness Growing "
                 "Quality is lost), and smoothed Lam% no longer gives every non-informative output 0.5.",
       statement_latex=(
           "Laplace's correction gives $P(G|S_\\emptyset) = \\frac{1}{2} \\neq P(G)$; smoothed, $\\mathrm{Recall}(\\mathcal{S}_\\emptyset) = \\frac{1}{|G|+2}$, $\\mathrm{Recall}(\\mathcal{S}_{\\mathcal{T}}) = \\frac{|G|+1}{|G|+2}$, $\\mathrm{Precision}(\\mathcal{S}_\\emptyset) = \\frac{1}{2}$, $\\mathrm{Precision}(\\mathcal{S}_{\\mathcal{T}}) = \\frac{|G|+1}{|T|+2}$; $|G| < \\frac{|T|}{2}$ implies $\\frac{|G|+1}{|T|+2} < \\frac{1}{2}$; hence for some $\\alpha$ the smoothed $F$ ranks the zero output above the placebo (Non-Informativeness Growing Quality is lost), and the smoothed $\\mathrm{Lam\\%}$ no longer gives every non-informative output $0.5$."))
def laplace_smoothing(d: Derivation) -> None:
    G_, T_ = sp.symbols("|G| |T|", positive=True, integer=True)   # the sizes, printed as the paper writes them
    rec = lambda tp, fn: (tp + 1) / (tp + 1 + fn + 1)          # Laplace-smoothed P(S|G)
    prec = lambda tp, fp: (tp + 1) / (tp + 1 + fp + 1)         # Laplace-smoothed P(G|S)
    nil = sp.Integer(0)         # a sympy 0: with a Python 0, (0 + 1)/(0 + 1 + 0 + 1) is the float 0.5
    zero = {TP: nil, FP: nil, FN: G_, TN: T_ - G_}
    placebo = {TP: G_, FP: T_ - G_, FN: nil, TN: nil}
    p_zero = prec(zero[TP], zero[FP])
    d.fact("$P(G|S_\\emptyset) = 1/2 \\neq P(G)$", sp.simplify(p_zero - sp.Rational(1, 2)) == 0,
           printed=r"\frac{|\mathcal{S}_\emptyset\cap\mathcal{G}|+1}{|\mathcal{S}_\emptyset|+2} = \frac12",
           derived=p_zero, justification="Laplace's correction at the zero output; it differs from "
           "$P(G) = |G|/|T|$ unless $|G| = |T|/2$")
    for label, printed, derived in (
            ("Recall$_{smooth}(S_\\emptyset)$", 1 / (G_ + 2), rec(zero[TP], zero[FN])),
            ("Recall$_{smooth}(S_T)$", (G_ + 1) / (G_ + 2), rec(placebo[TP], placebo[FN])),
            ("Precision$_{smooth}(S_\\emptyset)$", sp.Rational(1, 2), prec(zero[TP], zero[FP])),
            ("Precision$_{smooth}(S_T)$", (G_ + 1) / (T_ + 2), prec(placebo[TP], placebo[FP]))):
        d.equal(label, printed, derived, justification="Laplace's correction (+1 per cell) at the trivial output")
    gap = is_positive_everywhere((G_ + 1) / (G_ + 2) - 1 / (G_ + 2), NI.with_intervals([(G_, 1, sp.oo)]))
    d.fact("$(|G|+1)/(|G|+2) > 1/(|G|+2)$", gap.value, justification=gap.method)
    d.equal("$(|T|+2)/2 - 1 = |T|/2$", (T_ + 2) / 2 - 1, T_ / 2)
    # |G| < |T|/2  =>  (|G|+1)/(|T|+2) < 1/2 : with T = 2G + 2 + t, t > 0 (|G| < |T|/2 and integers give T >= 2G+1)
    t = sp.Symbol("t", positive=True)
    implication = is_positive_everywhere(sp.Rational(1, 2) - (G_ + 1) / ((2 * G_ + t) + 2),
                                         NI.with_intervals([(G_, 0, sp.oo)]))
    d.fact("$|G| < |T|/2 \\Rightarrow (|G|+1)/(|T|+2) < 1/2$", implication.value,
           justification=f"with $|T| = 2|G| + t$, $t > 0$: {implication.method}")
    # the consequence: for some alpha the smoothed F ranks the zero output above the placebo
    f_sml = measure("F_smL")
    witness = _first_zero_above_placebo(f_sml)
    if witness is not None:
        total, relevant, a_val, v0, v1 = witness
        ranks_above = sp.Gt(v0, v1) is sp.true     # exact rationals: the comparison is decided
        d.fact("for some $\\alpha$ the Laplace-smoothed F ranks $S_\\emptyset$ above $S_T$", ranks_above,
               derived=PrintedLatex(r"|T|={0}, |G|={1}, \alpha={2}: F(S_\emptyset)={3} > F(S_T)={4}",
                                    total, relevant, a_val, v0, v1),
               justification="exact evaluation at the witness: the zero output's score is the larger")
    else:
        d.fact("for some $\\alpha$ the Laplace-smoothed F ranks $S_\\emptyset$ above $S_T$", None,
               justification="no example found among the searched test sets")
    lam_sml = measure("Lam%_smL")
    zero_table = (0, 0, 1, 3)
    v = exact_value(lam_sml, zero_table, {})
    d.fact("Laplace-smoothed Lam% does not give every non-informative output 0.5",
           v is not None and v != sp.Rational(1, 2),
           derived=PrintedLatex(r"\mathrm{{Lam\%}}_{{smL}}(0,0,1,3) = {0} \neq \tfrac12", v),
           justification="exact value at the zero output of a test set with $|G| = 1$, $|T| = 4$")
    d.conclude(True, "Laplace's correction breaks non-informativeness: the smoothed F can prefer the zero "
                     "output and the smoothed Lam% varies across non-informative outputs.")


def _first_zero_above_placebo(m: Measure):
    for total in range(2, 12):
        for relevant in range(1, total):
            for params in props.param_grid(m):
                v0 = exact_value(m, (0, 0, relevant, total - relevant), params)
                v1 = exact_value(m, (relevant, total - relevant, 0, 0), params)
                if v0 is not None and v1 is not None and (v0 - v1).is_positive:
                    return total, relevant, next(iter(params.values())), v0, v1
    return None


@claim("amigo.body.noninformative_smoothing",
       where="Section 5.2",
       statement="Adding P(G)P(S)-proportional priors to the contingency cells gives P(G|S) = (|S and "
                 "G| + P(G)P(S))/(|S| + P(S)); with the weight of Laplace's correction the paper prints "
                 "P(S|G) = (|S and G| + 2P(G))/(|S| + 2); for a non-informative output the smoothed "
                 "P(G|S_ni) equals P(G); the four smoothed conditionals P(S|G) = (|S and G| + "
                 "2P(S))/(|G| + 2), P(S|not G) = (|S and not G| + 2P(S))/(|not G| + 2), P(G|S) = (|S "
                 "and G| + 2P(G))/(|S| + 2), P(G|not S) = (|not S and G| + 2P(G))/(|not S| + 2) keep "
                 "non-informativeness, so the smoothed F keeps Growing Quality and the smoothed Lam% "
                 "and Odds keep Fixed Quality.",
       statement_latex=(
           "Adding priors proportional to $P(G)P(S)$ to the contingency cells gives $P(G|S) = \\frac{|\\mathcal{S}\\cap\\mathcal{G}| + P(G)P(S)}{|S| + P(S)}$; with the weight of Laplace's correction the paper prints $P(S|G) = \\frac{|\\mathcal{S}\\cap\\mathcal{G}| + 2P(G)}{|S| + 2}$; for a non-informative output the smoothed $P(G|S_{\\neg i})$ equals $P(G)$; the four smoothed conditionals $P(S|G) = \\frac{|\\mathcal{S}\\cap\\mathcal{G}| + 2P(S)}{|G| + 2}$, $P(S|\\neg G) = \\frac{|\\mathcal{S}\\cap\\neg\\mathcal{G}| + 2P(S)}{|\\neg G| + 2}$, $P(G|S) = \\frac{|\\mathcal{S}\\cap\\mathcal{G}| + 2P(G)}{|S| + 2}$, $P(G|\\neg S) = \\frac{|\\neg\\mathcal{S}\\cap\\mathcal{G}| + 2P(G)}{|\\neg S| + 2}$ keep non-informativeness, so the smoothed $F$ keeps Growing Quality and the smoothed $\\mathrm{Lam\\%}$ and $\\mathrm{Odds}$ keep Fixed Quality."))
def noninformative_smoothing_claim(d: Derivation) -> None:
    size_s = TP + FP
    # the table: add P(G)P(S) (etc.) to each cell
    prior_tp, prior_fp = g * s, (1 - g) * s
    table_estimate = (TP + prior_tp) / ((TP + prior_tp) + (FP + prior_fp))
    printed_table = (TP + g * s) / (size_s + s)
    d.equal("$P(G|S)$ from the smoothed table", printed_table, table_estimate,
            show_printed=r"\frac{|\mathcal{S}\cap\mathcal{G}| + P(\mathcal{G})P(\mathcal{S})}{|\mathcal{S}| + P(\mathcal{S})}")
    printed_weighted = (TP + 2 * g) / (size_s + 2)
    smoothed_recall = (TP + 2 * s) / (TP + FN + 2)
    # on probabilities: a witness of the difference is a point of the model (0 < P(G), P(S) < 1)
    probabilities = EVERYWHERE.with_intervals([(g, 0, 1), (s, 0, 1)])
    d.equal("with Laplace's weight: the printed $P(S|G)$", printed_weighted, smoothed_recall, domain=probabilities,
            show_printed=r"P(\mathcal{S}|\mathcal{G}) = \frac{|\mathcal{S}\cap\mathcal{G}| + 2P(\mathcal{G})}{|\mathcal{S}| + 2}",
            show_derived=PrintedLatex(r"P(\mathcal{{S}}|\mathcal{{G}}) = {0},\quad P(\mathcal{{G}}|\mathcal{{S}}) = {1}",
                                      smoothed_recall, printed_weighted),
            justification="the printed right-hand side (denominator $|S| + 2$, prior $2P(G)$) is the estimate "
                          "of $P(G|S)$, not of $P(S|G)$")
    # the same estimate with the prior weight scaled so that the denominator grows by 2
    w = sp.Symbol("w", positive=True)
    weighted = (TP + w * g * s) / (size_s + w * s)
    d.equal("prior weight $w = 2/P(S)$ gives $(|S\\cap G| + 2P(G))/(|S|+2)$", printed_weighted,
            weighted.subs(w, 2 / s), show_printed=(printed_weighted))
    # non-informative output: |S and G| = |T| P(S) P(G), |S| = |T| P(S)
    ni_counts = {TP: n * s * g, FP: n * s * (1 - g), FN: n * (1 - s) * g, TN: n * (1 - s) * (1 - g)}
    size = n * s
    chain = [(n * s * g + 2 * g) / (size + 2), g * (n * s + 2) / (size + 2), g]
    domain = NI.with_intervals([(n, 0, sp.oo)])
    for k, form in enumerate(chain):
        d.equal(f"smoothed $P(G|S_{{ni}})$, expression {k + 2}", form, printed_weighted.subs(ni_counts),
                domain=domain, show_printed=(form))
    printed_four = {
        (S, G): (TP + 2 * Pr(S)) / (TP + FN + 2),
        (S, NG): (FP + 2 * Pr(S)) / (FP + TN + 2),
        (G, S): (TP + 2 * Pr(G)) / (TP + FP + 2),
        (G, NS): (FN + 2 * Pr(G)) / (FN + TN + 2),
    }
    total = TP + FP + FN + TN
    marginals = {Pr(S): (TP + FP) / total, Pr(G): (TP + FN) / total}
    unsmoothed_ni = {(S, G): s, (S, NG): s, (G, S): g, (G, NS): g}
    for (x, y), form in printed_four.items():
        d.equal(say("printed smoothed {0} = symmetric's smoothing", Pr(x, y)), form.subs(marginals),
                smoothed_conditional(x, y), show_printed=sp.Eq(Pr(x, y), form, evaluate=False))
        d.equal(say("smoothed {0} of a non-informative output is unchanged", Pr(x, y)),
                unsmoothed_ni[(x, y)], smoothed_conditional(x, y).subs(ni_counts), domain=domain)
    kept = (("F_smN", "NIGQ"), ("Lam%_smN", "NIFQ"), ("Odds_smN", "NIFQ"))
    for (name, _), result in zip(kept, cells(kept)):
        d.fact(f"{name} keeps {result.property}", verdict_flag(result),
               printed=Verdict.HOLDS, derived=Verdict.of(verdict_flag(result)), justification=result.argument())
    d.conclude(True, "Non-informative smoothing preserves non-informativeness of every conditional, so the "
                     "smoothed F keeps Growing Quality and the smoothed Lam% and Odds keep Fixed Quality.")


def _exclusivity_by_z3() -> dict:
    """Each pair of the three definitions, with D(c) the size derivative at parameter value c
    (an arbitrary real function), is unsatisfiable; True/None per pair (None: z3 unknown)."""
    import z3
    low, high, theta = z3.Reals("lo hi theta")
    derivative = z3.Function("D", z3.RealSort(), z3.RealSort())
    direction = z3.Int("direction")
    inside = lambda x: z3.And(low < x, x < high)                       # noqa: E731
    sign = lambda x: z3.If(x > 0, 1, z3.If(x < 0, -1, 0))             # noqa: E731
    points = [(low + high) / 2, (low + theta) / 2, (theta + high) / 2]
    definitions = {
        "AW": z3.And(inside(theta), z3.Or(direction == 1, direction == -1),
                     *[z3.Implies(inside(c), sign(derivative(c)) == direction * sign(c - theta)) for c in points]),
        "NIFQ": z3.And(*[z3.Implies(inside(c), derivative(c) == 0) for c in points]),
        "NIGQ": z3.And(*[z3.Implies(inside(c), derivative(c) > 0) for c in points]),
    }
    out = {}
    for first, second in (("AW", "NIFQ"), ("AW", "NIGQ"), ("NIFQ", "NIGQ")):
        solver = z3.Solver()
        solver.set("timeout", 5000)
        solver.add(low < high, definitions[first], definitions[second])
        out[(first, second)] = True if solver.check() == z3.unsat else None
    return out


@claim("amigo.body.properties_exclusive",
       where="Section 3.3",
       statement="Absolute Weighting, Non-Informativeness Fixed Quality and Non-Informativeness Growing "
                 "Quality are mutually exclusive: a measure satisfies at most one.",
       statement_latex=(
           'Absolute Weighting (AW), Non-Informativeness Fixed Quality (NIFQ) and Non-Informativeness Growing Quality (NIGQ) are mutually exclusive: for every measure $Q$, none of $\\mathrm{AW}(Q) \\wedge \\mathrm{NIFQ}(Q)$, $\\mathrm{AW}(Q) \\wedge \\mathrm{NIGQ}(Q)$, $\\mathrm{NIFQ}(Q) \\wedge \\mathrm{NIGQ}(Q)$ holds.'))
def exclusive(d: Derivation) -> None:
    d.note("With $D = \\partial Q(S_{ni})/\\partial P(S)$ (oriented so that positive means better): NIFQ means "
           "$D \\equiv 0$; NIGQ means $D > 0$ for every parameter value; AW means $\\operatorname{sign} D = "
           "\\pm\\operatorname{sign}(c - \\theta)$ for a threshold $\\theta$ inside the domain of a parameter $c$.")
    for (first, second), status in _exclusivity_by_z3().items():
        d.fact(f"{first} and {second} cannot both hold", status,
               derived=rf"\mathrm{{{first}}} \wedge \mathrm{{{second}}} \Rightarrow \bot",
               justification="z3: the two definitions, instantiated at the points $(lo+hi)/2$, $(lo+\\theta)/2$, "
                             "$(\\theta+hi)/2$ of the parameter domain $(lo, hi)$ (universal instantiation, so "
                             "a weaker set of assumptions), with $D$ an uninterpreted function, are unsatisfiable")
    clashes = []
    names = TABLE_ROWS + ("Acc", "Reliability", "SensitivityRS")
    exclusive_columns = ("AW", "NIFQ", "NIGQ")
    results = iter(cells((name, column) for name in names for column in exclusive_columns))
    for name in names:
        held = [r.property for r in (next(results) for _ in exclusive_columns) if r.verdict is Verdict.HOLDS]
        if len(held) > 1:
            clashes.append(f"{name}: {held}")
    d.fact("no catalogue measure is found to satisfy two of them", not clashes,
           derived="; ".join(clashes) or "none",
           justification="the property checkers run on every measure of the paper (a consistency check of the "
                         "checkers against the argument above)")
    d.conclude(True, "The three properties are mutually exclusive.")
