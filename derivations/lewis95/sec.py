"""Lewis (1995), Section 7: the squared counting error SEC, Figure 4 and its optimum.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import sympy as sp

from symmetric.claims import Derivation, PrintedLatex, claim
from symmetric.expectation import symbolic
from symmetric.expectation.exact import expectation
from symmetric.expectation.measures import SEC
from symmetric.expectation.rules import best_prp_assignment, exhaustive_optimum, optimal_thresholds, top_k
from symmetric.space import FN, FP
from .common import threshold_set, N_SYMBOLIC, Q, Z95


# ------------------------------------------------------------------ Section 7: SEC

FIG4_SETS = (("0.5", "0.5"), ("0.7", "0.6"), ("0.5", "0.3"))
FIG4_COLUMNS_AS_SCANNED = (("1.1", "0.5", "1.9"), ("2.14", "0.54", "0.94"), ("1.5", "0.5", "1.5"))
FIG4_ROWS = ("none", "top 1", "both")


@claim("lewis95.sec.expected_values",
       where="Section 7, Figure 4",
       statement="Exact E[SEC] for test sets (0.5, 0.5), (0.7, 0.6), (0.5, 0.3) and assignments none / "
                 "top 1 / both are 1.5, 0.5, 1.5; 2.14, 0.54, 0.94; 1.1, 0.5, 1.9 (columns as "
                 "reconstructed from the scrambled figure); SEC satisfies the PRP but not the PTP (the "
                 "best threshold lies between 0.6 and 0.7 for the second set and between 0.3 and 0.5 "
                 "for the third).",
       statement_latex=(
           'The exact $E[\\mathrm{SEC}]$ for the test sets $(0.5, 0.5)$, $(0.7, 0.6)$, $(0.5, 0.3)$ and the assignments none, top $1$, both are $1.5, 0.5, 1.5$; $2.14, 0.54, 0.94$; $1.1, 0.5, 1.9$ (columns as reconstructed from the scrambled figure); SEC satisfies the PRP but not the PTP (the best threshold lies between $0.6$ and $0.7$ for the second set and between $0.3$ and $0.5$ for the third).'))
def sec_expected_values(d: Derivation) -> None:
    d.source_note("Figure 4 reconstructed: the scan prints the three 'Exact E[SEC]' columns away from their test "
           "sets; each column is given to the test set for which all its numbers agree with the "
           "recomputation, and that assignment is checked to be the only one of the $3! = 6$ that does.")
    sets = [tuple(Q(x) for x in ps) for ps in FIG4_SETS]
    values = [[expectation(SEC, p, top_k(p, k)).mean for k in range(3)] for p in sets]
    matching = [perm for perm in permutations(range(3))
                if all(Fraction(FIG4_COLUMNS_AS_SCANNED[col][k]) == values[i][k]
                       for i, col in enumerate(perm) for k in range(3))]
    d.fact("column reconstruction is unique", len(matching) == 1,
           derived=PrintedLatex(r"\text{{{0} of 6 column orders match}}", len(matching)))
    perm = matching[0] if matching else (2, 1, 0)
    for i, p in enumerate(sets):
        label = "(" + ", ".join(FIG4_SETS[i]) + ")"
        for k in range(3):
            d.number(f"{label}, {FIG4_ROWS[k]}: $E[\\mathrm{{SEC}}]$", FIG4_COLUMNS_AS_SCANNED[perm[i]][k],
                     values[i][k], justification="Poisson-binomial DP in rationals")
        opt = exhaustive_optimum(SEC, p)
        d.fact(f"{label}: the best PRP assignment is optimal over all assignments", opt.prp_attains_optimum,
               derived=PrintedLatex(r"\min E[\mathrm{{SEC}}] = {0}", sp.Rational(opt.best_value)))
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
           all(s[0] != s[1] for s in opt1.maximisers), derived=sp.Tuple(*(sp.Tuple(*m) for m in opt1.maximisers)))
    none_optimal = optimal_thresholds(SEC, p1)
    d.fact("(0.5, 0.5): no threshold rule is optimal", none_optimal == (),
           derived=threshold_set(none_optimal))
    intervals = []
    for p, printed in ((p2, ("0.6", "0.7")), (p3, ("0.3", "0.5"))):
        found = optimal_thresholds(SEC, p)
        intervals.extend(found)
        d.fact(f"({float(p[0])}, {float(p[1])}): optimal thresholds",
               found == ((Q(printed[0]), Q(printed[1])),),
               printed=f"\\text{{between {printed[0]} and {printed[1]}}}", derived=threshold_set(found),
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


@claim("lewis95.sec.optimum",
       where="Section 7, eqs. (19)-(25)",
       statement="SEC = (b - c)^2; E[(sum Z_i - e)^2] is minimised at e = sum p_i, where its value is "
                 "var[sum Z_i] = sum p_i (1 - p_i); the 95% interval for the count is sum p_i +- 1.96 "
                 "sqrt(sum p_i (1 - p_i)).",
       statement_latex=(
           '$\\mathrm{SEC} = (b - c)^2$; $E[(\\sum_i Z_i - e)^2]$ is minimised at $e = \\sum_i p_i$, where its value is $\\mathrm{var}[\\sum_i Z_i] = \\sum_i p_i (1 - p_i)$; '
           'the 95\\% interval for the count is $\\sum_i p_i \\pm 1.96\\sqrt{\\sum_i p_i (1 - p_i)}$.'))
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
           printed=sp.Eq(e, sum(p)), derived=crit,
           justification="the only critical point of a quadratic in $e$ with leading coefficient 1 > 0")
    d.equal("eq. (24): minimum value $\\sum p_i(1-p_i)$", var, mean.subs(e, sum(p)))
    d.number("eq. (25): the factor 1.96", "1.96", Z95,
             justification="$\\sqrt{2}\\,\\mathrm{erf}^{-1}(0.95)$; the interval rests on the normal approximation")
    p2 = (Q("0.7"), Q("0.6"))
    best_count = best_prp_assignment(SEC, p2).value
    d.fact("$\\sum p_i$ need not be attainable by counting assigned items", best_count > sum(x * (1 - x) for x in p2),
           derived=PrintedLatex(r"\min_s E[\mathrm{{SEC}}] = {0} > {1}", sp.Rational(best_count),
                                sp.Rational(sum(x * (1 - x) for x in p2))),
           justification="$p = (0.7, 0.6)$: $\\sum p_i = 1.3$ is not an integer")
    d.conclude(True, "SEC $= (b - c)^2$; the expected squared counting error is minimised by the estimate "
                     "$e = \\sum p_i$, with minimum $\\sum p_i(1 - p_i)$; the interval is the normal-theory one.")
