"""Mathematics prints in the papers' order and vocabulary (render/order.py, the complements of
render/notation.py, the complement form of claims/readable.py): golden strings for LaTeX and
Unicode, and each printed form read back by the project's parser (independent of the printers)
and proved equal to the expression printed."""

import re

import pytest
import sympy as sp

from symmetric import space
from symmetric.claims.readable import readable
from symmetric.parse.entry import parse_expression
from symmetric.render import notation, pretty
from symmetric.space import FN, FP, TN, TP, g, s

lam, alpha, p, q = sp.symbols("lambda alpha p q", positive=True)
AP, AN = sp.symbols("AP AN", positive=True)

# expression -> (LaTeX, Unicode on one line)
GOLDEN = [
    (TP + FN + 2, r"\mathrm{TP} + \mathrm{FN} + 2", "TP + FN + 2"),
    (FN + TP + FP + TN, r"\mathrm{TP} + \mathrm{FP} + \mathrm{FN} + \mathrm{TN}", "TP + FP + FN + TN"),
    (lam * g - g + 1, r"\lambda P(\mathcal{G}) + P(\neg\mathcal{G})", "λ·P(G) + P(¬G)"),
    (AN + AP - TN + TP, r"\mathrm{TP} - \mathrm{TN} + \mathrm{AP} + \mathrm{AN}", "TP - TN + AP + AN"),
    (TP * TN - FP * FN, r"\mathrm{TP} \, \mathrm{TN} - \mathrm{FP} \, \mathrm{FN}", "TP·TN - FP·FN"),
    ((TP + lam * TN) / (TP + FN + TN),
     r"\frac{\mathrm{TP} + \lambda \mathrm{TN}}{\mathrm{TP} + \mathrm{FN} + \mathrm{TN}}", "(TP + λ·TN)/(TP + FN + TN)"),
    (g * s - g - s + 1, r"P(\mathcal{G}) P(\mathcal{S}) - P(\mathcal{G}) - P(\mathcal{S}) + 1",
     "P(G)·P(S) - P(G) - P(S) + 1"),
    (1 - g - s, r"1 - P(\mathcal{G}) - P(\mathcal{S})", "1 - P(G) - P(S)"),    # two complements: neither
    (lam * g + g - 1, r"\lambda P(\mathcal{G}) - P(\neg\mathcal{G})", "λ·P(G) - P(¬G)"),
    (q - p, "q - p", "q - p"),
    (1 - lam * g, r"1 - \lambda P(\mathcal{G})", "1 - λ·P(G)"),
    (alpha * g * s, r"\alpha P(\mathcal{G}) P(\mathcal{S})", "α·P(G)·P(S)"),
    (space.n * s * g + 2 * g, r"|\mathcal{T}| P(\mathcal{G}) P(\mathcal{S}) + 2 P(\mathcal{G})", "|T|·P(G)·P(S) + 2·P(G)"),
    (lam * space.Pr(space.G) - space.Pr(space.G) + 1, r"\lambda {P(\mathcal{G})} + P(\neg\mathcal{G})",
     "λ·P(G) + P(¬G)"),
    (sp.Symbol("lambda11") * TP + sp.Symbol("lambda10") * FP, r"\lambda_{11} \mathrm{TP} + \lambda_{10} \mathrm{FP}",
     "λ₁₁·TP + λ₁₀·FP"),
]


@pytest.mark.parametrize("expr, latex, unicode", GOLDEN)
def test_sums_and_products_print_in_the_papers_order(expr, latex, unicode):
    assert notation.to_latex(expr) == latex
    assert pretty.inline(expr) == unicode


# The Unicode form read back: the paper's names as the parser's, P(¬G) as 1 - P(G)
_READ_BACK = ((re.compile(r"P\(¬G\)"), "(1 - g)"), (re.compile(r"P\(G\)"), "g"), (re.compile(r"P\(S\)"), "s"),
              (re.compile(r"\|T\|"), "n"), (re.compile("·"), "*"), (re.compile("λ₁₁"), "l11"),
              (re.compile("λ₁₀"), "l10"), (re.compile("λ"), "lam"), (re.compile("α"), "alpha"))
_NAMES = {"TP": TP, "FP": FP, "FN": FN, "TN": TN, "AP": AP, "AN": AN, "g": g, "s": s, "n": space.n,
          "lam": lam, "alpha": alpha, "p": p, "q": q, "l11": sp.Symbol("lambda11"), "l10": sp.Symbol("lambda10")}


@pytest.mark.parametrize("expr", [row[0] for row in GOLDEN])
def test_the_printed_order_is_the_same_value(expr):
    text = pretty.inline(expr)
    for pattern, name in _READ_BACK:
        text = pattern.sub(name, text)
    read = parse_expression(text, _NAMES).xreplace({space.Pr(space.G): g})
    assert sp.expand(read - expr.xreplace({space.Pr(space.G): g})) == 0


@pytest.mark.parametrize("expr, shown", [
    (sp.sqrt(s) * sp.sqrt(-1 / (g - 1)) * sp.sqrt(g * s - g - s + 1), "√(P(S))·√(P(¬S))"),
    ((g * s - g - s + 1) / (g * s), "P(¬G)·P(¬S)/(P(G)·P(S))"),
])
def test_a_derived_form_is_shown_in_complements_when_proved_equal(expr, shown):
    form = readable(expr, space.NONINFORMATIVE_DOMAIN)
    assert pretty.inline(form) == shown
    # the form shown is the value derived (checked apart from readable's decider): both are
    # nonnegative on the domain (products of roots and of positive ratios), so equal squares suffice
    a, b = sp.symbols("a b", positive=True)
    back = {g: a / (1 + a), s: b / (1 + b)}
    assert sp.simplify((form ** 2 - expr ** 2).xreplace(back)) == 0


def test_a_relation_kept_unevaluated_prints_as_written():
    """A sentence's slot AP = 0 (AP a positive symbol, so sympy would evaluate it to False)
    prints as written: printing in the papers' order renames symbols, never evaluates."""
    zero = sp.Eq(AP, 0, evaluate=False)
    assert pretty.inline(zero) == "AP = 0"
    assert pretty.to_unicode(zero) == "AP = 0"
    assert notation.to_latex(zero) == r"\mathrm{AP} = 0"


def test_a_long_product_broken_for_breqn_keeps_the_papers_order():
    from symmetric.render import texmath
    product = g * lam * (TP + FN + 3 * TN + 7 * FP + 11) * (s + TP * FP + FN ** 2 + TN * TP) * (FN + 2 * TP + FP + TN)
    shown = texmath._breakable(product)
    assert shown.startswith(r"\lambda \cdot P(\mathcal{G}) \cdot \left(2 \mathrm{TP} + \mathrm{FP}"), shown


def test_a_witness_lists_its_coordinates_in_the_papers_order():
    from symmetric.checks.decide import Decision
    witness = Decision(False, "exact witness", {lam: 1, g: sp.Rational(1, 2), FN: 2, TP: 3}).witness
    assert list(witness) == [TP, FN, g, lam]
