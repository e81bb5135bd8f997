"""Amigo et al., Appendix: the printed proofs of Absolute Weighting (Utility, Weighted Accuracy),
Non-Informativeness Fixed Quality (Lam%, Phi, Odds, MAAc, Kappa, Chi), Growing Quality (F) and the
F(R,S) bound, step by step.
"""

from __future__ import annotations

import sympy as sp

from symmetric.checks.bounds import upper_bound
from symmetric.checks.decide import is_identically_zero, is_positive_everywhere
from symmetric.claims import Derivation, PrintedLatex, claim
from symmetric.evidence import say
from symmetric.logic import Verdict
from symmetric.measures.filtering import harmonic
from symmetric.properties import amigo as props
from symmetric.space import FN, FP, JOINT_DOMAIN, NG, NS, TN, TP, G, Pr, S, counts_to_joint, g, n, s, to_joint
from .common import fixed_value_claim, to_ni, threshold_of, with_params, alpha, lam, logit, logit_inverse, measure, NI, prop


# ------------------------------------------------------------------ utility-based measures

@claim("amigo.appendix.utility_absolute_weighting",
       where="Appendix, proof 'Utility satisfies the Absolute Weighting property'",
       statement="U_alpha(S_ni) = alpha P(S_ni|G)P(G) - P(S_ni|not G)P(not G) = alpha P(G|S_ni)P(S_ni) "
                 "- P(not G|S_ni)P(S_ni) = P(S_ni)(alpha P(G) - P(not G)); the score of non-informative "
                 "outputs is fixed iff alpha = P(not G)/P(G), grows with output size iff alpha > P(not "
                 "G)/P(G), decreases iff alpha < P(not G)/P(G).",
       statement_latex=(
           '$U_\\alpha(S_{ni}) = \\alpha P(S_{ni}\\mid\\mathcal{G})P(\\mathcal{G}) - P(S_{ni}\\mid\\neg\\mathcal{G})P(\\neg\\mathcal{G})$ '
           '$= \\alpha P(\\mathcal{G}\\mid S_{ni})P(S_{ni}) - P(\\neg\\mathcal{G}\\mid S_{ni})P(S_{ni})$ '
           '$= P(S_{ni})\\bigl(\\alpha P(\\mathcal{G}) - P(\\neg\\mathcal{G})\\bigr)$; the score of non-informative outputs is '
           'fixed iff $\\alpha = P(\\neg\\mathcal{G})/P(\\mathcal{G})$, grows with the output size iff '
           '$\\alpha > P(\\neg\\mathcal{G})/P(\\mathcal{G})$ and decreases iff $\\alpha < P(\\neg\\mathcal{G})/P(\\mathcal{G})$.'))
def utility_aw(d: Derivation) -> None:
    u = measure("Utility")
    forms = [
        ("printed form 1", alpha * Pr(S, G) * Pr(G) - Pr(S, NG) * Pr(NG)),
        ("printed form 2", alpha * Pr(G, S) * Pr(S) - Pr(NG, S) * Pr(S)),
        ("printed form 3", Pr(S) * (alpha * Pr(G) - Pr(NG))),
    ]
    derived = to_ni(u.probs)
    domain = with_params(NI, u)
    for label, form in forms:
        d.equal(f"$U_\\alpha(S_{{ni}})$, {label}", to_ni(form), derived, domain=domain,
                show_printed=(form), justification="both sides under independence ($j = gs$)")
    d.equal("forms 1 and 2 agree for every output (Bayes)", to_joint(forms[0][1]), to_joint(forms[1][1]),
            domain=with_params(JOINT_DOMAIN, u), show_printed=sp.Eq(forms[0][1], forms[1][1], evaluate=False))
    aw = prop("Utility", "AW")
    d.own("derivative in $P(S)$", props.size_derivative(u), aw.argument()[:1])
    theta_printed = (1 - g) / g
    holds = aw.verdict is Verdict.HOLDS
    theta = threshold_of(aw)
    if holds and theta is not None:
        d.equal("threshold $\\alpha = P(\\neg G)/P(G)$", theta_printed, theta, domain=NI,
                justification="threshold derived by the Absolute Weighting checker")
        d.fact("fixed iff $\\alpha = \\theta$, grows iff $\\alpha > \\theta$, decreases iff $\\alpha < \\theta$",
               True, derived=r"\operatorname{sign}\frac{\partial U}{\partial P(S)} = \operatorname{sign}(\alpha - \theta)",
               justification=aw.argument()[1:])
    d.conclude(holds, "Utility satisfies Absolute Weighting with threshold $P(\\neg G)/P(G)$." if holds else
               ("The Absolute Weighting checker did not confirm the threshold:", aw.reason))


@claim("amigo.appendix.wacc_absolute_weighting",
       where="Appendix, proof 'Weighted Accuracy satisfies Absolute Weighting'",
       statement="WAcc(S_ni) = (lambda P(S_ni|G)P(G) + P(not S_ni|not G)P(not G))/(lambda P(G) + P(not "
                 "G)) = (lambda P(S_ni)P(G) + (1 - P(S_ni))P(not G))/(lambda P(G) + P(not G)); its "
                 "derivative in P(S_ni) is (lambda P(G) - P(not G))/(lambda P(G) + P(not G)) = (lambda "
                 "2 P(G) - 1)/(lambda P(G) + P(not G)); so the score of a non-informative output grows "
                 "or decreases with its size depending on whether lambda is larger or smaller than "
                 "1/(2P(G)).",
       statement_latex=(
           '$\\mathrm{WAcc}(\\mathcal{S}_{\\neg i}) = \\frac{\\lambda P(\\mathcal{S}_{\\neg i}\\mid\\mathcal{G})P(\\mathcal{G}) + P(\\neg\\mathcal{S}_{\\neg i}\\mid\\neg\\mathcal{G})P(\\neg\\mathcal{G})}{\\lambda P(\\mathcal{G}) + P(\\neg\\mathcal{G})}'
           ' = \\frac{\\lambda P(\\mathcal{S}_{\\neg i})P(\\mathcal{G}) + (1 - P(\\mathcal{S}_{\\neg i}))P(\\neg\\mathcal{G})}{\\lambda P(\\mathcal{G}) + P(\\neg\\mathcal{G})}$; '
           'its derivative in $P(\\mathcal{S}_{\\neg i})$ is '
           '$\\frac{\\lambda P(\\mathcal{G}) - P(\\neg\\mathcal{G})}{\\lambda P(\\mathcal{G}) + P(\\neg\\mathcal{G})} = \\frac{\\lambda 2 P(\\mathcal{G}) - 1}{\\lambda P(\\mathcal{G}) + P(\\neg\\mathcal{G})}$; '
           'so the score of a non-informative output grows or decreases with its size depending on whether '
           '$\\lambda$ is larger or smaller than $\\frac{1}{2P(\\mathcal{G})}$.'))
def wacc_aw(d: Derivation) -> None:
    w = measure("WAcc")
    domain = with_params(NI, w)
    derived = to_ni(w.probs)
    denominator = lam * Pr(G) + Pr(NG)
    chain = [
        ("definition", (lam * Pr(S, G) * Pr(G) + Pr(NS, NG) * Pr(NG)) / denominator),
        ("second printed expression",
         (lam * Pr(S, G) * Pr(G) + Pr(NG)) / denominator),
        ("independence substituted", (lam * Pr(S) * Pr(G) + (1 - Pr(S)) * Pr(NG)) / denominator),
        ("expanded", (lam * Pr(S) * Pr(G) + Pr(NG) - Pr(S) * Pr(NG)) / denominator),
    ]
    d.source_note("As extracted, the second printed expression lacks the factor $P(\\neg S|\\neg G)$.")
    for label, form in chain:
        d.equal(f"WAcc$(S_{{ni}})$, {label}", to_ni(form), derived, domain=domain, show_printed=(form))
    derivative = sp.together(sp.diff(derived, s))
    printed_derivative = (lam * Pr(G) - Pr(NG)) / denominator
    d.equal("derivative in $P(S_{ni})$", to_ni(printed_derivative), derivative, domain=domain,
            show_printed=(printed_derivative))
    printed_rewrite = (lam * 2 * Pr(G) - 1) / denominator
    d.equal("derivative rewritten", to_ni(printed_rewrite), derivative, domain=domain,
            show_printed=(printed_rewrite))
    aw = prop("WAcc", "AW")
    theta = threshold_of(aw)
    printed_theta = 1 / (2 * g)
    if theta is not None:
        d.equal("threshold on $\\lambda$", printed_theta, theta, domain=NI,
                show_printed=r"\lambda \gtrless \frac{1}{2P(\mathcal{G})}",
                show_derived=PrintedLatex(r"\lambda \gtrless {0}", theta),
                justification="threshold from the Absolute Weighting checker")
    holds = aw.verdict is Verdict.HOLDS
    d.conclude(holds, say("Weighted Accuracy satisfies Absolute Weighting: non-informative outputs grow with "
                          "size iff {0}.", sp.Gt(lam, theta, evaluate=False)) if holds else aw.reason,
               corrected_statement=say("The derivative is $(\\lambda P(G) - P(\\neg G))/(\\lambda P(G) + P(\\neg G))$ "
                                       "$= (\\lambda P(G) + P(G) - 1)/(\\lambda P(G) + P(\\neg G))$; the score of a "
                                       "non-informative output grows with its size iff "
                                       "{0}, not $1/(2P(G))$.", sp.Gt(lam, theta, evaluate=False))
               if holds else None)


# ------------------------------------------------------------------ informativeness-based measures

@claim("amigo.appendix.lam_fixed_quality",
       where="Appendix, proof 'Lam% satisfies Non-Informativeness Fixed Quality'",
       statement="lam%(S_ni) = logit^-1((logit(P(S_ni)) + logit(P(not S_ni)))/2); logit(P(S_ni)) = "
                 "-logit(P(not S_ni)), so the numerator cancels and every non-informative output scores "
                 "0.5.",
       statement_latex=(
           '$\\mathrm{lam\\%}(\\mathcal{S}_{\\neg i}) = \\mathrm{logit}^{-1}\\bigl((\\mathrm{logit}(P(\\mathcal{S}_{\\neg i})) + \\mathrm{logit}(P(\\neg\\mathcal{S}_{\\neg i})))/2\\bigr)$; '
           '$\\mathrm{logit}(P(\\mathcal{S}_{\\neg i})) = -\\mathrm{logit}(P(\\neg\\mathcal{S}_{\\neg i}))$, so the numerator cancels '
           'and every non-informative output scores $0.5$.'))
def lam_fq(d: Derivation) -> None:
    definition = logit_inverse((logit(Pr(NS, G)) + logit(Pr(S, NG))) / 2)
    d.note("Lam% is defined (Section 4.2) as $\\mathrm{logit}^{-1}((\\mathrm{logit}\\,P(\\neg S|G) + "
           "\\mathrm{logit}\\,P(S|\\neg G))/2)$; the catalogue stores the equal algebraic form "
           "$\\sqrt{h}/(1+\\sqrt{h})$, $h$ the product of the two odds.")
    d.equal("catalogue form = logit definition (every output)", to_joint(definition),
            to_joint(measure("Lam%").probs), domain=JOINT_DOMAIN, show_printed=(definition))
    printed = logit_inverse((logit(Pr(S)) + logit(Pr(NS))) / 2)
    d.equal("lam%$(S_{ni})$ in $P(S_{ni})$", to_ni(printed), to_ni(definition), domain=NI,
            show_printed=(printed), justification="independence gives $P(\\neg S|G) = P(\\neg S)$, $P(S|\\neg G) = P(S)$")
    x = Pr(NS)
    chain = [sp.log(Pr(S) / (1 - Pr(S))), sp.log((1 - x) / x), -sp.log(x / (1 - x)), -logit(x)]
    for k, form in enumerate(chain):
        d.equal(f"logit chain, expression {k + 1}", to_ni(form), to_ni(logit(Pr(S))), domain=NI,
                show_printed=PrintedLatex(r"\mathrm{{logit}}(P(\mathcal{{S}})) = {0}", form))
    total = to_ni(logit(Pr(S)) + logit(Pr(NS)))
    zero = is_identically_zero(total, NI)
    d.fact("the numerator cancels", zero.value,
           printed=r"-\mathrm{logit}(P(\neg\mathcal{S})) + \mathrm{logit}(\neg P(\mathcal{S})) = 0",
           derived=r"\mathrm{logit}(P(\mathcal{S})) + \mathrm{logit}(P(\neg\mathcal{S})) = 0",
           justification=f"{zero.method}; the printed $\\mathrm{{logit}}(\\neg P(S))$ is read as "
                         "$\\mathrm{logit}(P(\\neg S))$")
    value = d.equal("every non-informative output scores 0.5", sp.Rational(1, 2), to_ni(definition), domain=NI)
    d.conclude(value is Verdict.HOLDS, "Lam% gives every non-informative output the score 1/2.")


@claim("amigo.appendix.phi_fixed_quality",
       where="Appendix, proof 'Phi satisfies Non-Informativeness Fixed Quality'",
       statement="Phi = (TP.TN - FP.FN)/sqrt((TP+FN)(TN+FP)(TP+FP)(TN+FN)) is zero for non-informative "
                 "outputs, via the printed chain TP.TN = P(S_ni|G)P(G)P(not S_ni|not G)P(not G) = "
                 "P(S_ni)P(G)P(not S_ni)P(not G) = P(S_ni)P(not G)P(not G), and P(S_ni|not G)P(G)P(not "
                 "S_ni|G)P(not G) = P(S_ni|not G)P(not G)P(not S_ni|G)P(G) = FP.FN.",
       statement_latex=(
           '$\\Phi = \\frac{\\mathrm{TP}\\cdot\\mathrm{TN} - \\mathrm{FP}\\cdot\\mathrm{FN}}{\\sqrt{(\\mathrm{TP}+\\mathrm{FN})(\\mathrm{TN}+\\mathrm{FP})(\\mathrm{TP}+\\mathrm{FP})(\\mathrm{TN}+\\mathrm{FN})}}$ '
           'is zero for non-informative outputs, via the printed chains '
           '$\\mathrm{TP}\\cdot\\mathrm{TN} = P(\\mathcal{S}_{\\neg i}\\mid\\mathcal{G})P(\\mathcal{G})\\,P(\\neg\\mathcal{S}_{\\neg i}\\mid\\neg\\mathcal{G})P(\\neg\\mathcal{G}) = P(\\mathcal{S}_{\\neg i})P(\\mathcal{G})\\,P(\\neg\\mathcal{S}_{\\neg i})P(\\neg\\mathcal{G}) = P(\\mathcal{S}_{\\neg i})P(\\neg\\mathcal{G})P(\\neg\\mathcal{G})$ and '
           '$P(\\mathcal{S}_{\\neg i}\\mid\\neg\\mathcal{G})P(\\mathcal{G})\\,P(\\neg\\mathcal{S}_{\\neg i}\\mid\\mathcal{G})P(\\neg\\mathcal{G}) = P(\\mathcal{S}_{\\neg i}\\mid\\neg\\mathcal{G})P(\\neg\\mathcal{G})\\,P(\\neg\\mathcal{S}_{\\neg i}\\mid\\mathcal{G})P(\\mathcal{G}) = \\mathrm{FP}\\cdot\\mathrm{FN}$.'))
def phi_fq(d: Derivation) -> None:
    phi = measure("Phi")
    # in probability units: TP.TN / |T|^2 etc.
    tp_tn = Pr(S, G) * Pr(G) * Pr(NS, NG) * Pr(NG)
    fp_fn = Pr(S, NG) * Pr(NG) * Pr(NS, G) * Pr(G)
    truth_tp_tn = counts_to_joint(TP * TN) / n**2
    truth_fp_fn = counts_to_joint(FP * FN) / n**2
    d.equal("$\\mathrm{TP}\\cdot\\mathrm{TN}/|T|^2 = P(S|G)P(G)P(\\neg S|\\neg G)P(\\neg G)$", to_joint(tp_tn), truth_tp_tn,
            domain=JOINT_DOMAIN, show_printed=(tp_tn))
    chain = [Pr(S) * Pr(G) * Pr(NS) * Pr(NG), Pr(S) * Pr(NG) * Pr(NG)]
    for k, form in enumerate(chain):
        d.equal(f"TP.TN chain for $S_{{ni}}$, expression {k + 2}", to_ni(form), to_ni(tp_tn), domain=NI,
                show_printed=(form))
    printed_first = Pr(S, NG) * Pr(G) * Pr(NS, G) * Pr(NG)
    d.equal("FP.FN chain, first expression", to_joint(printed_first), truth_fp_fn, domain=JOINT_DOMAIN,
            show_printed=(printed_first))
    d.equal("FP.FN chain, second expression", to_joint(fp_fn), truth_fp_fn, domain=JOINT_DOMAIN,
            show_printed=(fp_fn))
    d.equal("numerator TP.TN - FP.FN of a non-informative output", 0, to_ni(tp_tn - fp_fn), domain=NI)
    ok = fixed_value_claim(d, phi, 0, "Phi")
    d.conclude(ok, "Phi is 0 for every non-informative output (its denominator is positive there).",
               )


@claim("amigo.appendix.odds_fixed_quality",
       where="Appendix, proof 'Odds Ratio satisfies Non-Informativeness Fixed Quality'",
       statement="Odds(S_ni) = TP.TN/(FN.FP) = 1 for every non-informative output (printed chain in "
                 "conditional probabilities).",
       statement_latex=(
           '$\\mathrm{Odds}(\\mathcal{S}_{\\neg i}) = \\frac{\\mathrm{TP}\\cdot\\mathrm{TN}}{\\mathrm{FN}\\cdot\\mathrm{FP}} = 1$ for every '
           'non-informative output (printed chain in conditional probabilities).'))
def odds_fq(d: Derivation) -> None:
    odds = measure("Odds")
    printed1 = (Pr(S, G) * Pr(G) * Pr(NS, NG) * Pr(NG)) / (Pr(S, NG) * Pr(NG) * Pr(NS, G) * Pr(G))
    d.equal("TP.TN/(FN.FP) in conditionals", to_joint(printed1), counts_to_joint(odds.counts),
            domain=JOINT_DOMAIN, show_printed=(printed1))
    printed2 = (Pr(S) * Pr(G) * Pr(NS) * Pr(NG)) / (Pr(S) * Pr(NG) * Pr(NS) * Pr(G))
    d.equal("independence substituted", to_ni(printed2), to_ni(printed1), domain=NI, show_printed=(printed2))
    ok = fixed_value_claim(d, odds, 1, "Odds = 1")
    d.conclude(ok, "The odds ratio of every non-informative output is 1.")


@claim("amigo.appendix.maac_fixed_quality",
       where="Appendix, proof 'Macro Average Accuracy satisfies Non-Informativeness Fixed Quality'",
       statement="MAAc = (TP/(TP+FN) + TN/(TN+FP))/2 = (P(S|G) + P(not S|not G))/2, which equals 1/2 "
                 "for every non-informative output.",
       statement_latex=(
           '$\\mathrm{MAAc} = \\frac{1}{2}\\Bigl(\\frac{TP}{TP+FN} + \\frac{TN}{TN+FP}\\Bigr) = \\frac{1}{2}\\bigl(P(S|G) + P(\\neg S|\\neg G)\\bigr)$, '
           'which equals $\\frac{1}{2}$ for every non-informative output.'))
def maac_fq(d: Derivation) -> None:
    maac = measure("MAAc")
    printed = (Pr(S, G) + Pr(NS, NG)) / 2
    d.equal("count form = probability form", counts_to_joint(maac.counts), to_joint(printed),
            domain=JOINT_DOMAIN, show_printed=sp.Eq((TP / (TP + FN) + TN / (TN + FP)) / 2, printed, evaluate=False))
    for k, form in enumerate([(Pr(S) + Pr(NS)) / 2, (Pr(S) + 1 - Pr(S)) / 2]):
        d.equal(f"chain for $S_{{ni}}$, expression {k + 1}", to_ni(form), to_ni(printed), domain=NI,
                show_printed=(form))
    ok = fixed_value_claim(d, maac, sp.Rational(1, 2), "MAAc = 1/2")
    d.conclude(ok, "MAAc is 1/2 for every non-informative output.")


@claim("amigo.appendix.kappa_fixed_quality",
       where="Appendix, proof 'Kappa statistic satisfies Non-Informativeness Fixed Quality'",
       statement="KapS(S) = ((P(S|G)P(G) + P(not S|not G)P(not G)) - (P(S)P(G) + P(not S)P(not G)))/(1 "
                 "- (P(S)P(G) + P(not S)P(not G))) returns zero for non-informative outputs.",
       statement_latex=(
           '$\\mathrm{KapS}(\\mathcal{S}) = \\frac{(P(\\mathcal{S}\\mid\\mathcal{G})P(\\mathcal{G}) + P(\\neg\\mathcal{S}\\mid\\neg\\mathcal{G})P(\\neg\\mathcal{G})) - (P(\\mathcal{S})P(\\mathcal{G}) + P(\\neg\\mathcal{S})P(\\neg\\mathcal{G}))}{1 - (P(\\mathcal{S})P(\\mathcal{G}) + P(\\neg\\mathcal{S})P(\\neg\\mathcal{G}))}$ '
           'returns zero for non-informative outputs.'))
def kappa_fq(d: Derivation) -> None:
    kappa = measure("Kappa")
    accuracy = measure("Acc").probs
    random_accuracy = Pr(S) * Pr(G) + Pr(NS) * Pr(NG)
    d.note("Random Accuracy is read as the accuracy of a random output of the same size: "
           "$P(S)P(G) + P(\\neg S)P(\\neg G)$, as the paper's probabilistic formula prints it.")
    printed = ((Pr(S, G) * Pr(G) + Pr(NS, NG) * Pr(NG)) - random_accuracy) / (1 - random_accuracy)
    d.equal("probability form = (Accuracy - Random Accuracy)/(1 - Random Accuracy)", to_joint(printed),
            to_joint((accuracy - random_accuracy) / (1 - random_accuracy)), domain=JOINT_DOMAIN,
            show_printed=(printed))
    positive = is_positive_everywhere(to_joint(1 - random_accuracy), JOINT_DOMAIN)
    d.fact("the denominator $1 - $ Random Accuracy is positive", positive.value,
           derived=sp.Gt(sp.factor(to_joint(1 - random_accuracy)), 0, evaluate=False),
           justification=positive.method)
    ok = fixed_value_claim(d, kappa, 0, "Kappa = 0")
    d.conclude(ok, "Kappa is 0 for every non-informative output.")


@claim("amigo.appendix.chi_fixed_quality",
       where="Appendix, proof 'Chi-square satisfies Non-Informativeness Fixed Quality' (also Section "
             "4.2)",
       statement="Chi(S) = ((|S and G|.|not S and not G| - |S and not G|.|not S and G|) + |T|)/(|S| + "
                 "|G| + |not S| + |not G|) = ((P(S|G).P(not S|not G) - P(S|not G).P(not S|G)) + 1)/2, "
                 "and Chi(S_ni) = 1/2.",
       statement_latex=(
           '$\\mathrm{Chi}(\\mathcal{S}) = \\frac{(|\\mathcal{S}\\wedge \\mathcal{G}|\\cdot|\\neg \\mathcal{S}\\wedge\\neg \\mathcal{G}| - |\\mathcal{S}\\wedge\\neg \\mathcal{G}|\\cdot|\\neg \\mathcal{S}\\wedge \\mathcal{G}|) + |T|}{|S| + |G| + |\\neg S| + |\\neg G|}'
           ' = \\frac{(P(S|G)P(\\neg S|\\neg G) - P(S|\\neg G)P(\\neg S|G)) + 1}{2}$, and $\\mathrm{Chi}(S_{\\neg i}) = \\frac{1}{2}$.'))
def chi_fq(d: Derivation) -> None:
    chi = measure("Chi")
    d.note("Chi is taken as the paper defines it (its first printed, count form), not Pearson's statistic.")
    total = TP + FP + FN + TN
    d.equal("denominator $|S|+|G|+|\\neg S|+|\\neg G| = 2|T|$", (TP + FP) + (TP + FN) + (TN + FN) + (TN + FP),
            2 * total, show_printed=r"|\mathcal{S}|+|\mathcal{G}|+|\neg\mathcal{S}|+|\neg\mathcal{G}|")
    printed_prob = ((Pr(S, G) * Pr(NS, NG) - Pr(S, NG) * Pr(NS, G)) + 1) / 2
    d.equal("count form = printed probability form", counts_to_joint(chi.counts), to_joint(printed_prob),
            domain=JOINT_DOMAIN.with_intervals([(n, 0, sp.oo)]), show_printed=(printed_prob),
            show_derived=(sp.factor(counts_to_joint(chi.counts))),
            justification="count form with $TP = |T|P(S\\wedge G)$, ... against the printed form, "
                          "$|T|$ a free positive size")
    printed_ni = ((Pr(S) * Pr(NS) - Pr(S) * Pr(NS)) + 1) / 2
    d.equal("printed probability form for $S_{ni}$", to_ni(printed_ni), to_ni(printed_prob), domain=NI,
            show_printed=(printed_ni))
    d.equal("printed probability form gives 1/2", sp.Rational(1, 2), to_ni(printed_prob), domain=NI)
    ok = fixed_value_claim(d, chi, sp.Rational(1, 2), "Chi (count form) = 1/2")
    d.conclude(ok, "Both of the paper's (different) forms of Chi give 1/2 for every non-informative output.",
               corrected_statement=("The two printed forms of Chi are different functions: the count form equals "
                                    "$|T|(P(S\\wedge G)P(\\neg S\\wedge\\neg G) - P(S\\wedge\\neg G)P(\\neg S\\wedge G))/2 + 1/2$, "
                                    "the probability form divides the same determinant by $P(G)P(\\neg G)$ "
                                    "instead of multiplying by $|T|$. Both equal 1/2 on non-informative outputs."))


# ------------------------------------------------------------------ class-oriented measures

@claim("amigo.appendix.f_growing_quality",
       where="Appendix, proof 'The F measure ... satisfies non-informativeness growing quality'",
       statement="F_alpha(S_ni) = F_alpha(P(G|S_ni), P(S_ni|G)) = F_alpha(P(G), P(S_ni)), which grows "
                 "with P(S_ni) when P(G) is fixed.",
       statement_latex=(
           '$F_\\alpha(S_{\\neg i}) = F_\\alpha(P(G|S_{\\neg i}), P(S_{\\neg i}|G)) = F_\\alpha(P(G), P(S_{\\neg i}))$, which grows with $P(S_{\\neg i})$ when $P(G)$ is fixed.'))
def f_gq(d: Derivation) -> None:
    f = measure("F")
    domain = with_params(NI, f)
    d.equal("$F_\\alpha(P(G|S_{ni}), P(S_{ni}|G)) = F_\\alpha(P(G), P(S_{ni}))$", to_ni(f.probs),
            harmonic(alpha, g, s), domain=domain, show_printed=(harmonic(alpha, Pr(G), Pr(S))))
    gq = prop("F", "NIGQ")
    d.fact("with $P(G)$ fixed, $F_\\alpha$ grows with $P(S_{ni})$", gq.verdict is Verdict.HOLDS,
           derived=sp.Gt(sp.factor(props.size_derivative(f)), 0, evaluate=False), justification=gq.argument())
    d.conclude(gq.verdict is Verdict.HOLDS if gq.verdict is not Verdict.UNDETERMINED else None,
               "F satisfies Non-Informativeness Growing Quality.",
               reason=gq.reason if gq.verdict is Verdict.UNDETERMINED else None)


@claim("amigo.appendix.frs_noninformative_bound",
       where="Appendix, proof 'Every non informative output receives an F(R,S) score lower than 0.25' "
             "(also Section 4.4.1 and Fig. 4)",
       statement="F_alpha(R(S_ni), S(S_ni)) = (alpha/(P(G)(1-P(G))) + "
                 "(1-alpha)/(P(S_ni)(1-P(S_ni))))^-1; since x(1-x) <= 0.25 on [0,1], every "
                 "non-informative output receives an F(R,S) score lower than 0.25; Fig. 4 text: the "
                 "highest possible value is 0.25, when the random assignment gives half of the items to "
                 "the positive class.",
       statement_latex=(
           '$F_\\alpha(R(S_{\\neg i}), S(S_{\\neg i})) = \\Bigl(\\frac{\\alpha}{P(G)(1-P(G))} + \\frac{1-\\alpha}{P(S_{\\neg i})(1-P(S_{\\neg i}))}\\Bigr)^{-1}$; '
           'since $x(1-x) \\le 0.25$ on $[0,1]$, every non-informative output receives an F(R,S) score lower than $0.25$; '
           'Fig.~4 text: the highest possible value is $0.25$, when the random assignment gives half of the items to the positive class.'))
def frs_bound(d: Derivation) -> None:
    frs = measure("F(R,S)")
    domain = with_params(NI, frs)
    printed1 = harmonic(alpha, Pr(G, S) * Pr(NG, NS), Pr(S, G) * Pr(NS, NG))
    d.equal("F(R,S) in conditionals (every output)", to_joint(printed1), frs.joint_form,
            domain=with_params(JOINT_DOMAIN, frs), show_printed=(printed1))
    printed2 = harmonic(alpha, Pr(G) * Pr(NG), Pr(S) * Pr(NS))
    d.equal("independence substituted", to_ni(printed2), frs.noninformative(), domain=domain,
            show_printed=(printed2))
    printed3 = harmonic(alpha, g * (1 - g), s * (1 - s))
    d.equal("complements written out", printed3, frs.noninformative(), domain=domain,
            show_printed=(printed3))
    x = sp.Symbol("x", positive=True)
    unit = NI.with_intervals([(x, 0, 1)])
    bound = upper_bound(x * (1 - x), sp.Rational(1, 4), unit, solve_for=(x,))
    d.fact("$x(1-x) \\leq 1/4$ on $[0,1]$", bound.holds.value, derived=r"\tfrac14 - x(1-x) = (x - \tfrac12)^2 \ge 0",
           justification=(bound.holds.method, say("; equality only at {0}", sp.Eq(x, bound.attained[0][x])))
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
    d.note(("Counterexample to the strict bound:", cx.description, "."))
    # Fig. 4: maximum over the output size for a fixed ratio of relevant documents
    critical = sp.solve(sp.numer(sp.together(sp.diff(score, s))), s)
    at_half = sp.simplify(score.subs(s, sp.Rational(1, 2)))
    d.fact("Fig. 4: the maximum over output size is at half of the items", critical == [sp.Rational(1, 2)],
           printed=r"P(\mathcal{S}) = \tfrac12", derived=PrintedLatex(r"P(\mathcal{{S}}) \in {0}", critical),
           justification="the numerator of $\\partial F/\\partial P(S)$ solved for $P(S)$")
    d.equal("Fig. 4: that maximum is 0.25 (for every curve $P(G)$)", sp.Rational(1, 4), at_half, domain=domain,
            show_printed="0.25", show_derived=at_half)
    d.conclude(le.holds.value, "Every non-informative output scores at most 1/4.",
               corrected_statement=say("Every non-informative output receives an F(R,S) score of at most 0.25, "
                                       "and exactly 0.25 when $P(G) = P(S) = 1/2$. For a fixed $P(G)$ the "
                                       "highest score is reached at $P(S) = 1/2$ and equals "
                                       "{0}, which is 0.25 only when $P(G) = 1/2$.", at_half))
