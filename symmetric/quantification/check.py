"""What ``symmetric check --kind quantification`` needs (the command itself lives on the CLI side).

Writing a measure
-----------------
A user measure is a *decomposable* error measure: one expression ``t`` in the per-class symbols

* ``p`` -- the true prevalence of a class,
* ``q`` -- the predicted prevalence of the same class,
* ``n`` -- the number of classes |C|,

and the measure is E(p, p^) = sum over the classes c of t(p(c), p^(c), n).  Examples:
``abs(q - p)/n`` is AE, ``(q - p)**2/n`` is SE, ``p*log(p/q)`` is KLD, ``(p - q)**2/(2*q)`` is
PD.  The same expression serves the binary codeframe (n = 2) and any |C|-class codeframe.
Normalised or transformed measures (NAE, NRAE, NKLD) are available by catalogue name only;
smoothing is not applied to user measures (the checks are made on 0 < p, q < 1).
"""

from __future__ import annotations

import sympy as sp

from ..errors import InputError
from ..properties.base import PropertyResult
from . import measures as qm
from .distributions import n, p, q
from .properties import check_all

SYMBOLS: dict[str, sp.Symbol] = {"p": p, "q": q, "n": n}
"""The names a user expression may use (for the whitelist parser)."""


def build_measure(expr: sp.Expr, name: str = "user", *, source: str | None = None) -> qm.QuantMeasure:
    """A measure object from a parsed per-class term (see the module doc)."""
    unknown = sorted(str(s) for s in expr.free_symbols if s not in set(SYMBOLS.values()))
    if unknown:
        raise InputError(f"unknown symbol(s) {', '.join(unknown)}; a quantification measure is a per-class "
                         "term in p (true prevalence), q (predicted prevalence) and n (|C|)", source=source)
    if q not in expr.free_symbols:
        raise InputError("the measure does not depend on the prediction q", source=source)
    return qm.QuantMeasure(name, name, expr)


def catalogue_measure(name: str) -> qm.QuantMeasure:
    """A catalogue measure by (case-insensitive) name; unknown names raise UnknownNameError."""
    return qm.get(name)


def run_all(measure: qm.QuantMeasure, smoothing=None) -> dict[str, PropertyResult]:
    """Every property checker (IoI, NN, MAX, MON, IMP, REL, ABS, IND, B-MON, B-IMP, B-REL, B-ABS)."""
    return check_all(measure, smoothing)
