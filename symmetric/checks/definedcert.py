"""Definedness with its certificate: every denominator of a case non-zero, every root argument
nonnegative, every log argument positive, each by a certificate the kernel re-verified.

:func:`symmetric.checks.cases.definedness` decides; this module asks the same obligations of
the same deciders again (they are cached: no second proof is computed) and gathers each
decision's certificate into one (:func:`symmetric.certificate.all_of`), so that a definedness
case of a proof carries its certificate as every other case does.  The verdict is
``definedness``'s own, except that a certificate the kernel rejects turns a True into None
(undecided, with the reason), as :func:`symmetric.checks.decide._proved` does.
"""

from __future__ import annotations

import sympy as sp

from ..certificate import Certificate, all_of
from ..domain import EVERYWHERE, Domain
from . import certify
from .cases import definedness, obligations
from .decide import is_positive_everywhere


def _obligation_certificate(kind: str, subject: sp.Expr, domain: Domain) -> Certificate | None:
    """The certificate of one obligation that ``definedness`` proved (None: none found)."""
    # asked exactly as cases._obligation_holds asks (lru_cache keys on how the arguments are
    # passed: a keyword where it passed none would be a cache miss, a second proof)
    if kind == "nonzero":                 # positive, or else negative, everywhere (lazily, as there)
        decisions = (is_positive_everywhere(s, domain) for s in (subject, -subject))
    else:
        decisions = iter((is_positive_everywhere(subject, domain, strict=kind == "positive"),))
    return next((d.certificate for d in decisions if d.value is True), None)


def certified_definedness(expr: sp.Expr, domain: Domain = EVERYWHERE,
                          substitution: dict | None = None) -> tuple[bool | None, str, Certificate | None]:
    """``definedness``'s (verdict, why) and, for True, the certificate of its obligations (an
    :class:`~symmetric.certificate.AllOf` of one per obligation; a case with no obligation -- a
    polynomial -- has the constant 1 as its one denominator)."""
    ok, why = definedness(expr, domain, substitution)
    if ok is not True:
        return ok, why, None
    listed = obligations(expr, substitution)
    if isinstance(listed, str):            # cannot happen after a True; never a certificate then
        return ok, why, None
    parts = []
    for ob in listed:
        cert = _obligation_certificate(ob.kind, ob.subject, domain)
        if cert is None:
            return ok, why, None
        parts.append(cert)
    if not parts:            # a polynomial: its one denominator is the constant 1
        parts.append(certify.of_sign(sp.Integer(1), (), domain, True, "exact arithmetic"))
    cert = all_of(parts)
    rejected = certify.rejected(cert, domain)
    if rejected is not None:          # the kernel has the last word: not proved, and why
        return None, f"the independent checker rejected the {cert.kind} certificate: {rejected}", None
    return ok, why, cert
