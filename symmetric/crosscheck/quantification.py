"""Quantification properties as predicates on a rational grid of prevalences, 0 and 1 included.

Binary codeframes take the prevalence of c1 from :data:`GRID`; three-class codeframes every
distribution with denominator 4.  The proofs of the checkers cover 0 < p, q < 1, so a point
where the written term is undefined is a violation only when every prevalence involved lies
strictly between 0 and 1 (reading ``interior-strict``); on the boundary only defined values
are compared.  IoI, NN, B-MON, B-IMP, B-REL and B-ABS have predicates; MON, IMP and ABS are
checked on their binary forms and on two-class moves in 3-class codeframes (the statements of
:mod:`symmetric.quantification.multiclass`); REL through its binary form only (a necessary
condition).  MAX, a supremum, is not
enumerable: its predicate tests what a proof states, E <= M with M the common maximum, on the
grid (a value above M is a certain violation of that statement).  IND compares the order of two
predictions that equal the truth outside C_n with the order of their projections onto C_n
(prevalences divided by their total on C_n, |C| classes becoming |C_n|), on a grid of 3- and
4-class codeframes.
"""

from __future__ import annotations

import functools
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


def _judge(tally, a, b, inside: bool, tables, want: str, label: str) -> bool:
    """Record a certain violation of ``a want b`` ("<" or "="); an undefined value is one only
    when every prevalence involved is inside (0, 1).  True when a violation was recorded.
    ``tables``: the witness's points, or a :class:`_Lazy` making them for a violation only."""
    tally.checked += 1
    if unsure(a, b):
        tally.uncertain += 1
        return False
    if not (defined(a) and defined(b)):
        if inside:
            tally.fail(Witness(f"{label}: E undefined", _points(tables), (("left", a), ("right", b))))
        return inside
    s = V.compare(a, b)
    if s is None:
        tally.uncertain += 1
        return False
    if (want == "<" and s >= 0) or (want == "=" and s != 0):
        tally.fail(Witness(f"{label}: left {want} right fails", _points(tables), (("left", a), ("right", b))))
        return True
    return False


class _Lazy:
    """A witness's points, made when a violation needs them (most comparisons find none)."""

    def __init__(self, make):
        self.make = make


def _points(tables):
    return tables.make() if isinstance(tables, _Lazy) else tables


def _binary_points(left, right) -> _Lazy:
    return _Lazy(lambda: (("left (p, q)", left), ("right (p, q)", right)))


def _compare(f, tally, left, right, want, label) -> bool:
    """left, right: (p, q) binary points; want: "<", "="; True when a violation was recorded."""
    return _judge(tally, f.binary(*left), f.binary(*right), _inside(left, right), _binary_points(left, right),
                  want, label)


def binary_monotonicity(f: QuantFormula, o: int = -1, result=None) -> Finding:
    """p <= q'' < q' or q' < q'' <= p implies E(q'', p) < E(q', p)."""
    tally = Tally()
    # the grid's values once, then its comparisons by index (GRID is sorted: index order is
    # value order), in the order and number the loop over the prevalences themselves made
    values = [[f.binary(p, q) for q in GRID] for p in GRID]
    inside = [0 < x < 1 for x in GRID]
    for i, j2, j1 in itertools.product(range(len(GRID)), repeat=3):
        if (i <= j2 < j1 or j1 < j2 <= i) and _judge(
                tally, values[i][j2], values[i][j1], inside[i] and inside[j2] and inside[j1],
                _binary_points((GRID[i], GRID[j2]), (GRID[i], GRID[j1])), "<", "B-MON"):
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


# two-class moves on 3-class codeframes (symmetric/quantification/multiclass.py states MON, IMP and
# ABS for predictions equal to the truth outside two classes c1, c2; the error on c2 is minus the
# error on c1): every 3-class distribution with denominator 6, c1, c2 any two classes, errors k/6
MOVE_DEN = 6
MOVE_SCOPE = SCOPE + f"; two-class moves on every 3-class distribution with denominator {MOVE_DEN}"


def _moved(true: tuple, c1: int, c2: int, error: Fraction):
    """``true`` with ``error`` added on c1 and taken from c2; None when it leaves [0, 1]."""
    pred = list(true)
    pred[c1] += error
    pred[c2] -= error
    return tuple(pred) if all(0 <= x <= 1 for x in pred) else None


@functools.lru_cache(maxsize=1)
def _three_moves() -> tuple:
    """(true, c1, c2, {error e on c1: the prediction}) for the errors keeping the prediction a
    distribution, in increasing order of e; the same for every measure, so made once."""
    errors = [Fraction(k, MOVE_DEN) for k in range(-MOVE_DEN, MOVE_DEN + 1)]
    rows = []
    for true in _three_class_den(MOVE_DEN):
        for c1, c2 in itertools.permutations(range(3), 2):
            moved = {e: _moved(true, c1, c2, e) for e in errors}
            rows.append((true, c1, c2, {e: pred for e, pred in moved.items() if pred is not None}))
    return tuple(rows)


def _three_class_den(den: int):
    return [tuple(Fraction(k, den) for k in c) for c in itertools.product(range(den + 1), repeat=3) if sum(c) == den]


def _compare_dists(f, tally, left, right, want, label) -> bool:
    """left, right: (true, predicted) distributions; as :func:`_compare`."""
    tables = (("left p", left[0]), ("left p^", left[1]), ("right p", right[0]), ("right p^", right[1]))
    return _judge(tally, f.value(*left), f.value(*right), _inside(*left, *right), tables, want, label)


def _monotonicity_moves(f, tally) -> None:
    for true, c1, c2, moved in _three_moves():
        for e1, e2 in itertools.product(moved, moved):
            if (0 <= e2 < e1 or e1 < e2 <= 0) and _compare_dists(
                    f, tally, (true, moved[e2]), (true, moved[e1]), "<", "MON"):
                return


def _impartiality_moves(f, tally) -> None:
    for true, c1, c2, moved in _three_moves():
        for e in moved:
            if e > 0 and -e in moved and _inside(moved[e], moved[-e]) and \
                    _compare_dists(f, tally, (true, moved[e]), (true, moved[-e]), "=", "IMP"):
                return


def _absoluteness_moves(f, tally) -> None:
    rows = [(true, c1, c2, moved) for true, c1, c2, moved in _three_moves() if true[c1] <= true[c2]]
    for (t1, c1, c2, m1), (t2, d1, d2, m2) in itertools.combinations(rows, 2):
        if (c1, c2) != (d1, d2):
            continue
        for e in set(m1) & set(m2):
            if e != 0 and _compare_dists(f, tally, (t1, m1[e]), (t2, m2[e]), "=", "ABS"):
                return


def _with_moves(predicate, moves):
    """The binary form, then the two-class moves on 3-class codeframes: the statement as
    :mod:`symmetric.quantification.multiclass` gives it, on the bound."""
    def both(f: QuantFormula, o: int = -1, result=None) -> Finding:
        found = predicate(f, o, result)
        if found.witness is not None:
            return Finding(found.witness, MOVE_SCOPE, found.checked, found.uncertain)
        tally = Tally()
        moves(f, tally)
        return Finding(tally.witness, MOVE_SCOPE, found.checked + tally.checked, found.uncertain + tally.uncertain)
    return both


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
    ("MON", "interior-strict"): _with_moves(binary_monotonicity, _monotonicity_moves),
    ("IMP", "interior-strict"): _with_moves(binary_impartiality, _impartiality_moves),
    ("REL", "interior-strict"): _binary_form(_relative("<", "B-REL")),
    ("ABS", "interior-strict"): _with_moves(_relative("=", "B-ABS"), _absoluteness_moves),
    ("MAX", "interior-strict"): maximum,
    ("IND", "interior-strict"): independence,
}
DEFAULT_READING = {name: "interior-strict" for name, _ in PREDICATES}
