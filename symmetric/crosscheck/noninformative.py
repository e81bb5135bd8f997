"""Amigo et al.'s properties of non-informative outputs (NIFQ, NIGQ, AW) as predicates.

A non-informative output is one with TP TN = FP FN (the output independent of the gold
standard), the empty and the full output included; outputs are compared within a test set
(AP, AN >= 1) by their size PP, on every test set with |D| <= 12.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from . import values as V
from .formula import MAX_N, Formula, classifiers, test_sets
from .outcome import Finding, Tally, Witness, defined, unsure


def _noninformative(f: Formula, params) -> dict:
    """Test set (AP, AN) -> [(PP, table, value)] for every output with TP TN = FP FN."""
    groups: dict = {}
    for ap, an in test_sets(1, 1):
        rows = []
        for t in classifiers(ap, an):
            if t[0] * t[3] == t[1] * t[2]:
                rows.append((t[0] + t[1], t, f.value(t, params)))
        groups[(ap, an)] = rows
    return groups


def fixed_quality(per_test_set: bool):
    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        for params in f.settings:
            groups = _noninformative(f, params)
            pools = list(groups.values()) if per_test_set else [[r for rows in groups.values() for r in rows]]
            for rows in pools:
                ref = None
                for size, t, v in rows:
                    tally.checked += 1
                    if unsure(v):
                        tally.uncertain += 1
                        continue
                    if not defined(v):
                        continue
                    if ref is None:
                        ref = (t, v)
                        continue
                    if tally.differ(v, ref[1]):
                        tally.fail(Witness("non-informative scores differ", (("output 1", ref[0]), ("output 2", t)),
                                           (("output 1", ref[1]), ("output 2", v)), params))
                        return tally.finding(_NI_SCOPE)
        return tally.finding(_NI_SCOPE)
    return predicate


_NI_SCOPE = f"every non-informative output (empty and full included) of every test set with |D| <= {MAX_N}"


def _growth(f: Formula, params, direction: Callable[[int, int], int | None], tally: Tally):
    """Pairs of non-informative outputs of one test set, smaller first: the oriented sign of the
    score difference must equal ``direction(AP, AN)`` (None: no requirement there)."""
    for (ap, an), rows in _noninformative(f, params).items():
        want = direction(ap, an)
        if want is None:
            continue
        for i, (s1, t1, v1) in enumerate(rows):
            for s2, t2, v2 in rows[i + 1:]:
                if s1 >= s2:
                    continue
                tally.checked += 1
                if unsure(v1, v2):
                    tally.uncertain += 1
                    continue
                if not (defined(v1) and defined(v2)):
                    continue
                s = V.compare(v2, v1)
                if s is None:
                    tally.uncertain += 1
                elif s != want:
                    tally.fail(Witness("the larger non-informative output does not score as required",
                                       (("smaller output", t1), ("larger output", t2)),
                                       (("smaller output", v1), ("larger output", v2)), params))
                    return


def growing_quality(f: Formula, o: int, result=None) -> Finding:
    tally = Tally()
    for params in f.settings:
        _growth(f, params, lambda ap, an: o, tally)
        if tally.done():
            break
    return tally.finding(_NI_SCOPE)


def absolute_weighting(f: Formula, o: int, result=None) -> Finding:
    """With the threshold the checker states (c, theta(P(G)), direction): larger non-informative
    outputs score better when direction * (c - theta) > 0 and worse when it is < 0."""
    threshold = result.datum("threshold") if result is not None else None
    if threshold is None:
        # (a noun phrase: the sentences read "no violation among <scope>", "nothing to enumerate (<scope>)")
        return Finding(None, "the non-informative outputs, with no threshold stated to compare them against",
                       complete=False)
    from .sympyform import compile_sympy
    c, theta, direction = threshold
    from ..space import g
    # P(G) keyed by its symbol, not by the name "g": a parameter may be called g
    names = {**{name: (lambda env, k=name: env[k]) for name in f.param_names}, g: lambda env: env[g]}
    theta_at = compile_sympy(theta, names)
    tally = Tally()
    for params in f.settings:
        env = dict(params)

        def want(ap, an):
            env[g] = Fraction(ap, ap + an)
            th = theta_at(env)
            s = V.compare(env[c.name], th) if defined(th) else None
            return None if not s else o * direction * s
        _growth(f, params, want, tally)
        if tally.done():
            break
    return tally.finding(_NI_SCOPE)


def strictly(predicate):
    """``predicate`` in the strict definedness reading: a non-informative output without a score
    is a violation, then the predicate's own comparisons."""
    def strict(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        for params in f.settings:
            for rows in _noninformative(f, params).values():
                for _, t, v in rows:
                    tally.checked += 1
                    if unsure(v):
                        tally.uncertain += 1
                    elif not defined(v):
                        tally.fail(Witness("a non-informative output has no score", (("output", t),),
                                           (("output", v),), params))
                        return tally.finding(_NI_SCOPE)
        found = predicate(f, o, result)
        return Finding(found.witness, found.scope, found.checked + tally.checked, found.uncertain + tally.uncertain,
                       found.complete)
    return strict
