"""Exact decisions about expressions on a domain: identically zero?  positive everywhere?

Soundness policy (see also :mod:`symmetric.errors`):

* ``Decision.value is True`` only on a symbolic argument: sympy's sign rules on positive
  symbols, an exact polynomial identity, or z3 answering *unsat* for the negation.
* ``Decision.value is False`` only with an exact witness point that was re-checked in
  rational (or exact algebraic) arithmetic.
* Everything else is ``None`` (undecided).  sympy's ``None`` is never read as False, and
  numeric sampling is reported as evidence in ``detail``, never as a proof.
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import sympy as sp

from ..config import settings
from ..domain import EVERYWHERE, Domain
from ..space import paper_place
from . import certify, vanishing
from .intervals import interval_sign, interval_sign_at
from .piecewise import Sign, Zero, branch_values, resolve_piecewise
from .ratvalue import rational_value
from .z3sign import algebraize, find_nonpositive as _z3_find_nonpositive, positive_coefficients as _positive_coefficients


@dataclass(frozen=True)
class Decision:
    """The answer to one yes/no question, with how it was obtained."""

    value: bool | None
    method: str
    witness: Mapping[sp.Symbol, sp.Expr] | None = None
    detail: str = ""
    # why a True holds, as data the independent checker re-verified (symmetric.certificate)
    certificate: object = None

    def __post_init__(self) -> None:
        if self.witness is not None:      # its coordinates in the order the papers list them
            ordered = sorted(self.witness.items(), key=lambda item: paper_place(item[0]))
            object.__setattr__(self, "witness", MappingProxyType(dict(ordered)))

    def __bool__(self) -> bool:  # a Decision must never be used as a truth value by accident
        raise TypeError("use Decision.value (True/False/None), not bool(Decision)")


# ---------------------------------------------------------------- helpers

def _proved(method: str, certificate, domain: Domain) -> Decision:
    """The one way to a True: the certificate goes to the independent checker first, and one it
    rejects leaves the question undecided, with its reason."""
    why = certify.rejected(certificate, domain)
    if why is not None:
        return Decision(None, "undecided", detail=f"the independent checker rejected the "
                                                  f"{certificate.kind} certificate: {why}")
    return Decision(True, method, certificate=certificate)


def _certified(certificate, domain: Domain) -> Decision | None:
    """True when ``certificate`` is checkable and the independent checker accepts it: a proof of
    its own, so z3 (or simplify) is not asked (MCC: ~2 of ~9 CPU-s in z3 confirming such
    certificates).  None: the solver decides, as before, with this certificate."""
    if not certificate.checkable or certify.rejected(certificate, domain) is not None:
        return None
    return Decision(True, f"{certificate.kind} certificate, re-verified by the independent checker",
                    certificate=certificate)


def _simplified(e: sp.Expr) -> sp.Expr:
    """simplify() after normalising each logarithm's argument; logarithms split only where sympy
    can prove the factors positive (no force=True: splitting log(xy) with x, y < 0 is unsound)."""
    normalised = e.replace(sp.log, lambda arg: sp.log(sp.factor(sp.cancel(arg))))
    return sp.simplify(sp.expand_log(normalised))


def _point_text(point) -> str:
    """``x = 1, y = 1/2``: a witness in words (never a dict's repr)."""
    return ", ".join(f"{k} = {v}" for k, v in point.items())


# together() and factor() of the same expression are asked for again and again: the deciders
# are memoised per (expression, domain, strictness), but a strict and a non-strict question, or
# two domains with the same positive reparametrisation, bring the same expression back (MCC's
# check: 269 of 504 calls repeated, ~0.6 s).  Pure functions of an immutable expression, so a
# bounded memo returns exactly what a fresh call would.
@lru_cache(maxsize=4096)
def _together(expr: sp.Expr) -> sp.Expr:
    return sp.together(expr)


@lru_cache(maxsize=2048)
def _factored(expr: sp.Expr) -> sp.Expr:
    """factor(together(expr))."""
    return sp.factor(_together(expr))


def rational_fraction(expr: sp.Expr, gens) -> tuple[sp.Expr, sp.Expr] | None:
    """(numerator, denominator) as polynomials in ``gens`` if expr is a rational function."""
    num, den = sp.fraction(_together(expr))
    try:
        sp.Poly(num, *gens)
        sp.Poly(den, *gens)
    except (sp.PolynomialError, sp.GeneratorsNeeded):
        return None
    if not (num.is_polynomial(*gens) and den.is_polynomial(*gens)):
        return None
    return sp.expand(num), sp.expand(den)


def _rational_coefficients(poly_expr: sp.Expr, gens) -> bool:
    return all(c.is_Rational for c in sp.Poly(poly_expr, *gens).coeffs())


INTEGER_POINTS = 6          # whole-number points tried before rational ones


def _random_points(symbols, count: int, seed: int = 20261122):
    rng = random.Random(seed)
    # small whole numbers first (a witness in counts reads as a table: TP = 3, not 13/6), then
    # small rationals, then wider ones; the first few are distinct so no factor x - y vanishes
    for _ in range(min(INTEGER_POINTS, count)):
        values = rng.sample(range(1, 10), len(symbols)) if len(symbols) <= 9 else \
            [rng.randint(1, 9) for _ in symbols]
        yield {x: sp.Integer(v) for x, v in zip(symbols, values)}
    for k in range(max(count - INTEGER_POINTS, 0)):
        spread = 4 if k < count // 2 else 50
        yield {x: sp.Rational(rng.randint(1, spread * 7), rng.randint(1, 7)) for x in symbols}


def exact_sign(value: sp.Expr) -> int | None:
    """Sign of a closed-form number, exactly (None when it cannot be certified)."""
    value = sp.sympify(value)
    value = sp.nsimplify(value) if isinstance(value, sp.Float) else value
    if value.is_Rational:
        return (value.p > 0) - (value.p < 0)
    # a certified enclosure away from 0 settles it cheaply; exact zeros fall through
    enclosed = interval_sign(value)
    if enclosed is not None:
        return enclosed
    if value.is_zero:
        return 0
    if value.is_positive:
        return 1
    if value.is_negative:
        return -1
    try:
        simplified = sp.simplify(value)
    except (MemoryError, RecursionError):     # a huge constant: undecided, not a crash
        return None
    if simplified.is_zero:
        return 0
    if simplified.is_positive:
        return 1
    if simplified.is_negative:
        return -1
    return None


def _nonzero_point(e: sp.Expr, points) -> dict | None:
    """The first of ``points`` where ``e`` is certifiably nonzero (exact sign), if any."""
    for point in points:
        exact = rational_value(e, point)      # a rational value: its sign is exact_sign's
        if exact is not None:
            if exact != 0:
                return point
            continue
        # certified nonzero on the unsubstituted tree: the same verdict as exact_sign of the
        # substituted number, without the substitution (slow for logarithms)
        if interval_sign_at(e, point) in (1, -1):
            return point
        try:
            value = e.subs(point)
        except (ValueError, TypeError):
            continue        # not a real number there (Min of a complex root): no witness
        sign = exact_sign(value)
        if sign is not None and sign != 0:
            return point
    return None


# ---------------------------------------------------------------- public decisions

@lru_cache(maxsize=4096)   # pure function of immutable inputs; checkers ask the same questions
def is_identically_zero(expr: sp.Expr, domain: Domain = EVERYWHERE) -> Decision:
    """Is ``expr`` equal to 0 at every point of ``domain``?"""
    e = _together(domain.to_positive(expr))
    gens = sorted(e.free_symbols, key=str)
    if not gens:
        sign = exact_sign(e)
        if sign is None:
            return Decision(None, "undecided", detail=f"could not certify the sign of {e}")
        if sign == 0:         # the terms as written (together() has already cancelled them)
            written = domain.to_positive(expr)
            return _proved("exact arithmetic", certify.identity(
                written, sorted(written.free_symbols, key=str), domain, "exact arithmetic"), domain)
        return Decision(False, "exact arithmetic")
    # A few sample points first: a certified nonzero value there is the witness the searches
    # below would return (the same seeded points, in the same order), and it spares expanding
    # numerator and denominator or simplify(), both costly; an expression that is identically
    # 0 never yields one, so this only saves time.
    points = iter(_random_points(gens, settings().sample_points // 2))
    witness = _nonzero_point(e, itertools.islice(points, settings().early_points))
    if witness is not None:
        return Decision(False, "exact witness", domain.from_positive(witness))
    frac = rational_fraction(e, gens)
    if frac is not None:
        num, den = frac
        if num == 0:
            return _proved("polynomial identity",
                           certify.identity(domain.to_positive(expr), gens, domain, "sympy (polynomial identity)"),
                           domain)
        if _rational_coefficients(num, gens) and _rational_coefficients(den, gens):
            # with rational coefficients a value is a rational number: != 0 is exact
            for point in _random_points(gens, settings().sample_points):
                if den.subs(point) != 0 and num.subs(point) != 0:
                    return Decision(False, "exact witness", domain.from_positive(point))
            return Decision(None, "undecided", detail="nonzero polynomial without a witness (unexpected)")
        # irrational coefficients (log 6 - log 2 - log 3 is 0 but not structurally): go on to
        # simplification and certified witnesses below
    # a factor that is 0 (logarithms of 1 read as 0) is a certificate: accepted by the kernel, it
    # proves the identity without simplify() (MCC's NIFQ: 0.4 of the 0.5 s of one such question)
    vanishes = vanishing.certificate(e, gens)
    checked = None if vanishes is None else _certified(vanishes, domain)
    if checked is not None:
        return checked
    branches = branch_values(e, *domain_oracles(EVERYWHERE))
    if branches is not None:
        # simplify() on a whole Piecewise spends its time on the branch conditions (30-66 CPU-s
        # for one quantification term's B-IMP gap, and then not 0); each branch's value alone is
        # what an identity needs when every value is 0 (F1's non-informative score in `verify`)
        if all(_simplified(value) == 0 for value in branches):
            return _proved("simplification of every branch on the positive reparametrisation",
                           vanishes or certify.SolverOnly(
                               (), (), (), "=", solver="sympy's simplification, branch by branch",
                               expression=str(e)), domain)
        witness = _nonzero_point(e, points)
        if witness is not None:
            return Decision(False, "exact witness", domain.from_positive(witness))
        return Decision(None, "undecided", detail="a piecewise expression with a branch not simplified to 0 "
                                                  "and no nonzero point certified")
    simplified = _simplified(e)
    if simplified == 0:
        # the certificate above (rejected, or none: sympy's word)
        return _proved("simplification on the positive reparametrisation", vanishes or
                       certify.SolverOnly((), (), (), "=", solver="sympy's simplification", expression=str(e)),
                       domain)
    witness = _nonzero_point(e, points)
    if witness is not None:
        return Decision(False, "exact witness", domain.from_positive(witness))
    return Decision(None, "undecided", detail="not simplified to 0 and no nonzero point certified")


@lru_cache(maxsize=4096)
def is_positive_everywhere(expr: sp.Expr, domain: Domain = EVERYWHERE, strict: bool = True) -> Decision:
    """Is ``expr > 0`` (``>= 0`` when not strict) at every point of ``domain``?"""
    e = _factored(domain.to_positive(expr))
    gens = sorted(e.free_symbols, key=str)
    if (strict and e.is_positive) or (not strict and e.is_nonnegative):
        return _proved("sign rules on positive symbols",
                       certify.of_sign(e, gens, domain, strict, "sympy's sign rules on positive symbols"), domain)
    if not gens:
        sign = exact_sign(e)
        if sign is None:
            return Decision(None, "undecided", detail=f"could not certify the sign of {e}")
        if sign > 0 if strict else sign >= 0:
            return _proved("exact arithmetic", certify.of_sign(e, gens, domain, strict, "exact arithmetic"), domain)
        return Decision(False, "exact arithmetic")
    frac = rational_fraction(e, gens)
    if frac is not None:
        num, den = frac
        den_sign = 1 if den.is_positive else (-1 if den.is_negative else None)
        if den_sign is None and _positive_coefficients(den, gens):
            den_sign = 1
        if den_sign is None and _positive_coefficients(-den, gens):
            den_sign = -1
        if den_sign is None:
            status, _ = _z3_find_nonpositive(den, gens, strict=True)
            den_sign = 1 if status == "unsat" else None
        if den_sign is None:
            status, _ = _z3_find_nonpositive(-den, gens, strict=True)
            den_sign = -1 if status == "unsat" else None
        if den_sign is not None:
            certificate = certify.positivity(e, num, den, gens, domain, strict, "z3 (unsat)")
            checked = _certified(certificate, domain)
            if checked is not None:
                return checked
            oriented = sp.expand(num * den_sign)
            status, point = _z3_find_nonpositive(oriented, gens, strict)
            if status == "unsat":
                return _proved("z3: negation unsatisfiable (nonlinear real arithmetic)", certificate, domain)
            if status == "sat":
                checked = _recheck(e, point, strict)
                if checked:
                    return Decision(False, "z3 model, re-checked exactly", domain.from_positive(point))
    else:
        certificate = certify.squarings(e, gens, domain, strict, "z3 (unsat), square roots as constrained variables")
        checked = _certified(certificate, domain)
        if checked is not None:
            return checked
        algebraic = algebraize(e, gens)
        if algebraic is not None:
            replaced, roots, equations = algebraic
            all_gens = list(gens) + roots
            frac2 = rational_fraction(replaced, all_gens)
            if frac2 is not None:
                num, den = frac2
                den_sign = 1 if den.is_positive else (-1 if den.is_negative else None)
                if den_sign is not None:
                    status, _ = _z3_find_nonpositive(sp.expand(num * den_sign), all_gens, strict,
                                                     equations=equations)
                    if status == "unsat":
                        return _proved("z3: negation unsatisfiable, square roots as constrained variables",
                                       certificate, domain)
    samples = settings().sample_points
    for point in _random_points(gens, samples):
        if _recheck(e, point, strict):
            return Decision(False, "exact witness", domain.from_positive(point))
    return Decision(None, "undecided",
                    detail=f"no proof found; positive at {samples} sample points (evidence only)")


def _recheck(e: sp.Expr, point: Mapping, strict: bool) -> bool:
    """True if ``e`` at the exact point certifiably violates positivity."""
    # A certified positive enclosure of the unsubstituted tree settles "no violation" without
    # sympy's substitution (slow for logarithms).  The answer is the one the exact path below
    # would give: at a point where e is certainly > 0, exact_sign can only say > 0 or None.
    exact = rational_value(e, point)          # a rational value: its sign is exact_sign's
    if exact is not None:
        return exact <= 0 if strict else exact < 0
    if interval_sign_at(e, point) == 1:
        return False
    try:
        value = e.subs(point)
    except (ZeroDivisionError, ValueError):
        return False
    if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        return False
    sign = exact_sign(value)
    if sign is None:
        return False
    return sign <= 0 if strict else sign < 0


def sign_on_domain(expr: sp.Expr, domain: Domain = EVERYWHERE) -> tuple[str, Decision]:
    """One of 'positive', 'negative', 'zero', 'mixed', 'unknown', with the deciding Decision."""
    zero = is_identically_zero(expr, domain)
    if zero.value is True:
        return "zero", zero
    pos = is_positive_everywhere(expr, domain)
    if pos.value is True:
        return "positive", pos
    neg = is_positive_everywhere(-expr, domain)
    if neg.value is True:
        return "negative", neg
    if pos.value is False and neg.value is False:
        return "mixed", Decision(False, "witnesses of both signs",
                                 detail=f"<=0 at {_point_text(pos.witness)}, >=0 at {_point_text(neg.witness)}")
    return "unknown", Decision(None, "undecided", detail=pos.detail or neg.detail)


# ---------------------------------------------------------------- Piecewise on a domain

def domain_oracles(domain: Domain) -> tuple[Sign, Zero]:
    """The sign and zero oracles of ``domain``, from the exact deciders."""
    def sign(e):
        if is_positive_everywhere(e, domain).value is True:
            return 1
        if is_positive_everywhere(-e, domain).value is True:
            return -1
        return None

    def zero(e):
        return is_identically_zero(e, domain).value

    return sign, zero


def resolve_on_domain(expr: sp.Expr, domain: Domain) -> sp.Expr:
    """:func:`resolve_piecewise` with the conditions decided exactly on ``domain``."""
    return resolve_piecewise(expr, *domain_oracles(domain))
