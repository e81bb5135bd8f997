"""z3's side of the sign decisions (:mod:`.decide`): is a polynomial > 0 for positive variables?

Kept apart so that :mod:`.decide` reads as the order of the arguments it tries; z3 is imported
on first use (start-up of `check` pays for it only when a question reaches the solver)."""

from __future__ import annotations

import sympy as sp

from .. import timelimit
from ..config import settings
from .z3form import NotRational, to_z3, z3_value_to_rational


def positive_coefficients(poly_expr: sp.Expr, gens) -> bool:
    """Every coefficient a positive rational: > 0 for gens > 0 (each term is), which settles a
    denominator's or a radicand's sign without z3 (MCC's check: 184 such calls, ~0.9 s)."""
    try:
        coeffs = sp.Poly(poly_expr, *gens).coeffs()
    except (sp.PolynomialError, sp.GeneratorsNeeded):
        return False
    return bool(coeffs) and all(c.is_Rational and c > 0 for c in coeffs)


def find_nonpositive(num: sp.Expr, gens, strict: bool, extra_positive=(),
                         equations=()) -> tuple[str, dict | None]:
    """Ask z3 for gens > 0 (and ``equations`` == 0) with num <= 0 (strict) or num < 0.

    Returns ('unsat'|'sat'|'unknown', model)."""
    import z3
    z3vars = [z3.Real(f"{x}#{k}") for k, x in enumerate(gens)]     # unique: two symbols may share a name
    solver = z3.SolverFor("QF_NRA")
    # cut to what is left of the --time-limit: inside z3's C code the SIGALRM waits until it returns
    timelimit.budget_z3(solver, settings().z3_timeout_ms)
    for v in z3vars:
        solver.add(v > 0)
    try:
        for pos in extra_positive:
            solver.add(to_z3(pos, gens, z3vars) > 0)
        for eq in equations:
            solver.add(to_z3(eq, gens, z3vars) == 0)
        target = to_z3(num, gens, z3vars)
    except NotRational:
        return "unknown", None
    solver.add(target <= 0 if strict else target < 0)
    result = solver.check()
    if result == z3.unsat:
        return "unsat", None
    if result == z3.sat:
        model = solver.model()
        point = {}
        for x, v in zip(gens, z3vars):
            val = model.eval(v, model_completion=True)
            point[x] = z3_value_to_rational(val)
        return "sat", point
    return "unknown", None


def algebraize(e: sp.Expr, gens) -> tuple[sp.Expr, list, list] | None:
    """Replace square roots of rational functions by fresh positive variables r with r^2 = base.

    Returns (expression in gens + roots, root symbols, polynomial equations == 0) or None when
    the expression has other non-rational parts."""
    roots, equations, mapping = [], [], {}
    for power in sorted(e.atoms(sp.Pow), key=sp.count_ops):
        exponent = power.exp
        if not (exponent.is_Rational and exponent.q == 2):
            continue
        base = power.base
        if base in mapping:
            continue
        num, den = sp.fraction(sp.together(base))
        if not (num.is_polynomial(*gens) and den.is_polynomial(*gens)):
            return None
        # r > 0 with r^2 = base describes the root only where base > 0: a base that can be
        # <= 0 (sqrt(x - 2) at x = 1 is not real) would make z3 prove the claim on part of
        # the domain only
        radicand = sp.expand(num * den)
        if not positive_coefficients(radicand, gens) and \
                find_nonpositive(radicand, gens, strict=True)[0] != "unsat":
            return None
        r = sp.Symbol(f"r{len(roots)}", positive=True)
        roots.append(r)
        mapping[base] = r
        equations.append(sp.expand(r**2 * den - num))
    if not roots:
        return None
    replaced = e.replace(lambda x: x.is_Pow and x.base in mapping and x.exp.is_Rational and x.exp.q == 2,
                         lambda x: mapping[x.base] ** (x.exp * 2))
    return replaced, roots, equations
