"""Explicit domains and their positive reparametrisations.

A :class:`Domain` states the constraints of a model (for example 0 < P(G) < 1) *and* a map
from its variables to expressions in fresh positive symbols that covers the whole domain.
Deciding a statement "for all points of the domain" then becomes deciding it "for all
positive values of the fresh symbols", which sympy's assumption system and z3 both handle.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import sympy as sp


def _frozen(mapping: Mapping | None) -> Mapping:
    return MappingProxyType(dict(mapping or {}))


class InternalSymbol(sp.Symbol):
    """A symbol symmetric's own analyses bring in (P(G) and P(S) of a non-informative output, the
    odds of G, a test set's |G|, a family of tables, an output size, a positive shift u_x ...),
    never equal to a user's symbol of the same name and assumptions.  With plain symbols sympy
    makes the two one: a measure's parameter named j was read as P(S and G), and AW of
    (TP + j TN)/(TP + j TN + FP + 2 FN) came out `fails` with j and `holds` under any other name;
    parameters a and b met the odds (an internal error), g and s met P(G) and P(S).

    Its class is *named* "Symbol" for sympy, whose printers dispatch on the class name and whose
    canonical order and sort keys read it: it prints and sorts exactly as a plain symbol, so no
    output changes.  Equality and hashing tell it apart (sympy compares the classes themselves);
    pickling finds it by its qualified name.  Code that keys z3 or generated Python by a symbol's
    *name* must make those names unique itself (``checks/decide.py``, ``verify/hypotheses.py``).
    """
    __slots__ = ()


InternalSymbol.__name__ = "Symbol"      # see the docstring: printing and ordering as a Symbol
InternalSymbol.__qualname__ = "InternalSymbol"


def interval_reparam(symbol: sp.Symbol, low, high) -> tuple[sp.Expr, sp.Symbol, sp.Expr]:
    """(expression covering the open interval (low, high), its fresh positive symbol, inverse).

    (0, oo): the symbol itself, renamed positive; (lo, oo): lo + u; (lo, hi): lo + (hi-lo) u/(1+u).
    """
    u = InternalSymbol(f"u_{symbol.name}", positive=True)
    low, high = sp.sympify(low), sp.sympify(high)
    if high is sp.oo:
        return low + u, u, symbol - low
    if low is -sp.oo:
        return high - u, u, high - symbol
    width = high - low
    return low + width * u / (1 + u), u, (symbol - low) / (high - symbol)


@dataclass(frozen=True)
class Domain:
    """Constraints of a model and a positive reparametrisation that covers them."""

    name: str
    constraints: tuple[sp.Basic, ...]
    reparam: Mapping[sp.Symbol, sp.Expr] = field(default_factory=dict)
    inverse: Mapping[sp.Symbol, sp.Expr] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "reparam", _frozen(self.reparam))
        object.__setattr__(self, "inverse", _frozen(self.inverse))

    def __hash__(self) -> int:   # mapping proxies are not hashable; their items are
        return hash((self.name, self.constraints, tuple(self.reparam.items()), tuple(self.inverse.items())))

    def with_intervals(self, intervals: Iterable[tuple[sp.Symbol, object, object]],
                       name: str | None = None) -> "Domain":
        """This domain extended by open intervals for further symbols (parameters)."""
        constraints = list(self.constraints)
        reparam, inverse = dict(self.reparam), dict(self.inverse)
        for symbol, low, high in intervals:
            expr, u, inv = interval_reparam(symbol, low, high)
            constraints += [sp.Lt(low, symbol)] if sp.sympify(low) is not -sp.oo else []
            constraints += [sp.Lt(symbol, high)] if sp.sympify(high) is not sp.oo else []
            reparam[symbol] = expr
            inverse[u] = inv
        return Domain(name or self.name, tuple(constraints), reparam, inverse)

    def with_constraints(self, *constraints: sp.Basic) -> "Domain":
        return Domain(self.name, self.constraints + tuple(constraints), self.reparam, self.inverse)

    @property
    def symbols(self) -> tuple[sp.Symbol, ...]:
        return tuple(self.reparam)

    def to_positive(self, expr: sp.Expr) -> sp.Expr:
        """``expr`` in the fresh positive symbols."""
        expr = sp.sympify(expr)
        if not self.reparam or (isinstance(expr, sp.Basic) and not expr.free_symbols & set(self.reparam)):
            return expr          # nothing to replace: what subs returns (the expression itself)
        return expr.subs(dict(self.reparam), simultaneous=True)

    def from_positive(self, point: Mapping[sp.Symbol, sp.Expr]) -> dict[sp.Symbol, sp.Expr]:
        """Map a point given in the positive symbols back to the domain's own variables."""
        # only variables the point actually determines (an expression that does not depend on
        # P(S), say, leaves its positive symbol out of the point)
        out = {sym: sp.nsimplify(expr.subs(point)) for sym, expr in self.reparam.items()
               if expr.free_symbols <= set(point)}
        # variables not reparametrised (free parameters already declared positive) pass through
        hidden = set().union(*(e.free_symbols for e in self.reparam.values())) if self.reparam else set()
        for sym, value in point.items():
            if sym not in hidden and sym not in out:
                out[sym] = value
        return out

    def contains(self, point: Mapping[sp.Symbol, sp.Expr]) -> bool | None:
        """Whether an exact point satisfies every constraint (None if undecidable)."""
        for constraint in self.constraints:
            value = constraint.subs(point)
            if value is sp.true:
                continue
            if value is sp.false:
                return False
            return None
        return True


EVERYWHERE = Domain("unconstrained", ())
