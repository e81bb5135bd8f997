"""Lewis, "Evaluating and Optimizing Autonomous Text Classification Systems", SIGIR 1995
(seed 004_8d705d341e302bb9.txt).  Claim ids ``lewis95.*``.

The judgments Z_i are independent Bernoulli(p_i), the decisions s_i fixed.  Closed forms are
compared with the 2^n definition (eq. (1)) as polynomial identities for a symbolic small n,
together with the per-item argument that gives them for every n; figures are recomputed in
exact rationals with :mod:`symmetric.expectation` and compared with each printed number.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement, permutations, product

import sympy as sp

from symmetric.claims import Claim, Derivation
from symmetric.expectation import approximation, symbolic
from symmetric.expectation.exact import expectation, expectation_by_enumeration
from symmetric.expectation.measures import LEWIS_F, LOSS, SEC, l11, l12, l21, l22
from symmetric.expectation.countfn import compile_measure
from symmetric.expectation.rules import (best_prp_assignment, every_optimum_ranked, exhaustive_optimum,
                                         optimal_thresholds, top_k)
from symmetric.measures import registry
from symmetric.space import FN, FP, TN, TP

PAPER = "lewis95"
N_SYMBOLIC = 3                      # size of the symbolic test sets
m_loss = l11 - l12 - l21 + l22      # the paper's m
Z95 = sp.sqrt(2) * sp.erfinv(sp.Rational(19, 20))   # the 0.975 quantile of N(0, 1)


def Q(text: str) -> Fraction:
    """A printed decimal read exactly."""
    return Fraction(text)


def _loss_item(s, z):
    """Eq. (3), one item: the loss of decision s when the judgment is z."""
    return l11 * s * z + l12 * s * (1 - z) + l21 * (1 - s) * z + l22 * (1 - s) * (1 - z)


def _loss_item_printed(s, z):
    return (m_loss * s + (l21 - l22)) * z + (l12 - l22) * s + l22


# ------------------------------------------------------------------ Section 5: loss

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
           printed=f"{sp.latex(eq4)},\\; {sp.latex(eq5)}",
           derived=f"{sp.latex(sp.Rational(e.mean))},\\; {sp.latex(sp.Rational(e.variance))}",
           justification="exact rational computation, $p = (0.7, 0.15, 0.5, 0.9)$, $s = (1,0,1,0)$, "
                         "$\\lambda = (-3/2, 2, 5, 1/3)$")
    d.number("eq. (6): the factor 1.96 of the 95% interval", "1.96", Z95,
             justification="$\\sqrt{2}\\,\\mathrm{erf}^{-1}(0.95)$, the 0.975 quantile of the standard normal")
    d.conclude(True, "Eqs. (2)-(5) hold for every $n$ and every loss matrix; eq. (6) is the normal-theory "
                     "95% interval (its coverage rests on the normal approximation the paper states as an "
                     "approximation, which is not a theorem checked here).")


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
           printed=sp.latex(sp.StrictGreaterThan(p, t)),
           derived=r"D > 0:\quad \operatorname{sign}\Delta_i = \operatorname{sign}(t - p_i)",
           justification="$n > 0$ and $D > 0$, so $\\Delta_i$ has the sign of $t - p_i$")
    # The printed rule needs D > 0: a loss matrix with D < 0 reverses the inequality.
    bad = {l11: 1, l12: 0, l21: 0, l22: 1}
    t_bad, p_bad = t.subs(bad), sp.Rational(3, 4)
    delta_bad = (n * delta).subs(bad).subs(p, p_bad)
    d.fact("eq. (7) when $D < 0$", False, printed=sp.latex(sp.StrictGreaterThan(p, t)),
           derived=r"D < 0:\quad \Delta_i < 0 \iff p_i < t",
           justification=f"at $\\lambda = (1, 0, 0, 1)$: $D = {sp.latex(D.subs(bad))}$, $t = {sp.latex(t_bad)}$, "
                         f"$p_i = 3/4 > t$ but $n\\Delta_i = {sp.latex(delta_bad)} > 0$: assigning raises the loss")
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
            printed_latex=r"\frac{1}{1+1} = 0.5")
    d.fact("error rate: $D > 0$", bool(D.subs(error_rate) > 0), derived=sp.latex(D.subs(error_rate)))
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


# ------------------------------------------------------------------ Section 6: F, Figure 3

# Figure 3 as printed.  The OCR scattered the figure: both "Exact" columns stand in place, but the
# two "Approx. E[F1]" columns (value and bound) were moved, the second test set's before the
# first's.  Which column belongs to which test set is decided below by recomputation.
FIG3_SETS = (("0.4", "0.4", "0.2"), ("0.9", "0.9", "0.4"))
FIG3_ROWS = ("none (C_F = 0)", "none (C_F = 1)", "top 1", "top 2", "all")
FIG3_EXACT = (("0.0000", "0.2880", "0.3253", "0.4576", "0.4392"),
              ("0.0000", "0.0060", "0.5640", "0.8532", "0.8264"))
FIG3_APPROX_COLUMNS_AS_SCANNED = (
    (("0.0000", "0"), ("0.0060", "0"), ("0.5625", "0.0790"), ("0.8571", "0.0550"), ("0.8462", "0.0466")),
    (("0.0000", "0"), ("0.2880", "0"), ("0.4000", "0.3560"), ("0.5333", "0.1943"), ("0.5000", "0.1200")),
)


def _fig3_row(p, row: int):
    """(assignment, C_F) of a Figure 3 row."""
    k = {0: 0, 1: 0, 2: 1, 3: 2, 4: 3}[row]
    return top_k(p, k), (0 if row == 0 else 1)


def _rounds_to(printed: str, value) -> bool:
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    return bool(sp.Abs(sp.nsimplify(value) - sp.Rational(printed)) <= sp.Rational(1, 2 * 10 ** decimals)) \
        if decimals else bool(sp.nsimplify(value) == sp.Rational(printed))


def _fig3_recomputed(p):
    out = []
    for row in range(len(FIG3_ROWS)):
        s, cf = _fig3_row(p, row)
        exact = expectation(LEWIS_F, p, s, params={"beta": 1, "C_F": cf}).mean
        out.append((s, cf, exact, approximation.approximate_f(p, s, 1, cf), approximation.error_bound(p, s, 1)))
    return out


def f_expected_values(d: Derivation) -> None:
    d.note("Figure 3 reconstructed from the OCR: the two 'Exact' columns are in place; the two "
           "'Approx.' columns (value and $\\pm$ bound; the scan prints 0.4 as '0:4' and 0.0790 as '0:0790') "
           "appear in the order second set, first set.  The pairing of approximation columns with test sets "
           "is the unique one of the two pairings under which every printed number agrees with the "
           "recomputation (checked below).  Rows: no assignment with $C_F = 0$ and $C_F = 1$, top 1, "
           "top 2, all three; $F = F_1$ of eq. (14) ($\\beta = 1$).")
    sets = [tuple(Q(x) for x in ps) for ps in FIG3_SETS]
    recomputed = [_fig3_recomputed(p) for p in sets]
    matching = []
    for perm in permutations(range(2)):
        ok = all(_rounds_to(a, rec[3]) and _rounds_to(b, rec[4])
                 for set_index, column in enumerate(perm)
                 for (a, b), rec in zip(FIG3_APPROX_COLUMNS_AS_SCANNED[column], recomputed[set_index]))
        if ok:
            matching.append(perm)
    d.fact("column reconstruction is unique", len(matching) == 1,
           derived=f"\\text{{pairings that match: {len(matching)} of 2}}",
           justification="each pairing of scanned approximation columns with test sets tried against the recomputation")
    pairing = matching[0] if len(matching) == 1 else (1, 0)
    within = True
    for set_index, p in enumerate(sets):
        label = "(" + ", ".join(FIG3_SETS[set_index]) + ")"
        approx_column = FIG3_APPROX_COLUMNS_AS_SCANNED[pairing[set_index]]
        for row, (s, cf, exact, approx, bound) in enumerate(recomputed[set_index]):
            name = f"{label}, {FIG3_ROWS[row]}"
            d.number(f"{name}: exact $E[F_1]$ (eq. 16)", FIG3_EXACT[set_index][row], exact,
                     justification=f"Poisson-binomial DP in rationals: ${sp.latex(sp.Rational(exact))}$")
            d.number(f"{name}: approximation (eq. 17)", approx_column[row][0], approx)
            d.number(f"{name}: bound (eq. 18)", approx_column[row][1], bound)
            inside = bool(sp.Abs(sp.Rational(exact) - approx) <= bound)
            within = within and inside
            d.fact(f"{name}: exact value within the bound", inside,
                   derived=f"|{sp.latex(sp.Rational(exact))} - {sp.latex(approx)}| \\le {sp.latex(bound)}",
                   justification="exact comparison (square roots kept symbolic)")
        # Eq. (16) literally (sum over z != 0, or P(Z = 0) C_F) and eq. (1) give the same numbers.
        agree = all(expectation_by_enumeration(LEWIS_F, p, s, params={"beta": 1, "C_F": cf})[0] == exact
                    for s, cf, exact, _, _ in recomputed[set_index])
        d.fact(f"{label}: DP values equal the $2^n$ definition (eq. 1)", agree,
               justification="exact enumeration of all judgment vectors")
        f1 = registry.get("F1")    # the shared catalogue's F1 stipulates 1 at TP = FP = FN = 0, i.e. C_F = 1
        same = all(expectation(f1, p, s).mean == exact for s, cf, exact, _, _ in recomputed[set_index] if cf == 1)
        d.fact(f"{label}: the registry's $F_1$ gives the $C_F = 1$ rows", same,
               justification="same values from the catalogue's Piecewise count form")
        best = best_prp_assignment(LEWIS_F, p, params={"beta": 1, "C_F": 1})
        d.fact(f"{label}: optimal assignment (starred)", best.k == 2, printed=r"\text{top 2}",
               derived=f"\\text{{top {best.k}}},\\quad E[F_1] = {sp.latex(sp.Rational(best.value))}",
               justification="best of the PRP candidates (Appendix B: they suffice); the stars were lost in the "
                             "scan, the text says the 0.4 items are assigned in the first set and not in the second")
    d.conclude(within, "Every printed value of Figure 3 is recomputed exactly, and every exact value lies "
                       "within its eq. (18) bound.")


def f_no_ptp(d: Derivation) -> None:
    sets = [tuple(Q(x) for x in ps) for ps in FIG3_SETS]
    for cf in (1, 0):
        params = {"beta": 1, "C_F": cf}
        optima = [exhaustive_optimum(LEWIS_F, p, params=params) for p in sets]
        for p, opt, label in zip(sets, optima, FIG3_SETS):
            d.fact(f"$C_F = {cf}$, set ({', '.join(label)}): unique optimum over all $2^3$ assignments",
                   len(opt.maximisers) == 1,
                   derived=", ".join("(" + ",".join(map(str, s)) + ")" for s in opt.maximisers)
                   + f",\\quad E[F_1] = {sp.latex(sp.Rational(opt.best_value))}",
                   justification="exact expected $F_1$ of every assignment")
        first, second = optima[0].maximisers[0], optima[1].maximisers[0]
        d.fact(f"$C_F = {cf}$: the 0.4 items are assigned in the first set", first[0] == first[1] == 1,
               derived=str(first))
        d.fact(f"$C_F = {cf}$: the 0.4 item is not assigned in the second set", second[2] == 0,
               derived=str(second))
        # Every threshold rule "assign p_i > t" is constant between consecutive probabilities, so
        # the optimal thresholds of each set are finitely many intervals, computed exactly.
        ranges = [optimal_thresholds(LEWIS_F, p, params=params) for p in sets]
        common = [(max(a[0], b[0]), min(x for x in (a[1], b[1]) if x is not None)
                   if (a[1], b[1]) != (None, None) else None)
                  for a in ranges[0] for b in ranges[1]]
        common = [(lo, hi) for lo, hi in common if hi is None or lo < hi]
        d.fact(f"$C_F = {cf}$: no threshold is optimal for both sets", not common,
               derived="; ".join(_intervals_latex(r) for r in ranges),
               justification="optimal thresholds of each set (exactly, over all $2^3$ assignments) do not overlap")
    p1, p2 = sets
    d.counterexample("no threshold works: $t < 0.4$ assigns all of $(0.9, 0.9, 0.4)$, $t \\ge 0.4$ none of "
                     "$(0.4, 0.4, 0.2)$; both beaten by top 2",
                     {"E_all_second": expectation(LEWIS_F, p2, (1, 1, 1)).mean,
                      "E_top2_second": expectation(LEWIS_F, p2, (1, 1, 0)).mean,
                      "E_none_first": expectation(LEWIS_F, p1, (0, 0, 0)).mean,
                      "E_top2_first": expectation(LEWIS_F, p1, (1, 1, 0)).mean},
                     sp.And(sp.StrictLessThan(sp.Symbol("E_all_second"), sp.Symbol("E_top2_second")),
                            sp.StrictLessThan(sp.Symbol("E_none_first"), sp.Symbol("E_top2_first"))))
    d.conclude(True, "$F_1$ violates the PTP: the optimal decision for an item with $p = 0.4$ depends on the "
                     "other items of the test set (for $C_F = 1$ and for $C_F = 0$).")


# ------------------------------------------------------------------ Appendix B: F satisfies the PRP

def _f_value(s, z, b2, cf=1):
    a = sum(si * zi for si, zi in zip(s, z))
    k, r = sum(s), sum(z)
    if k == 0:
        return cf if r == 0 else 0
    return (b2 + 1) * a / (k + b2 * r)


def f_prp(d: Derivation) -> None:
    b2 = sp.Symbol("beta", nonnegative=True) ** 2
    d.note("Proof by exchange: $s$ optimal with $s_j = 1$, $s_k = 0$ and $p_j < p_k$; $s'$ swaps $j$ and $k$.  "
           "Both are non-zero, so $F = X/Y$ for both (eq. (15), third case).")
    pj, pk, Pw, Dw = sp.symbols("p_j p_k P_w D_w", positive=True)
    rest_s = sp.symbols("s3:7", real=True)
    zz = sp.symbols("z1:7", real=True)
    Y_of = lambda s_vec: sum(s_vec) + b2 * sum(zz)
    d.equal("denominators: $Y(s, z) = Y(s', z)$ for every $z$ ($n = 6$, symbolic)",
            Y_of((1, 0) + rest_s), Y_of((0, 1) + rest_s),
            justification="$s = (1, 0, s_3..s_6)$, $s' = (0, 1, s_3..s_6)$: the swap keeps $\\sum_i s_i$")
    # The step the paper prints as 'drop the identical positive denominators': the denominators
    # depend on z, so they cannot be dropped from a sum over z in general.  The step is still valid
    # because the only non-zero terms pair z (z_j = 1, z_k = 0) with its swap, which has the same Y.
    pair = Pw * (pj * (1 - pk) * (b2 + 1) / Dw - (1 - pj) * pk * (b2 + 1) / Dw)
    d.equal("pairing $z$ with its $j \\leftrightarrow k$ swap (one $w = z_{-jk}$)",
            Pw * (pj - pk) * (b2 + 1) / Dw, pair,
            justification="rational identity; $D_w = \\sum s_i + \\beta^2(1 + |w|)$ is shared by the pair")
    ok_all = True
    for n in (3, 4):
        p = symbolic.probabilities(n)
        j, k = 0, 1
        for rest in product((0, 1), repeat=n - 2):
            s, s2 = (1, 0) + rest, (0, 1) + rest
            diff = symbolic.bernoulli_expectation(lambda z: _f_value(s, z, b2) - _f_value(s2, z, b2), p)
            ksum = sum(s)
            others = p[2:]
            C = symbolic.bernoulli_expectation(lambda w: (b2 + 1) / (ksum + b2 * (1 + sum(w))), others) \
                if others else (b2 + 1) / (ksum + b2)
            status = d.equal(f"$n = {n}$, $s = {s}$: $E[F(s)] - E[F(s')] = (p_j - p_k)\\,C$",
                             (p[j] - p[k]) * C, diff,
                             justification="identity in symbolic $p_1..p_n$, $\\beta$ against eq. (1)")
            ok_all = ok_all and status.value == "holds"
    d.own("$C > 0$", r"C = \sum_w P(W = w)\,\frac{\beta^2 + 1}{\sum_i s_i + \beta^2(1 + |w|)} > 0",
          "each term is nonnegative, the weights sum to 1 and every denominator is at least $\\sum s_i \\ge 1$")
    p4 = symbolic.probabilities(4)
    d.equal("printed: $\\sum_z P(Z = z)(z_j - z_k) = p_j - p_k$ ($n = 4$)", p4[0] - p4[1],
            symbolic.bernoulli_expectation(lambda z: z[0] - z[1], p4),
            justification="identity against eq. (1)")
    d.own("contradiction", r"E[F(s)] - E[F(s')] = (p_j - p_k)\,C < 0",
          "with $p_j < p_k$ and $C > 0$, $s'$ beats $s$")
    # Exhaustive exact check: every optimal assignment is ranked, for small n and a grid of p.
    grids = ((3, (0, Fraction(1, 5), Fraction(1, 2), Fraction(4, 5), 1)),
             (4, (0, Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), 1)),
             (5, (Fraction(1, 10), Fraction(2, 5), Fraction(9, 10))))
    cases, failures = 0, []
    for beta_value in (0, Fraction(1, 2), 1, 2):
        for cf in (0, 1):
            fn = compile_measure(LEWIS_F, {"beta": beta_value, "C_F": cf})
            for n, values in grids:
                for p in combinations_with_replacement(values, n):
                    for order in {tuple(p), tuple(reversed(p))}:
                        holds, witness = every_optimum_ranked(fn, order)
                        cases += 1
                        if not holds:
                            failures.append((order, witness, beta_value, cf))
    d.fact("exhaustive: every optimal assignment is ranked", not failures,
           derived=f"\\text{{{cases} test sets, {len(failures)} failures}}",
           justification="exact expected $F_\\beta$ of all $2^n$ assignments, $n = 3, 4, 5$, probabilities on a "
                         "grid (including 0 and 1), $\\beta \\in \\{0, 1/2, 1, 2\\}$, $C_F \\in \\{0, 1\\}$")
    d.conclude(ok_all and not failures,
               "Theorem proved: the exchange changes $E[F_\\beta]$ by $(p_j - p_k)\\,C$ with $C > 0$.  The printed "
               "step that 'drops' the identical positive denominators is not valid as a general rule (the "
               "denominator varies with $z$); it is valid here because the non-zero terms come in pairs with "
               "the same denominator, which is the argument checked above.")


# ------------------------------------------------------------------ Appendix A: the bound

def f_approximation_bound(d: Derivation) -> None:
    n = N_SYMBOLIC
    p, s = symbolic.probabilities(n), symbolic.decisions(n)
    b = sp.Symbol("beta", positive=True)
    X = lambda z: (b ** 2 + 1) * sum(si * zi for si, zi in zip(s, z))
    Y = lambda z: sum(s) + b ** 2 * sum(z)
    zero_one = {si ** 2: si for si in s}
    d.note(f"Moments checked against eq. (1) for a symbolic test set of $n = {n}$; for every $n$ they follow "
           "because $X$ and $Y$ are sums of independent terms $c_i Z_i$ plus a constant.  The printed final "
           "bound lost its $\\beta$ factors in the scan; it is rebuilt by substituting the moments into eq. (29).")
    checks = (("$E[X]$", (b ** 2 + 1) * sum(si * pi for si, pi in zip(s, p)), symbolic.bernoulli_expectation(X, p)),
              ("$\\mathrm{var}[X]$", (b ** 2 + 1) ** 2 * sum(si * pi * (1 - pi) for si, pi in zip(s, p)),
               symbolic.bernoulli_variance(X, p)),
              ("$E[Y]$", sum(s) + b ** 2 * sum(p), symbolic.bernoulli_expectation(Y, p)),
              ("$\\mathrm{var}[Y]$", b ** 4 * sum(pi * (1 - pi) for pi in p), symbolic.bernoulli_variance(Y, p)))
    for label, printed, derived in checks:
        d.equal(label, sp.expand(printed).subs(zero_one), sp.expand(derived).subs(zero_one),
                justification="polynomial identity ($s_i^2 = s_i$ for 0/1 decisions)")
    a, c, k = sp.symbols("a c k", nonnegative=True)
    gap = (k + b ** 2 * (a + c)) - (b ** 2 + 1) * a
    d.equal("$Y - X = (k - a) + \\beta^2 c$ ($a = $ TP, $c = $ FN, $k = \\sum s_i$)",
            (k - a) + b ** 2 * c, gap, justification="polynomial identity")
    u = sp.Symbol("u", nonnegative=True)   # u = k - a >= 0
    d.fact("$|X/Y| \\le 1$, so $K = 1$", bool(((u + b ** 2 * c).is_nonnegative) and (k + 1 + b ** 2 * (a + c)).is_positive),
           derived=r"0 \le X \le Y,\quad Y \ge \textstyle\sum s_i \ge 1",
           justification="sign rules: $u = k - a \\ge 0$, $c \\ge 0$; $X \\ge 0$ and $Y > 0$ when $s \\neq 0$")
    # Eq. (29): a pointwise identity, then expectations.
    x, y, mx, my = sp.symbols("X Y mu_X mu_Y", positive=True)
    rhs = (x - mx) / my - mx * (y - my) / my ** 2 - (x - mx) * (y - my) / my ** 2 + (x / y) * (y - my) ** 2 / my ** 2
    d.equal("pointwise: $X/Y - \\mu_X/\\mu_Y$ decomposed", x / y - mx / my, rhs,
            derived_latex=r"\frac{X-\mu_X}{\mu_Y} - \frac{\mu_X (Y-\mu_Y)}{\mu_Y^2} - "
                          r"\frac{(X-\mu_X)(Y-\mu_Y)}{\mu_Y^2} + \frac{X}{Y}\frac{(Y-\mu_Y)^2}{\mu_Y^2}",
            justification="rational identity")
    d.own("taking expectations",
          r"E\!\left[\tfrac{X}{Y}\right] - \tfrac{\mu_X}{\mu_Y} = \frac{E[\tfrac{X}{Y}(Y-\mu_Y)^2] - "
          r"\mathrm{cov}(X, Y)}{\mu_Y^2}",
          "the first two terms have expectation 0")
    d.own("eq. (29)", r"\left|E\!\left[\tfrac{X}{Y}\right] - \tfrac{\mu_X}{\mu_Y}\right| \le "
          r"\frac{K\,\mathrm{var}[Y] + \sqrt{\mathrm{var}[X]\,\mathrm{var}[Y]}}{\mu_Y^2}",
          "$|X/Y| \\le K$ bounds the first term by $K\\,\\mathrm{var}[Y]$; Cauchy-Schwarz bounds "
          "$|\\mathrm{cov}(X, Y)|$ by $\\sqrt{\\mathrm{var}[X]\\mathrm{var}[Y]}$")
    V, W, S, P = sp.symbols("V W S P", positive=True)   # sum p(1-p), sum s p(1-p), sum s, sum p
    derived = (1 * b ** 4 * V + sp.sqrt((b ** 2 + 1) ** 2 * W * b ** 4 * V)) / (S + b ** 2 * P) ** 2
    printed = (b ** 4 * V + b ** 2 * (b ** 2 + 1) * sp.sqrt(W * V)) / (S + b ** 2 * P) ** 2
    d.equal("final bound (reconstructed)", printed, derived,
            justification="$V = \\sum p_i(1-p_i)$, $W = \\sum s_i p_i(1-p_i)$, $S = \\sum s_i$, $P = \\sum p_i$")
    # Evidence that the bound holds on random instances, checked exactly.
    import random
    rng = random.Random(1995)
    inside = True
    for _ in range(40):
        n_inst = rng.randint(1, 6)
        pv = tuple(Fraction(rng.randint(0, 20), 20) for _ in range(n_inst))
        sv = tuple(rng.randint(0, 1) for _ in range(n_inst))
        if not any(sv):
            sv = (1,) + sv[1:]
        bv = rng.choice((Fraction(1, 2), 1, 2))
        ev = expectation(LEWIS_F, pv, sv, params={"beta": bv}).mean
        inside = inside and bool(sp.Abs(sp.Rational(ev) - approximation.approximate_f(pv, sv, bv))
                                 <= approximation.error_bound(pv, sv, bv))
    d.fact("40 random rational instances: exact $E[F_\\beta]$ within the bound", inside,
           justification="exact comparison; an illustration of the proof above")
    d.conclude(True, "Appendix A's moments, $K = 1$ and the bound (29) (derived here from a pointwise identity "
                     "and Cauchy-Schwarz, so not only cited) all hold.")


# ------------------------------------------------------------------ Section 7: SEC

FIG4_SETS = (("0.5", "0.5"), ("0.7", "0.6"), ("0.5", "0.3"))
FIG4_COLUMNS_AS_SCANNED = (("1.1", "0.5", "1.9"), ("2.14", "0.54", "0.94"), ("1.5", "0.5", "1.5"))
FIG4_ROWS = ("none", "top 1", "both")


def _intervals_latex(intervals) -> str:
    if not intervals:
        return r"\emptyset"
    # \left[ ... \right) keeps half-open intervals balanced for breqn
    return r" \cup ".join(rf"\left[{sp.latex(sp.Rational(lo))}, {sp.latex(sp.Rational(hi))}\right)" if hi is not None
                          else rf"\left[{sp.latex(sp.Rational(lo))}, 1\right]" for lo, hi in intervals)


def sec_expected_values(d: Derivation) -> None:
    d.note("Figure 4 reconstructed: the scan prints the three 'Exact E[SEC]' columns away from their test "
           "sets; each column is given to the test set for which all its numbers agree with the "
           "recomputation, and that assignment is checked to be the only one of the $3! = 6$ that does.")
    sets = [tuple(Q(x) for x in ps) for ps in FIG4_SETS]
    values = [[expectation(SEC, p, top_k(p, k)).mean for k in range(3)] for p in sets]
    matching = [perm for perm in permutations(range(3))
                if all(Fraction(FIG4_COLUMNS_AS_SCANNED[col][k]) == values[i][k]
                       for i, col in enumerate(perm) for k in range(3))]
    d.fact("column reconstruction is unique", len(matching) == 1,
           derived=f"\\text{{{len(matching)} of 6 column orders match}}")
    perm = matching[0] if matching else (2, 1, 0)
    for i, p in enumerate(sets):
        label = "(" + ", ".join(FIG4_SETS[i]) + ")"
        for k in range(3):
            d.number(f"{label}, {FIG4_ROWS[k]}: $E[\\mathrm{{SEC}}]$", FIG4_COLUMNS_AS_SCANNED[perm[i]][k],
                     values[i][k], justification="Poisson-binomial DP in rationals")
        opt = exhaustive_optimum(SEC, p)
        d.fact(f"{label}: the best PRP assignment is optimal over all assignments", opt.prp_attains_optimum,
               derived=f"\\min E[\\mathrm{{SEC}}] = {sp.latex(sp.Rational(opt.best_value))}")
    # PRP in general: SEC depends on s only through k = sum s_i.
    zs = symbolic.probabilities(3, "z")
    s_a, s_b = (1, 0, 1), (0, 1, 1)
    sec = lambda s: (sum(zs) - sum(s)) ** 2
    d.equal("SEC depends on $s$ only through $k = \\sum s_i$ (e.g. $s = (1,0,1)$ vs $(0,1,1)$)", sec(s_a), sec(s_b),
            justification="eq. (20) contains $s$ only in $\\sum_i s_i$")
    # PTP fails.
    p1, p2, p3 = sets
    opt1 = exhaustive_optimum(SEC, p1)
    d.fact("(0.5, 0.5): every optimum treats the two equal items differently",
           all(s[0] != s[1] for s in opt1.maximisers), derived=str(opt1.maximisers))
    none_optimal = optimal_thresholds(SEC, p1)
    d.fact("(0.5, 0.5): no threshold rule is optimal", none_optimal == (),
           derived=_intervals_latex(none_optimal))
    intervals = []
    for p, printed in ((p2, ("0.6", "0.7")), (p3, ("0.3", "0.5"))):
        found = optimal_thresholds(SEC, p)
        intervals.extend(found)
        d.fact(f"({float(p[0])}, {float(p[1])}): optimal thresholds",
               found == ((Q(printed[0]), Q(printed[1])),),
               printed=f"\\text{{between {printed[0]} and {printed[1]}}}", derived=_intervals_latex(found),
               justification="exactly the $t$ whose rule $p_i > t$ attains the optimum over all assignments")
    disjoint = len(intervals) == 2 and (intervals[1][1] <= intervals[0][0] or intervals[0][1] <= intervals[1][0])
    d.fact("the two threshold intervals are disjoint", disjoint)
    d.counterexample("equal probabilities, different optimal decisions: $E[\\mathrm{SEC}]$ of top 1 is below that "
                     "of none and of both for $p = (0.5, 0.5)$",
                     {"E_none": values[0][0], "E_top1": values[0][1], "E_both": values[0][2]},
                     sp.And(sp.StrictLessThan(sp.Symbol("E_top1"), sp.Symbol("E_none")),
                            sp.StrictLessThan(sp.Symbol("E_top1"), sp.Symbol("E_both"))))
    d.conclude(True, "Figure 4 recomputed exactly (columns as reconstructed); SEC satisfies the PRP (it depends on "
                     "$k$ only) but not the PTP.")


def sec_optimum(d: Derivation) -> None:
    a, b, c = sp.symbols("a b c", nonnegative=True)
    d.equal("eq. (19): $\\mathrm{SEC} = ((a + c) - (a + b))^2$", (b - c) ** 2, ((a + c) - (a + b)) ** 2)
    d.equal("eq. (19): the toolkit's SEC count form", (b - c) ** 2, SEC.count_form.subs({FP: b, FN: c}))
    n = N_SYMBOLIC
    p = symbolic.probabilities(n)
    e = sp.Symbol("e", real=True)
    mean = symbolic.bernoulli_expectation(lambda z: (sum(z) - e) ** 2, p)
    var = sum(pi * (1 - pi) for pi in p)
    d.equal(f"$E[(\\sum Z_i - e)^2] = \\mathrm{{var}} + (\\sum p_i - e)^2$ ($n = {n}$)", var + (sum(p) - e) ** 2,
            mean, justification="polynomial identity against eq. (1); for every $n$: bias-variance decomposition")
    crit = sp.solve(sp.diff(var + (sum(p) - e) ** 2, e), e)
    d.fact("eq. (23): minimised at $e = \\sum p_i$", crit == [sum(p)],
           printed=sp.latex(sp.Eq(e, sum(p))), derived=sp.latex(crit),
           justification="the only critical point of a quadratic in $e$ with leading coefficient 1 > 0")
    d.equal("eq. (24): minimum value $\\sum p_i(1-p_i)$", var, mean.subs(e, sum(p)))
    d.number("eq. (25): the factor 1.96", "1.96", Z95,
             justification="$\\sqrt{2}\\,\\mathrm{erf}^{-1}(0.95)$; the interval rests on the normal approximation")
    p2 = (Q("0.7"), Q("0.6"))
    best_count = best_prp_assignment(SEC, p2).value
    d.fact("$\\sum p_i$ need not be attainable by counting assigned items", best_count > sum(x * (1 - x) for x in p2),
           derived=f"\\min_s E[\\mathrm{{SEC}}] = {sp.latex(sp.Rational(best_count))} > "
                   f"{sp.latex(sp.Rational(sum(x * (1 - x) for x in p2)))}",
           justification="$p = (0.7, 0.6)$: $\\sum p_i = 1.3$ is not an integer")
    d.conclude(True, "SEC $= (b - c)^2$; the expected squared counting error is minimised by the estimate "
                     "$e = \\sum p_i$, with minimum $\\sum p_i(1 - p_i)$; the interval is the normal-theory one.")


CLAIMS = (
    Claim("lewis95.loss.expectation", PAPER, "Section 5, eqs. (2)-(6)",
          "For the loss measure L_lambda = (l11 a + l12 b + l21 c + l22 d)/n with independent Bernoulli judgments "
          "Z_i ~ p_i: E[L] = (1/n) sum((m s_i + (l21 - l22)) p_i + (l12 - l22) s_i + l22) with m = l11 - l12 - "
          "l21 + l22; var[L] = (1/n^2) sum (m s_i + (l21 - l22))^2 p_i (1 - p_i); and the 95% interval E[L] +- "
          "1.96 sqrt(var).", loss_expectation),
    Claim("lewis95.loss.threshold", PAPER, "Section 5, eqs. (7)-(10)",
          "E[L] is minimised by assigning item i exactly when p_i > (l12 - l22)/((l21 - l11) + (l12 - l22)) (the "
          "Probability Thresholding Principle holds); error rate (l11 = l22 = 0, l12 = l21 = 1) gives p_i > 0.5; "
          "when only retrieved documents are evaluated (l21 = l22 = 0) assign when p_i l11 + (1 - p_i) l12 < 0.",
          loss_threshold),
    Claim("lewis95.f.expected_values", PAPER, "Section 6, eqs. (14)-(18), Figure 3",
          "Exact E[F1] by eq. (16) and the approximation of eq. (17) with the error bound of eq. (18), for test "
          "sets p = (0.4, 0.4, 0.2) and (0.9, 0.9, 0.4) and each PRP assignment (none with C_F = 0 and C_F = 1, "
          "top 1, top 2, all), are as printed in Figure 3, and each exact value lies within its bound.",
          f_expected_values),
    Claim("lewis95.f.no_ptp", PAPER, "Section 6, Figure 3",
          "F does not satisfy the Probability Thresholding Principle: items with p = 0.4 must be assigned to "
          "optimise E[F1] in the first test set and must not be in the second.", f_no_ptp),
    Claim("lewis95.f.prp", PAPER, "Appendix B",
          "For independent Bernoulli judgments and beta >= 0, any assignment maximising E[F_beta] satisfies the "
          "PRP: if s_j = 1 and s_k = 0 then p_j >= p_k (proof by exchanging j and k).", f_prp),
    Claim("lewis95.f.approximation_bound", PAPER, "Appendix A, eqs. (27)-(29)",
          "With X = (beta^2+1) sum s_i Z_i and Y = sum s_i + beta^2 sum Z_i: E[X] = (beta^2+1) sum s_i p_i, "
          "var[X] = (beta^2+1)^2 sum s_i p_i (1-p_i), E[Y] = sum s_i + beta^2 sum p_i, var[Y] = beta^4 sum p_i "
          "(1-p_i), |X/Y| <= 1 so K = 1, and |E[X/Y] - E[X]/E[Y]| <= (K var[Y] + sqrt(var[X] var[Y]))/E[Y]^2.",
          f_approximation_bound),
    Claim("lewis95.sec.expected_values", PAPER, "Section 7, Figure 4",
          "Exact E[SEC] for test sets (0.5, 0.5), (0.7, 0.6), (0.5, 0.3) and assignments none / top 1 / both are "
          "1.5, 0.5, 1.5; 2.14, 0.54, 0.94; 1.1, 0.5, 1.9 (columns as reconstructed from the scrambled figure); "
          "SEC satisfies the PRP but not the PTP (the best threshold lies between 0.6 and 0.7 for the second set "
          "and between 0.3 and 0.5 for the third).", sec_expected_values),
    Claim("lewis95.sec.optimum", PAPER, "Section 7, eqs. (19)-(25)",
          "SEC = (b - c)^2; E[(sum Z_i - e)^2] is minimised at e = sum p_i, where its value is var[sum Z_i] = sum "
          "p_i (1 - p_i); the 95% interval for the count is sum p_i +- 1.96 sqrt(sum p_i (1 - p_i)).", sec_optimum),
)
