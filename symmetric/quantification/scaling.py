"""The certificate of IND's scaling argument (:mod:`.independence`): on each side of the diagonal
t(kp, kq, m) = f t(p, q, n), on the diagonal t(kp, kp, m) = f t(p, p, n), and f > 0 for k > 0
and n, m >= 2.

Each equation is an :class:`~symmetric.certificate.Identity` of both sides' normal forms in the
variables k, m, n, p, q; a logarithm in a term is read as one more variable (named ``L1``,
``L2``, ... in order of appearance): an identity of polynomials holds for every value of that
variable, so in particular for the logarithm's, and no rule of logarithms is trusted.  When the
sides are equal only through such a rule, no checkable certificate is built: the step says
"solver only" (sympy's simplify), never a wrong identity.  The factor's sign is a positivity
certificate with n = 1 + (a positive real), m likewise (n > 1 contains every |C| >= 2).
"""

from __future__ import annotations

import sympy as sp

from ..certificate import Certificate, SolverOnly, all_of
from ..checks import certify
from ..domain import Domain

# identities hold for every value of their variables: no domain (no shift) is stated
_ANYWHERE = Domain("every value", (), {})
_SOLVER = "sympy's simplify"


def log_variables(exprs) -> dict:
    """Each distinct logarithm in ``exprs`` -> a fresh symbol L1, L2, ... (the same logarithm,
    written the same way, by the same symbol; numbered in a canonical order)."""
    logs = {node for e in exprs for node in sp.preorder_traversal(sp.sympify(e)) if isinstance(node, sp.log)}
    return {node: sp.Symbol(f"L{k + 1}") for k, node in enumerate(sorted(logs, key=sp.default_sort_key))}


def identity(left: sp.Expr, right: sp.Expr, logs: dict) -> Certificate:
    """The certificate of ``left`` = ``right`` as rational functions (each logarithm the variable
    ``logs`` names), or "solver only" when they are not equal in that form (the builder never
    emits a false one)."""
    lhs, rhs = sp.sympify(left).xreplace(logs), sp.sympify(right).xreplace(logs)
    if any(e.has(sp.log) for e in (lhs, rhs)):        # a logarithm inside another's argument
        return SolverOnly((), (), (), "=", solver=_SOLVER, expression=f"{left} - ({right})")
    gens = sorted((lhs.free_symbols | rhs.free_symbols), key=str)
    ln, ld = sp.fraction(sp.together(lhs))
    rn, rd = sp.fraction(sp.together(rhs))
    if not all(e.is_polynomial(*gens) for e in (ln, ld, rn, rd)) or sp.expand(ln * rd - rn * ld) != 0:
        return SolverOnly((), (), (), "=", solver=_SOLVER, expression=f"{left} - ({right})")
    return certify.sides_identity(lhs, rhs, gens, _ANYWHERE, _SOLVER)


def positive_factor(ratio: sp.Expr, n: sp.Symbol, m: sp.Symbol) -> tuple[Certificate, Domain]:
    """The certificate of ``ratio`` > 0 for every positive k and n, m > 1, with its domain."""
    n0, m0 = sp.Symbol("n_0", positive=True), sp.Symbol("m_0", positive=True)
    domain = Domain("n>1, m>1", (sp.Gt(n, 1), sp.Gt(m, 1)), {n: 1 + n0, m: 1 + m0})
    e = sp.factor(sp.together(domain.to_positive(ratio)))
    gens = sorted(e.free_symbols, key=str)
    if e.has(sp.log):
        return SolverOnly((), (), (), ">", solver="sympy's sign rules", expression=str(ratio)), domain
    return certify.of_sign(e, gens, domain, True, "sympy's sign rules on positive symbols"), domain


def certificate(sides, diagonal, ratio: sp.Expr, n: sp.Symbol, m: sp.Symbol) -> tuple[Certificate, str | None, dict]:
    """The conjunction of IND's identities (``sides``: (t(kp, kq, m), t(p, q, n)) per side where the
    term is not 0; ``diagonal``: the same pair at q = p) and the factor's sign; the independent
    checker's reason to reject it (None: accepted, or nothing checkable); and the logarithms
    read as variables (name -> logarithm, for the proof line)."""
    # a side where both are 0 (the diagonal of |q - p|) scales by any factor: nothing to certify
    pairs = [(scaled, ratio * t) for scaled, t in (*sides, diagonal) if not (scaled == 0 and t == 0)]
    logs = log_variables([e for pair in pairs for e in pair])
    parts = [identity(left, right, logs) for left, right in pairs]
    sign, domain = positive_factor(ratio, n, m)
    why = next((f"identity {k + 1}: {w}" for k, w in enumerate(certify.rejected(c) for c in parts) if w), None)
    why = why or certify.rejected(sign, domain)
    return all_of(parts + [sign]), why, {str(v): log for log, v in logs.items()}
