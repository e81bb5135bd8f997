"""Amigo et al.'s axiom SM (Strict Monotonicity), as a checker usable on any measure.

SM: moving an item into its correct class strictly improves the score (count form).  Readings:

* ``test-sets``: ``nondegenerate`` (headline; both gold classes non-empty, as Amigo et al.'s
  probabilistic notation assumes 0 < P(G) < 1) or ``all`` (one class may be empty);
* ``definedness``: ``defined`` (headline; only moves where the measure is defined before and
  after are compared) or ``strict`` (a move touching an undefined table is a violation).

A violation is searched first among every table with |T| <= ``amigo_search_n`` (the bound is a
setting, :mod:`symmetric.config`); a candidate picked in floating point is re-evaluated exactly
before it is reported.  Without a violation the improvement is proved positive on every face of
the real relaxation (each cell zero or positive, the moved cell at least 1), by the symbolic
deciders of :mod:`symmetric.checks.decide`; the integer tables are a subset of the relaxation.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import sympy as sp

from ..checks.decide import is_positive_everywhere
from ..checks.cases import is_undefined_constant
from ..checks.substitute import substitute
from ..config import settings
from ..domain import Domain
from ..evidence import CaseStep, ContingencyTable, Sentence, say
from ..logic import Verdict
from ..measures.base import Measure
from ..space import CELLS, FN, FP, TN, TP
from .edges import edge_tables
from ..evidence import PropertyResult
from .tables import MOVES, compare_exact, exact_value, fast_value, literal, param_equations, param_grid, \
    table_counterexample, tables, with_params

T_SIZE = sp.Symbol("|T|")      # the number of items of a test set, in the prose of a proof


def _search_violation(measure: Measure, max_n: int, strict: bool = False, degenerate: bool = False):
    """First (move, before, after, params, q_before, q_after) with no strict improvement (strict:
    or with the measure undefined before or after, q None), among the tables with |T| <= max_n
    and those on and around the edges of the measure's branches."""
    o = measure.orientation
    for params in param_grid(measure):
        edges = [t for t in edge_tables(measure, params) if degenerate or (t[0] + t[2] >= 1 and t[1] + t[3] >= 1)]
        for t in itertools.chain(tables(max_n, degenerate=degenerate), edges):
            for move, m in MOVES.items():
                if not m.applies(t):
                    continue
                u = m.apply(t)
                fa, fb = fast_value(measure, t, params), fast_value(measure, u, params)
                if (fa is None or fb is None) and strict:
                    qa, qb = exact_value(measure, t, params), exact_value(measure, u, params)
                    if qa is None or qb is None:
                        return move, t, u, params, qa, qb
                    fa, fb = float(qa), float(qb)
                if fa is None or fb is None or o * (fb - fa) > 1e-9:
                    continue
                qa, qb = exact_value(measure, t, params), exact_value(measure, u, params)
                if qa is None or qb is None:
                    continue
                sign = compare_exact(qb, qa)
                if sign is not None and o * sign <= 0:
                    return move, t, u, params, qa, qb
    return None


def _faces(move: str):
    """Faces of the real relaxation of a move's domain: each cell either 0 or positive.

    Yields (cell values, the face as relations, the face as plain text for a reason)."""
    moved_from = MOVES[move].moved_from
    free = [c for c in CELLS if c is not moved_from]
    for zeros in itertools.product((True, False), repeat=len(free)):
        subs, relations, label = {}, [], []
        for cell, is_zero in zip(free, zeros):
            if is_zero:
                subs[cell] = 0
                relations.append(sp.Eq(cell, 0, evaluate=False))
                label.append(f"{cell}=0")
            else:
                subs[cell] = sp.Symbol(f"{cell}_", positive=True)
                relations.append(sp.Gt(cell, 0, evaluate=False))
                label.append(f"{cell}>0")
        # the moved-from cell is at least 1: 1 + (0 or positive)
        for extra in (0, sp.Symbol(f"{moved_from}_", positive=True)):
            face = dict(subs)
            face[moved_from] = 1 + extra
            last = sp.Eq(moved_from, 1, evaluate=False) if extra == 0 else sp.Gt(moved_from, 1, evaluate=False)
            yield (face, tuple(relations + [last]),
                   ", ".join(label + [f"{moved_from}{'=1' if extra == 0 else '>1'}"]))


def _on_face(form: sp.Expr, face: dict) -> sp.Expr:
    """``form`` restricted to a face, with every sum cancelled bottom-up so that a
    denominator vanishing identically on the face shows up as zoo/nan (the measure is
    undefined there) instead of hiding in an uncancelled expression."""
    # xreplace rebuilds bottom-up, so 0/0 becomes nan; ``subs`` can turn 0 * (0)^-1 into 0
    restricted = substitute(form, {k: sp.sympify(v) for k, v in face.items()})
    if restricted.has(sp.Piecewise):
        restricted = sp.piecewise_fold(restricted).simplify()
    return sp.bottom_up(restricted, lambda e: sp.cancel(e) if e.is_Add else e)


def _face_pair(form: sp.Expr, after: sp.Expr, face: dict, param_domain: Domain):
    """(before, after) restricted to a face, or (None, None) when the measure is undefined on it.

    Fast path: if both are defined at one exact point of the face, a proof of positivity of
    their (cancelled) difference covers every point where both are defined, so the expensive
    bottom-up cancellation is only needed to confirm a face where the sample is undefined."""
    values = {k: sp.sympify(v) for k, v in face.items()}
    a, b = substitute(form, values), substitute(after, values)
    symbols = sorted((a.free_symbols | b.free_symbols), key=str)
    # an exact point inside the face: cells 7/3, 10/3, ...; parameters mid-domain
    positive_point = {x: (param_domain.reparam[x].subs({u: sp.Rational(5, 4) for u in param_domain.reparam[x].free_symbols})
                          if x in param_domain.reparam else sp.Rational(7, 3) + k)
                      for k, x in enumerate(symbols)}
    if _defined(a) and _defined(b) and \
            _defined(substitute(a, positive_point)) and _defined(substitute(b, positive_point)):
        return a, b
    a, b = _on_face(form, face), _on_face(after, face)
    if _defined(a) and _defined(b):
        return a, b
    if is_undefined_constant(a) or is_undefined_constant(b):
        return None, None
    # undefined in a branch whose condition the face does not settle: the face is neither
    # excluded (the other branch is defined there and must be compared) nor proved
    return PARTLY_UNDEFINED, PARTLY_UNDEFINED


PARTLY_UNDEFINED = "partly undefined"


def _defined(expr: sp.Expr) -> bool:
    return not expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo)


def _refutation(measure: Measure, found) -> PropertyResult:
    move, t, u, params, qa, qb = found
    if qa is None or qb is None:
        k = 2 + len(params)
        line = say(f"Counterexample (strict reading): {literal(move)}, from {{0}} to {{1}}{with_params(params, 2)}: the "
                   f"measure is undefined {'before' if qa is None else 'after'} the move (re-checked exactly), so the "
                   "score cannot strictly improve.", ContingencyTable(*t), ContingencyTable(*u), *param_equations(params))
        return PropertyResult("SM", measure.name, Verdict.FAILS, proof=(line,), counterexample=table_counterexample(
            {"before": t, "after": u}, params, {"before": qa, "after": qb}, "M undefined"),
            reason=f"undefined score for {move}")
    better = "higher" if measure.orientation > 0 else "lower"
    rel = "equal" if compare_exact(qb, qa) == 0 else "worse"
    k = 2 + len(params)
    line = say(f"Counterexample: {literal(move)}, from {{0}} to {{1}}{with_params(params, 2)}: the score goes from "
               f"{{{k}}} to {{{k + 1}}} ({rel}), but Strict Monotonicity requires a strictly {better} score.",
               ContingencyTable(*t), ContingencyTable(*u), *param_equations(params), qa, qb)
    return PropertyResult(
        "SM", measure.name, Verdict.FAILS,
        proof=(line, say("Both values computed exactly in rational (or exact algebraic) arithmetic.")),
        counterexample=table_counterexample(
            {"before": t, "after": u}, params, {"before": qa, "after": qb},
            f"score(after) {'<=' if measure.orientation > 0 else '>='} score(before)"),
        reason=f"no strict improvement for {move}")


@lru_cache(maxsize=1024)
def _improvement(o: int, a: sp.Expr, b: sp.Expr) -> sp.Expr:
    """together(o (b - a)): the same faces and forms in SM's headline and strict readings (one
    process runs both: the second asked sympy's together again, ~3% of the atlas's CPU)."""
    return sp.together(o * (b - a))


def strict_monotonicity(measure: Measure, definedness: str = "defined",
                        test_sets: str = "nondegenerate") -> PropertyResult:
    """SM: holds with a proof on every face, fails with an exact counterexample, or undetermined."""
    search_n = settings().amigo_search_n
    strict, degenerate = definedness == "strict", test_sets == "all"
    found = _search_violation(measure, search_n, strict, degenerate)
    if found:
        return _refutation(measure, found)
    # no violation among small tables: try to prove it on every face of the real relaxation
    o = measure.orientation
    proof = [say("No violation among all tables with {0} (exact search).", sp.Le(T_SIZE, search_n)),
             say("Proof on the real relaxation (each cell zero or positive, the moved cell at least 1; "
                 "integer tables are a subset" + ("" if degenerate else
                                                  "; a table with an empty gold class, TP = FN = 0 or "
                                                  "FP = TN = 0, is left out: 0 < P(G) < 1") + "):")]
    param_domain = Domain("parameters", ()).with_intervals([p.interval() for p in measure.params])
    undecided, improved = [], False     # improved: some face proved (known here, never read off the prose)
    forms = [f for f in (measure.order_form, measure.count_form) if f is not None]
    for move, m in MOVES.items():
        before_after = [(form, form.subs(m.substitution, simultaneous=True)) for form in forms]
        for face, relations, label in _faces(move):
            if not degenerate and ((face[TN] == 0 and face[FP] == 0) or (face[TP] == 0 and face[FN] == 0)):
                continue   # a gold class is empty: excluded (0 < P(G) < 1)
            decided, any_defined = None, False
            for form, after in before_after:
                a, b = _face_pair(form, after, face, param_domain)
                if a is None:
                    continue
                any_defined = True
                if a is PARTLY_UNDEFINED:
                    continue
                diff = _improvement(o, a, b)
                decision = is_positive_everywhere(diff, param_domain)
                if decision.value is True:
                    decided = decision
                    break
            if decided is None and not any_defined and strict:
                undecided.append(f"{move}, face {label} (undefined there)")
            elif decided is None and not any_defined:
                proof.append(CaseStep(f"{literal(move)}, face {{0}}: the measure is undefined there (excluded).",
                                      (relations,), move, relations, Sentence("the measure is undefined there"),
                                      "excluded"))
            elif decided is None:
                undecided.append(f"{move}, face {label}")
            else:
                improved = True
                proof.append(CaseStep(f"{literal(move)}, face {{0}}: improvement > 0 ({literal(decided.method)}).",
                                      (relations,), move, relations, Sentence("improvement > 0"), decided.method,
                                      decided.certificate))
    if not undecided and not improved:
        return PropertyResult("SM", measure.name, Verdict.UNDETERMINED, tuple(proof),
                              reason="the measure is undefined on every face: nothing to compare")
    if undecided:
        return PropertyResult("SM", measure.name, Verdict.UNDETERMINED, tuple(proof),
                              reason="could not prove the improvement positive on: " + "; ".join(undecided[:4])
                              + (" ..." if len(undecided) > 4 else "")
                              + f" (no violation exists among tables with |T| <= {search_n}: evidence only)")
    return PropertyResult("SM", measure.name, Verdict.HOLDS, tuple(proof),
                          reason="every move into the correct class strictly improves the score")
