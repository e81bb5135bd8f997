"""The probability space of a binary filtering / classification output.

Two events over the items of a test set T: G (the item is relevant, gold standard) and S
(the system labels it positive).  Everything a measure may mention is an *atom*:

* ``Pr(X)``      a marginal, X in {G, not G, S, not S};
* ``Pr(X, Y)``   a conditional P(X | Y) with X an S-event and Y a G-event or vice versa;
* ``Joint(X, Y)`` a joint probability P(X and Y).

Atoms stay unevaluated (as in sympy.stats) until a *model* rewrites them:

* ``to_joint``   in the three free parameters g = P(G), s = P(S), j = P(S and G);
* ``to_counts``  in the contingency cells TP, FP, FN, TN (the paper's Table 1);
* ``to_noninformative`` in g and s only, with j = g s (S independent of G).

How the atoms print in LaTeX is the rendering layer's business (:mod:`symmetric.render.notation`).

Domains are explicit (:data:`JOINT_DOMAIN`, :data:`NONINFORMATIVE_DOMAIN`): 0 < g, s < 1 and
all four joint cells positive.  Each domain carries a *positive reparametrisation* that maps
free positive symbols onto the whole domain, so that sympy (which only understands
sign assumptions on symbols) and z3 can reason inside it: for instance g = a/(1+a) with
a > 0 makes both g and 1 - g visibly positive.
"""

from __future__ import annotations

from functools import lru_cache

import sympy as sp

from .domain import Domain, InternalSymbol

# ---------------------------------------------------------------- events and atoms

G, NG, S, NS = sp.symbols("G notG S notS")
EVENTS = (G, NG, S, NS)
COMPLEMENT = {G: NG, NG: G, S: NS, NS: S}
GOLD_EVENTS = (G, NG)
SYSTEM_EVENTS = (S, NS)


class Pr(sp.Function):
    """P(X) (one argument) or P(X | Y) (two arguments); unevaluated until a model is applied."""

    nargs = (1, 2)

    def _sympystr(self, printer):
        names = {G: "G", NG: "not G", S: "S", NS: "not S"}
        if len(self.args) == 1:
            return f"P({names[self.args[0]]})"
        return f"P({names[self.args[0]]}|{names[self.args[1]]})"


class Joint(sp.Function):
    """P(X and Y), X a system event and Y a gold event."""

    nargs = 2

    def _sympystr(self, printer):
        names = {G: "G", NG: "not G", S: "S", NS: "not S"}
        return f"P({names[self.args[0]]} and {names[self.args[1]]})"


# ---------------------------------------------------------------- parameters of the models

g = InternalSymbol("g", positive=True)          # P(G)
s = InternalSymbol("s", positive=True)          # P(S)
j = InternalSymbol("j", positive=True)          # P(S and G)
n = sp.Symbol("n", positive=True, integer=True)  # |T|

TP, FP, FN, TN = sp.symbols("TP FP FN TN", nonnegative=True, integer=True)
CELLS = (TP, FP, FN, TN)
AP, AN, PP, PN = TP + FN, TN + FP, TP + FP, TN + FN   # |G|, |not G|, |S|, |not S|

# The order in which the papers write their symbols (by name: a derivation's own AP, AN, ...
# are written like these; "symmetric_not_g/s" are the printers' names for P(¬G), P(¬S)).  The
# printers order sums and products by it, and a witness point lists its coordinates in it.
PAPER_ORDER = ("TP", "FP", "FN", "TN", "AP", "AN", "PP", "PN", n.name, g.name,
               "symmetric_not_g", s.name, "symmetric_not_s", j.name)


def paper_place(symbol) -> tuple:
    """Where ``symbol`` stands when the papers list it: their symbols in :data:`PAPER_ORDER`,
    then any other (a parameter) by name."""
    name = getattr(symbol, "name", str(symbol))
    return (PAPER_ORDER.index(name), "") if name in PAPER_ORDER else (len(PAPER_ORDER), name)


# Joint probabilities of the four cells in the (g, s, j) model.
JOINT_CELLS = {(S, G): j, (S, NG): s - j, (NS, G): g - j, (NS, NG): 1 - g - s + j}
MARGINALS = {G: g, NG: 1 - g, S: s, NS: 1 - s}
# Table 1 of Amigo et al.: which count is which joint cell.
CELL_OF = {(S, G): TP, (S, NG): FP, (NS, G): FN, (NS, NG): TN}

# Positive reparametrisations.  c1..c4 > 0 are unnormalised cell weights: every point of the
# open joint domain is reached, so a statement true for all c > 0 is true on the domain.
c1, c2, c3, c4 = sp.symbols("c1:5", positive=True)
_C = c1 + c2 + c3 + c4
a_odds, b_odds = InternalSymbol("a", positive=True), InternalSymbol("b", positive=True)   # odds of G and of S

JOINT_DOMAIN = Domain(
    name="joint",
    constraints=(sp.Lt(0, g), sp.Lt(g, 1), sp.Lt(0, s), sp.Lt(s, 1),
                 sp.Lt(sp.Max(0, g + s - 1), j), sp.Lt(j, sp.Min(g, s))),
    reparam={j: c1 / _C, s: (c1 + c2) / _C, g: (c1 + c3) / _C},
)
NONINFORMATIVE_DOMAIN = Domain(
    name="non-informative",
    constraints=(sp.Lt(0, g), sp.Lt(g, 1), sp.Lt(0, s), sp.Lt(s, 1)),
    reparam={g: a_odds / (1 + a_odds), s: b_odds / (1 + b_odds)},
    inverse={a_odds: g / (1 - g), b_odds: s / (1 - s)},
)


def _pair(x, y):
    """Order a pair of events as (system event, gold event)."""
    return (x, y) if x in SYSTEM_EVENTS else (y, x)


def _joint_prob(x, y) -> sp.Expr:
    return JOINT_CELLS[_pair(x, y)]


def to_joint(expr: sp.Expr) -> sp.Expr:
    """Rewrite every atom in g, s, j."""
    def cond(x, y=None):
        if y is None:
            return MARGINALS[x]
        return _joint_prob(x, y) / MARGINALS[y]
    return expr.replace(Pr, cond).replace(Joint, lambda x, y: _joint_prob(x, y))


@lru_cache(maxsize=256)      # a pure function of an immutable expression; asked by several
def to_noninformative(expr: sp.Expr) -> sp.Expr:      # properties and readings of each measure
    """Rewrite every atom in g and s for an output S independent of G (j = g s)."""
    return sp.together(to_joint(expr).subs(j, g * s))


def to_counts(expr: sp.Expr) -> sp.Expr:
    """Rewrite every atom in the contingency counts (Table 1: TP = |S and G|, ...)."""
    total = sum(CELLS)
    count_marg = {G: AP, NG: AN, S: PP, NS: PN}

    def cond(x, y=None):
        if y is None:
            return count_marg[x] / total
        return CELL_OF[_pair(x, y)] / count_marg[y]
    return expr.replace(Pr, cond).replace(Joint, lambda x, y: CELL_OF[_pair(x, y)] / total)


def counts_to_joint(expr: sp.Expr) -> sp.Expr:
    """Rewrite a count-form expression in g, s, j and |T| (TP = |T| j, ...)."""
    return expr.subs({cell: n * _joint_prob(*pair) for pair, cell in CELL_OF.items()},
                     simultaneous=True)


# The three equivalent statements of non-informativeness (Amigo et al., Section 3.1).
NONINFORMATIVE_FORMS = (
    (Joint(S, G), Pr(S) * Pr(G)),
    (Pr(S, G), Pr(S)),
    (Pr(G, S), Pr(G)),
)
