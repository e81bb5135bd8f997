"""Where a step is read: the model of its expressions and the domain it is checked on.

A claim of a classification paper is read in one of two models:

* ``counts``: the contingency cells TP, FP, FN, TN, all positive (the measure's own domain),
  plus the open intervals of the parameters used;
* ``probs``: P(G), P(S), P(S and G) of the joint model (0 < P(G), P(S) < 1 and every joint
  cell positive), plus the parameters.

An expression with P(...) atoms only is read in ``probs``; one with counts (or only measure
names and numbers) in ``counts``; a mix is read in counts (each atom as its count ratio).  A
claim with ``assume`` conditions on the cells is read in counts throughout.  A quantification
file reads everything in p, q, n on 0 < p, q < 1.

``assume`` conditions reshape the domain, never filter it: ``X > E`` (X a cell or parameter, E
an expression without X) reparametrises X as E + u with a fresh u > 0 (or E + (hi - E) u/(1+u)
below a bound hi), ``X < E`` likewise from below, and ``X = E`` substitutes E for X (a boundary
such as TP = 0 is checked this way).  Non-strict conditions are refused: a boundary is a claim
of its own, written with ``=``.  An assumption the domain cannot take is refused with its place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import sympy as sp

from .. import space
from ..checks.decide import is_positive_everywhere
from ..domain import Domain, interval_reparam
from ..quantification import check as quantification
from ..quantification.distributions import p as quant_p, q as quant_q
from ..quantification.domains import GENERAL
from .names import PLACEHOLDER_PREFIX

CELL_DOMAIN = Domain("positive cells", tuple(sp.Lt(0, c) for c in space.CELLS),
                     {c: interval_reparam(c, 0, sp.oo)[0] for c in space.CELLS},
                     {interval_reparam(c, 0, sp.oo)[1]: c for c in space.CELLS})
QUANT_DOMAIN = GENERAL


@dataclass(frozen=True)
class Assumption:
    """One ``assume`` condition, parsed: ``symbol rel bound``."""

    symbol: sp.Symbol
    rel: str                                  # "=", "<" or ">"
    bound: sp.Expr
    text: str
    where: Mapping = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Reading:
    """How the expressions of one claim are read: model, domain, substitutions."""

    model: str                                 # "counts", "probs", "quant"
    domain: Domain
    substitute: Mapping[sp.Symbol, sp.Expr]    # from X = E assumptions
    measures: Mapping[str, object]
    dependent: Mapping[sp.Symbol, sp.Expr] = field(default_factory=dict)   # FN = AP - TP on a fixed test set
    integers: tuple = space.CELLS              # variables a counterexample gives as whole numbers
    hypotheses: tuple = ()                     # assumptions the domain cannot take (:mod:`.hypotheses`)
    # the assumptions and hypotheses as the user wrote them (relations, measures by name), said
    # after the base domain's name where a step says what it was decided on: mathematics, not text
    conditions: tuple = ()
    base_name: str = ""

    def expression(self, expr: sp.Expr) -> sp.Expr:
        """``expr`` (placeholders for measures) in this reading's model, assumptions applied."""
        out = sp.sympify(expr)
        forms = {}
        for sym in out.free_symbols:
            if sym.name.startswith(PLACEHOLDER_PREFIX):
                forms[sym] = measure_form(self.measures[sym.name[len(PLACEHOLDER_PREFIX):]], self.model)
        out = out.xreplace(forms)
        if self.model == "counts":
            out = space.to_counts(out) if out.has(space.Pr, space.Joint) else out
            out = out.xreplace({space.n: sum(space.CELLS)}) if space.n in out.free_symbols else out
            # on a fixed test set FN and FP are functions of TP and TN: before any derivative
            out = out.xreplace(dict(self.dependent)) if self.dependent else out
        elif self.model == "probs":
            out = space.to_joint(out)
        elif self.model == "quant":
            out = out.xreplace(_QUANT_CHECKED)
        if out.has(sp.Derivative):               # a printed dF/dX: taken before X = E is substituted
            out = out.doit()
        return out.xreplace(dict(self.substitute)) if self.substitute else out


_QUANT_CHECKED = {quantification.SYMBOLS["p"]: quant_p, quantification.SYMBOLS["q"]: quant_q}


def measure_form(measure, model: str) -> sp.Expr:
    if model == "quant":
        return measure.term
    if model == "counts":
        return measure.count_form
    return measure.joint_form


def model_of(exprs, kind: str, counts_assumed: bool) -> str:
    """The model the expressions are read in (see the module doc)."""
    if kind == "quantification":
        return "quant"
    if counts_assumed:
        return "counts"
    atoms = set().union(*(sp.sympify(e).free_symbols for e in exprs))
    has_probs = any(sp.sympify(e).has(space.Pr, space.Joint) for e in exprs)
    has_counts = bool(atoms & set(space.CELLS))
    return "probs" if has_probs and not has_counts else "counts"


def base_domain(model: str, params) -> Domain:
    base = {"counts": CELL_DOMAIN, "probs": space.JOINT_DOMAIN, "quant": QUANT_DOMAIN}[model]
    return base.with_intervals([p.interval() for p in params]) if params else base


def _interval_of(symbol: sp.Symbol, params) -> tuple:
    for p in params:
        if p.symbol == symbol:
            return p.low, p.high
    return 0, sp.oo


def apply_assumptions(domain: Domain, assumptions, params, error) -> tuple[Domain, dict]:
    """The domain reshaped by ``assumptions`` (see the module doc); ``error(assumption, why)``
    builds the positioned refusal."""
    reparam, inverse = dict(domain.reparam), dict(domain.inverse)
    constraints = list(domain.constraints)
    substitute: dict = {}
    changed: set = set()
    for a in assumptions:
        if a.symbol in substitute or a.symbol in changed:
            raise error(a, f"{a.symbol} is already constrained by an earlier assumption")
        bound = sp.sympify(a.bound).xreplace(substitute)
        if a.rel == "=":
            substitute[a.symbol] = bound
            reparam.pop(a.symbol, None)
            continue
        if a.symbol not in reparam:
            raise error(a, f"{a.symbol} is not a variable of this claim's domain")
        low, high = _interval_of(a.symbol, params)
        u = sp.Symbol(f"u_{a.symbol.name}_assumed", positive=True)
        bound_pos = sp.sympify(bound).subs(reparam, simultaneous=True)
        if bound_pos.free_symbols & sp.sympify(reparam[a.symbol]).free_symbols:
            # X > E with E already written in X's own variable (TP > FP, then FP > TP): a cycle
            raise error(a, f"its bound depends on {a.symbol} through an earlier assumption")
        current = Domain("d", (), reparam, inverse)
        if a.rel == ">":
            fits = is_positive_everywhere(bound - low, current, strict=False).value if low != -sp.oo else True
            room = True if high is sp.oo else is_positive_everywhere(high - bound, current).value
            new = bound_pos + u if high is sp.oo else bound_pos + (high - bound_pos) * u / (1 + u)
        else:
            fits = is_positive_everywhere(high - bound, current, strict=False).value if high is not sp.oo else True
            room = True if low == -sp.oo else is_positive_everywhere(bound - low, current).value
            new = bound_pos - u if low == -sp.oo else low + (bound_pos - low) * u / (1 + u)
        if fits is not True or room is not True:
            raise error(a, f"cannot be combined with the domain of {a.symbol} ({low} < {a.symbol} < {high}): "
                           f"{a.bound} is not provably inside it")
        reparam[a.symbol] = new
        changed.add(a.symbol)
        constraints.append(sp.Gt(a.symbol, bound) if a.rel == ">" else sp.Lt(a.symbol, bound))
    # the name tells reshaped domains apart (claims.readable keys on it); a step says the
    # assumptions as mathematics (Reading.conditions), never through this text
    name = domain.name + ("" if not assumptions else ", " + ", ".join(a.text for a in assumptions))
    return Domain(name, tuple(constraints), reparam, inverse), substitute
