"""Lewis (1995), Section 5: the expected loss, its variance and interval (eqs. (2)-(6)) and the
Probability Thresholding Principle for the loss measure (eqs. (7)-(10)).
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from symmetric.claims import Derivation, PrintedLatex, claim
from symmetric.evidence import say
from symmetric.expectation import symbolic
from symmetric.expectation.exact import expectation
from symmetric.expectation.measures import LOSS, l11, l12, l21, l22
from symmetric.space import FN, FP, TN, TP
from .common import m_loss, N_SYMBOLIC, Q, Z95


def _loss_item(s, z):
    """Eq. (3), one item: the loss of decision s when the judgment is z."""
    return l11 * s * z + l12 * s * (1 - z) + l21 * (1 - s) * z + l22 * (1 - s) * (1 - z)


def _loss_item_printed(s, z):
    return (m_loss * s + (l21 - l22)) * z + (l12 - l22) * s + l22


# ------------------------------------------------------------------ Section 5: loss

@claim("lewis95.loss.expectation",
       where="Section 5, eqs. (2)-(6)",
       statement="For the loss measure L_lambda = (l11 a + l12 b + l21 c + l22 d)/n with independent "
                 "Bernoulli judgments Z_i ~ p_i: E[L] = (1/n) sum((m s_i + (l21 - l22)) p_i + (l12 - "
                 "l22) s_i + l22) with m = l11 - l12 - l21 + l22; var[L] = (1/n^2) sum (m s_i + (l21 - "
                 "l22))^2 p_i (1 - p_i); and the 95% interval E[L] +- 1.96 sqrt(var).",
       statement_latex=(
           'For the loss measure $L_\\lambda = (\\lambda_{11} a + \\lambda_{12} b + \\lambda_{21} c + \\lambda_{22} d)/n$ with independent Bernoulli judgments $Z_i \\sim p_i$: '
           '$E[L] = \\frac{1}{n}\\sum_i \\bigl((m s_i + (\\lambda_{21} - \\lambda_{22})) p_i + (\\lambda_{12} - \\lambda_{22}) s_i + \\lambda_{22}\\bigr)$ with $m = \\lambda_{11} - \\lambda_{12} - \\lambda_{21} + \\lambda_{22}$; '
           '$\\mathrm{var}[L] = \\frac{1}{n^2}\\sum_i (m s_i + (\\lambda_{21} - \\lambda_{22}))^2 p_i (1 - p_i)$; and the 95\\% interval $E[L] \\pm 1.96\\sqrt{\\mathrm{var}[L]}$.'))
def loss_expectation(d: Derivation) -> None:
    n = N_SYMBOLIC
    p, s = symbolic.probabilities(n), symbolic.decisions(n)
    zs, ss = sp.Symbol("z", real=True), sp.Symbol("s", real=True)
    d.note("$\\lambda_{ij}$ is the loss of decision $i$ when the correct decision is $j$ "
           "(decision 1 = assign).  Eq. (3)-(5) are checked as polynomial identities against the "
           f"definition (eq. (1)) for a symbolic test set of $n = {n}$ items, and for every $n$ by the "
           "per-item argument: $L$ is a sum of independent per-item terms.")
    d.equal("eq. (3): one item's loss", _loss_item_printed(ss, zs), _loss_item(ss, zs),
            justification="polynomial identity in $s$, $z$ and the four losses")
    # A, B, C, D as functions of s and Z (Figure 2), and the measure's own count form.
    counts = lambda z: {TP: sum(si * zi for si, zi in zip(s, z)), FP: sum(si * (1 - zi) for si, zi in zip(s, z)),
                        FN: sum((1 - si) * zi for si, zi in zip(s, z)),
                        TN: sum((1 - si) * (1 - zi) for si, zi in zip(s, z))}
    zsym = sp.symbols(f"z1:{n + 1}", real=True)
    count_form = sp.together(LOSS.count_form.subs(counts(zsym)))
    d.equal(f"eq. (3): $L_\\lambda(s, Z)$ as a sum over items ($n = {n}$)",
            sum(_loss_item_printed(si, zi) for si, zi in zip(s, zsym)) / n, count_form,
            justification="the count form of eq. (2) with $A = \\sum s_i Z_i$, ... substituted")
    printed_mean = sum((m_loss * si + (l21 - l22)) * pi + (l12 - l22) * si + l22 for si, pi in zip(s, p)) / n
    printed_var = sum((m_loss * si + (l21 - l22)) ** 2 * pi * (1 - pi) for si, pi in zip(s, p)) / n ** 2
    loss_of = lambda z: sum(_loss_item(si, zi) for si, zi in zip(s, z)) / n
    mean1, var1 = symbolic.single_item_moments(lambda z: _loss_item(ss, z), symbolic.probabilities(1)[0])
    p1 = symbolic.probabilities(1)[0]
    d.equal("one item: $E$ of its loss", (m_loss * ss + (l21 - l22)) * p1 + (l12 - l22) * ss + l22, mean1,
            justification="two-point expectation over $Z \\in \\{0, 1\\}$")
    d.equal("one item: variance of its loss, $s \\in \\{0, 1\\}$",
            (m_loss * ss + (l21 - l22)) ** 2 * p1 * (1 - p1), var1.subs(ss ** 2, ss),
            justification="two-point variance; $s^2 = s$ for a 0/1 decision")
    d.own("general $n$", r"E[\textstyle\sum_i T_i] = \sum_i E[T_i],\quad "
          r"\mathrm{var}[\textstyle\sum_i T_i] = \sum_i \mathrm{var}[T_i]",
          "linearity of expectation; the per-item terms $T_i$ depend on distinct independent $Z_i$")
    d.equal(f"eq. (4): $E[L_\\lambda]$ ($n = {n}$, symbolic)", printed_mean,
            symbolic.bernoulli_expectation(loss_of, p),
            justification="polynomial identity with the $2^n$ definition, eq. (1)")
    variance = symbolic.bernoulli_variance(loss_of, p).subs({si ** 2: si for si in s})
    var_printed = sp.expand(printed_var).subs({si ** 2: si for si in s})
    d.equal(f"eq. (5): $\\mathrm{{var}}[L_\\lambda]$ ($n = {n}$, symbolic, $s_i \\in \\{{0,1\\}}$)",
            var_printed, sp.expand(variance).subs({si ** 3: si for si in s}).subs({si ** 2: si for si in s}),
            justification="polynomial identity after $s_i^k = s_i$ (0/1 decisions)")
    # The toolkit's Poisson-binomial routine on a rational instance agrees with eq. (4)-(5).
    lam = {"lambda11": Fraction(-3, 2), "lambda12": Fraction(2), "lambda21": Fraction(5), "lambda22": Fraction(1, 3)}
    p_inst = (Q("0.7"), Q("0.15"), Q("0.5"), Q("0.9"))
    s_inst = (1, 0, 1, 0)
    e = expectation(LOSS, p_inst, s_inst, params=lam)
    nn = len(p_inst)
    subs = {l11: lam["lambda11"], l12: lam["lambda12"], l21: lam["lambda21"], l22: lam["lambda22"]}
    mm = sp.Rational(m_loss.subs(subs))
    eq4 = sum((mm * si + subs[l21] - subs[l22]) * sp.Rational(pi) + (subs[l12] - subs[l22]) * si + subs[l22]
              for si, pi in zip(s_inst, p_inst)) / nn
    eq5 = sum((mm * si + subs[l21] - subs[l22]) ** 2 * sp.Rational(pi) * (1 - sp.Rational(pi))
              for si, pi in zip(s_inst, p_inst)) / nn ** 2
    d.fact("instance: Poisson-binomial $E$ and var equal eqs. (4), (5)",
           sp.Rational(e.mean) == eq4 and sp.Rational(e.variance) == eq5,
           printed=PrintedLatex(r"{0},\; {1}", eq4, eq5),
           derived=PrintedLatex(r"{0},\; {1}", sp.Rational(e.mean), sp.Rational(e.variance)),
           justification="exact rational computation, $p = (0.7, 0.15, 0.5, 0.9)$, $s = (1,0,1,0)$, "
                         "$\\lambda = (-3/2, 2, 5, 1/3)$")
    d.number("eq. (6): the factor 1.96 of the 95% interval", "1.96", Z95,
             justification="$\\sqrt{2}\\,\\mathrm{erf}^{-1}(0.95)$, the 0.975 quantile of the standard normal")
    d.conclude(True, "Eqs. (2)-(5) hold for every $n$ and every loss matrix; eq. (6) is the normal-theory "
                     "95% interval (its coverage rests on the normal approximation the paper states as an "
                     "approximation, which is not a theorem checked here).")


@claim("lewis95.loss.threshold",
       where="Section 5, eqs. (7)-(10)",
       statement="E[L] is minimised by assigning item i exactly when p_i > (l12 - l22)/((l21 - l11) + "
                 "(l12 - l22)) (the Probability Thresholding Principle holds); error rate (l11 = l22 = "
                 "0, l12 = l21 = 1) gives p_i > 0.5; when only retrieved documents are evaluated (l21 = "
                 "l22 = 0) assign when p_i l11 + (1 - p_i) l12 < 0.",
       statement_latex=(
           '$E[L]$ is minimised by assigning item $i$ exactly when $p_i > \\frac{\\lambda_{12} - \\lambda_{22}}{(\\lambda_{21} - \\lambda_{11}) + (\\lambda_{12} - \\lambda_{22})}$ (the Probability Thresholding Principle holds); '
           'the error rate ($\\lambda_{11} = \\lambda_{22} = 0$, $\\lambda_{12} = \\lambda_{21} = 1$) gives $p_i > 0.5$; when only retrieved documents are evaluated '
           '($\\lambda_{21} = \\lambda_{22} = 0$) assign when $p_i \\lambda_{11} + (1 - p_i) \\lambda_{12} < 0$.'))
def loss_threshold(d: Derivation) -> None:
    n, p = sp.Symbol("n", positive=True), sp.Symbol("p_i", real=True)
    D = (l21 - l11) + (l12 - l22)
    t = (l12 - l22) / D
    d.note("From eq. (4), $E[L_\\lambda]$ is a sum of per-item terms each depending on its own $s_i$ only, "
           "so it is minimised item by item: $s_i = 1$ exactly when the change $\\Delta_i$ in $E[L]$ "
           "from assigning item $i$ is negative (either choice when $\\Delta_i = 0$).")
    term = lambda si: ((m_loss * si + (l21 - l22)) * p + (l12 - l22) * si + l22) / n
    delta = sp.expand(term(1) - term(0))
    d.own("$\\Delta_i$ from eq. (4)", sp.Eq(sp.Symbol("Delta_i"), sp.factor(delta)))
    d.equal("$n \\Delta_i = D\\,(t - p_i)$, $D = (\\lambda_{21}-\\lambda_{11}) + (\\lambda_{12}-\\lambda_{22})$",
            D * (t - p), sp.expand(n * delta), justification="rational identity (where $D \\neq 0$)")
    D_pos = sp.Symbol("D", positive=True)
    factor_positive = (D_pos / n).is_positive is True   # Delta_i = (D/n) (t - p_i)
    d.fact("eq. (7): for $D > 0$, $\\Delta_i < 0 \\iff p_i > t$", factor_positive,
           printed=sp.StrictGreaterThan(p, t),
           derived=r"D > 0:\quad \operatorname{sign}\Delta_i = \operatorname{sign}(t - p_i)",
           justification="$n > 0$ and $D > 0$, so $\\Delta_i$ has the sign of $t - p_i$")
    # The printed rule needs D > 0: a loss matrix with D < 0 reverses the inequality.
    bad = {l11: 1, l12: 0, l21: 0, l22: 1}
    t_bad, p_bad = t.subs(bad), sp.Rational(3, 4)
    delta_bad = (n * delta).subs(bad).subs(p, p_bad)
    d.fact("eq. (7) when $D < 0$", False, printed=sp.StrictGreaterThan(p, t),
           derived=r"D < 0:\quad \Delta_i < 0 \iff p_i < t",
           justification=say("at $\\lambda = (1, 0, 0, 1)$: {0}, {1}, $p_i = 3/4 > t$ but {2} $> 0$: assigning "
                             "raises the loss", sp.Eq(sp.Symbol("D"), D.subs(bad)), sp.Eq(sp.Symbol("t"), t_bad),
                             sp.Eq(n * sp.Symbol("Delta_i"), delta_bad)))
    pt = sp.Symbol("p_i")
    d.counterexample("a loss matrix with $D < 0$: $p_i$ exceeds the printed threshold yet assigning item $i$ "
                     "increases the expected loss",
                     {"lambda11": 1, "lambda12": 0, "lambda21": 0, "lambda22": 1, "p_i": p_bad},
                     sp.And(sp.StrictGreaterThan(pt, (sp.Symbol("lambda12") - sp.Symbol("lambda22")) /
                                                 (sp.Symbol("lambda21") - sp.Symbol("lambda11") +
                                                  sp.Symbol("lambda12") - sp.Symbol("lambda22"))),
                            sp.StrictGreaterThan((sp.Symbol("lambda11") - sp.Symbol("lambda12") - sp.Symbol("lambda21")
                                                  + sp.Symbol("lambda22")) * pt
                                                 + sp.Symbol("lambda12") - sp.Symbol("lambda22"), 0)))
    error_rate = {l11: 0, l22: 0, l12: 1, l21: 1}
    d.equal("eq. (8): error rate threshold", sp.Rational(1, 2), t.subs(error_rate),
            show_printed=r"\frac{1}{1+1} = 0.5")
    d.fact("error rate: $D > 0$", bool(D.subs(error_rate) > 0), derived=D.subs(error_rate))
    only_retrieved = {l21: 0, l22: 0}
    d.equal("eq. (9): $\\lambda_{21} = \\lambda_{22} = 0$: $n\\Delta_i = p_i\\lambda_{11} + (1-p_i)\\lambda_{12}$",
            p * l11 + (1 - p) * l12, (n * delta).subs(only_retrieved),
            justification="so assign exactly when this is negative (no condition on the sign of $D$)")
    d.equal("eq. (10): threshold when $\\lambda_{21} = \\lambda_{22} = 0$", l12 / (l12 - l11),
            t.subs(only_retrieved), justification="equivalent to eq. (9) when $\\lambda_{12} > \\lambda_{11}$")
    d.conclude(True, "The expected loss is minimised item by item, and the PTP holds: the optimal rule "
                     "depends on $\\lambda$ only.  The printed threshold rule $p_i > t$ needs "
                     "$D = (\\lambda_{21}-\\lambda_{11})+(\\lambda_{12}-\\lambda_{22}) > 0$ (true whenever errors "
                     "cost more than correct decisions); for $D < 0$ the inequality reverses and for $D = 0$ "
                     "the decision does not depend on $p_i$.  The special cases (8)-(10) hold.",
               corrected_statement="If $D = (\\lambda_{21}-\\lambda_{11})+(\\lambda_{12}-\\lambda_{22}) > 0$, "
                                   "$E[L_\\lambda]$ is minimised by assigning item $i$ exactly when "
                                   "$p_i > (\\lambda_{12}-\\lambda_{22})/D$ (either decision at equality); if "
                                   "$D < 0$, exactly when $p_i < (\\lambda_{12}-\\lambda_{22})/D$; if $D = 0$, "
                                   "always when $\\lambda_{12} < \\lambda_{22}$, never when $\\lambda_{12} > \\lambda_{22}$.")
