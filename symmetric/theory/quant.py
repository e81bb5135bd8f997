"""Sebastiani's quantification properties as constraints on an unknown error measure, binary
codeframe (c1 with true prevalence p, predicted q; lower is better), on the grid k/den.

Unknowns: M(q,p) for p in 1/den, ..., (den-1)/den and q in 0, 1/den, ..., 1 (a total measure:
every value a real).  The binary forms as :mod:`symmetric.quantification.binary` states them:

* NN: M(q,p) >= 0;  IoI: M(p,p) = 0 and M(q,p) != 0 for q != p;
* MON (B-MON): p <= q'' < q' or q' < q'' <= p gives M(q',p) > M(q'',p) (grid neighbours; the
  predictions range over [0, 1], as the paper's predicted distributions do, vertices included);
  and, for the value F(p) MAX's maximiser takes (a prediction that need not be on the grid),
  F(p) <= M(0,p) or F(p) <= M(1,p): under MON no prediction scores worse than both vertices;
* IMP (B-IMP): M(p+a,p) = M(p-a,p) for both predictions in (0, 1);
* REL (B-REL): 0 < p' < p'' < 1/2, a > 0, one sign s, both predictions in (0, 1):
  M(p'+sa,p') > M(p''+sa,p'');  ABS (B-ABS): the same premises give equality;
* MAX: one worst value c_MAX: M(q,p) <= c_MAX on the grid, and F(p) = c_MAX is attained at
  some prediction (a fresh unknown, never a grid point: that could make a wrong "inconsistent").

A binary codeframe is a codeframe, so every instance here is an instance of the paper's property:
an inconsistency on the grid is one for the paper's properties; "consistent" means on the grid.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import InvalidArgument
from .encode import Instance
from .formula import compare, linear, negate

ENCODED = ("NN", "IoI", "MON", "IMP", "REL", "ABS", "MAX")
ALIASES = {"B-MON": "MON", "B-IMP": "IMP", "B-REL": "REL", "B-ABS": "ABS"}
DEFAULT_DEN = 6


def value(q: Fraction, p: Fraction) -> str:
    return f"M({q},{p})"


def _worst(p: Fraction) -> str:
    return f"F({p})"


def _grid(den: int):
    ps = [Fraction(k, den) for k in range(1, den)]
    qs = [Fraction(k, den) for k in range(den + 1)]
    return ps, qs


def _nn(den):
    ps, qs = _grid(den)
    return [Instance("NN", f"NN: M({q},{p}) >= 0", linear({value(q, p): 1}, 0, ">=")) for p in ps for q in qs]


def _ioi(den):
    ps, qs = _grid(den)
    out = [Instance("IoI", f"IoI: M({p},{p}) = 0", linear({value(p, p): 1}, 0, "=")) for p in ps]
    return out + [Instance("IoI", f"IoI: M({q},{p}) != 0", negate(linear({value(q, p): 1}, 0, "=")))
                  for p in ps for q in qs if q != p]


def _mon(den):
    ps, qs = _grid(den)
    out = []
    for p in ps:
        for lo, hi in zip(qs, qs[1:]):
            if lo >= p:        # p <= lo < hi: hi is further from p
                out.append(Instance("MON", f"MON: M({hi},{p}) > M({lo},{p})", compare(value(hi, p), ">", value(lo, p))))
            elif hi <= p:      # lo < hi <= p: lo is further from p
                out.append(Instance("MON", f"MON: M({lo},{p}) > M({hi},{p})", compare(value(lo, p), ">", value(hi, p))))
        from .formula import Or
        out.append(Instance("MON", f"MON: F({p}) (any prediction's value) <= M(0,{p}) or <= M(1,{p})",
                            Or((compare(_worst(p), "<=", value(Fraction(0), p)),
                                compare(_worst(p), "<=", value(Fraction(1), p))))))
    return out


def _imp(den):
    ps, _ = _grid(den)
    out = []
    for p in ps:
        for k in range(1, den):
            a = Fraction(k, den)
            if 0 < p - a and p + a < 1:
                out.append(Instance("IMP", f"IMP: M({p + a},{p}) = M({p - a},{p})",
                                    compare(value(p + a, p), "=", value(p - a, p))))
    return out


def _rel_abs(name: str, op: str, den: int):
    half = [Fraction(k, den) for k in range(1, den) if 2 * k < den]
    out = []
    for p1 in half:
        for p2 in half:
            if p1 >= p2:
                continue
            for k in range(1, den):
                for s in (1, -1):
                    a = Fraction(s * k, den)
                    if 0 < p1 + a < 1 and 0 < p2 + a < 1:
                        out.append(Instance(name, f"{name}: M({p1 + a},{p1}) {op} M({p2 + a},{p2}) (shift {a})",
                                            compare(value(p1 + a, p1), op, value(p2 + a, p2))))
    return out


def _max(den):
    ps, qs = _grid(den)
    out = [Instance("MAX", f"MAX: M({q},{p}) <= c_MAX", compare(value(q, p), "<=", "c_MAX")) for p in ps for q in qs]
    return out + [Instance("MAX", f"MAX: the worst value c_MAX is attained for p = {p}, at a prediction scoring F({p})",
                           compare(_worst(p), "=", "c_MAX")) for p in ps]


def instances(name: str, den: int) -> list[Instance]:
    key = ALIASES.get(name, name)
    table = {"NN": _nn, "IoI": _ioi, "MON": _mon, "IMP": _imp, "MAX": _max,
             "REL": lambda d: _rel_abs("REL", ">", d), "ABS": lambda d: _rel_abs("ABS", "=", d)}
    if key not in table:
        raise InvalidArgument("property", name, "has no encoding for consistent/implies (quantification: "
                              + ", ".join(ENCODED) + ", and the binary forms B-MON, B-IMP, B-REL, B-ABS)")
    return table[key](den)


# ------------------------------------------------------------------ vertex values as limits

def vertex_limits(present, den: int) -> list[Instance]:
    """The reading in which a vertex value is the limit of the interior ones, M(0,p) = lim
    M(q,p) as q -> 0 and M(1,p) likewise (the catalogue's checkers read a measure so).  No finite
    set of grid values says "is a limit", so its consequences are added as lemmas, each proved
    here by hand from properties in ``present`` (a lemma is added only when they all are):

    * MON and REL (or ABS), 0 < p' < p'' < 1/2 on the grid: M(1,p'') <= M(p'+1-p'',p').  For
      0 < a < 1-p'', REL (ABS) gives M(p''+a,p'') < (=) M(p'+a,p'), and MON M(p'+a,p') <
      M(p'+1-p'',p') (p' < p'+a < p'+1-p'': further from p'); let a -> 1-p''.
    * MON and IMP, 0 < p < 1/2: M(0,p) <= M(2p,p).  For 0 < a < p, IMP gives M(p-a,p) =
      M(p+a,p) and MON M(p+a,p) < M(2p,p); let a -> p.

    A lemma is weaker than its premises with the limit, so an inconsistency found with it is one
    of the properties in this reading; with the lemmas and no contradiction the answer is still
    only "consistent on the grid"."""
    out = []
    half = [Fraction(k, den) for k in range(1, den) if 2 * k < den]
    if "MON" in present:
        for name in ("REL", "ABS"):
            if name not in present:
                continue
            for p1 in half:
                for p2 in half:
                    if p1 < p2:
                        out.append(Instance(f"MON+{name}", f"MON, {name} and M(1,{p2}) = lim M(q,{p2}) (q -> 1): "
                                            f"M(1,{p2}) <= M({p1 + 1 - p2},{p1})",
                                            compare(value(Fraction(1), p2), "<=", value(p1 + 1 - p2, p1))))
        if "IMP" in present:
            for p in half:
                out.append(Instance("MON+IMP", f"MON, IMP and M(0,{p}) = lim M(q,{p}) (q -> 0): M(0,{p}) <= "
                                    f"M({2 * p},{p})", compare(value(Fraction(0), p), "<=", value(2 * p, p))))
    return out
