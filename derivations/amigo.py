"""Amigo, Gonzalo, Verdejo, Spina: "A Comparison of Filtering Evaluation Metrics based on
Formal Constraints" (seed 000_445e5daf998d3217.txt).  Claim ids ``amigo.*``.

Each claim records the paper's printed steps (as data: sympy expressions over the atoms of
:mod:`symmetric.space`) and checks every one against what symmetric derives itself.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache

import sympy as sp

from symmetric.checks.bounds import lower_bound, upper_bound
from symmetric.checks.decide import is_identically_zero, is_positive_everywhere
from symmetric.claims import Claim, Derivation
from symmetric.render.notation import to_latex
from symmetric.measures import registry
from symmetric.measures.base import Measure
from symmetric.properties import amigo as props
from symmetric.properties.base import PropertyVerdict
from symmetric.properties.tables import exact_value
from symmetric.space import (FN, FP, JOINT_DOMAIN, NG, NONINFORMATIVE_DOMAIN, NONINFORMATIVE_FORMS, NS, TN,
                             TP, G, Joint, Pr, S, counts_to_joint, g, j, n, s, to_joint, to_noninformative)
from symmetric.transforms.outputsize import limit_in_domain
from symmetric.transforms.smoothing import laplace, noninformative_smoothing, smoothed_conditional

PAPER = "amigo"
alpha = sp.Symbol("alpha", positive=True)
lam = sp.Symbol("lambda", positive=True)
NI = NONINFORMATIVE_DOMAIN


def _ni(expr):
    return to_noninformative(expr)


def _with_params(domain, measure: Measure):
    return domain.with_intervals([p.interval() for p in measure.params])


def logit(x):
    return sp.log(x / (1 - x))


def logit_inverse(y):
    return sp.exp(y) / (1 + sp.exp(y))


PROPERTY_MEASURES = ("Lam%_smN", "Odds_smN", "F_smN", "F_smL", "Phi", "Kappa", "Lam%_smL", "Odds_smL", "MI",
                     "Chi", "MAAc", "WAcc", "Utility", "Lam%", "Odds", "F", "F(R,S)", "Acc", "Reliability",
                     "Sensitivity")   # every measure whose properties a claim uses, costliest first


def _properties_of(name: str):
    return name, props.check_all(measure(name))


@lru_cache(maxsize=None)
def property_table() -> dict:
    """Every Amigo property of every measure the claims use, computed once.

    The measures are independent, so they are checked in parallel worker processes (one per
    core); each result is a pure function of the measure, so this changes no verdict."""
    workers = int(os.environ.get("SYMMETRIC_WORKERS", min(2, os.cpu_count() or 1)))
    if workers <= 1:
        return dict(map(_properties_of, PROPERTY_MEASURES))
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
        return dict(pool.map(_properties_of, PROPERTY_MEASURES))


PREPARE = property_table   # run once before the claims (see symmetric.claims.registry.prepare)


def prop(name: str, column: str):
    """The result of property ``column`` (SM, AW, NIFQ, NIGQ) for measure ``name``."""
    return dict((r.property, r) for r in property_table()[name])[column]


@lru_cache(maxsize=None)
def measure(name: str) -> Measure:
    """Catalogue measures and the paper's smoothed variants (suffix _smL / _smN)."""
    if name.endswith("_smL"):
        return laplace(registry.get(name[:-4]))
    if name.endswith("_smN"):
        return noninformative_smoothing(registry.get(name[:-4]))
    return registry.get(name)


# ------------------------------------------------------------------ notation

def contingency(d: Derivation) -> None:
    printed = {TP: Pr(G, S) * Pr(S), FP: Pr(NG, S) * Pr(S), FN: Pr(G, NS) * Pr(NS), TN: Pr(NG, NS) * Pr(NS)}
    for cell, form in printed.items():
        d.equal(f"{cell}/|T| (Table 1)", to_joint(form), counts_to_joint(cell) / n, domain=JOINT_DOMAIN,
                printed_latex=to_latex(cell) + r"/|\mathcal{T}| = " + to_latex(form),
                justification="both sides in $g = P(G)$, $s = P(S)$, $j = P(S \\wedge G)$ on the open joint domain")
    d.conclude(True, "Each contingency cell over |T| equals the printed product of a conditional and a marginal.")


def noninformative(d: Derivation) -> None:
    d.note("In the model with free parameters $g=P(G)$, $s=P(S)$, $j=P(S\\wedge G)$, each printed "
           "form is an equation in $j$; the three forms are equivalent iff they have the same solutions.")
    solutions = []
    for lhs, rhs in NONINFORMATIVE_FORMS:
        sol = sp.solve(sp.numer(sp.together(to_joint(lhs - rhs))), j)
        solutions.append(sol)
        d.fact(f"${to_latex(lhs)} = {to_latex(rhs)}$ solved for $j$", sol == [g * s],
               printed=f"{to_latex(lhs)} = {to_latex(rhs)}", derived=f"j = {to_latex(sol[0]) if sol else '?'}",
               justification="sympy solve of the numerator (the denominators $g$, $s$ are positive on the domain)")
    same = all(sol == [g * s] for sol in solutions)
    d.conclude(same, "All three forms hold exactly when $P(S \\wedge G) = P(S)P(G)$, so they are equivalent.")


# ------------------------------------------------------------------ utility-based measures

def utility_aw(d: Derivation) -> None:
    u = measure("Utility")
    forms = [
        ("printed form 1", alpha * Pr(S, G) * Pr(G) - Pr(S, NG) * Pr(NG)),
        ("printed form 2", alpha * Pr(G, S) * Pr(S) - Pr(NG, S) * Pr(S)),
        ("printed form 3", Pr(S) * (alpha * Pr(G) - Pr(NG))),
    ]
    derived = _ni(u.probs)
    domain = _with_params(NI, u)
    for label, form in forms:
        d.equal(f"$U_\\alpha(S_{{ni}})$, {label}", _ni(form), derived, domain=domain,
                printed_latex=to_latex(form), justification="both sides under independence ($j = gs$)")
    d.equal("forms 1 and 2 agree for every output (Bayes)", to_joint(forms[0][1]), to_joint(forms[1][1]),
            domain=_with_params(JOINT_DOMAIN, u), printed_latex=to_latex(forms[0][1]) + "=" + to_latex(forms[1][1]))
    aw = prop("Utility", "AW")
    d.own("derivative in $P(S)$", props.size_derivative(u), aw.proof[:1])
    theta_printed = (1 - g) / g
    holds = aw.verdict is PropertyVerdict.HOLDS
    theta = _threshold_of(aw)
    if holds and theta is not None:
        d.equal("threshold $\\alpha = P(\\neg G)/P(G)$", theta_printed, theta, domain=NI,
                justification="threshold derived by the Absolute Weighting checker")
        d.fact("fixed iff $\\alpha = \\theta$, grows iff $\\alpha > \\theta$, decreases iff $\\alpha < \\theta$",
               True, derived=r"\operatorname{sign}\frac{\partial U}{\partial P(S)} = \operatorname{sign}(\alpha - \theta)",
               justification=aw.proof[1:])
    d.conclude(holds, "Utility satisfies Absolute Weighting with threshold $P(\\neg G)/P(G)$." if holds else
               "The Absolute Weighting checker did not confirm the threshold: " + aw.reason)


def _threshold_of(result) -> sp.Expr | None:
    found = result.datum("threshold")
    return found[1] if found else None


def wacc_aw(d: Derivation) -> None:
    w = measure("WAcc")
    domain = _with_params(NI, w)
    derived = _ni(w.probs)
    denominator = lam * Pr(G) + Pr(NG)
    chain = [
        ("definition", (lam * Pr(S, G) * Pr(G) + Pr(NS, NG) * Pr(NG)) / denominator),
        ("second printed expression (as extracted: the factor $P(\\neg S|\\neg G)$ is missing)",
         (lam * Pr(S, G) * Pr(G) + Pr(NG)) / denominator),
        ("independence substituted", (lam * Pr(S) * Pr(G) + (1 - Pr(S)) * Pr(NG)) / denominator),
        ("expanded", (lam * Pr(S) * Pr(G) + Pr(NG) - Pr(S) * Pr(NG)) / denominator),
    ]
    for label, form in chain:
        d.equal(f"WAcc$(S_{{ni}})$, {label}", _ni(form), derived, domain=domain, printed_latex=to_latex(form))
    derivative = sp.together(sp.diff(derived, s))
    printed_derivative = (lam * Pr(G) - Pr(NG)) / denominator
    d.equal("derivative in $P(S_{ni})$", _ni(printed_derivative), derivative, domain=domain,
            printed_latex=to_latex(printed_derivative))
    printed_rewrite = (lam * 2 * Pr(G) - 1) / denominator
    d.equal("derivative rewritten", _ni(printed_rewrite), derivative, domain=domain,
            printed_latex=to_latex(printed_rewrite))
    aw = prop("WAcc", "AW")
    theta = _threshold_of(aw)
    printed_theta = 1 / (2 * g)
    if theta is not None:
        d.equal("threshold on $\\lambda$", printed_theta, theta, domain=NI,
                printed_latex=r"\lambda \gtrless \frac{1}{2P(\mathcal{G})}",
                derived_latex=r"\lambda \gtrless " + to_latex(theta),
                justification="threshold from the Absolute Weighting checker")
    holds = aw.verdict is PropertyVerdict.HOLDS
    d.conclude(holds, "Weighted Accuracy satisfies Absolute Weighting: non-informative outputs grow with "
               f"size iff $\\lambda > {to_latex(theta)}$." if holds else aw.reason,
               corrected_statement=("The derivative is $(\\lambda P(G) - P(\\neg G))/(\\lambda P(G) + P(\\neg G))$ "
                                    "$= (\\lambda P(G) + P(G) - 1)/(\\lambda P(G) + P(\\neg G))$; the score of a "
                                    "non-informative output grows with its size iff "
                                    f"$\\lambda > {to_latex(theta)} = P(\\neg G)/P(G)$, not $1/(2P(G))$.")
               if holds else None)


# ------------------------------------------------------------------ informativeness-based measures

def lam_fq(d: Derivation) -> None:
    definition = logit_inverse((logit(Pr(NS, G)) + logit(Pr(S, NG))) / 2)
    d.note("Lam% is defined (Section 4.2) as $\\mathrm{logit}^{-1}((\\mathrm{logit}\\,P(\\neg S|G) + "
           "\\mathrm{logit}\\,P(S|\\neg G))/2)$; the catalogue stores the equal algebraic form "
           "$\\sqrt{h}/(1+\\sqrt{h})$, $h$ the product of the two odds.")
    d.equal("catalogue form = logit definition (every output)", to_joint(definition),
            to_joint(measure("Lam%").probs), domain=JOINT_DOMAIN, printed_latex=to_latex(definition))
    printed = logit_inverse((logit(Pr(S)) + logit(Pr(NS))) / 2)
    d.equal("lam%$(S_{ni})$ in $P(S_{ni})$", _ni(printed), _ni(definition), domain=NI,
            printed_latex=to_latex(printed), justification="independence gives $P(\\neg S|G) = P(\\neg S)$, $P(S|\\neg G) = P(S)$")
    x = Pr(NS)
    chain = [sp.log(Pr(S) / (1 - Pr(S))), sp.log((1 - x) / x), -sp.log(x / (1 - x)), -logit(x)]
    for k, form in enumerate(chain):
        d.equal(f"logit chain, expression {k + 1}", _ni(form), _ni(logit(Pr(S))), domain=NI,
                printed_latex=r"\mathrm{logit}(P(\mathcal{S})) = " + to_latex(form))
    total = _ni(logit(Pr(S)) + logit(Pr(NS)))
    zero = is_identically_zero(total, NI)
    d.fact("the numerator cancels", zero.value,
           printed=r"-\mathrm{logit}(P(\neg\mathcal{S})) + \mathrm{logit}(\neg P(\mathcal{S})) = 0",
           derived=r"\mathrm{logit}(P(\mathcal{S})) + \mathrm{logit}(P(\neg\mathcal{S})) = 0",
           justification=f"{zero.method}; the printed $\\mathrm{{logit}}(\\neg P(S))$ is read as "
                         "$\\mathrm{logit}(P(\\neg S))$")
    value = d.equal("every non-informative output scores 0.5", sp.Rational(1, 2), _ni(definition), domain=NI)
    d.conclude(value.value == "holds", "Lam% gives every non-informative output the score 1/2.")


def _fixed_value_claim(d: Derivation, m: Measure, value, label: str) -> bool:
    status = d.equal(f"{label} of every non-informative output", value, m.noninformative(),
                     domain=_with_params(NI, m), justification="non-informative score on $0<P(G),P(S)<1$")
    return status.value == "holds"


def phi_fq(d: Derivation) -> None:
    phi = measure("Phi")
    # in probability units: TP.TN / |T|^2 etc.
    tp_tn = Pr(S, G) * Pr(G) * Pr(NS, NG) * Pr(NG)
    fp_fn = Pr(S, NG) * Pr(NG) * Pr(NS, G) * Pr(G)
    truth_tp_tn = counts_to_joint(TP * TN) / n**2
    truth_fp_fn = counts_to_joint(FP * FN) / n**2
    d.equal("TP.TN/|T|^2 = P(S|G)P(G)P(\\neg S|\\neg G)P(\\neg G)", to_joint(tp_tn), truth_tp_tn,
            domain=JOINT_DOMAIN, printed_latex=to_latex(tp_tn))
    chain = [Pr(S) * Pr(G) * Pr(NS) * Pr(NG), Pr(S) * Pr(NG) * Pr(NG)]
    for k, form in enumerate(chain):
        d.equal(f"TP.TN chain for $S_{{ni}}$, expression {k + 2}", _ni(form), _ni(tp_tn), domain=NI,
                printed_latex=to_latex(form))
    printed_first = Pr(S, NG) * Pr(G) * Pr(NS, G) * Pr(NG)
    d.equal("FP.FN chain, first expression", to_joint(printed_first), truth_fp_fn, domain=JOINT_DOMAIN,
            printed_latex=to_latex(printed_first))
    d.equal("FP.FN chain, second expression", to_joint(fp_fn), truth_fp_fn, domain=JOINT_DOMAIN,
            printed_latex=to_latex(fp_fn))
    d.equal("numerator TP.TN - FP.FN of a non-informative output", 0, _ni(tp_tn - fp_fn), domain=NI)
    ok = _fixed_value_claim(d, phi, 0, "Phi")
    d.conclude(ok, "Phi is 0 for every non-informative output (its denominator is positive there).",
               )


def odds_fq(d: Derivation) -> None:
    odds = measure("Odds")
    printed1 = (Pr(S, G) * Pr(G) * Pr(NS, NG) * Pr(NG)) / (Pr(S, NG) * Pr(NG) * Pr(NS, G) * Pr(G))
    d.equal("TP.TN/(FN.FP) in conditionals", to_joint(printed1), counts_to_joint(odds.counts),
            domain=JOINT_DOMAIN, printed_latex=to_latex(printed1))
    printed2 = (Pr(S) * Pr(G) * Pr(NS) * Pr(NG)) / (Pr(S) * Pr(NG) * Pr(NS) * Pr(G))
    d.equal("independence substituted", _ni(printed2), _ni(printed1), domain=NI, printed_latex=to_latex(printed2))
    ok = _fixed_value_claim(d, odds, 1, "Odds = 1")
    d.conclude(ok, "The odds ratio of every non-informative output is 1.")


def maac_fq(d: Derivation) -> None:
    maac = measure("MAAc")
    printed = (Pr(S, G) + Pr(NS, NG)) / 2
    d.equal("count form = probability form", counts_to_joint(maac.counts), to_joint(printed),
            domain=JOINT_DOMAIN, printed_latex=to_latex((TP / (TP + FN) + TN / (TN + FP)) / 2) + "=" + to_latex(printed))
    for k, form in enumerate([(Pr(S) + Pr(NS)) / 2, (Pr(S) + 1 - Pr(S)) / 2]):
        d.equal(f"chain for $S_{{ni}}$, expression {k + 1}", _ni(form), _ni(printed), domain=NI,
                printed_latex=to_latex(form))
    ok = _fixed_value_claim(d, maac, sp.Rational(1, 2), "MAAc = 1/2")
    d.conclude(ok, "MAAc is 1/2 for every non-informative output.")


def kappa_fq(d: Derivation) -> None:
    kappa = measure("Kappa")
    accuracy = measure("Acc").probs
    random_accuracy = Pr(S) * Pr(G) + Pr(NS) * Pr(NG)
    d.note("Random Accuracy is read as the accuracy of a random output of the same size: "
           "$P(S)P(G) + P(\\neg S)P(\\neg G)$, as the paper's probabilistic formula prints it.")
    printed = ((Pr(S, G) * Pr(G) + Pr(NS, NG) * Pr(NG)) - random_accuracy) / (1 - random_accuracy)
    d.equal("probability form = (Accuracy - Random Accuracy)/(1 - Random Accuracy)", to_joint(printed),
            to_joint((accuracy - random_accuracy) / (1 - random_accuracy)), domain=JOINT_DOMAIN,
            printed_latex=to_latex(printed))
    positive = is_positive_everywhere(to_joint(1 - random_accuracy), JOINT_DOMAIN)
    d.fact("the denominator $1 - $ Random Accuracy is positive", positive.value,
           derived=to_latex(sp.factor(to_joint(1 - random_accuracy))) + "> 0", justification=positive.method)
    ok = _fixed_value_claim(d, kappa, 0, "Kappa = 0")
    d.conclude(ok, "Kappa is 0 for every non-informative output.")


def chi_fq(d: Derivation) -> None:
    chi = measure("Chi")
    d.note("Chi is taken as the paper defines it (its first printed, count form), not Pearson's statistic.")
    total = TP + FP + FN + TN
    d.equal("denominator $|S|+|G|+|\\neg S|+|\\neg G| = 2|T|$", (TP + FP) + (TP + FN) + (TN + FN) + (TN + FP),
            2 * total, printed_latex=r"|\mathcal{S}|+|\mathcal{G}|+|\neg\mathcal{S}|+|\neg\mathcal{G}|")
    printed_prob = ((Pr(S, G) * Pr(NS, NG) - Pr(S, NG) * Pr(NS, G)) + 1) / 2
    d.equal("count form = printed probability form", counts_to_joint(chi.counts), to_joint(printed_prob),
            domain=JOINT_DOMAIN.with_intervals([(n, 0, sp.oo)]), printed_latex=to_latex(printed_prob),
            derived_latex=to_latex(sp.factor(counts_to_joint(chi.counts))),
            justification="count form with $TP = |T|P(S\\wedge G)$, ... against the printed form, "
                          "$|T|$ a free positive size")
    printed_ni = ((Pr(S) * Pr(NS) - Pr(S) * Pr(NS)) + 1) / 2
    d.equal("printed probability form for $S_{ni}$", _ni(printed_ni), _ni(printed_prob), domain=NI,
            printed_latex=to_latex(printed_ni))
    d.equal("printed probability form gives 1/2", sp.Rational(1, 2), _ni(printed_prob), domain=NI)
    ok = _fixed_value_claim(d, chi, sp.Rational(1, 2), "Chi (count form) = 1/2")
    d.conclude(ok, "Both of the paper's (different) forms of Chi give 1/2 for every non-informative output.",
               corrected_statement=("The two printed forms of Chi are different functions: the count form equals "
                                    "$|T|(P(S\\wedge G)P(\\neg S\\wedge\\neg G) - P(S\\wedge\\neg G)P(\\neg S\\wedge G))/2 + 1/2$, "
                                    "the probability form divides the same determinant by $P(G)P(\\neg G)$ "
                                    "instead of multiplying by $|T|$. Both equal 1/2 on non-informative outputs."))


def mi_fq(d: Derivation) -> None:
    mi = measure("MI")
    cells = ((S, G), (NS, G), (S, NG), (NS, NG))
    for x, y in cells:
        term = Joint(x, y) * sp.log(Joint(x, y) / (Pr(x) * Pr(y)))
        d.equal(f"term ${to_latex(Joint(x, y))}\\log\\ldots$ is 0 for $S_{{ni}}$", 0, _ni(term), domain=NI,
                printed_latex=to_latex(term) + "= 0")
    ok = _fixed_value_claim(d, mi, 0, "MI = 0")
    d.conclude(ok, "Mutual information is 0 for every non-informative output.")


# ------------------------------------------------------------------ class-oriented measures

def f_gq(d: Derivation) -> None:
    f = measure("F")
    domain = _with_params(NI, f)
    from symmetric.measures.filtering import harmonic
    d.equal("$F_\\alpha(P(G|S_{ni}), P(S_{ni}|G)) = F_\\alpha(P(G), P(S_{ni}))$", _ni(f.probs),
            harmonic(alpha, g, s), domain=domain, printed_latex=to_latex(harmonic(alpha, Pr(G), Pr(S))))
    gq = prop("F", "NIGQ")
    d.fact("with $P(G)$ fixed, $F_\\alpha$ grows with $P(S_{ni})$", gq.verdict is PropertyVerdict.HOLDS,
           derived=to_latex(sp.factor(props.size_derivative(f))) + "> 0", justification=gq.proof)
    d.conclude(gq.verdict is PropertyVerdict.HOLDS if gq.verdict is not PropertyVerdict.UNDETERMINED else None,
               "F satisfies Non-Informativeness Growing Quality.",
               reason=gq.reason if gq.verdict is PropertyVerdict.UNDETERMINED else None)


def frs_bound(d: Derivation) -> None:
    frs = measure("F(R,S)")
    domain = _with_params(NI, frs)
    from symmetric.measures.filtering import harmonic
    printed1 = harmonic(alpha, Pr(G, S) * Pr(NG, NS), Pr(S, G) * Pr(NS, NG))
    d.equal("F(R,S) in conditionals (every output)", to_joint(printed1), frs.joint_form,
            domain=_with_params(JOINT_DOMAIN, frs), printed_latex=to_latex(printed1))
    printed2 = harmonic(alpha, Pr(G) * Pr(NG), Pr(S) * Pr(NS))
    d.equal("independence substituted", _ni(printed2), frs.noninformative(), domain=domain,
            printed_latex=to_latex(printed2))
    printed3 = harmonic(alpha, g * (1 - g), s * (1 - s))
    d.equal("complements written out", printed3, frs.noninformative(), domain=domain,
            printed_latex=to_latex(printed3))
    x = sp.Symbol("x", positive=True)
    unit = NI.with_intervals([(x, 0, 1)])
    bound = upper_bound(x * (1 - x), sp.Rational(1, 4), unit, solve_for=(x,))
    d.fact("$x(1-x) \\leq 1/4$ on $[0,1]$", bound.holds.value, derived=r"\tfrac14 - x(1-x) = (x - \tfrac12)^2 \ge 0",
           justification=f"{bound.holds.method}; equality only at $x = {to_latex(bound.attained[0][x])}$"
           if bound.attained else bound.holds.method)
    score = frs.noninformative()
    le = upper_bound(score, sp.Rational(1, 4), domain, solve_for=(g, s))
    d.fact("$F(R,S)(S_{ni}) \\leq (\\alpha/0.25 + (1-\\alpha)/0.25)^{-1} = 0.25$", le.holds.value,
           printed=r"\left(\frac{\alpha}{0.25}+\frac{1-\alpha}{0.25}\right)^{-1} = 0.25",
           derived=r"\tfrac14 - F(R,S)(S_{ni}) \geq 0", justification=le.holds.method)
    strict = upper_bound(score, sp.Rational(1, 4), domain, strict=True)
    point = {g: sp.Rational(1, 2), s: sp.Rational(1, 2), alpha: sp.Rational(1, 2)}
    d.fact("every non-informative output scores lower than 0.25 (strict)", strict.holds.value,
           printed=r"F(R,S)(S_{ni}) < 0.25",
           derived=r"F(R,S)(S_{ni}) \leq 0.25,\ \text{with equality iff } P(\mathcal{G}) = P(\mathcal{S}) = \tfrac12",
           justification=strict.holds.method)
    cx = d.counterexample("a non-informative output scoring exactly 1/4 (P(G) = P(S) = 1/2)",
                          {"g": point[g], "s": point[s], "alpha": point[alpha]},
                          sp.Eq(score, sp.Rational(1, 4)))
    d.note(f"Counterexample to the strict bound: {cx.description}.")
    # Fig. 4: maximum over the output size for a fixed ratio of relevant documents
    critical = sp.solve(sp.numer(sp.together(sp.diff(score, s))), s)
    at_half = sp.simplify(score.subs(s, sp.Rational(1, 2)))
    d.fact("Fig. 4: the maximum over output size is at half of the items", critical == [sp.Rational(1, 2)],
           printed=r"P(\mathcal{S}) = \tfrac12", derived=f"P(\\mathcal{{S}}) \\in {to_latex(critical)}",
           justification="the numerator of $\\partial F/\\partial P(S)$ solved for $P(S)$")
    d.equal("Fig. 4: that maximum is 0.25 (for every curve $P(G)$)", sp.Rational(1, 4), at_half, domain=domain,
            printed_latex="0.25", derived_latex=to_latex(at_half))
    d.conclude(le.holds.value, "Every non-informative output scores at most 1/4.",
               corrected_statement=("Every non-informative output receives an F(R,S) score of at most 0.25, "
                                    "and exactly 0.25 when $P(G) = P(S) = 1/2$. For a fixed $P(G)$ the "
                                    "highest score is reached at $P(S) = 1/2$ and equals "
                                    f"${to_latex(at_half)}$, which is 0.25 only when $P(G) = 1/2$."))


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
                printed_latex=to_latex(form))
    sens = measure("Sensitivity")
    analogue = Joint(S, G) * Pr(NS, NG) + Joint(NS, NG) * Pr(S, G)
    d.equal("Sensitivity: the same construction with S and G exchanged", to_joint(analogue),
            sens.joint_form * 1, domain=domain, printed_latex=to_latex(Pr(S, G) * Pr(NS, NG)),
            derived_latex=to_latex(analogue),
            justification="the exchanged sum $P(S\\wedge G)P(\\neg S|\\neg G) + P(\\neg S \\wedge \\neg G)P(S|G)$ "
                          "against the printed product of recalls")
    d.conclude(True, "Reliability is the product of the two precisions and Sensitivity the product of the two recalls.")


def frs_trivial(d: Derivation) -> None:
    frs = measure("F(R,S)")
    sens = measure("Sensitivity")
    k, m = sp.symbols("k m", positive=True, integer=True)
    outputs = {"zero output": {TP: 0, FP: 0, FN: k, TN: m}, "placebo output": {TP: k, FP: m, FN: 0, TN: 0}}
    for name, table in outputs.items():
        d.equal(f"Sensitivity of the {name} is 0 (a recall is 0)", 0, sens.count_form.xreplace({k: sp.sympify(v) for k, v in table.items()}),
                printed_latex=r"\mathrm{Sensitivity} = 0")
        d.equal(f"F(R,S) of the {name} is 0", 0, frs.count_form.xreplace({k: sp.sympify(v) for k, v in table.items()}),
                justification="count form (harmonic mean with a zero component, continuously extended)")
    score = frs.noninformative()
    domain = _with_params(NI, frs)
    for point, side, name in ((0, "+", "zero"), (1, "-", "placebo")):
        limit = limit_in_domain(score, s, point, side, domain)
        d.equal(f"limit of the non-informative score at the {name} output", 0, limit,
                justification=f"$P(S) \\to {point}$ with $0<\\alpha<1$")
    low = lower_bound(frs.joint_form, 0, _with_params(JOINT_DOMAIN, frs))
    d.fact("0 is a lower bound of F(R,S)", low.holds.value, derived=r"F(R,S) \geq 0", justification=low.holds.method)
    d.conclude(low.holds.value, "Both trivial outputs receive 0, the minimum of F(R,S).")


# ------------------------------------------------------------------ monotonicity and smoothing

SM_PRINTED = {  # measure: printed verdict (Sections 3.2, 4.1.1, 4.2, 4.3.1, 4.4.1, 5)
    "Acc": True, "WAcc": True, "Utility": True,
    "F": False, "Lam%": False, "Odds": False, "F(R,S)": False,
    "F_smL": True, "Lam%_smL": True, "F_smN": True, "Lam%_smN": True,
}


def _yes(flag: bool | None) -> str:
    return {True: "holds", False: "fails", None: "undetermined"}[flag]


def _verdict_flag(result) -> bool | None:
    return {PropertyVerdict.HOLDS: True, PropertyVerdict.FAILS: False}.get(result.verdict)


def strict_monotonicity(d: Derivation) -> None:
    wrong = None
    for name, printed in SM_PRINTED.items():
        result = prop(name, "SM")
        flag = _verdict_flag(result)
        holds = None if flag is None else flag == printed
        d.fact(f"Strict Monotonicity of {name}", holds, printed=_yes(printed), derived=_yes(flag),
               justification=result.proof or result.reason)
        if holds is False and wrong is None:
            wrong = (name, result)
    if wrong is not None:
        name, result = wrong
        cx = result.counterexample
        before, after = tuple(cx["before"]), tuple(cx["after"])
        m = measure(name)
        params = {p.symbol: sp.Rational(cx[str(p.symbol)]) for p in m.params if str(p.symbol) in cx}
        qa, qb = exact_value(m, before, params), exact_value(m, after, params)
        d.counterexample((f"{name}: ", result.proof[0]),
                         {"before": str(before), "after": str(after), **{str(k): v for k, v in params.items()}},
                         sp.Le(m.orientation * qb, m.orientation * qa))
        d.conclude(False, f"The list is not right as printed: {name} does not satisfy Strict Monotonicity.")
        return
    undecided = [s_.label for s_ in d.steps if s_.status.value == "undecided"]
    d.conclude(None if undecided else True, "Every measure behaves as printed.",
               reason="undecided: " + "; ".join(undecided) if undecided else None)


def laplace_smoothing(d: Derivation) -> None:
    G_, T_ = sp.symbols("G T", positive=True, integer=True)   # |G| and |T|
    rec = lambda tp, fn: (tp + 1) / (tp + 1 + fn + 1)          # Laplace-smoothed P(S|G)
    prec = lambda tp, fp: (tp + 1) / (tp + 1 + fp + 1)         # Laplace-smoothed P(G|S)
    zero = {TP: 0, FP: 0, FN: G_, TN: T_ - G_}
    placebo = {TP: G_, FP: T_ - G_, FN: 0, TN: 0}
    p_zero = prec(zero[TP], zero[FP])
    d.fact("$P(G|S_\\emptyset) = 1/2 \\neq P(G)$", sp.simplify(p_zero - sp.Rational(1, 2)) == 0,
           printed=r"\frac{|\mathcal{S}_\emptyset\cap\mathcal{G}|+1}{|\mathcal{S}_\emptyset|+2} = \frac12",
           derived=to_latex(p_zero), justification="Laplace's correction at the zero output; it differs from "
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
        cx_check = sp.Gt(v0, v1)
        d.fact("for some $\\alpha$ the Laplace-smoothed F ranks $S_\\emptyset$ above $S_T$", True,
               derived=f"|T|={total}, |G|={relevant}, \\alpha={to_latex(a_val)}: F(S_\\emptyset)={to_latex(v0)} > "
                       f"F(S_T)={to_latex(v1)}", justification=f"exact evaluation ({cx_check} is True)")
    else:
        d.fact("for some $\\alpha$ the Laplace-smoothed F ranks $S_\\emptyset$ above $S_T$", None,
               justification="no example found among the searched test sets")
    lam_sml = measure("Lam%_smL")
    zero_table = (0, 0, 1, 3)
    v = exact_value(lam_sml, zero_table, {})
    d.fact("Laplace-smoothed Lam% does not give every non-informative output 0.5",
           v is not None and v != sp.Rational(1, 2),
           derived=f"\\mathrm{{Lam\\%}}_{{smL}}(0,0,1,3) = {to_latex(v)} \\neq \\tfrac12",
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


def noninformative_smoothing_claim(d: Derivation) -> None:
    size_s = TP + FP
    # the table: add P(G)P(S) (etc.) to each cell
    prior_tp, prior_fp = g * s, (1 - g) * s
    table_estimate = (TP + prior_tp) / ((TP + prior_tp) + (FP + prior_fp))
    printed_table = (TP + g * s) / (size_s + s)
    d.equal("$P(G|S)$ from the smoothed table", printed_table, table_estimate,
            printed_latex=r"\frac{|\mathcal{S}\cap\mathcal{G}| + P(\mathcal{G})P(\mathcal{S})}{|\mathcal{S}| + P(\mathcal{S})}")
    printed_weighted = (TP + 2 * g) / (size_s + 2)
    smoothed_recall = (TP + 2 * s) / (TP + FN + 2)
    d.equal("with Laplace's weight: the printed $P(S|G)$", printed_weighted, smoothed_recall,
            printed_latex=r"P(\mathcal{S}|\mathcal{G}) = \frac{|\mathcal{S}\cap\mathcal{G}| + 2P(\mathcal{G})}{|\mathcal{S}| + 2}",
            derived_latex=r"P(\mathcal{S}|\mathcal{G}) = " + to_latex(smoothed_recall) +
            r",\quad P(\mathcal{G}|\mathcal{S}) = " + to_latex(printed_weighted),
            justification="the printed right-hand side (denominator $|S| + 2$, prior $2P(G)$) is the estimate "
                          "of $P(G|S)$, not of $P(S|G)$")
    # the same estimate with the prior weight scaled so that the denominator grows by 2
    w = sp.Symbol("w", positive=True)
    weighted = (TP + w * g * s) / (size_s + w * s)
    d.equal("prior weight $w = 2/P(S)$ gives $(|S\\cap G| + 2P(G))/(|S|+2)$", printed_weighted,
            weighted.subs(w, 2 / s), printed_latex=to_latex(printed_weighted))
    # non-informative output: |S and G| = |T| P(S) P(G), |S| = |T| P(S)
    ni_counts = {TP: n * s * g, FP: n * s * (1 - g), FN: n * (1 - s) * g, TN: n * (1 - s) * (1 - g)}
    size = n * s
    chain = [(n * s * g + 2 * g) / (size + 2), g * (n * s + 2) / (size + 2), g]
    domain = NI.with_intervals([(n, 0, sp.oo)])
    for k, form in enumerate(chain):
        d.equal(f"smoothed $P(G|S_{{ni}})$, expression {k + 2}", form, printed_weighted.subs(ni_counts),
                domain=domain, printed_latex=to_latex(form))
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
        d.equal(f"printed smoothed ${to_latex(Pr(x, y))}$ = symmetric's smoothing", form.subs(marginals),
                smoothed_conditional(x, y), printed_latex=to_latex(Pr(x, y)) + "=" + to_latex(form))
        d.equal(f"smoothed ${to_latex(Pr(x, y))}$ of a non-informative output is unchanged",
                unsmoothed_ni[(x, y)], smoothed_conditional(x, y).subs(ni_counts), domain=domain)
    for name, column in (("F_smN", "NIGQ"), ("Lam%_smN", "NIFQ"), ("Odds_smN", "NIFQ")):
        result = prop(name, column)
        d.fact(f"{name} keeps {result.property}", _verdict_flag(result),
               printed="holds", derived=_yes(_verdict_flag(result)), justification=result.proof)
    d.conclude(True, "Non-informative smoothing preserves non-informativeness of every conditional, so the "
                     "smoothed F keeps Growing Quality and the smoothed Lam% and Odds keep Fixed Quality.")


# ------------------------------------------------------------------ the properties together

TABLE_ROWS = ("WAcc", "Utility", "Lam%", "Odds", "Lam%_smL", "Odds_smL", "Lam%_smN", "Odds_smN",
              "Phi", "MAAc", "Kappa", "Chi", "MI", "F", "F_smL", "F_smN", "F(R,S)")
Y, N_ = True, False
# Fig. 5 (and Table 3 for F(R,S)), columns SM, AW, NIFQ, NIGQ, as printed.  The row
# "Phi, MAAc, KapS, Chi, MI" is garbled in the extracted text ('1 . . x' in Fig. 5, a blank,
# 'x', '~', 'x' in Table 3): it is read as yes, no, yes, no, the reading consistent with
# Section 4.2 and with the family heading "Informativeness Measures".
TABLE_PRINTED = {
    "WAcc": (Y, Y, N_, N_), "Utility": (Y, Y, N_, N_),
    "Lam%": (N_, N_, Y, N_), "Odds": (N_, N_, Y, N_),
    "Lam%_smL": (Y, N_, N_, N_), "Odds_smL": (Y, N_, N_, N_),
    "Lam%_smN": (Y, N_, Y, N_), "Odds_smN": (Y, N_, Y, N_),
    "Phi": (Y, N_, Y, N_), "MAAc": (Y, N_, Y, N_), "Kappa": (Y, N_, Y, N_), "Chi": (Y, N_, Y, N_),
    "MI": (Y, N_, Y, N_),
    "F": (N_, N_, N_, Y), "F_smL": (Y, N_, N_, N_), "F_smN": (Y, N_, N_, Y),
    "F(R,S)": (Y, N_, N_, N_),
}
COLUMNS = ("SM", "AW", "NIFQ", "NIGQ")


def properties_table(d: Derivation) -> None:
    d.note("Rows and printed cells: Fig. 5 (Table 3 for F(R,S), whose SM cell contradicts Section 4.4.1). "
           "The garbled row Phi, MAAc, KapS, Chi, MI is read as yes, no, yes, no. The row Acc/WAcc is "
           "checked on Weighted Accuracy; plain Accuracy has no parameter and so no Absolute Weighting.")
    first_wrong = None
    for name in TABLE_ROWS:
        results = property_table()[name]
        for column, printed, result in zip(COLUMNS, TABLE_PRINTED[name], results):
            flag = _verdict_flag(result)
            holds = None if flag is None else flag == printed
            d.fact(f"{name} / {column}", holds, printed=_yes(printed), derived=_yes(flag),
                   justification=result.proof or result.reason)
            if holds is False and first_wrong is None and result.counterexample:
                first_wrong = (name, column, result)
    wrong = [s_.label for s_ in d.steps if s_.status.value == "wrong"]
    undecided = [s_.label for s_ in d.steps if s_.status.value == "undecided"]
    if first_wrong:
        name, column, result = first_wrong
        d.note((f"First disagreeing cell with a counterexample: {name} / {column}: ", result.proof[0]))
    d.conclude(True if not undecided or wrong else None,
               f"{len(TABLE_ROWS) * 4 - len(wrong) - len(undecided)} cells agree with the printed matrix, "
               f"{len(wrong)} disagree, {len(undecided)} undecided.",
               corrected_statement=("Cells that differ from the printed matrix: " + "; ".join(wrong) + ".")
               if wrong else None,
               reason=("undecided cells: " + "; ".join(undecided)) if undecided else None)


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
    for name in TABLE_ROWS + ("Acc", "Reliability", "Sensitivity"):
        results = property_table()[name]
        held = [r.property for r in results[1:] if r.verdict is PropertyVerdict.HOLDS]
        if len(held) > 1:
            clashes.append(f"{name}: {held}")
    d.fact("no catalogue measure is found to satisfy two of them", not clashes,
           derived="; ".join(clashes) or "none",
           justification="the property checkers run on every measure of the paper (a consistency check of the "
                         "checkers against the argument above)")
    d.conclude(True, "The three properties are mutually exclusive.")


# ------------------------------------------------------------------ the claims, as data

CLAIMS = (
    Claim("amigo.notation.contingency", PAPER, "Section 3.1, Table 1",
          "TP, FP, FN, TN divided by |T| equal P(G|S)P(S), P(not G|S)P(S), P(G|not S)P(not S), "
          "P(not G|not S)P(not S).", contingency),
    Claim("amigo.notation.noninformative", PAPER, "Section 3.1",
          "P(S_ni and G) = P(S_ni)P(G) is equivalent to P(S_ni|G) = P(S_ni), and to P(G|S_ni) = P(G).",
          noninformative),
    Claim("amigo.appendix.utility_absolute_weighting", PAPER,
          "Appendix, proof 'Utility satisfies the Absolute Weighting property'",
          "U_alpha(S_ni) = alpha P(S_ni|G)P(G) - P(S_ni|not G)P(not G) = alpha P(G|S_ni)P(S_ni) - "
          "P(not G|S_ni)P(S_ni) = P(S_ni)(alpha P(G) - P(not G)); the score of non-informative outputs is "
          "fixed iff alpha = P(not G)/P(G), grows with output size iff alpha > P(not G)/P(G), decreases iff "
          "alpha < P(not G)/P(G).", utility_aw),
    Claim("amigo.appendix.wacc_absolute_weighting", PAPER,
          "Appendix, proof 'Weighted Accuracy satisfies Absolute Weighting'",
          "WAcc(S_ni) = (lambda P(S_ni|G)P(G) + P(not S_ni|not G)P(not G))/(lambda P(G) + P(not G)) = "
          "(lambda P(S_ni)P(G) + (1 - P(S_ni))P(not G))/(lambda P(G) + P(not G)); its derivative in P(S_ni) "
          "is (lambda P(G) - P(not G))/(lambda P(G) + P(not G)) = (lambda 2 P(G) - 1)/(lambda P(G) + "
          "P(not G)); so the score of a non-informative output grows or decreases with its size depending "
          "on whether lambda is larger or smaller than 1/(2P(G)).", wacc_aw),
    Claim("amigo.appendix.lam_fixed_quality", PAPER,
          "Appendix, proof 'Lam% satisfies Non-Informativeness Fixed Quality'",
          "lam%(S_ni) = logit^-1((logit(P(S_ni)) + logit(P(not S_ni)))/2); logit(P(S_ni)) = "
          "-logit(P(not S_ni)), so the numerator cancels and every non-informative output scores 0.5.", lam_fq),
    Claim("amigo.appendix.phi_fixed_quality", PAPER,
          "Appendix, proof 'Phi satisfies Non-Informativeness Fixed Quality'",
          "Phi = (TP.TN - FP.FN)/sqrt((TP+FN)(TN+FP)(TP+FP)(TN+FN)) is zero for non-informative outputs, via "
          "the printed chain TP.TN = P(S_ni|G)P(G)P(not S_ni|not G)P(not G) = P(S_ni)P(G)P(not S_ni)P(not G) "
          "= P(S_ni)P(not G)P(not G), and P(S_ni|not G)P(G)P(not S_ni|G)P(not G) = P(S_ni|not G)P(not G)"
          "P(not S_ni|G)P(G) = FP.FN.", phi_fq),
    Claim("amigo.appendix.odds_fixed_quality", PAPER,
          "Appendix, proof 'Odds Ratio satisfies Non-Informativeness Fixed Quality'",
          "Odds(S_ni) = TP.TN/(FN.FP) = 1 for every non-informative output (printed chain in conditional "
          "probabilities).", odds_fq),
    Claim("amigo.appendix.maac_fixed_quality", PAPER,
          "Appendix, proof 'Macro Average Accuracy satisfies Non-Informativeness Fixed Quality'",
          "MAAc = (TP/(TP+FN) + TN/(TN+FP))/2 = (P(S|G) + P(not S|not G))/2, which equals 1/2 for every "
          "non-informative output.", maac_fq),
    Claim("amigo.appendix.kappa_fixed_quality", PAPER,
          "Appendix, proof 'Kappa statistic satisfies Non-Informativeness Fixed Quality'",
          "KapS(S) = ((P(S|G)P(G) + P(not S|not G)P(not G)) - (P(S)P(G) + P(not S)P(not G)))/(1 - (P(S)P(G) "
          "+ P(not S)P(not G))) returns zero for non-informative outputs.", kappa_fq),
    Claim("amigo.appendix.chi_fixed_quality", PAPER,
          "Appendix, proof 'Chi-square satisfies Non-Informativeness Fixed Quality' (also Section 4.2)",
          "Chi(S) = ((|S and G|.|not S and not G| - |S and not G|.|not S and G|) + |T|)/(|S| + |G| + |not S| + "
          "|not G|) = ((P(S|G).P(not S|not G) - P(S|not G).P(not S|G)) + 1)/2, and Chi(S_ni) = 1/2.", chi_fq),
    Claim("amigo.appendix.f_growing_quality", PAPER,
          "Appendix, proof 'The F measure ... satisfies non-informativeness growing quality'",
          "F_alpha(S_ni) = F_alpha(P(G|S_ni), P(S_ni|G)) = F_alpha(P(G), P(S_ni)), which grows with P(S_ni) "
          "when P(G) is fixed.", f_gq),
    Claim("amigo.appendix.frs_noninformative_bound", PAPER,
          "Appendix, proof 'Every non informative output receives an F(R,S) score lower than 0.25' (also "
          "Section 4.4.1 and Fig. 4)",
          "F_alpha(R(S_ni), S(S_ni)) = (alpha/(P(G)(1-P(G))) + (1-alpha)/(P(S_ni)(1-P(S_ni))))^-1; since "
          "x(1-x) <= 0.25 on [0,1], every non-informative output receives an F(R,S) score lower than 0.25; "
          "Fig. 4 text: the highest possible value is 0.25, when the random assignment gives half of the "
          "items to the positive class.", frs_bound),
    Claim("amigo.body.mi_fixed_quality", PAPER, "Section 4.2",
          "MI(S) = sum over the four cells of P(x and y) log(P(x and y)/(P(x)P(y))) is zero for every "
          "non-informative output.", mi_fq),
    Claim("amigo.body.reliability_sensitivity_products", PAPER, "Section 4.4",
          "Reliability(S) = P(G and S)P(not G|not S) + P(not S and not G)P(G|S) = P(G|S)P(not G|not S) "
          "(product of the precisions of both classes); Sensitivity(S) = P(S|G)P(not S|not G) (product of "
          "both recalls).", reliability_sensitivity),
    Claim("amigo.body.frs_trivial_outputs", PAPER, "Section 4.4.1",
          "The zero output (everything negative) and the placebo output (everything positive) both receive "
          "the minimal F(R,S) score, since a precision or recall of one class is zero.", frs_trivial),
    Claim("amigo.body.strict_monotonicity", PAPER, "Sections 3.2, 4.1.1, 4.2, 4.3.1, 4.4.1, 5",
          "Strict Monotonicity (moving an item into its correct class strictly increases the score) holds "
          "for Accuracy, Weighted Accuracy and Utility; fails for the F measure, Lam%, Odds and F(R,S); holds "
          "for the Laplace-smoothed and the non-informatively smoothed F and Lam%.", strict_monotonicity),
    Claim("amigo.body.laplace_smoothing", PAPER, "Section 5.1",
          "Laplace's correction gives P(G|S_zero) = 1/2 != P(G); smoothed Recall(S_zero) = 1/(|G|+2), "
          "Recall(S_T) = (|G|+1)/(|G|+2), Precision(S_zero) = 1/2, Precision(S_T) = (|G|+1)/(|T|+2); |G| < "
          "|T|/2 implies (|G|+1)/(|T|+2) < 1/2; hence for some alpha the smoothed F ranks the zero output "
          "above the placebo (Non-Informativeness Growing Quality is lost), and smoothed Lam% no longer gives "
          "every non-informative output 0.5.", laplace_smoothing),
    Claim("amigo.body.noninformative_smoothing", PAPER, "Section 5.2",
          "Adding P(G)P(S)-proportional priors to the contingency cells gives P(G|S) = (|S and G| + "
          "P(G)P(S))/(|S| + P(S)); with the weight of Laplace's correction the paper prints P(S|G) = (|S and "
          "G| + 2P(G))/(|S| + 2); for a non-informative output the smoothed P(G|S_ni) equals P(G); the four "
          "smoothed conditionals P(S|G) = (|S and G| + 2P(S))/(|G| + 2), P(S|not G) = (|S and not G| + "
          "2P(S))/(|not G| + 2), P(G|S) = (|S and G| + 2P(G))/(|S| + 2), P(G|not S) = (|not S and G| + "
          "2P(G))/(|not S| + 2) keep non-informativeness, so the smoothed F keeps Growing Quality and the "
          "smoothed Lam% and Odds keep Fixed Quality.", noninformative_smoothing_claim),
    Claim("amigo.body.properties_exclusive", PAPER, "Section 3.3",
          "Absolute Weighting, Non-Informativeness Fixed Quality and Non-Informativeness Growing Quality are "
          "mutually exclusive: a measure satisfies at most one.", exclusive),
    Claim("amigo.table.properties", PAPER, "Table 3 and Fig. 5",
          "The matrix of measures (Acc/WAcc, Utility, Lam%, Odds, Lam%_smL, Odds_smL, Lam%_smN, Odds_smN, "
          "Phi, MAAc, KapS, Chi, MI, F, F_smL, F_smN, F(R,S)) against Strict Monotonicity, Absolute "
          "Weighting, Non-Inf. Fixed Quality and Non-Inf. Growing Quality, as printed.", properties_table),
)
