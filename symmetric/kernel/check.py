"""Re-verify one certificate's plain data; None = accepted, else the reason it is rejected.

Every variable ranges over (shift, oo), ``shift`` stated (default 0): the checker substitutes
variable = shift + y and reasons on y > 0, where a polynomial of coefficients >= 0 is >= 0,
and > 0 as soon as one is positive."""

from __future__ import annotations

from fractions import Fraction

from . import poly as P

STRICT = {">": True, ">=": False}


class Rejected(Exception):
    """The certificate does not prove what it claims."""


def poly_from_data(terms, nvars: int) -> dict:
    """[[exponents], "p/q"] pairs as a polynomial (malformed data is rejected, never guessed)."""
    out: dict = {}
    for exps, coeff in terms:
        exps = tuple(exps)
        if len(exps) != nvars or not all(isinstance(k, int) and k >= 0 for k in exps):
            raise Rejected(f"bad exponent tuple {list(exps)}")
        out = P.add(out, {exps: Fraction(coeff)})
    return out


def _nonnegative(p: dict) -> bool:
    return all(c > 0 for c in p.values())     # zero coefficients are never stored


def _positive(p: dict) -> bool:
    return bool(p) and _nonnegative(p)


def _product(constant, factors, nvars: int, offsets: list, where: str, strict: bool) -> dict:
    """constant * prod(factor^power), after checking each factor's stated sign reason."""
    out = P.const(constant, nvars)
    for k, f in enumerate(factors):
        poly, power, reason = poly_from_data(f["poly"], nvars), f["power"], f["reason"]
        if not isinstance(power, int) or power < 1:
            raise Rejected(f"{where} factor {k + 1}: bad power {power!r}")
        shifted = P.shift(poly, offsets)
        if reason == "cell":
            ok = len(poly) == 1 and list(poly.values()) == [1] and sum(next(iter(poly))) == 1 \
                and _positive(shifted)
        elif reason == "sum of cells":
            ok = bool(poly) and all(sum(e) == 1 for e in poly) and _positive(shifted)
        elif reason == "positive coefficients":
            ok = _positive(shifted)
        elif reason == "square":
            # a square is only >= 0: never in a denominator, never where the claim is strict
            ok = power % 2 == 0 and where == "numerator" and not strict
        else:
            raise Rejected(f"{where} factor {k + 1}: unknown reason {reason!r}")
        if not ok:
            raise Rejected(f"{where} factor {k + 1}: not {reason} on the domain")
        out = P.mul(out, P.power(poly, power, nvars))
    return out


# what a part's relation must be for a conjunction ("all of") to claim the relation on the left
_PART_RELATIONS = {">": (">",), ">=": (">", ">=", "="), "=": ("=",)}


def _check(data: dict) -> None:
    kind, relation = data["kind"], data["relation"]
    if kind == "all of":
        parts = data["parts"]
        if not parts:
            raise Rejected("a conjunction of no relations")
        for k, part in enumerate(parts):
            if relation not in _PART_RELATIONS or part["relation"] not in _PART_RELATIONS[relation]:
                raise Rejected(f"part {k + 1} proves {part['relation']!r}, weaker than {relation!r}")
            try:
                _check(part)
            except Rejected as why:
                raise Rejected(f"part {k + 1}: {why}") from None
        return
    variables = list(data["variables"])
    n = len(variables)
    shift = {v: Fraction(c) for v, c in data.get("shift", [])}
    if set(shift) - set(variables):
        raise Rejected(f"shift of an unknown variable {sorted(set(shift) - set(variables))}")
    offsets = [shift.get(v, Fraction(0)) for v in variables]
    num, den = poly_from_data(data["numerator"], n), poly_from_data(data["denominator"], n)
    if not den:
        raise Rejected("the denominator is the zero polynomial")
    if kind in ("identity", "vanishing"):
        if relation != "=":
            raise Rejected(f"an identity proves '=', not {relation!r}")
        if num:
            raise Rejected("the numerator is not the zero polynomial")
        if kind == "vanishing":
            return _vanishing(data, n, lambda p: _positive(P.shift(p, offsets)))
        terms = [(poly_from_data(a, n), poly_from_data(b, n)) for a, b in data["terms"]]
        if any(not b for _, b in terms):
            raise Rejected("a term has a zero denominator")
        total = {}                   # sum of N_i * prod_{j != i} D_j
        for i, (a, _) in enumerate(terms):
            for j, (_, b) in enumerate(terms):
                if j != i:
                    a = P.mul(a, b)
            total = P.add(total, a)
        if total:
            raise Rejected(f"the terms do not sum to 0 ({len(total)} terms remain)")
        return
    if relation not in STRICT:
        raise Rejected(f"a {kind} certificate proves '>' or '>=', not {relation!r}")
    strict = STRICT[relation]
    if kind == "sign by factors":
        c_num, c_den = Fraction(data["numerator_constant"]), Fraction(data["denominator_constant"])
        if not c_den:
            raise Rejected("zero denominator constant")
        if P.add(num, P.scale(_product(c_num, data["numerator_factors"], n, offsets, "numerator", strict), -1)):
            raise Rejected("the numerator's factors do not multiply back to the numerator")
        if P.add(den, P.scale(_product(c_den, data["denominator_factors"], n, offsets, "denominator", True), -1)):
            raise Rejected("the denominator's factors do not multiply back to the denominator")
        quotient = c_num / c_den
        if quotient < 0 or (strict and quotient == 0):
            raise Rejected(f"the constants give the wrong sign ({quotient})")
        return
    if kind == "squarings":
        return _squarings(data, n, lambda p: _positive(P.shift(p, offsets)))
    if kind == "positive coefficients":
        sign = data["sign"]
        if sign not in (1, -1):
            raise Rejected(f"bad sign {sign!r}")
        n_shifted = P.shift(P.scale(num, sign), offsets)
        d_shifted = P.shift(P.scale(den, sign), offsets)
        if not _positive(d_shifted):
            raise Rejected("a coefficient of the shifted denominator has the wrong sign")
        if not (_positive(n_shifted) if strict else _nonnegative(n_shifted)):
            raise Rejected("a coefficient of the shifted numerator has the wrong sign")
        return
    raise Rejected(f"no checkable certificate of kind {kind!r}")


def _vanishing(data: dict, n: int, positive) -> None:
    """F * prod p_j^(k_j/2) = 0: each logarithm (the last variables) is log(N/N) = 0, F is 0 once
    they are, every p_j positive (see certificate.Vanishing)."""
    free = n - len(data["logs"])
    if free < 0:
        raise Rejected("more logarithms than variables")

    def plain(p):        # a polynomial in the real variables only (no logarithm in it)
        return all(not any(e[free:]) for e in p)
    for k, (a, b) in enumerate(data["logs"]):
        a, b = poly_from_data(a, n), poly_from_data(b, n)
        if not (plain(a) and plain(b) and positive(b)) or P.add(a, P.scale(b, -1)):
            raise Rejected(f"logarithm {k + 1} is not of 1 (N = D > 0)")
    for k, (p, power) in enumerate(data["root_factors"]):
        p = poly_from_data(p, n)
        if not (isinstance(power, int) and power and plain(p) and positive(p)):
            raise Rejected(f"factor {k + 1} is not a power of a positive polynomial")
    product = P.const(1, n)
    for summands in data["zero"]:    # F: a product of sums (the summands' terms together are their sum)
        product = P.mul(product, poly_from_data([t for summand in summands for t in summand], n))
    if not data["zero"] or any(not any(e[free:]) for e in product):
        raise Rejected("the polynomial factor is not 0 once the logarithms are 0")


def _squarings(data: dict, n: int, positive) -> None:
    """sum A_i sqrt(X_i) / prod p_j^(k_j/2) > 0, every X_i and p_j positive (see certificate.Squarings)."""
    for k, (p, power) in enumerate(data["root_factors"]):
        if not (isinstance(power, int) and power >= 1 and positive(poly_from_data(p, n))):
            raise Rejected(f"denominator factor {k + 1} is not positive")
    terms = []
    for k, (a, radicands) in enumerate(data["terms"]):
        x = P.const(1, n)
        for r in radicands:
            r = poly_from_data(r, n)
            if not positive(r):
                raise Rejected(f"a radicand of term {k + 1} is not positive")
            x = P.mul(x, r)
        terms.append((poly_from_data(a, n), x))
    if not terms:
        raise Rejected("no terms")
    if all(positive(a) for a, _ in terms):
        return
    if len(terms) != 2:
        raise Rejected("a term of either sign, and not two terms")
    splits = data.get("splits") or [None, [data["terms"][0][0], [], data["squared"], []]]   # A_1 > 0, one squaring
    for i in (0, 1):        # where A_i <= 0, the other term is > 0 and dominates it (both given)
        (ai, xi), (aj, xj), split = terms[i], terms[1 - i], splits[i]
        if split is None:
            if not positive(ai):
                raise Rejected(f"term {i + 1} is of either sign, and no squaring is given for it")
            continue
        p_, q_, r_, m_ = (poly_from_data(x, n) for x in split)
        minus = P.scale(ai, -1)
        squared = P.add(P.mul(P.power(aj, 2, n), xj), P.scale(P.mul(P.power(ai, 2, n), xi), -1))
        if P.add(aj, P.scale(P.add(p_, P.mul(q_, minus)), -1)) or P.add(squared, P.scale(P.add(r_, P.mul(m_, minus)), -1)):
            raise Rejected(f"term {i + 1}: not A_j = P + Q (-A_i) and A_j^2 X_j - A_i^2 X_i = R + M (-A_i)")
        if not (positive(p_) and positive(r_) and (not q_ or positive(q_)) and (not m_ or positive(m_))):
            raise Rejected(f"term {i + 1}: a coefficient of P, Q, R or M has the wrong sign")


def check(data: dict) -> str | None:
    """None when the certificate proves its relation, else why not (malformed data included)."""
    try:
        _check(data)
    except Rejected as why:
        return str(why)
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as why:
        return f"malformed certificate ({type(why).__name__}: {why})"
    return None
