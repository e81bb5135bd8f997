"""DIST's predicate: d = 1 - M (d = M when lower is better) must be a metric on labelings.

Independent of the decider: three labelings A, B, C of n items are enumerated here as the
number of items with each label triple (stars and bars, this module's own loop), each pair's
table built from those counts, and the written formula evaluated in exact rationals (or
certified intervals).  Every configuration with n <= :data:`MAX_ITEMS` is checked: d >= 0, d = 0
exactly when FP = FN = 0, d(A, B) = d(B, A), and the triangle inequality.
"""

from __future__ import annotations

from fractions import Fraction

from . import values as V
from .formula import Formula
from .outcome import Finding, Tally, Witness, defined, unsure

MAX_ITEMS = 8           # the decider searches as far; 10 items would cost ~5 s a measure
SCOPE = f"every triple of labelings of at most {MAX_ITEMS} items (up to a permutation of the items)"


def _counts(n: int, parts: int):
    if parts == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _counts(n - first, parts - 1):
            yield (first, *rest)


def _table(counts, truth: int, prediction: int):
    """(TP, FP, FN, TN) of one labeling against another; item type k carries labels = bits of k."""
    tp = fp = fn = tn = 0
    for k, c in enumerate(counts):
        x, y = (k >> (2 - truth)) & 1, (k >> (2 - prediction)) & 1
        if x and y:
            tp += c
        elif y:
            fp += c
        elif x:
            fn += c
        else:
            tn += c
    return (tp, fp, fn, tn)


def distance(strict: bool):
    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        one = Fraction(1)

        def d(t, params):
            v = f.value(t, params)
            return v if not defined(v) else (v if o < 0 else V.add(one, V.neg(v)))
        for params in f.settings:
            for n in range(1, MAX_ITEMS + 1):
                for counts in _counts(n, 8):
                    ts = [_table(counts, 0, 1), _table(counts, 1, 2), _table(counts, 0, 2), _table(counts, 1, 0)]
                    ds = [d(t, params) for t in ts]
                    tally.checked += 1
                    if unsure(*ds):
                        tally.uncertain += 1
                        continue
                    if not all(defined(x) for x in ds):
                        if strict:
                            tally.fail(Witness("d undefined", (("(A,B)", ts[0]), ("(B,C)", ts[1]), ("(A,C)", ts[2])),
                                               (), params))
                            return tally.finding(SCOPE)
                        continue
                    ab, bc, ac, ba = ds
                    zero = V.compare(ab, Fraction(0))
                    same = ts[0][1] == 0 and ts[0][2] == 0
                    triangle = V.compare(ac, V.add(ab, bc))
                    mirror = V.compare(ab, ba)
                    if None in (zero, triangle, mirror):
                        tally.uncertain += 1
                    bad = ("d(A, B) < 0" if zero == -1 else "d(A, A) != 0" if same and zero not in (0, None)
                           else "d(A, B) = 0 with A != B" if zero == 0 and not same
                           else "d(A, C) > d(A, B) + d(B, C)" if triangle == 1
                           else "d(A, B) != d(B, A)" if mirror in (1, -1) else None)
                    if bad:
                        tally.fail(Witness(bad, (("(A,B)", ts[0]), ("(B,C)", ts[1]), ("(A,C)", ts[2])),
                                           (("d(A,B)", ab), ("d(B,C)", bc), ("d(A,C)", ac)), params))
                        return tally.finding(SCOPE)
        return tally.finding(SCOPE)
    return predicate
