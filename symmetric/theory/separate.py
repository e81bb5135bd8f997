"""Separation when Q has unknowns of its own (CB's and CHA's constant, FIX's best and worst
value, the auxiliary W(t)): Q says "there are values of them such that ...", so "Q fails" means
"for every value of them, some instance fails".  The search asks z3 for a measure with P and
``ForAll(Q's unknowns, not Q)``; the witness is then certified without the quantifier: with the
measure's values pinned, a minimal unsatisfiable core of Q's instances is re-checked exactly."""

from __future__ import annotations

import z3

from .encode import Instance, value
from .formula import Atom, Lit, Or, compare, holds, is_table_unknown, rename, variables
from .recheck import unsatisfiable
from .solve import Problem


def own_unknowns(instances: list[Instance]) -> list[str]:
    return sorted({v for i in instances for v in variables(i.formula) if not is_table_unknown(v)})


def apart(q: list[Instance], own: list[str]) -> tuple[list[Instance], dict]:
    """Q with its own unknowns renamed apart from P's (P and Q may share a name, e.g. c_CB)."""
    mapping = {v: v + "'" for v in own}
    return [Instance(i.prop, i.text, rename(i.formula, mapping), i.tables, i.definition) for i in q], mapping


def _pin(name: str, v):
    return Lit(name, v) if isinstance(v, bool) else Atom(((name, 1),), -v, "=")


def fails_for_all(q: list[Instance], values: dict, problem: Problem | None = None
                  ) -> tuple[bool | None, tuple[Instance, ...], str]:
    """With the table unknowns pinned to ``values``, can no value of Q's own unknowns satisfy Q?
    (True, core, how) only when a minimal core of Q's instances plus the pins of the table
    unknowns it names is infeasible in exact arithmetic.  ``problem``: Q already encoded
    (``Problem(q)``, reused across pinnings; the pins are scoped to this call)."""
    pins = tuple(_pin(k, v) for k, v in values.items() if is_table_unknown(k))
    if problem is None:
        r, core, why = _failing_core(Problem(q, background=pins))
    else:
        with problem.scope(pins):
            r, core, why = _failing_core(problem)
    if r is not True:
        return r, (), why
    if core is None:
        return None, (), "the solver gave up while shrinking the core"
    chosen = tuple(q[k] for k in core)
    named = set().union(*(variables(i.formula) for i in chosen))
    formulas = [i.formula for i in chosen] + [_pin(k, values[k]) for k in sorted(named) if k in values
                                              and is_table_unknown(k)]
    ok, how = unsatisfiable(formulas)
    return ok, chosen, how


def _failing_core(problem: Problem):
    r = problem.check()
    if r == z3.sat:
        return False, None, "Q holds at these values for some value of its own unknowns"
    if r != z3.unsat:
        return None, None, f"the solver gave up ({problem.solver.reason_unknown()})"
    return True, problem.minimal_core(), ""


def search(p: list[Instance], q: list[Instance], own: list[str]):
    """(z3 result, exact values of the table unknowns and P's own) for P and not Q.  A solver of
    its own, as before the candidates shared one (not a scope of it): the quantified search is
    the sensitive step.  (Its witness, like every z3 model here, depends on which terms the
    process has built before, so a row's witnesses vary with what ran earlier in its worker;
    the verdicts and the named measures do not.)"""
    problem = Problem(p)
    problem.forbid([i.formula for i in q], own)
    r = problem.check()
    return r, (problem.model_values(skip=set(own)) if r == z3.sat else None)


def extremum_search(p: list[Instance], q: list[Instance]) -> dict | None:
    """A quantifier-free search for P and not-Q when Q is FIX in the strict reading (its own
    unknowns the best and the worst value; no definedness literals), else None.  FIX says every
    test set has the same maximum and the same minimum, so "FIX fails for every best and worst
    value" is "two test sets differ in their maximum or their minimum": with one maximum and
    one minimum unknown per test set (defined as such), a disjunction of strict differences.
    Only a search: the witness is certified on Q as written (:func:`fails_for_all`), and any
    other answer falls back to the quantified search (the quantifier made the -> FIX pairs the
    slowest and the least predictable: 1 to 16 s CPU for MINA => FIX depending on the process's
    history)."""
    if own_unknowns(q) != ["c_FIX_best'", "c_FIX_worst'"] or any(i.prop != "FIX" for i in q):
        return None
    if any(_has_literal(i.formula) for i in q):
        return None
    sets = [i.tables for i in q if "is attained" in i.text and "best" in i.text]
    if len(sets) < 2:
        return None
    extra, differs = [], []
    for k, ts in enumerate(sets):
        for end, op in (("max", "<="), ("min", ">=")):
            e = f"x_{end}{k}"
            extra += [compare(value(t), op, e) for t in ts]
            extra.append(Or(tuple(compare(value(t), "=", e) for t in ts)))
            if k:
                differs += [compare(e, ">", f"x_{end}0"), compare(e, "<", f"x_{end}0")]
    problem = Problem(p, tuple(extra) + (Or(tuple(differs)),))
    if problem.check() != z3.sat:
        return None
    return {k: v for k, v in problem.model_values().items() if not k.startswith("x_")}


def _has_literal(f) -> bool:
    if isinstance(f, Lit):
        return True
    return not isinstance(f, Atom) and any(_has_literal(i) for i in f.items)


def catalogue_separation(catalogue, p: list[Instance], q: list[Instance], problem: Problem | None = None,
                         qproblem: Problem | None = None):
    """The first catalogue measure with P on the grid (z3 for P's own unknowns, then exact) at
    which Q fails whatever its own unknowns are (a re-checked core): (name, core, how) or None.
    P is encoded once (``problem``, or built here on the first candidate that needs z3) and each
    candidate's values are pinned in a scope of it; likewise Q (``qproblem``) for the failure
    check.  The candidates are tried in the catalogue's order, so the named measure is the
    first that separates, as with one solver per candidate."""
    for name, vals in catalogue:
        pins = tuple(_pin(k, v) for k, v in vals.items())
        try:
            if any(holds(i.formula, vals) is False for i in p if variables(i.formula) <= set(vals)):
                continue
        except KeyError:
            pass
        problem = problem or Problem(p)
        with problem.scope(pins):
            if problem.check() != z3.sat:
                continue
            values = problem.model_values()
        if not all(holds(i.formula, values) for i in p):
            continue
        qproblem = qproblem or Problem(q)
        ok, core, how = fails_for_all(q, values, qproblem)
        if ok is True:
            return name, core, how
    return None


def eliminate(q: list[Instance]) -> list[Instance]:
    """Q with every own unknown c that occurs only in equalities L_i = c (CB's and CHA's constant in
    the strict reading, IMB's) removed: "there is a c with L_i = c for every i" is exactly "L_i =
    L_0 for every i" for the first such L_0.  Other own unknowns stay (the caller sees them)."""
    out = list(q)
    for c in own_unknowns(q):
        users = [i for i in out if c in variables(i.formula)]
        if not all(isinstance(i.formula, Atom) and i.formula.op == "=" for i in users):
            continue
        ref = users[0]
        k0 = dict(ref.formula.terms)[c]
        rest = []
        for i in users[1:]:
            k = dict(i.formula.terms)[c]
            # L_i/k - L_0/k0 = 0: the coefficient of c cancels
            terms = [(v, a / k) for v, a in i.formula.terms] + [(v, -a / k0) for v, a in ref.formula.terms]
            const = i.formula.const / k - ref.formula.const / k0
            from .formula import linear
            rest.append(Instance(i.prop, f"{i.text}, as on {ref.text.split(': ', 1)[-1]}", linear(terms, const, "="),
                                 tuple(dict.fromkeys(i.tables + ref.tables)), i.definition))
        out = [i for i in out if c not in variables(i.formula)] + rest
    return out
