"""MON: correcting one wrong label strictly improves the score (FN -> TP, FP -> TN).

``orientation`` -1 (lower is better) flips the direction.  The search covers every table of
every test set up to the bound.  Readings (axis ``definedness``):

* ``defined`` (headline): only moves between two tables where the measure is defined are
  compared; undefinedness is SDE's and WDE's business.  Sebastiani's own MON failures (ASP,
  DOR, LAM%) are ties between defined scores, and he lists neither Youden's J nor MCC.
* ``strict``: a move between two tables where the measure is undefined at either also refutes
  MON (M(h) < M(h') cannot hold).
  The proof shows
orientation * (M(after) - M(before)) > 0 on every zero pattern, with the moved cell written
1 + c so that every table with that cell >= 1 is covered.
"""

from __future__ import annotations

import dataclasses

import sympy as sp

from ...checks.cases import restrict, zero_patterns
from ...evidence import say
from ...measures.base import Measure
from ...space import CELLS, FN, FP, TN, TP
from ...evidence import PropertyResult
from ..tables import fast_value, param_grid
from .cases import positive_test, prove_on_cases, undefined_on_case
from .common import (FAILS, HOLDS, UNDET, M, equals, at_params, better, compose, counterexample, exact, param_domain,
                     result, search_n, table, up_to)
from .testsets import classifiers, test_sets

MOVES = {
    "FN -> TP": (FN, lambda t: (t[0] + 1, t[1], t[2] - 1, t[3]), {TP: TP + 1, FN: FN - 1}),
    "FP -> TN": (FP, lambda t: (t[0], t[1] - 1, t[2], t[3] + 1), {TN: TN + 1, FP: FP - 1}),
}


def _search(measure: Measure, strict: bool) -> PropertyResult | None:
    undefined_pair = None
    for params in param_grid(measure):
        for ap, an in test_sets(search_n()):
            for t in classifiers(ap, an):
                for name, (cell, move, _) in MOVES.items():
                    if t[CELLS.index(cell)] < 1:
                        continue
                    u = move(t)
                    a, b = fast_value(measure, t, params), fast_value(measure, u, params)
                    if a is None or b is None:
                        if strict and undefined_pair is None:
                            ea, eb = exact(measure, t, params), exact(measure, u, params)
                            if ea is None or eb is None:
                                undefined_pair = (params, t, u, ea, eb, name)
                        continue
                    if measure.orientation * (b - a) > 1e-9:
                        continue
                    ea, eb = exact(measure, t, params), exact(measure, u, params)
                    if ea is not None and eb is not None and better(measure, eb, ea) in (0, -1):
                        rel = "M(h') = M(h)" if better(measure, eb, ea) == 0 else "M(h') is worse than M(h)"
                        return result(measure, "MON", FAILS, (compose(
                            f"Correcting one wrong label ({name}) from ", table(t), " to ", table(u),
                            *at_params(params), " does not improve the score: ", equals(M, ea), " before and ", eb,
                            " after (exact)."),),
                            counterexample(rel, params, {"h": t, "h'": u}, {"h": ea, "h'": eb}))
    if undefined_pair is not None:
        params, t, u, ea, eb, name = undefined_pair
        return result(measure, "MON", FAILS, (compose(
            f"Correcting one wrong label ({name}) from ", table(t), " to ", table(u), *at_params(params),
            f": the measure is undefined at {'the first' if ea is None else 'the second'} table, so ",
            sp.Lt(sp.Symbol("M(h)"), sp.Symbol("M(h')")), " cannot hold (re-checked exactly)."),),
            counterexample("M undefined", params, {"h": t, "h'": u}, {"h": ea, "h'": eb}))
    return None


def check_mon(measure: Measure, definedness: str = "defined") -> PropertyResult:
    strict = definedness == "strict"
    found = _search(measure, strict)
    if found is not None:
        return found
    # proof: o * (M(after) - M(before)) > 0 on every zero pattern, the moved cell written 1 + c
    domain = param_domain(measure)
    f = measure.count_form
    proof = [say("No counterexample among all test sets with {0}.", up_to(search_n()))]
    for name, (cell, _, shift) in MOVES.items():
        before = f.subs(cell, cell + 1)
        after = f.subs({**{k: v.subs(cell, cell + 1) for k, v in shift.items()}}, simultaneous=True)
        diff = measure.orientation * (after - before)
        # the moved cell is 1 + c: its zero pattern "c = 0" is the table's cell = 1
        cases = [dataclasses.replace(c, moved=cell) for c in zero_patterns(CELLS, allow_all_zero=True)]
        left_out = [] if strict else [c for c in cases if undefined_on_case(measure, before, c)
                                      or undefined_on_case(measure, after, c)]
        if len(left_out) == len(cases):
            return result(measure, "MON", UNDET, proof, reason=f"no two tables where the measure is defined are "
                          f"related by {name}: nothing to compare (SDE and WDE judge the measure)")
        ok, lines = prove_on_cases(lambda c: restrict(diff, c), [c for c in cases if c not in left_out],
                                   positive_test(domain), ("the score strictly improves",),
                                   defined=(diff, domain))
        if left_out and ok is True:
            lines.insert(0, say("Left out (defined reading): the zero patterns " + "; ".join(c.describe() for c in left_out)
                             + ", where the measure is undefined before or after the move on every table "
                             "(re-checked exactly): no two defined scores to compare there."))
        if ok is not True:
            return result(measure, "MON", UNDET, proof + lines,
                          reason=f"no counterexample for |D| <= {search_n()}; no symbolic proof for {name}")
        lower = sp.Symbol(cell.name.lower())
        proof.append(say(f"Move {name} (the moved {cell.name} written {{0}}, so every table with that cell "
                         f"{{1}} is covered):", 1 + lower, sp.Ge(cell, 1)))
        proof += lines
    return result(measure, "MON", HOLDS, proof)
