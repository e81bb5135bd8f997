"""The order in which mathematics is printed: a sum's terms and a product's factors as the papers
write them, for every printer (LaTeX in :mod:`.notation`, Unicode in :mod:`.pretty`).

sympy prints in its own canonical order (by symbol name: "FN + TP + 2", "P(G)·λ"); the papers
write the contingency cells as TP, FP, FN, TN (then AP, AN, PP, PN), the symbols before the
constants, and a parameter before what it weighs (λP(G)).  Only printing: the order is that of
a renamed copy, never computed with.
"""

from __future__ import annotations

import sympy as sp

from .. import space
from ..domain import InternalSymbol

# The paper's symbols in the order they are written (space.PAPER_ORDER); every other symbol is a
# parameter (λ, α, w, p, q), written first in a product.
PAPER_ORDER = space.PAPER_ORDER
_RANK = {name: k for k, name in enumerate(PAPER_ORDER)}
# A renamed symbol's name sorts as it is printed: parameters ("0" + name), then the paper's
# symbols ("1" + rank); sympy orders a product's factors by these names.
_PARAMETER, _PAPER = "0", "1"
_EVENTS = frozenset(space.EVENTS)     # the events inside P(X | Y) keep their names


def _printing_name(symbol: sp.Symbol) -> str:
    rank = _RANK.get(symbol.name)
    return f"{_PARAMETER}{symbol.name}" if rank is None else f"{_PAPER}{rank:02d}{symbol.name}"


def renamed_for_order(expr) -> tuple[object, dict[sp.Symbol, sp.Symbol]]:
    """``expr`` with each symbol renamed so that sympy sorts a product's factors in the papers'
    order, and the map from each new symbol back to the original (whose name is printed)."""
    if not isinstance(expr, sp.Basic):
        return expr, {}
    renames = {x: sp.Symbol(_printing_name(x), **x.assumptions0) for x in expr.free_symbols
               if type(x) in (sp.Symbol, InternalSymbol) and x not in _EVENTS}
    return _unevaluated_xreplace(expr, renames), {new: old for old, new in renames.items()}


def _unevaluated_xreplace(expr, renames: dict):
    """``expr.xreplace(renames)`` with every rebuilt node unevaluated: a relation kept
    unevaluated for a sentence (AP = 0 with AP positive) must not evaluate to False on renaming,
    and the printers sort a product's factors themselves.  Each node is told ``evaluate=False``
    rather than the whole rebuild running under ``sp.evaluate(False)``: switching sympy's global
    flag clears all of sympy's caches, on the way in and out (248 times in one MCC report, which
    then recomputed what the caches held; on an atlas worker, between two cells)."""
    if expr in renames:
        return renames[expr]
    if not expr.args:
        return expr
    args = tuple(_unevaluated_xreplace(a, renames) if isinstance(a, sp.Basic) else a for a in expr.args)
    if all(new is old for new, old in zip(args, expr.args)):
        return expr
    try:
        return expr.func(*args, evaluate=False)
    except TypeError:       # a class whose constructor takes no evaluate= (ExprCondPair, Tuple)
        with sp.evaluate(False):
            return expr.func(*args)


def ordered_factors(mul: sp.Expr) -> list:
    """A product's factors in the order the printers write them (λ before P(G), TP before FN)."""
    factors = sp.Mul.make_args(mul)
    renamed, _ = renamed_for_order(mul)     # unevaluated: each factor keeps its place
    named = sp.Mul.make_args(renamed)
    if len(named) != len(factors):
        return list(factors)
    return [f for f, _ in sorted(zip(factors, named), key=lambda pair: pair[1].sort_key())]


def _paper_rank(atom) -> tuple:
    """Where a renamed symbol or a probability atom P(X), P(X | Y) stands among the paper's
    symbols; None for a parameter."""
    if isinstance(atom, sp.Symbol):
        return (int(atom.name[1:3]),) if atom.name.startswith(_PAPER) else None
    if atom in _MARGINAL_RANK:
        return (_MARGINAL_RANK[atom],)
    return (len(PAPER_ORDER), str(atom))


# P(G) written as an atom stands where the symbol for P(G) stands (and so on)
_MARGINAL_RANK = {space.Pr(event): _RANK[name] for event, name in (
    (space.G, space.g.name), (space.NG, "symmetric_not_g"), (space.S, space.s.name), (space.NS, "symmetric_not_s"))}


def term_key(term: sp.Expr) -> tuple:
    """A sum's term's place: the terms with symbols before the constants; of those, the higher
    degree in the paper's symbols first (TP·TN before TP), then by the paper's order of their
    symbols (TP before FN, P(G) before P(¬G)), then by the parameters."""
    powers = term.as_powers_dict()
    paper, parameters = [], []
    for base, exponent in powers.items():
        atoms = [a for a in base.atoms(sp.Symbol, space.Pr, space.Joint) if not isinstance(a, sp.Number)]
        degree = exponent if exponent.is_Integer and exponent > 0 else 1
        for atom in atoms:
            rank = _paper_rank(atom)
            (parameters if rank is None else paper).extend([rank or (str(atom),)] * int(degree))
    return (term.is_number, -len(paper), sorted(paper), -len(parameters), sorted(parameters),
            sp.default_sort_key(term))


def ordered_terms(add: sp.Add) -> list:
    """A sum's terms in the papers' order (:func:`term_key`), led by a positive term when there
    is one: one with a symbol ("q - p", not "-p + q"), else a constant ("1 - λP(G)")."""
    terms = sorted(sp.Add.make_args(add), key=term_key)
    if terms and terms[0].could_extract_minus_sign():
        positive = [t for t in terms if not t.could_extract_minus_sign()]
        lead = next((t for t in positive if not t.is_number), positive[0] if positive else None)
        if lead is not None:
            terms.remove(lead)
            terms.insert(0, lead)
    return terms
