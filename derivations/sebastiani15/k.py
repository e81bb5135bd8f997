"""Sebastiani (2015), the K measure: the axioms, the multiclass K and the cost-sensitive K.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from symmetric.claims import Derivation, PrintedLatex, claim
from symmetric.logic import Verdict
from symmetric.measures.classification import absolute_error, contributions, cost_sensitive_recall, multiclass_k, multiclass_k_expr, ordinal_distance, standard_recall
from symmetric.properties import sebastiani as axioms
from symmetric.space import CELLS
from .common import record_axiom, in_tp_tn, named_measure, AN, AP, TNr, TPr


# ------------------------------------------------------------------ K

@claim("sebastiani15.k.axioms",
       where="Section 5, eq. (5)-(6), Properties 5.1-5.8",
       statement="K (= recall + specificity - 1 when AP > 0 and AN > 0; 2 specificity - 1 when AP = 0; "
                 "2 recall - 1 when AN = 0) satisfies MON, CON (dK/dTP = 1/AP, dK/dTN = 1/AN, or 2/AP, "
                 "2/AN in the edge cases), SDE, WDE, FIX (range [-1, 1]; perfect 1, pervert -1), CHA "
                 "(E[K(random)] = 0), IMB (acceptor and rejector both 0) and SYM; eq. (6): K = (TP.AN + "
                 "TN.AP)/(AP.AN) - 1.",
       statement_latex=(
           '$K$ ($=$ recall $+$ specificity $-\\,1$ when $AP > 0$ and $AN > 0$; $2\\cdot$specificity $-\\,1$ when $AP = 0$; $2\\cdot$recall $-\\,1$ when $AN = 0$) '
           'satisfies MON, CON ($\\partial K/\\partial TP = 1/AP$, $\\partial K/\\partial TN = 1/AN$, or $2/AP$, $2/AN$ in the edge cases), SDE, WDE, '
           'FIX (range $[-1, 1]$; perfect $1$, pervert $-1$), CHA ($E[K(\\text{random})] = 0$), IMB (acceptor and rejector both $0$) and SYM; '
           'eq.~(6): $K = \\frac{TP\\cdot AN + TN\\cdot AP}{AP\\cdot AN} - 1$.'))
def k_axioms(d: Derivation) -> None:
    k = named_measure("K")
    branches = {"AP, AN > 0": (AP, AN), "AP = 0": (0, AN), "AN = 0": (AP, 0)}
    forms = {lbl: in_tp_tn(k.count_form, a, b) for lbl, (a, b) in branches.items()}
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
        if model.per_size:
            continue        # a baseline per output size (CHA's fixed-size reading), not a random classifier
        values = {(a, b): axioms.expected_value(k, model, a, b) for a, b in ((0, 3), (1, 4), (3, 2), (5, 0))}
        d.fact(f"$E[K(h^{{rand}})] = 0$ exactly on four test sets ({name})", all(v == 0 for v in values.values()),
               printed="0", derived=PrintedLatex(", ".join(f"{{{i}}}" for i in range(len(values))), *values.values()), justification=model.description)
    for prop, _ in axioms.CHECKERS:
        record_axiom(d, k, prop, Verdict.HOLDS, "checker")
    d.conclude(True, "K satisfies all eight axioms (CHA under both random models).")


@claim("sebastiani15.k.multiclass",
       where="Section 6.1, eq. (10)",
       statement="The single-label multi-class K of eq. (10), a rescaled macro-averaged recall over "
                 "classes with AP_j > 0, reduces to eq. (5) when |C| = 2, and keeps all eight axioms.",
       statement_latex=(
           'The single-label multi-class $K$ of eq.~(10), a rescaled macro-averaged recall over the classes $c_j$ with $AP_j > 0$, reduces to eq.~(5) when $|C| = 2$, and keeps all eight axioms.'))
def k_multiclass(d: Derivation) -> None:
    k2, (t1, t2), (a1, a2) = multiclass_k_expr(2)
    k5 = named_measure("K").count_form
    for where, (ap, an) in {"AP, AN > 0": (AP, AN), "AP = 0": (0, AN), "AN = 0": (AP, 0)}.items():
        e10 = sp.piecewise_fold(k2.xreplace({t1: TPr, t2: TNr, a1: ap, a2: an}))
        e5 = in_tp_tn(k5, ap, an)
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
    for prop, _ in axioms.CHECKERS:
        record_axiom(d, named_measure("K-SLC"), prop, Verdict.HOLDS, "checker, |C| = 2")
    d.conclude(True, "Eq. (10) reduces to eq. (5) for two classes and keeps the axioms in their multi-class "
                     "form (IMB for test sets where every class is present; range $[-1/(|C|-1), 1]$).")


@claim("sebastiani15.k.cost_sensitive",
       where="Section 6.2, eq. (11), Example 6.1",
       statement="With absolute error over 5 equally spaced classes, the contributions to recall in "
                 "Example 6.1 are 1, 1/2 and 0 for d1, d2, d3 (true class c3) and 2/3 for d4 (true "
                 "class c4); with unit costs eq. (11) reduces to eq. (9).",
       statement_latex=(
           'With absolute error over $5$ equally spaced classes, the contributions to recall in Example~6.1 are $1$, $\\frac{1}{2}$ and $0$ for $d_1$, $d_2$, $d_3$ (true class $c_3$) and $\\frac{2}{3}$ for $d_4$ (true class $c_4$); with unit costs eq.~(11) reduces to eq.~(9).'))
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
