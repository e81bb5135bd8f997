"""Mathematics for the terminal: sympy's pretty printer in Unicode, with the paper's notation
(P(G), P(¬S | G), |T|, P(¬G) for 1 - P(G)) -- the counterpart of :mod:`.notation` for LaTeX.

Only printing: the symbols are renamed (and 1 - P(G) written as P(¬G)) on a copy that is never
computed with.
"""

from __future__ import annotations

import sympy as sp
from sympy.printing.pretty.pretty import PrettyPrinter
from sympy.printing.pretty.stringpict import prettyForm

from .. import space

EVENT_TEXT = {space.G: "G", space.NG: "¬G", space.S: "S", space.NS: "¬S"}
SYMBOL_TEXT = {space.g: "P(G)", space.s: "P(S)", space.j: "P(S∧G)", space.n: "|T|"}
# 1 - X printed as the complement's probability (as in notation.COMPLEMENT_RULES)
COMPLEMENT_TEXT = ((space.g, "P(¬G)"), (space.s, "P(¬S)"), (space.Pr(space.G), "P(¬G)"),
                   (space.Pr(space.S), "P(¬S)"))


class UnicodePrinter(PrettyPrinter):
    """sympy's pretty printer with the probability atoms written as in the papers."""

    def _print_Pr(self, expr):
        events = [EVENT_TEXT[a] for a in expr.args]
        return prettyForm(f"P({' | '.join(events)})")

    def _print_Joint(self, expr):
        x, y = expr.args
        return prettyForm(f"P({EVENT_TEXT[x]} ∧ {EVENT_TEXT[y]})")


def _renamed(expr, complements: bool):
    if not isinstance(expr, sp.Basic):
        return expr
    rules = {}
    for x, name in COMPLEMENT_TEXT if complements else ():
        named = sp.Symbol(name)     # no assumptions: nothing simplifies on renaming
        rules[1 - x] = named
        rules[x - 1] = -named
    expr = expr.xreplace(rules)
    return expr.xreplace({sym: sp.Symbol(SYMBOL_TEXT[sym], **sym.assumptions0)
                          for sym in expr.free_symbols if sym in SYMBOL_TEXT})


def to_unicode(expr, *, complements: bool = True) -> str:
    """``expr`` drawn in Unicode (several lines for fractions and roots; never cut into
    pieces).  ``complements=False`` for a paper's printed form: its 1 - P(G) stays."""
    expr = _renamed(sp.sympify(expr), complements)
    return UnicodePrinter({"use_unicode": True, "wrap_line": False}).doprint(expr)


def inline(value) -> str:
    """A slot of a sentence on one line, in the paper's names (P(G), P(¬G), |T|)."""
    from .text import plain
    return plain(_renamed(value, True)) if isinstance(value, sp.Basic) else plain(value)
