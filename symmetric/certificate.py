"""Certificates: why a decided sign or identity holds, as data a small checker can re-verify.

A decider (:mod:`symmetric.checks.decide`) that proves ``expr > 0`` (``>= 0``, ``= 0``) on a
domain records the decisive quantity Δ = N/D as two polynomials over named variables, and the
reason the relation holds, in one of these kinds:

* :class:`Identity` -- Δ is a sum of fractions N_i/D_i whose sum is 0 (both sides brought to
  one normal form);
* :class:`SignByFactors` -- N and D factored (a constant times powers of factors), each factor's
  sign on the domain by a stated reason (a cell, a sum of cells, positive coefficients, a square);
* :class:`PositiveCoefficients` -- after the positive reparametrisation x = shift + y (y > 0)
  every coefficient of N and D is >= 0 (one > 0 where strictness needs it);
* :class:`Squarings` -- square roots of positive polynomials: every term positive, or one
  squaring (A_1^2 X_1 - A_2^2 X_2 of positive coefficients) licensed by A_1 > 0, or, for two
  terms of either sign, per term where A_i <= 0: the other A_j > 0 and A_j^2 X_j - A_i^2 X_i
  > 0 (each written R + M (-A_i), R and M of positive coefficients);
* :class:`Vanishing` -- Δ = 0 with square roots or logarithms: a polynomial factor is 0 once
  each logarithm (of 1) is 0, the other factors are powers of positive polynomials;
* :class:`AllOf` -- several relations at once (every denominator of a measure non-zero on a
  case, every root argument nonnegative): each part a certificate of its own, all re-verified;
* :class:`SolverOnly` -- no certificate: the relation rests on the named solver (z3 unsat, or
  sympy's sign rules) and is counted as such.

Polynomials are tuples of (exponent tuple, Fraction) over ``variables``, never sympy objects, so
that the independent checker (:mod:`symmetric.kernel`, stdlib only) can read them through
:meth:`Certificate.data`.  Every variable is a positive real (the decider's positive
reparametrisation), shifted by ``shift`` where stated: variable = shift + (a positive real).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

Term = tuple[tuple[int, ...], Fraction]
Poly = tuple[Term, ...]

# the relation a certificate claims of Δ
RELATIONS = (">", ">=", "=")
# why a factor is positive (nonnegative for "square") on the positive orthant
FACTOR_REASONS = ("cell", "sum of cells", "positive coefficients", "square")


def _poly(terms) -> Poly:
    """Terms with zero coefficients dropped, in a canonical order (equal polynomials compare equal)."""
    merged: dict[tuple[int, ...], Fraction] = {}
    for exps, coeff in terms:
        key = tuple(int(e) for e in exps)
        c = coeff if type(coeff) is Fraction else Fraction(coeff)    # (a decoded certificate: text)
        merged[key] = c if key not in merged else merged[key] + c
    return tuple(sorted((e, c) for e, c in merged.items() if c != 0))


def _poly_data(poly: Poly) -> list:
    return [[list(e), str(c)] for e, c in poly]


@dataclass(frozen=True)
class Factor:
    """``poly`` to the power ``power``, of the sign its ``reason`` gives (see FACTOR_REASONS)."""

    poly: Poly
    power: int
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "poly", _poly(self.poly))
        if self.reason not in FACTOR_REASONS:
            raise ValueError(f"unknown factor reason {self.reason!r}")

    def data(self) -> dict:
        return {"poly": _poly_data(self.poly), "power": self.power, "reason": self.reason}


@dataclass(frozen=True)
class Certificate:
    """Δ = numerator/denominator over ``variables`` (positive reals), and ``relation`` (Δ > 0,
    Δ >= 0 or Δ = 0) that the certificate's kind justifies."""

    variables: tuple[str, ...]
    numerator: Poly
    denominator: Poly
    relation: str
    # variable = shift + (a positive real) for each listed variable (the others: shift 0)
    shift: tuple[tuple[str, Fraction], ...] = ()

    kind = "certificate"

    def __post_init__(self) -> None:
        object.__setattr__(self, "variables", tuple(self.variables))
        object.__setattr__(self, "numerator", _poly(self.numerator))
        object.__setattr__(self, "denominator", _poly(self.denominator))
        object.__setattr__(self, "shift", tuple((str(v), Fraction(c)) for v, c in self.shift if Fraction(c)))
        if self.relation not in RELATIONS:
            raise ValueError(f"unknown relation {self.relation!r}")

    @property
    def checkable(self) -> bool:
        """Whether the independent checker can re-verify it (every kind but SolverOnly)."""
        return True

    def data(self) -> dict:
        """Plain data (lists, str, int): what the kernel checks and JSON shows."""
        return {"kind": self.kind, "variables": list(self.variables), "relation": self.relation,
                "numerator": _poly_data(self.numerator), "denominator": _poly_data(self.denominator),
                "shift": [[v, str(c)] for v, c in self.shift], **self._extra()}

    def _extra(self) -> dict:
        return {}


@dataclass(frozen=True)
class Identity(Certificate):
    """Δ = sum of ``terms`` (each (N_i, D_i)); the terms over a common denominator sum to 0, and
    Δ's own N is that sum (so N is the zero polynomial)."""

    terms: tuple[tuple[Poly, Poly], ...] = ()

    kind = "identity"

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "terms", tuple((_poly(n), _poly(d)) for n, d in self.terms))

    def _extra(self) -> dict:
        return {"terms": [[_poly_data(n), _poly_data(d)] for n, d in self.terms]}


@dataclass(frozen=True)
class SignByFactors(Certificate):
    """N = numerator_constant * prod(factors), D = denominator_constant * prod(factors); each
    factor positive (a square: nonnegative) on the domain by its reason, so Δ's sign is the sign
    of the two constants' quotient."""

    numerator_constant: Fraction = Fraction(1)
    numerator_factors: tuple[Factor, ...] = ()
    denominator_constant: Fraction = Fraction(1)
    denominator_factors: tuple[Factor, ...] = ()

    kind = "sign by factors"

    def _extra(self) -> dict:
        return {"numerator_constant": str(Fraction(self.numerator_constant)),
                "numerator_factors": [f.data() for f in self.numerator_factors],
                "denominator_constant": str(Fraction(self.denominator_constant)),
                "denominator_factors": [f.data() for f in self.denominator_factors]}


@dataclass(frozen=True)
class PositiveCoefficients(Certificate):
    """After variable = shift + y (y > 0) for every variable, ``sign`` * N and ``sign`` * D
    have only nonnegative coefficients, a positive one where strictness needs it."""

    sign: int = 1

    kind = "positive coefficients"

    def _extra(self) -> dict:
        return {"sign": self.sign}


@dataclass(frozen=True)
class Squarings(Certificate):
    """Δ with square roots: numerator = sum of A_i * sqrt(prod radicands_i) (``terms``), denominator =
    prod p_j^(k_j/2) (``root_factors``, (p_j, k_j)), every radicand and every p_j of positive
    coefficients.  Either every A_i has positive coefficients, or there are two terms, A_1 has
    positive coefficients and the one squaring A_1^2 X_1 - A_2^2 X_2 (``squared``) does: then
    A_1 sqrt(X_1) > |A_2| sqrt(X_2), so the numerator is positive; or two terms with ``splits``
    (below), for coefficients of either sign.  ``numerator`` and ``denominator`` are empty (Δ
    is not a quotient of polynomials)."""

    terms: tuple[tuple[Poly, tuple[Poly, ...]], ...] = ()
    root_factors: tuple[tuple[Poly, int], ...] = ()
    squared: Poly = ()
    # two terms whose A_i may be of either sign: per term, None (A_i > 0) or (P, Q, R, M) with
    # A_j = P + Q (-A_i) and A_j^2 X_j - A_i^2 X_i = R + M (-A_i), P, R of positive coefficients
    # and Q, M of nonnegative ones: where A_i <= 0 the other term is positive and dominates it
    splits: tuple = ()

    kind = "squarings"

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "terms", tuple((_poly(a), tuple(_poly(r) for r in rs)) for a, rs in self.terms))
        object.__setattr__(self, "root_factors", tuple((_poly(p), int(k)) for p, k in self.root_factors))
        object.__setattr__(self, "squared", _poly(self.squared))
        object.__setattr__(self, "splits", tuple(None if s is None else tuple(_poly(p) for p in s)
                                                 for s in self.splits))

    def _extra(self) -> dict:
        return {"terms": [[_poly_data(a), [_poly_data(r) for r in rs]] for a, rs in self.terms],
                "root_factors": [[_poly_data(p), k] for p, k in self.root_factors],
                "squared": _poly_data(self.squared),
                **({"splits": [None if s is None else [_poly_data(p) for p in s] for s in self.splits]}
                   if self.splits else {})}


@dataclass(frozen=True)
class Vanishing(Certificate):
    """Δ = 0 where Δ is no quotient of polynomials: Δ = F * prod p_j^(k_j/2) (``root_factors``,
    (p_j, k_j), k_j of either sign), F a polynomial in the variables whose last len(``logs``)
    stand for logarithms log(N_i/D_i) (``logs``, (N_i, D_i)), written as a product of sums
    (``zero``: each factor the tuple of its summands as written, so that the checker adds and
    multiplies them itself).  Every N_i equals D_i
    and D_i > 0 (each logarithm is log 1 = 0), F is the zero polynomial once they are 0, and every
    p_j is positive (the product is finite).  ``numerator`` and ``denominator`` are 0 and 1."""

    zero: tuple[tuple[Poly, ...], ...] = ()
    logs: tuple[tuple[Poly, Poly], ...] = ()
    root_factors: tuple[tuple[Poly, int], ...] = ()

    kind = "vanishing"

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "zero", tuple(tuple(_poly(t) for t in f) for f in self.zero))
        object.__setattr__(self, "logs", tuple((_poly(n), _poly(d)) for n, d in self.logs))
        object.__setattr__(self, "root_factors", tuple((_poly(p), int(k)) for p, k in self.root_factors))

    def _extra(self) -> dict:
        return {"zero": [[_poly_data(t) for t in f] for f in self.zero], "logs": [[_poly_data(n), _poly_data(d)] for n, d in self.logs],
                "root_factors": [[_poly_data(p), k] for p, k in self.root_factors]}


@dataclass(frozen=True)
class SolverOnly(Certificate):
    """No certificate: the relation rests on ``solver`` alone (counted, never re-verified)."""

    solver: str = "z3 (unsat)"
    # Δ as text when it is not a quotient of polynomials (square roots): numerator and
    # denominator are then empty
    expression: str = ""

    kind = "solver only"

    @property
    def checkable(self) -> bool:
        return False

    def _extra(self) -> dict:
        return {"solver": self.solver, **({"expression": self.expression} if self.expression else {})}


@dataclass(frozen=True)
class AllOf(Certificate):
    """Several relations, each certified by one of ``parts`` (what a definedness proof needs: each
    denominator of the case non-zero, each root argument nonnegative).  ``relation`` is the
    weakest the parts prove ('>' only when every part is strict); numerator and denominator are
    empty.  Checkable when every part is."""

    parts: tuple[Certificate, ...] = ()

    kind = "all of"

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "parts", tuple(self.parts))

    @property
    def checkable(self) -> bool:
        return bool(self.parts) and all(p.checkable for p in self.parts)

    def _extra(self) -> dict:
        return {"parts": [p.data() for p in self.parts]}


def all_of(parts) -> Certificate:
    """One certificate for several relations: the part itself when there is one, else
    :class:`AllOf` (relation '>' only when every part proves a strict one)."""
    parts = tuple(dict.fromkeys(parts))            # a relation proved twice is said once
    if len(parts) == 1:
        return parts[0]
    relations = {p.relation for p in parts}
    relation = relations.pop() if len(relations) == 1 else ">="      # = and > both give >=
    return AllOf((), (), (), relation, parts=parts)


def describe(cert: Certificate | None) -> str:
    """One line for a reader: the kind and what makes it work."""
    if cert is None:
        return "no certificate"
    if isinstance(cert, SolverOnly):
        return f"{cert.solver}, no certificate"
    if isinstance(cert, AllOf):
        return f"{len(cert.parts)} relations: " + "; ".join(describe(p) for p in cert.parts)
    if isinstance(cert, Identity):
        return f"identity: {len(cert.terms)} terms sum to 0"
    if isinstance(cert, Vanishing):
        return ("vanishing: a factor is 0" + (f" once its {len(cert.logs)} logarithms of 1 are 0" if cert.logs else "")
                + ", the other factors positive")
    if isinstance(cert, Squarings):
        if cert.splits:
            return "where a term's A_i <= 0 the other dominates it: A_j^2 X_j - A_i^2 X_i = R + M (-A_i) > 0"
        return ("one squaring: A1^2 X1 - A2^2 X2 has positive coefficients" if cert.squared
                else "every term of square roots positive")
    if isinstance(cert, PositiveCoefficients):
        shifted = ", ".join(f"{v} = {c} + y" for v, c in cert.shift)
        return "every coefficient of N and D " + ("positive" if cert.sign > 0 else "negative") + \
            (f" after {shifted}" if shifted else "")
    if isinstance(cert, SignByFactors):
        reasons = sorted({f.reason for f in cert.numerator_factors + cert.denominator_factors})
        return "sign by factors (" + (", ".join(reasons) or "constants") + ")"
    return cert.kind


def _unpoly(data) -> Poly:
    return tuple((tuple(e), Fraction(c)) for e, c in data)


_KINDS = {cls.kind: cls for cls in (Identity, SignByFactors, PositiveCoefficients, Squarings, Vanishing, SolverOnly,
                                    AllOf)}


def from_data(data: dict) -> Certificate:
    """The certificate :meth:`Certificate.data` wrote (a cached result read back)."""
    cls = _KINDS[data["kind"]]
    if cls is AllOf:
        return AllOf((), (), (), data["relation"], parts=tuple(from_data(p) for p in data["parts"]))
    fields = dict(variables=tuple(data["variables"]), numerator=_unpoly(data["numerator"]),
                  denominator=_unpoly(data["denominator"]), relation=data["relation"],
                  shift=tuple((v, Fraction(c)) for v, c in data.get("shift", ())))
    if cls is Identity:
        fields["terms"] = tuple((_unpoly(n), _unpoly(d)) for n, d in data["terms"])
    elif cls is SignByFactors:
        for side in ("numerator", "denominator"):
            fields[f"{side}_constant"] = Fraction(data[f"{side}_constant"])
            fields[f"{side}_factors"] = tuple(Factor(_unpoly(f["poly"]), int(f["power"]), f["reason"])
                                              for f in data[f"{side}_factors"])
    elif cls is PositiveCoefficients:
        fields["sign"] = int(data["sign"])
    elif cls is Squarings:
        fields["terms"] = tuple((_unpoly(a), tuple(_unpoly(r) for r in rs)) for a, rs in data["terms"])
        fields["root_factors"] = tuple((_unpoly(p), int(k)) for p, k in data["root_factors"])
        fields["squared"] = _unpoly(data["squared"])
        fields["splits"] = tuple(None if s is None else tuple(_unpoly(p) for p in s) for s in data.get("splits", ()))
    elif cls is Vanishing:
        fields["zero"] = tuple(tuple(_unpoly(t) for t in f) for f in data["zero"])
        fields["logs"] = tuple((_unpoly(n), _unpoly(d)) for n, d in data["logs"])
        fields["root_factors"] = tuple((_unpoly(p), int(k)) for p, k in data["root_factors"])
    else:
        fields["solver"] = data["solver"]
        fields["expression"] = data.get("expression", "")
    return cls(**fields)
