"""Quantification properties as predicates on a rational grid of prevalences, 0 and 1 included.

Binary codeframes take the prevalence of c1 from :data:`GRID`; three-class codeframes every
distribution with denominator 4.  The proofs of the checkers cover 0 < p, q < 1, so a point
where the written term is undefined is a violation only when every prevalence involved lies
strictly between 0 and 1 (reading ``interior-strict``); on the boundary only defined values
are compared.  IoI, NN, B-MON, B-IMP, B-REL and B-ABS have predicates; MON, IMP, REL and ABS
are checked through their binary forms (a necessary condition).  MAX, a supremum, is not
enumerable: its predicate tests what a proof states, E <= M with M the common maximum, on the
grid (a value above M is a certain violation of that statement).  IND compares the order of two
predictions that equal the truth outside C_n with the order of their projections onto C_n
(prevalences divided by their total on C_n, |C| classes becoming |C_n|), on a grid of 3- and
4-class codeframes.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from . import values as V
from .formula import QuantFormula
from .outcome import Finding, Tally, Witness, defined, unsure

GRID = tuple(sorted({Fraction(a, b) for b in (2, 3, 4, 5, 6, 8, 10, 12) for a in range(b + 1)}))
SCOPE = f"a grid of {len(GRID)} prevalences in [0, 1] (binary codeframes) and every 3-class distribution " \
        "with denominator 4"


def _binary(x: Fraction) -> tuple[Fraction, Fraction]:
    return (x, 1 - x)


def _three_class():
    return [tuple(Fraction(k, 4) for k in c) for c in itertools.product(range(5), repeat=3) if sum(c) == 4]


def _inside(*xs) -> bool:
    return all(0 < x < 1 for dist in xs for x in dist)


def _point(true, pred):
    return (("p", true), ("p^", pred))


def identity(f: QuantFormula, o: int = -1, result=None) -> Finding:
    """E(p, q) = 0 exactly when q = p."""
    tally = Tally()
    pairs = [(_binary(a), _binary(b)) for a in GRID for b in GRID]
    three = _three_class()
    pairs += [(a, b) for a in three for b in three]
    for true, pred in pairs:
        v = f.value(true, pred)
        tally.checked += 1
        if unsure(v):
            tally.uncertain += 1
            continue
        if not defined(v):
            if true == pred and _inside(true):
                tally.fail(Witness("E(p, p) undefined", _point(true, pred), (("E", v),)))
                break
            continue
        s = V.sign(v)
        if s is None:
            tally.uncertain += 1
        elif (true == pred) != (s == 0):
            tally.fail(Witness("E = 0 exactly when q = p fails", _point(true, pred), (("E", v),)))
            break
    return tally.finding(SCOPE)


def _all_pairs():
    """(true, predicted) over the binary grid and the 3-class distributions with denominator 4."""
    three = _three_class()
    return [(_binary(a), _binary(b)) for a in GRID for b in GRID] + [(a, b) for a in three for b in three]


def nonnegative(f: QuantFormula, o: int = -1, result=None) -> Finding:
    tally = Tally()
    for true, pred in _all_pairs():
        v = f.value(true, pred)
        tally.checked += 1
        if unsure(v):
            tally.uncertain += 1
        elif not defined(v) and _inside(true, pred):
            tally.fail(Witness("E undefined", _point(true, pred), (("E", v),)))
            break
        elif defined(v):
            s = V.sign(v)
            if s is None:
                tally.uncertain += 1
            elif s < 0:
                tally.fail(Witness("E < 0", _point(true, pred), (("E", v),)))
                break
    return tally.finding(SCOPE)


def _compare(f, tally, left, right, want, label) -> bool:
    """left, right: (p, q) binary points; want: "<", "="; True when a violation was recorded."""
    a, b = f.value(_binary(left[0]), _binary(left[1])), f.value(_binary(right[0]), _binary(right[1]))
    tally.checked += 1
    if unsure(a, b):
        tally.uncertain += 1
        return False
    if not (defined(a) and defined(b)):
        if _inside(left, right):
            tally.fail(Witness(f"{label}: E undefined", (("left (p, q)", left), ("right (p, q)", right)),
                               (("left", a), ("right", b))))
            return True
        return False
    s = V.compare(a, b)
    if s is None:
        tally.uncertain += 1
        return False
    if (want == "<" and s >= 0) or (want == "=" and s != 0):
        tally.fail(Witness(f"{label}: left {want} right fails", (("left (p, q)", left), ("right (p, q)", right)),
                           (("left", a), ("right", b))))
        return True
    return False


def binary_monotonicity(f: QuantFormula, o: int = -1, result=None) -> Finding:
    """p <= q'' < q' or q' < q'' <= p implies E(q'', p) < E(q', p)."""
    tally = Tally()
    for p, q2, q1 in itertools.product(GRID, repeat=3):
        if (p <= q2 < q1 or q1 < q2 <= p) and _compare(f, tally, (p, q2), (p, q1), "<", "B-MON"):
            break
    return tally.finding(SCOPE)


def binary_impartiality(f: QuantFormula, o: int = -1, result=None) -> Finding:
    """E(p + a, p) = E(p - a, p) when both predictions lie in (0, 1)."""
    tally = Tally()
    for p, a in itertools.product(GRID, GRID):
        if a > 0 and 0 < p - a and p + a < 1 and _compare(f, tally, (p, p + a), (p, p - a), "=", "B-IMP"):
            break
    return tally.finding(SCOPE)


def _relative(want: str, label: str):
    def predicate(f: QuantFormula, o: int = -1, result=None) -> Finding:
        """0 < p' < p'' <= 1/2, a > 0, s = +-1, predictions in (0, 1): E(p'+sa, p') vs E(p''+sa, p'')."""
        tally = Tally()
        half = [x for x in GRID if 0 < x <= Fraction(1, 2)]
        for p1, p2, a, s in itertools.product(half, half, GRID, (1, -1)):
            if not (p1 < p2 and a > 0):
                continue
            q1, q2 = p1 + s * a, p2 + s * a
            if 0 < q1 < 1 and 0 < q2 < 1 and _compare(f, tally, (p2, q2), (p1, q1), want, label):
                break
        return tally.finding(SCOPE)
    return predicate


def _binary_form(predicate):
    """MON, IMP, REL, ABS imply their binary forms (a binary codeframe is a codeframe): a
    necessary condition only, so finding nothing confirms the binary form, not the property."""
    def necessary(f: QuantFormula, o: int = -1, result=None) -> Finding:
        found = predicate(f, o, result)
        return Finding(found.witness, found.scope + " (its binary form)", found.checked, found.uncertain, False)
    return necessary


def maximum(f: QuantFormula, o: int = -1, result=None) -> Finding:
    """E(p, q) <= M at every grid point, M the maximum a proof states (its datum "maximum")."""
    stated = result.datum("maximum") if result is not None else None
    if stated is None:
        return Finding(None, "no stated maximum to test", complete=False)
    bound = Fraction(stated)
    tally = Tally()
    for true, pred in _all_pairs():
        v = f.value(true, pred)
        tally.checked += 1
        s = V.compare(v, bound) if defined(v) else 0
        if unsure(v) or s is None:
            tally.uncertain += 1
        elif s > 0:
            tally.fail(Witness(f"E exceeds the stated maximum {bound}", _point(true, pred), (("E", v),)))
            break
    return tally.finding(SCOPE, complete=False)


# (|C|, |C_n|, denominator of the prevalences): C_n is the first |C_n| classes
_IND_SHAPES = ((3, 2, 8), (4, 2, 6), (4, 3, 8))
IND_SCOPE = "predictions equal to the truth outside C_n on 3- and 4-class codeframes (prevalences k/8, k/6, all > 0)"


def _positive_compositions(total: int, parts: int):
    return [c for c in itertools.product(range(1, total + 1), repeat=parts) if sum(c) == total]


def independence(f: QuantFormula, o: int = -1, result=None) -> Finding:
    """The order of E(p, p') and E(p, p'') is the order after projecting p, p', p'' onto C_n."""
    tally = Tally()
    for classes, size, den in _IND_SHAPES:
        for counts in _positive_compositions(den, classes):
            true = tuple(Fraction(c, den) for c in counts)
            inside = sum(counts[:size])
            k = Fraction(inside, den)
            rows = []
            for part in _positive_compositions(inside, size):
                pred = tuple(Fraction(c, den) for c in part) + true[size:]
                before = f.value(true, pred)
                after = f.value(tuple(x / k for x in true[:size]), tuple(x / k for x in pred[:size]))
                rows.append((pred, before, after))
            for (p1, b1, a1), (p2, b2, a2) in itertools.combinations(rows, 2):
                tally.checked += 1
                if unsure(b1, b2, a1, a2):
                    tally.uncertain += 1
                    continue
                if not all(defined(x) for x in (b1, b2, a1, a2)):
                    continue
                s1, s2 = V.compare(b1, b2), V.compare(a1, a2)
                if s1 is None or s2 is None:
                    tally.uncertain += 1
                elif s1 != s2:
                    tally.fail(Witness("the order changes under projection onto C_n",
                                       (("p", true), ("p'", p1), ("p''", p2)),
                                       (("E(p, p')", b1), ("E(p, p'')", b2), ("projected E(p, p')", a1),
                                        ("projected E(p, p'')", a2))))
                    return tally.finding(IND_SCOPE)
    return tally.finding(IND_SCOPE)


PREDICATES = {
    ("IoI", "interior-strict"): identity,
    ("NN", "interior-strict"): nonnegative,
    ("B-MON", "interior-strict"): binary_monotonicity,
    ("B-IMP", "interior-strict"): binary_impartiality,
    ("B-REL", "interior-strict"): _relative("<", "B-REL"),
    ("B-ABS", "interior-strict"): _relative("=", "B-ABS"),
    ("MON", "interior-strict"): _binary_form(binary_monotonicity),
    ("IMP", "interior-strict"): _binary_form(binary_impartiality),
    ("REL", "interior-strict"): _binary_form(_relative("<", "B-REL")),
    ("ABS", "interior-strict"): _binary_form(_relative("=", "B-ABS")),
    ("MAX", "interior-strict"): maximum,
    ("IND", "interior-strict"): independence,
}
DEFAULT_READING = {name: "interior-strict" for name, _ in PREDICATES}
