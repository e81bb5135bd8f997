"""Preconditions as papers state them: any rational relation over the cells, parameters and
named measures (``TP + FN > 0``, ``FP <= FN``, ``MCC > 0``), kept as hypotheses beside the
domain's reparametrisation.

An ``assume`` of the shape ``X > E`` (X one cell or parameter) reshapes the domain
(:mod:`.model`); any other relation cannot, and is a *hypothesis* here.  A relation is then
decided in two ways, both sound:

* on the domain without the hypotheses (a superset): a proof there holds on the subset;
* by z3 on the positive reparametrisation with the hypotheses as constraints: *unsat* of the
  negation is a proof, a model is re-checked exactly (every hypothesis and the negated relation,
  rational arithmetic) before it is a witness.

A witness of the superset that violates a hypothesis proves nothing, so it is never returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sympy as sp

from .. import timelimit
from ..checks.decide import Decision, exact_sign, rational_fraction
from ..checks.z3form import to_z3, z3_value_to_rational
from ..config import settings

_RELATIONS = {"=": sp.Eq, "!=": sp.Ne, "<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}


@dataclass(frozen=True)
class Hypothesis:
    """``expr rel 0`` in the claim's model variables (``lhs - rhs``), as the user wrote it."""

    expr: sp.Expr
    rel: str
    text: str

    def relation(self) -> sp.Basic:
        return _RELATIONS[self.rel](self.expr, 0, evaluate=False)


def _z3_condition(expr: sp.Expr, rel: str, gens, z3vars):
    """``expr rel 0`` (a rational function of positive gens) as a z3 constraint, or None when
    it is not one z3 can take exactly (a root, a logarithm, an irrational coefficient)."""
    frac = rational_fraction(sp.together(expr), gens)
    if frac is None:
        return None
    num, den = frac
    sign = 1 if den.is_positive else (-1 if den.is_negative else None)
    if sign is None:
        return None
    try:
        target = to_z3(sp.expand(num * sign), gens, z3vars)
    except Exception:  # noqa: BLE001 - decide's _NotRational: an irrational coefficient
        return None
    return {"=": target == 0, "!=": target != 0, "<": target < 0, "<=": target <= 0, ">": target > 0,
            ">=": target >= 0}[rel]


def _solve(conditions: Sequence[tuple[sp.Expr, str]], domain) -> tuple[str, dict | None]:
    """z3 on gens > 0 with every (expr, rel) of ``conditions`` (in the domain's variables);
    ('unsat'|'sat'|'unknown', model in the positive symbols).  A condition z3 cannot take is
    left out, so 'unsat' stays a proof and a model must be re-checked."""
    import z3
    positive = [domain.to_positive(e) for e, _ in conditions]
    gens = sorted(set().union(*(sp.sympify(e).free_symbols for e in positive)), key=str)
    z3vars = [z3.Real(f"{x}#{k}") for k, x in enumerate(gens)]     # unique: two symbols may share a name
    solver = z3.SolverFor("QF_NRA")
    timelimit.budget_z3(solver, settings().z3_timeout_ms)
    for v in z3vars:
        solver.add(v > 0)
    for e, (_, rel) in zip(positive, conditions):
        c = _z3_condition(e, rel, gens, z3vars)
        if c is not None:
            solver.add(c)
    result = solver.check()
    if result == z3.unsat:
        return "unsat", None
    if result == z3.sat:
        model = solver.model()
        return "sat", {x: z3_value_to_rational(model.eval(v, model_completion=True)) for x, v in zip(gens, z3vars)}
    return "unknown", None


def _holds_at(relation: sp.Basic, point) -> bool | None:
    """Exactly: does ``relation`` hold at ``point`` (None: undefined there or undecidable)."""
    try:
        diff = (relation.lhs - relation.rhs).xreplace(point)
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    if diff.has(sp.zoo, sp.nan, sp.oo, -sp.oo) or diff.free_symbols:
        return None
    sign = exact_sign(diff)
    if sign is None:
        return None
    return {sp.Eq: sign == 0, sp.Ne: sign != 0, sp.Lt: sign < 0, sp.Le: sign <= 0, sp.Gt: sign > 0,
            sp.Ge: sign >= 0}[type(relation)]


def empty(hypotheses: Sequence[Hypothesis], domain) -> bool:
    """True only when z3 proves that no point of the domain satisfies the hypotheses."""
    return _solve([(h.expr, h.rel) for h in hypotheses], domain)[0] == "unsat"


NEGATED = {"=": "!=", "!=": "=", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}


def decide_under(rel: str, diff: sp.Expr, domain, hypotheses: Sequence[Hypothesis], plain: Decision
                 ) -> tuple[bool | None, Decision, dict | None]:
    """``diff rel 0`` on the domain restricted by ``hypotheses``; ``plain`` is the decision on
    the whole domain.  (truth, decision, witness in the domain's variables)."""
    if plain.value is True:
        return True, plain, None
    status, point = _solve([(h.expr, h.rel) for h in hypotheses] + [(diff, NEGATED[rel])], domain)
    if status == "unsat":
        return True, Decision(True, "z3: negation unsatisfiable under the assumptions"), None
    candidates = []
    if point is not None:        # the model in the domain's variables (those it determines)
        mapped = {x: sp.sympify(e).xreplace(point) for x, e in domain.reparam.items()}
        candidates.append({x: v for x, v in mapped.items() if not v.free_symbols})
    if plain.value is False and plain.witness:
        candidates.append(dict(plain.witness))
    negation = _RELATIONS[NEGATED[rel]](diff, 0, evaluate=False)
    for at in candidates:
        if all(_holds_at(h.relation(), at) is True for h in hypotheses) and _holds_at(negation, at) is True:
            return False, Decision(False, "z3 model under the assumptions, re-checked exactly", at), at
    return None, Decision(None, "undecided", detail="no proof under the assumptions; "
                                                      + (plain.detail or "no witness satisfies them")), None


def _positive_dummies(symbols) -> dict:
    return {s: sp.Dummy(s.name, positive=True) for s in symbols}


def on_counts(rel: str, diff: sp.Expr, reading) -> Decision | None:
    """``diff rel 0`` proved with the cells as what they are, whole-number counts (TP >= 1 from
    TP > 0), by z3 over integers: the domain's constraints and the negation unsatisfiable.  Only
    a proof is taken from here (None otherwise); every denominator must be positive on the
    positive cells, every variable a cell (or AP, AN of a fixed test set)."""
    if reading.model != "counts":
        return None
    relations = [c for c in reading.domain.constraints if isinstance(c, sp.core.relational.Relational)]
    dependent = dict(reading.dependent)        # FN = AP - TP on a fixed test set
    conditions = [(sp.together((c.lhs - c.rhs).xreplace(dependent)), _REL_OF[type(c)]) for c in relations]
    conditions.append((sp.together(diff.xreplace(dependent)), NEGATED[rel]))
    variables = sorted(set().union(*(e.free_symbols for e, _ in conditions)), key=str)
    if not variables or not set(variables) <= set(reading.integers):
        return None
    import z3
    z3vars = [z3.Int(f"{x}#{k}") for k, x in enumerate(variables)]
    solver = z3.Solver()
    timelimit.budget_z3(solver, min(settings().z3_timeout_ms, 2000))
    positive = _positive_dummies(variables)
    for v in z3vars:
        solver.add(v >= 1)                          # a count in the claim's domain is positive
    for expr, r in conditions:
        num, den = sp.fraction(expr)
        if not sp.sympify(den).xreplace(positive).is_positive:
            return None
        target = _z3_integer(sp.expand(num), variables, z3vars)
        if target is None:
            return None
        solver.add({"=": target == 0, "!=": target != 0, "<": target < 0, "<=": target <= 0, ">": target > 0,
                    ">=": target >= 0}[r])
    if solver.check() == z3.unsat:
        return Decision(True, "z3 over whole-number counts (the cells are counts: TP > 0 means TP >= 1)")
    return None


def _z3_integer(poly_expr: sp.Expr, gens, z3vars):
    """A polynomial with rational coefficients as a z3 integer term, scaled by the positive
    common denominator (same sign, so the relation to 0 is unchanged); None if it is not one.
    Integer terms only: z3 gives up on integers mixed into real arithmetic (ToReal)."""
    import math

    import z3
    try:
        poly = sp.Poly(poly_expr, *gens)
    except (sp.PolynomialError, sp.GeneratorsNeeded):
        return None
    terms = poly.terms()
    if not all(c.is_Rational for _, c in terms):
        return None
    scale = math.lcm(*(int(c.q) for _, c in terms)) if terms else 1
    total = z3.IntVal(0)
    for monom, coeff in terms:
        term = z3.IntVal(int(coeff * scale))
        for var, power in zip(z3vars, monom):
            for _ in range(power):
                term = term * var
        total = total + term
    return total


_REL_OF = {sp.Eq: "=", sp.Ne: "!=", sp.Lt: "<", sp.Le: "<=", sp.Gt: ">", sp.Ge: ">="}
