"""Build the simplest certificate (:mod:`symmetric.certificate`) for a decided sign or identity,
and have the independent checker (:mod:`symmetric.kernel`) re-verify it.

Kinds are tried simplest first: the sign of every factor of N and D (as sympy's ``factor`` left
them), then nonnegative coefficients of N and D as wholes, then "solver only".  Polynomials are
written in the domain's own variables where its reparametrisation is a shift (x = c + u, u > 0:
the certificate states the shift and the checker expands it), else in the positive symbols.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from .. import kernel
from ..certificate import (AllOf, Certificate, Factor, Identity, PositiveCoefficients, SignByFactors, SolverOnly,
                           Squarings, describe)

__all__ = ["positivity", "identity", "sides_identity", "squarings", "of_sign", "rejected", "describe", "SolverOnly"]
from ..domain import Domain
from . import lpcert


class NoCertificate(Exception):
    """This kind does not apply (a factor of unknown sign, an irrational coefficient)."""


def _shifts(gens, domain: Domain) -> tuple[list, dict, list]:
    """(variables, positive symbol -> domain expression, [(name, shift)]): a positive symbol u with
    domain variable x = c + u (c rational) is written back as x, the checker told x = c + y."""
    variables, back, shift = [], {}, []
    affine = {}
    for x, image in domain.reparam.items():
        u = image.free_symbols
        if len(u) == 1:
            (u,) = u
            c = sp.expand(image - u)
            if c.is_Rational:
                affine[u] = (x, c)
    for g in gens:
        if g in affine:
            x, c = affine[g]
            variables.append(x)
            back[g] = x - c
            if c:
                shift.append((str(x), Fraction(int(c.p), int(c.q))))
        else:
            variables.append(g)
    return variables, back, shift


MAX_TERMS = 2000      # a polynomial with more terms is not written out (solver only): the cost bound


def poly_terms(expr: sp.Expr, variables) -> tuple:
    if not variables:              # a constant
        if not sp.sympify(expr).is_Rational:
            raise NoCertificate(f"irrational constant {expr}")
        value = sp.Rational(expr)
        return (((), Fraction(int(value.p), int(value.q))),)
    poly = sp.Poly(expr, *variables)
    if len(poly.terms()) > MAX_TERMS:
        raise NoCertificate(f"{len(poly.terms())} terms")
    out = []
    for monom, coeff in poly.terms():
        if not coeff.is_Rational:
            raise NoCertificate(f"irrational coefficient {coeff}")
        out.append((monom, Fraction(int(coeff.p), int(coeff.q))))
    return tuple(out)


def _reason(f: sp.Expr, positive_form: sp.Expr, gens, variables) -> str:
    """Why a factor is positive, judged on its positive-symbol form; phrased on the written form."""
    if not all(c > 0 for c in sp.Poly(positive_form, *gens).coeffs()):
        raise NoCertificate("a factor with a coefficient of either sign")
    p = sp.Poly(f, *variables)
    if p.is_monomial and p.total_degree() == 1 and p.LC() == 1:
        return "cell"
    if all(sum(m) == 1 for m in p.monoms()):
        return "sum of cells"
    return "positive coefficients"


def _factors(expr: sp.Expr, gens, variables, back, strict: bool) -> tuple[Fraction, tuple[Factor, ...]]:
    constant, factors = sp.Integer(1), []
    for arg in sp.Mul.make_args(expr):
        base, k = arg.as_base_exp()
        if arg.is_number:
            if not arg.is_Rational:
                raise NoCertificate("an irrational constant")
            constant *= arg
            continue
        if not (k.is_Integer and k > 0 and base.is_polynomial(*gens)):
            raise NoCertificate(f"not a polynomial factor: {arg}")
        k = int(k)
        if all(c < 0 for c in sp.Poly(base, *gens).coeffs()):     # -(positive): its sign into the constant
            base, constant = -base, constant * (-1) ** k
        written = sp.expand(base.xreplace(back))
        try:
            reason = _reason(written, base, gens, variables)
        except NoCertificate:
            if k % 2 or strict:
                raise
            reason = "square"
        factors.append(Factor(poly_terms(written, variables), k, reason))
    return Fraction(int(constant.p), int(constant.q)), tuple(factors)


def positivity(factored: sp.Expr, num: sp.Expr, den: sp.Expr, gens, domain: Domain, strict: bool,
               solver: str) -> Certificate:
    """The certificate of ``factored`` = num/den > 0 (>= 0) for positive ``gens``; ``solver`` names
    what proved it when no checkable kind applies."""
    relation = ">" if strict else ">="
    variables, back, shift = _shifts(gens, domain)
    top, bottom = sp.fraction(factored)
    if top.is_polynomial(*gens) and bottom.is_polynomial(*gens):
        num, den = top, bottom        # the factors below multiply back to exactly these
    try:
        n_written, d_written = sp.expand(num.xreplace(back)), sp.expand(den.xreplace(back))
        base = dict(variables=tuple(map(str, variables)), numerator=poly_terms(n_written, variables),
                    denominator=poly_terms(d_written, variables), relation=relation, shift=tuple(shift))
    except (NoCertificate, sp.PolynomialError):
        return SolverOnly((), (), (), relation, solver=solver, expression=str(factored))
    try:
        c_num, f_num = _factors(top, gens, variables, back, strict)
        c_den, f_den = _factors(bottom, gens, variables, back, True)
        if not any(f.reason == "square" for f in f_den):
            return SignByFactors(**base, numerator_constant=c_num, numerator_factors=f_num,
                                 denominator_constant=c_den, denominator_factors=f_den)
    except (NoCertificate, sp.PolynomialError):
        pass
    for sign in (1, -1):         # judged in the positive symbols: the shifted written form
        try:
            n_c = [c for _, c in poly_terms(sp.expand(sign * num), gens) if c]
            d_c = [c for _, c in poly_terms(sp.expand(sign * den), gens) if c]
        except (NoCertificate, sp.PolynomialError):
            break
        if d_c and all(c > 0 for c in d_c) and all(c > 0 for c in n_c) and (n_c or not strict):
            return PositiveCoefficients(**base, sign=sign)
    return SolverOnly(**base, solver=solver)


def _positive_poly(p: sp.Expr, gens) -> bool:
    coeffs = [c for _, c in poly_terms(sp.expand(p), gens) if c]
    return bool(coeffs) and all(c > 0 for c in coeffs)


def _root_power(arg: sp.Expr, gens) -> tuple[sp.Expr, int]:
    """arg = base^(k/2) with base a polynomial of positive coefficients: (base, k)."""
    base, k = arg.as_base_exp()
    if not ((2 * k).is_Integer and 2 * k > 0 and base.is_polynomial(*gens) and _positive_poly(base, gens)):
        raise NoCertificate(f"not a positive root factor: {arg}")
    return base, int(2 * k)


def squarings(e: sp.Expr, gens, domain: Domain, strict: bool, solver: str) -> Certificate:
    """The certificate of e > 0 for e with square roots of positive polynomials (else solver only)."""
    relation = ">" if strict else ">="
    variables, back, shift = _shifts(gens, domain)
    top, bottom = sp.fraction(e)
    try:
        roots = [_root_power(arg, gens) for arg in sp.Mul.make_args(bottom) if arg != 1]
        groups: dict = {}
        for term in sp.Add.make_args(sp.expand(top)):
            plain, radicands = sp.Integer(1), []
            for f in sp.Mul.make_args(term):
                base, k = f.as_base_exp()
                if f.is_Rational or (k.is_Integer and k > 0 and base.is_polynomial(*gens)):
                    plain *= f
                    continue
                base, k = _root_power(f, gens)     # base^(k/2), k odd: base^((k-1)/2) sqrt(base)
                plain *= base ** (k // 2)
                if k % 2:
                    radicands.append(base)
            key = tuple(sorted(radicands, key=sp.default_sort_key))
            groups[key] = groups.get(key, sp.Integer(0)) + plain
        terms = [(sp.expand(a), key) for key, a in groups.items() if sp.expand(a) != 0]
        positive = [_positive_poly(a, gens) for a, _ in terms]
        squared, splits = sp.Integer(0), ()
        if not terms or (not all(positive) and len(terms) != 2):
            raise NoCertificate("no squaring applies")
        if not all(positive):
            terms.sort(key=lambda t: not _positive_poly(t[0], gens))          # a positive term first
            (a1, x1), (a2, x2) = ((a, sp.Mul(*key)) for a, key in terms)
            squared = _difference_of_squares(a1, x1, a2, x2, gens).as_expr()
            if not (_positive_poly(a1, gens) and _positive_poly(squared, gens)):
                # where a term is <= 0 the other must be positive and dominate it
                squared = sp.Integer(0)
                splits = tuple(None if _positive_poly(ai, gens) else
                               _where_negative(aj, sp.expand(-ai), gens) +
                               _where_negative(_difference_of_squares(aj, xj, ai, xi, gens), sp.expand(-ai), gens)
                               for (ai, xi), (aj, xj) in (((a1, x1), (a2, x2)), ((a2, x2), (a1, x1))))

        def written(p):
            return poly_terms(sp.expand(p.xreplace(back)), variables)
        return Squarings(tuple(map(str, variables)), (), ((tuple(0 for _ in variables), Fraction(1)),), relation,
                         tuple(shift), terms=tuple((written(a), tuple(written(r) for r in key)) for a, key in terms),
                         root_factors=tuple((written(p), k) for p, k in roots),
                         squared=written(squared) if squared != 0 else (),
                         splits=tuple(None if s is None else tuple(written(p) if p != 0 else () for p in s)
                                      for s in splits))
    except (NoCertificate, sp.PolynomialError, sp.GeneratorsNeeded):     # (a constant has no Poly)
        return SolverOnly((), (), (), relation, solver=solver, expression=str(e))


def _difference_of_squares(a1: sp.Expr, x1: sp.Expr, a2: sp.Expr, x2: sp.Expr, gens) -> sp.Poly:
    """a1^2 x1 - a2^2 x2 (polynomials in ``gens``) as a Poly: the same polynomial sp.expand gives
    (an expanded polynomial has one canonical form), by Poly arithmetic, several times faster
    (MCC's SM and MON: these expansions were ~0.8 of the ~1.7 s their squarings certificates took)."""
    if not gens:                   # constants (a Poly needs a generator): the expansion as before
        return sp.Poly(sp.expand(a1 ** 2 * x1 - a2 ** 2 * x2), sp.Dummy())

    def poly(e):
        return sp.Poly(e, *gens)
    return poly(a1) ** 2 * poly(x1) - poly(a2) ** 2 * poly(x2)


def _where_negative(value: sp.Expr | sp.Poly, b: sp.Expr, gens) -> tuple[sp.Expr, sp.Expr]:
    """(R, M) with value = R + M b, R of positive coefficients and M of nonnegative ones (so
    value > 0 where b >= 0): each negative term of ``value`` is cancelled by M's term over a
    negative monomial of b; failing that, M by linear arithmetic (:mod:`.lpcert`).  Poly
    arithmetic throughout (expanding expressions was most of the cost)."""
    pv, pb = sp.Poly(value, *gens), sp.Poly(b, *gens)
    lows = [(m, c) for m, c in pb.terms() if c < 0]
    greedy: dict | None = {}
    for monom, c in pv.terms():
        if c > 0:
            continue
        low = next(((m, k) for m, k in lows if all(x >= y for x, y in zip(monom, m))), None)
        if low is None:
            greedy = None
            break
        quotient = tuple(x - y for x, y in zip(monom, low[0]))
        greedy[quotient] = greedy.get(quotient, 0) + c / low[1]
    for attempt in range(2):
        if attempt:         # the greedy cancellation failed: a multiplier by linear programming
            found = lpcert.multiplier(pv, pb)
            multiplier = None if found is None else sp.Poly(found, *gens)
        else:
            multiplier = None if greedy is None else sp.Poly.from_dict(greedy, *gens) if greedy else \
                sp.Poly(0, *gens)
        if multiplier is not None:
            remainder = pv - multiplier * pb
            if not remainder.is_zero and all(c > 0 for c in remainder.coeffs()) and \
                    (multiplier.is_zero or all(c > 0 for c in multiplier.coeffs())):
                return remainder.as_expr(), multiplier.as_expr()
    raise NoCertificate("a coefficient of either sign where the other term is <= 0")


CERTIFY_MAX_OPS = 400        # a larger expression decided by sympy's sign rules gets "solver only"


def of_sign(e: sp.Expr, gens, domain: Domain, strict: bool, solver: str) -> Certificate:
    """A certificate for e > 0 (>= 0) decided by ``solver``: checkable where e is a quotient of
    polynomials with rational coefficients or of square roots of positive ones, else "solver only"."""
    if sp.count_ops(e) > CERTIFY_MAX_OPS:        # building it would cost more than the decision did
        return SolverOnly((), (), (), ">" if strict else ">=", solver=solver + " (too large to certify)")
    if not gens:
        return positivity(e, *sp.fraction(e), gens, domain, strict, solver) if e.is_Rational else \
            squarings(e, gens, domain, strict, solver)
    num, den = sp.fraction(sp.together(e))
    if num.is_polynomial(*gens) and den.is_polynomial(*gens):
        return positivity(e, sp.expand(num), sp.expand(den), gens, domain, strict, solver)
    return squarings(e, gens, domain, strict, solver)


def identity(expr: sp.Expr, gens, domain: Domain, solver: str) -> Certificate:
    """The certificate of ``expr`` = 0: its terms, grouped by denominator, sum to 0."""
    variables, back, shift = _shifts(gens, domain)
    groups: dict = {}
    try:
        for term in sp.Add.make_args(expr):
            n, d = sp.fraction(sp.together(term))
            n, d = sp.expand(n.xreplace(back)), sp.expand(d.xreplace(back))
            key = poly_terms(d, variables)
            groups[key] = groups.get(key, sp.Integer(0)) + n
        terms = tuple((poly_terms(sp.expand(n), variables), d) for d, n in groups.items())
    except (NoCertificate, sp.PolynomialError):
        return SolverOnly((), (), (), "=", solver=solver, expression=str(expr))
    return Identity(tuple(map(str, variables)), (), ((tuple(0 for _ in variables), Fraction(1)),), "=",
                    tuple(shift), terms=terms)


def sides_identity(left: sp.Expr, right: sp.Expr, gens, domain: Domain, solver: str) -> Certificate:
    """The certificate of ``left`` = ``right`` as two terms N1/D1 and -N2/D2 that the kernel
    multiplies out itself (N1 D2 - N2 D1 = 0): both sides' normal forms, never their difference,
    which sympy may have cancelled before the kernel could see it."""
    variables, back, shift = _shifts(gens, domain)
    # the sides are written in the domain's own variables: state the domain's shifts of those (an
    # identity of polynomials needs none, but a certificate states its domain as it is)
    stated = {v for v, _ in shift}
    shift = shift + [(v, c) for v, c in _domain_shifts(domain).items()
                     if v in map(str, variables) and v not in stated]
    try:
        terms = []
        for side, sign in ((left, 1), (right, -1)):
            n, d = sp.fraction(sp.together(side))
            terms.append((poly_terms(sp.expand(sign * n.xreplace(back)), variables),
                          poly_terms(sp.expand(d.xreplace(back)), variables)))
    except (NoCertificate, sp.PolynomialError):
        return SolverOnly((), (), (), "=", solver=solver, expression=f"{left} - ({right})")
    return Identity(tuple(map(str, variables)), (), ((tuple(0 for _ in variables), Fraction(1)),), "=",
                    tuple(shift), terms=tuple(terms))


def _domain_shifts(domain: Domain) -> dict:
    """Variable name -> c for every domain variable x = c + u (c rational, u > 0)."""
    out = {}
    for x, image in domain.reparam.items():
        if len(image.free_symbols) == 1:
            c = sp.expand(image - next(iter(image.free_symbols)))
            if c.is_Rational and c != 0:
                out[str(x)] = Fraction(int(c.p), int(c.q))
    return out


def rejected(cert: Certificate, domain: Domain | None = None) -> str | None:
    """Why ``cert`` is rejected (None: accepted, or nothing to check): its shifts must be the
    domain's own (the kernel reads the shift as the domain: a larger one would prove less), and
    the independent checker must accept it."""
    if not cert.checkable:
        return None
    if isinstance(cert, AllOf):            # every part's shifts are the domain's; then the whole
        for k, part in enumerate(cert.parts):
            why = rejected(part, domain)
            if why is not None:
                return f"part {k + 1}: {why}"
        return kernel.check(cert.data())
    if domain is not None:
        expected, stated = _domain_shifts(domain), dict(cert.shift)
        wrong = [v for v in cert.variables if expected.get(v, 0) != stated.get(v, 0)]
        if wrong:
            return f"the shift of {', '.join(wrong)} is not the domain's"
    return kernel.check(cert.data())

