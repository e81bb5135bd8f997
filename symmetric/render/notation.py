"""How mathematics prints in LaTeX: one notation table and one printer, used by every renderer.

The ground floor (:mod:`symmetric.space`) knows no LaTeX: the names of its symbols and the
typesetting of its unevaluated atoms P(X), P(X | Y) and P(X and Y) live here.  A paper's
derivation module may add the names of its own symbols with :func:`register_latex_names`.
"""

from __future__ import annotations

import re
from functools import lru_cache

import sympy as sp
from sympy.printing.latex import LatexPrinter

from .. import space
from .order import ordered_terms, renamed_for_order

EVENT_LATEX = {space.G: r"\mathcal{G}", space.NG: r"\neg\mathcal{G}",
               space.S: r"\mathcal{S}", space.NS: r"\neg\mathcal{S}"}

SYMBOL_LATEX: dict[sp.Symbol, str] = {
    space.g: r"P(\mathcal{G})", space.s: r"P(\mathcal{S})", space.j: r"{P(\mathcal{S}\wedge\mathcal{G})}",
    space.n: r"|\mathcal{T}|", space.TP: r"\mathrm{TP}", space.FP: r"\mathrm{FP}",
    space.FN: r"\mathrm{FN}", space.TN: r"\mathrm{TN}",
}
# the checkers' positive cell symbols (checks.cases.POSITIVE: tp, fn, ...) are the cells the
# reader knows; made here by name and assumptions (the same symbols: sympy compares them so)
# so that printing never imports the deciders
POSITIVE_CELLS = {sp.Symbol(cell.name.lower(), positive=True): cell.name for cell in space.CELLS}
SYMBOL_LATEX.update({symbol: rf"\mathrm{{{name}}}" for symbol, name in POSITIVE_CELLS.items()})


# The papers write the probability of a complement as P(¬G), never 1 - P(G): these rules name
# the complements (a value X whose 1 - X has a name of its own).  The rewrite is exact (the
# named symbol stands for exactly 1 - X) and only for printing.
NOT_G, NOT_S = sp.Symbol("symmetric_not_g"), sp.Symbol("symmetric_not_s")
COMPLEMENT_RULES: tuple[tuple[sp.Expr, sp.Symbol, str], ...] = (
    (space.g, NOT_G, r"P(\neg\mathcal{G})"),
    (space.s, NOT_S, r"P(\neg\mathcal{S})"),
    (space.Pr(space.G), NOT_G, r"P(\neg\mathcal{G})"),
    (space.Pr(space.S), NOT_S, r"P(\neg\mathcal{S})"),
)
_COMPLEMENT_NAMES = {symbol: name for _, symbol, name in COMPLEMENT_RULES}


def with_complements(expr):
    """``expr`` with every 1 - X of a rule written as the complement's atom: a sum 1 - X (and
    X - 1), and a sum holding the terms 1 and -X (or -1 and X) beside others (λP(G) - P(G) + 1
    is λP(G) + P(¬G)) when X is the only such term (1 - P(G) - P(S) stays as it is)."""
    if not isinstance(expr, sp.Basic) or not expr.free_symbols & {space.g, space.s} and not expr.has(space.Pr):
        return expr
    rules = {}
    for x, named, _ in COMPLEMENT_RULES:
        rules[1 - x] = named
        rules[x - 1] = -named
    return expr.xreplace(rules).replace(lambda e: isinstance(e, sp.Add), _complement_in_sum)


def _complement_in_sum(add: sp.Add) -> sp.Expr:
    terms = sp.Add.make_args(add)
    for one in (sp.S.One, sp.S.NegativeOne):     # 1 - X is the complement, X - 1 its negative
        found = [(x, named) for x, named, _ in COMPLEMENT_RULES if -one * x in terms]
        if one in terms and len(found) == 1:
            x, named = found[0]
            return sp.Add(*(t for t in terms if t not in (one, -one * x)), one * named)
    return add


# Mathematics typed by a derivation's author ($P(G)$, $TP$, $|T|$) is written in the notation of
# the table above, so that one symbol has one notation on a page: the events inside P(...) are
# calligraphic, the cells upright, the test set calligraphic.  Rules as data: (pattern, fix).
_EVENT = re.compile(r"(?<!\\mathcal\{)(?<![\\A-Za-z])([GST])(?![A-Za-z])")
_PROBABILITY = re.compile(r"(?P<open>\{)?(?<![A-Za-z\\])P\((?P<body>(?:[^()]|\([^()]*\))*)\)(?P<close>\})?")


def _probability(match: re.Match) -> str:
    body = "P(" + _EVENT.sub(r"\\mathcal{\1}", match.group("body")).replace("|", r" \mid ") + ")"
    opened, closed = match.group("open") or "", match.group("close") or ""
    # TeX (and breqn in a display) may break a line after a relation or an operation, and
    # \mid, \wedge are such: P(X | Y) is braced, as the printer braces it (a group never breaks)
    if opened and closed or not _BREAKS_AFTER.search(body):
        return opened + body + closed
    return opened + "{" + body + "}" + closed


_BREAKS_AFTER = re.compile(r"\\(?:mid|wedge|land|vee|lor|cap|cup)(?![A-Za-z])")


AUTHOR_MATH_RULES: tuple[tuple[re.Pattern, object], ...] = (
    (_PROBABILITY, _probability),
    (re.compile(r"(?<!\\mathrm\{)(?<![\\A-Za-z])(TP|FP|FN|TN|AP|AN|PP|PN)(?![A-Za-z])"), r"\\mathrm{\1}"),
    (re.compile(r"\|(\\neg ?)?([GST])\|"), r"|\1\\mathcal{\2}|"),
)


def author_math(latex: str) -> str:
    """An author's LaTeX mathematics in the notation of the table."""
    for pattern, fix in AUTHOR_MATH_RULES:
        latex = pattern.sub(fix, latex)
    return latex


CELL_NAMES = frozenset({"TP", "FP", "FN", "TN", "AP", "AN", "PP", "PN"})


def register_latex_names(names: dict) -> None:
    """Let a module (a paper's derivation) give its symbols their printed names."""
    SYMBOL_LATEX.update(names)


def _with_exponent(body: str, exp) -> str:
    return rf"{body}^{{{exp}}}" if exp is not None else body


class NotationPrinter(LatexPrinter):
    """sympy's LaTeX printer with the project's notation for the atoms of the probability space
    and a sum's terms in the papers' order."""

    def _as_ordered_terms(self, expr, order=None):
        return ordered_terms(expr) if isinstance(expr, sp.Add) else super()._as_ordered_terms(expr, order)

    def _print_Pr(self, expr, exp=None):
        # braced: a display that breaks lines (breqn) must not break at the \mid inside P(X | Y)
        if len(expr.args) == 1:
            body = rf"{{P({EVENT_LATEX[expr.args[0]]})}}"
        else:
            x, y = expr.args
            body = rf"{{P({EVENT_LATEX[x]} \mid {EVENT_LATEX[y]})}}"
        return _with_exponent(body, exp)

    def _print_Joint(self, expr, exp=None):
        x, y = expr.args
        return _with_exponent(rf"{{P({EVENT_LATEX[x]} \wedge {EVENT_LATEX[y]})}}", exp)

    # sympy's internals in words (\tilde{\infty} and NaN mean nothing to a reader); before the
    # atoms' own _latex methods, which would print them
    def _print(self, expr, **kwargs):
        if expr is sp.nan:
            return r"\text{undefined}"
        if expr is sp.zoo:
            return r"\text{unbounded}"
        return super()._print(expr, **kwargs)


_UPRIGHT_PRODUCT = re.compile(r"(\\mathrm\{[A-Za-z]+\}) (?=\\mathrm\{)")


def to_latex(expr, *, complements: bool = True) -> str:
    """``expr`` in LaTeX, every symbol under its name in the notation table, sums and products
    in the papers' order (order.py).  A paper's printed form is shown as printed
    (``complements=False``: its 1 - P(G) stays 1 - P(G))."""
    expr = sp.sympify(expr)
    # a report prints the same few expressions many times (MCC's check: 306 calls, 73 distinct);
    # a Float is left out of the memo because sympy's 1.0 == 1 would hand it the integer's text
    if isinstance(expr, sp.Basic) and not expr.atoms(sp.Float):
        return _to_latex_memo(expr, complements)
    return _to_latex(expr, complements)


@lru_cache(maxsize=2048)
def _to_latex_memo(expr, complements: bool) -> str:
    return _to_latex(expr, complements)


def _to_latex(expr, complements: bool) -> str:
    if complements:
        expr = with_complements(expr)
    expr, originals = renamed_for_order(expr)
    names = {new: _latex_name(old) for new, old in originals.items()}
    latex = NotationPrinter({"symbol_names": names, "ln_notation": True}).doprint(expr)
    # upright multi-letter names side by side would read as one name (AN TP as "ANTP"): a thin space
    return _UPRIGHT_PRODUCT.sub(r"\1 \\, ", latex)


def _latex_name(symbol: sp.Symbol) -> str:
    if symbol in SYMBOL_LATEX:
        return SYMBOL_LATEX[symbol]
    if symbol in _COMPLEMENT_NAMES:
        return _COMPLEMENT_NAMES[symbol]
    # a derivation's own symbol for a cell or a margin (AN, PP, ...) is upright like the cells
    if symbol.name in CELL_NAMES:
        return rf"\mathrm{{{symbol.name}}}"
    return LatexPrinter()._deal_with_super_sub(symbol.name)     # sympy's own: lambda11 as \lambda_{11}
