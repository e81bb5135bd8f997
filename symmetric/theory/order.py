"""Do two measures rank every pair of classifiers alike on a test set?

On a test set (AP, AN fixed) a table is (TP, TN): FN = AP - TP, FP = AN - TN.  B is a strictly
increasing function of A there exactly when, for any two tables t, u where both are defined,
sign(A(u) - A(t)) = sign(B(u) - B(t)) (each measure oriented so that higher is better).

* Proof (:func:`prove`): both measures become rational functions of (TP, TN, AP, AN) once their
  cases are resolved on the test set (each case condition decided by z3, never guessed).  With
  S_X = (X(u) - X(t)) times the square of X's denominators (S_X has the sign of the difference
  wherever X is defined, and is a polynomial), the claim is "S_A and S_B agree in sign".  First
  try S_B = q S_A with q a polynomial that z3 proves positive; else ask z3 (nonlinear real
  arithmetic) for a point with S_A > 0 >= S_B or S_A = 0 != S_B.  The reals relax the integers
  (0 <= TP <= AP, 0 <= TN <= AN, AP, AN >= 1): unsat there is a proof for every test set.
* Refutation (:func:`opposite_pair`): the smallest test set (by n = AP + AN) with two tables the
  measures rank in opposite orders, found and re-checked with exact values of the written
  formulas (:func:`~symmetric.properties.tables.exact_value`), as Fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy as sp
import z3

from ..errors import Undecided
from ..space import CELLS
from ..properties.tables import exact_value
from .encode import classifiers

TP, FP, FN, TN = CELLS
AP, AN = sp.symbols("AP AN")
T1 = sp.symbols("TP_t TN_t")
T2 = sp.symbols("TP_u TN_u")
GENS = (*T1, *T2, AP, AN)
Z3 = {s: z3.Real(str(s)) for s in GENS}
TIMEOUT_MS = 10_000


class Unsupported(Exception):
    """A formula outside what the proof handles (not rational after its cases are resolved)."""


@dataclass(frozen=True)
class Proof:
    holds: bool | None          # True: proved; None: not proved (never False: refutations are exact pairs)
    method: str
    function: str = ""          # B = f(A) when elimination finds it (an illustration, not the proof)


def parameters(measure) -> dict:
    """The parameters' default values (the first sample where a parameter has no default)."""
    return {p.symbol: sp.sympify(p.default) if p.default is not None else p.sample_values()[0]
            for p in measure.params}


def oriented(measure) -> sp.Expr:
    return measure.count_form.subs(parameters(measure)) * measure.orientation


def _region():
    out = [Z3[AP] >= 1, Z3[AN] >= 1]
    for tp, tn in (T1, T2):
        out += [Z3[tp] >= 0, Z3[tp] <= Z3[AP], Z3[tn] >= 0, Z3[tn] <= Z3[AN]]
    return out


def _poly(e: sp.Expr):
    """A polynomial in GENS as a z3 term (rational coefficients only)."""
    try:
        poly = sp.Poly(sp.expand(e), *GENS)
    except sp.PolynomialError as exc:
        raise Unsupported(f"not a polynomial: {e}") from exc
    total = z3.RealVal(0)
    for monom, coeff in poly.terms():
        if not coeff.is_Rational:
            raise Unsupported(f"coefficient {coeff} is not rational")
        term = z3.RealVal(f"{coeff.p}/{coeff.q}")
        for var, power in zip(GENS, monom):
            term = term * Z3[var] ** power if power else term
        total = total + term
    return total


def _condition(c):
    """A case condition as z3 (polynomial sides only)."""
    if c is sp.true:
        return z3.BoolVal(True)
    if c is sp.false:
        return z3.BoolVal(False)
    if isinstance(c, sp.And):
        return z3.And(*[_condition(a) for a in c.args])
    if isinstance(c, sp.Or):
        return z3.Or(*[_condition(a) for a in c.args])
    if isinstance(c, sp.Not):
        return z3.Not(_condition(c.args[0]))
    ops = {sp.Eq: lambda a, b: a == b, sp.Ne: lambda a, b: a != b, sp.Lt: lambda a, b: a < b,
           sp.Le: lambda a, b: a <= b, sp.Gt: lambda a, b: a > b, sp.Ge: lambda a, b: a >= b}
    for kind, op in ops.items():
        if isinstance(c, kind):
            return op(_poly(c.lhs), _poly(c.rhs))
    raise Unsupported(f"case condition {c}")


def _unsat(*facts) -> bool | None:
    s = z3.SolverFor("QF_NRA")
    s.set("timeout", TIMEOUT_MS)
    s.add(*_region(), *facts)
    r = s.check()
    return True if r == z3.unsat else False if r == z3.sat else None


def _resolve(e: sp.Expr) -> sp.Expr:
    """``e`` with every case expression replaced by the branch it takes on the test sets: a branch
    whose condition z3 shows impossible is dropped, one whose condition always holds is taken."""
    pieces = list(e.atoms(sp.Piecewise))
    for pw in sorted(pieces, key=sp.count_ops):
        chosen = None
        for value, cond in pw.args:
            zc = _condition(cond)
            if _unsat(zc):
                continue
            if _unsat(z3.Not(zc)):
                chosen = value
                break
            raise Unsupported(f"the case {cond} is neither impossible nor certain on the test sets")
        if chosen is None or chosen is sp.nan:
            raise Unsupported("no case of the formula applies on the test sets")
        e = e.xreplace({pw: _resolve(chosen)})
    return e


def on_test_set(measure, table) -> tuple[sp.Expr, sp.Expr]:
    """(numerator, denominator) of the oriented measure at table ``table`` = (TP, TN) of a test set."""
    tp, tn = table
    e = oriented(measure).xreplace({TP: tp, TN: tn, FN: AP - tp, FP: AN - tn})
    e = _resolve(e)
    num, den = sp.fraction(sp.together(e))
    for part in (num, den):
        if not part.is_polynomial(*GENS):
            raise Unsupported(f"{measure.name} is not a rational function of the cells ({part})")
    return sp.expand(num), sp.expand(den)


def _sign_fixed(den: sp.Expr) -> bool:
    return bool(_unsat(_poly(den) <= 0) or _unsat(_poly(den) >= 0))


def difference(measure) -> tuple[sp.Expr, list]:
    """(S, definedness facts): S has the sign of M(u) - M(t) wherever M is defined at t and u."""
    n1, d1 = on_test_set(measure, T1)
    n2, d2 = on_test_set(measure, T2)
    s = sp.expand(n2 * d1 - n1 * d2)
    facts = []
    if not d1.is_number:
        facts = [_poly(d1) != 0, _poly(d2) != 0]
    if not _sign_fixed(d1):
        s = sp.expand(s * d1 * d2)     # the sign of d1 d2 is not known: carry it
    return s, facts


def prove(a, b) -> Proof:
    """Is B a strictly increasing function of A on every test set with AP, AN >= 1?"""
    same, shown = _same_formula(a, b)
    if same:
        return Proof(True, same, shown)
    try:
        sa, fa = difference(a)
        sb, fb = difference(b)
    except Unsupported as exc:
        return Proof(None, f"no proof attempted: {exc}")
    defined = fa + fb
    if sa == 0 or sb == 0:
        return Proof(None, "no proof attempted: a measure is constant on the test sets")
    q, r = sp.div(sp.Poly(sb, *GENS), sp.Poly(sa, *GENS))
    if r.is_zero and _unsat(*defined, _poly(q.as_expr()) <= 0):
        return Proof(True, f"S_B = q S_A with q = {sp.factor(q.as_expr())} > 0 on the test sets (z3)",
                     function(a, b))
    first = _unsat(*defined, _poly(sa) > 0, _poly(sb) <= 0)
    second = _unsat(*defined, _poly(sa) == 0, _poly(sb) != 0) if first else None
    if first and second:
        return Proof(True, "z3: no two tables with A(u) > A(t) and B(u) <= B(t), or A(u) = A(t) and B(u) != B(t) "
                     "(nonlinear real arithmetic, unsat)", function(a, b))
    if first is False or second is False:
        return Proof(None, "no proof: z3 found real (not necessarily integer) tables that the two rank differently")
    return Proof(None, "no proof: z3 gave up (nonlinear real arithmetic)")


def _same_formula(a, b) -> tuple[str, str]:
    """Two formulas that are one function (oriented), up to an added constant or a positive
    constant factor: then they rank alike wherever both are defined (square roots, logarithms
    included).  sympy must reduce the difference (or B - r A) to a number: never guessed.
    Returns (how, B in terms of A) or ("", "")."""
    ea, eb = oriented(a), oriented(b)
    if ea.has(sp.Piecewise) or eb.has(sp.Piecewise):
        return "", ""
    na, nb = (m.name if m.orientation == 1 else f"-{m.name}" for m in (a, b))
    try:
        diff = sp.simplify(eb - ea)
        if diff.is_number and diff.is_real:
            return f"the formulas differ by the constant {diff} (sympy)", f"{nb} = {sp.Symbol(na) + diff}"
        ratio = sp.simplify(eb / ea)
        if ratio.is_number and ratio.is_positive and sp.simplify(eb - ratio * ea) == 0:
            return f"one formula is {ratio} times the other (sympy)", f"{nb} = {ratio}*{na}"
    except (TypeError, ValueError, RecursionError):
        return "", ""
    return "", ""


def function(a, b) -> str:
    """B = f(A), read off by eliminating one cell (an illustration; the proof is the sign test)."""
    x = sp.Symbol(a.name if a.orientation == 1 else f"-{a.name}")
    try:
        na, da = on_test_set(a, T1)
        nb, db = on_test_set(b, T1)
        for cell in T1:
            sol = sp.solve(na - x * da, cell)
            if len(sol) != 1:
                continue
            f = sp.factor(sp.cancel((nb / db).subs(cell, sol[0])))
            if f.free_symbols <= {x}:
                return f"{b.name if b.orientation == 1 else '-' + b.name} = {f}"
    except (Unsupported, NotImplementedError, sp.PolynomialError):
        return ""
    return ""


@dataclass(frozen=True)
class Pair:
    ap: int
    an: int
    t: tuple[int, int, int, int]
    u: tuple[int, int, int, int]
    a: tuple[Fraction, Fraction]      # A(t), A(u), oriented
    b: tuple[Fraction, Fraction]
    opposite: bool                    # strictly opposite orders (else: one ties where the other does not)


def _values(measure, ap: int, an: int) -> dict:
    params = parameters(measure)
    out = {}
    for t in classifiers(ap, an):
        try:
            v = exact_value(measure, t, params)
        except Undecided:
            continue
        if v is not None and v.is_Rational:
            out[t] = Fraction(int(v.p), int(v.q)) * measure.orientation
    return out


def opposite_pair(a, b, max_n: int = 10) -> Pair | None:
    """The first pair of tables on the smallest test set (AP, AN >= 1) that A and B rank in opposite
    orders; failing that, the first where one ties and the other does not.  Exact values."""
    tie = None
    for n in range(2, max_n + 1):
        for ap in range(1, n):
            va, vb = _values(a, ap, n - ap), _values(b, ap, n - ap)
            both = [t for t in va if t in vb]
            for i, t in enumerate(both):
                for u in both[i + 1:]:
                    da, db = va[u] - va[t], vb[u] - vb[t]
                    if da * db < 0:
                        return Pair(ap, n - ap, t, u, (va[t], va[u]), (vb[t], vb[u]), True)
                    if tie is None and (da == 0) != (db == 0):
                        tie = Pair(ap, n - ap, t, u, (va[t], va[u]), (vb[t], vb[u]), False)
    return tie
