"""The two questions, decided soundly.

* :func:`consistent`: is there a measure with all the properties?  ``inconsistent`` only when a
  minimal unsatisfiable core passes the exact re-check (:mod:`.recheck`); the core names fixed
  tables, and the same instances exist at every larger bound, so the impossibility holds for all
  tables, not only up to N.  ``consistent`` means "on the tables up to N", with a witness
  re-evaluated exactly and, when one passes the same instances, a catalogue measure.
* :func:`implies`: P entails Q on the tables up to N (one re-checked core of P and not-q for every
  instance q of Q), or ``separated`` by a witness where P holds and an instance of Q fails,
  re-evaluated exactly (a catalogue measure when one does it: a finite separation witness).
Anything else (a solver timeout, a re-check that fails or gives up) is ``undetermined`` with the
reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from .encode import Instance, defined, show, value
from .formula import Atom, Or, holds, negate, variables
from .recheck import unsatisfiable
from .solve import Problem
from .texform import latex


@dataclass(frozen=True)
class Outcome:
    question: str                  # "consistent" | "implies"
    properties: tuple[str, ...]
    verdict: str
    bound: int
    readings: tuple[tuple[str, str], ...]
    cores: tuple[tuple[Instance, ...], ...] = ()      # re-checked certificates
    recheck: str = ""
    witness: dict = field(default_factory=dict)        # unknown -> exact value
    measure: str | None = None                          # a catalogue measure doing the same
    failed: Instance | None = None                      # separated: the instance of Q that fails
    reason: str = ""
    # every size (:mod:`.schematic`): ``check`` proves that ``measure`` has the properties it must
    # have (``proofs``, one line each), so the separation / consistency is not only up to the bound
    schematic: bool = False
    proofs: tuple[str, ...] = ()
    schematic_note: str = ""                            # why a bounded verdict stayed bounded

    def to_json(self) -> dict:
        out = {"question": self.question, "properties": list(self.properties), "verdict": self.verdict,
               "bound": {"max_n": self.bound, "meaning": "tables with 1 <= TP+FP+FN+TN <= max_n"},
               "readings": dict(self.readings)}
        if self.cores and self.verdict == "separated":
            out["failure_certificate"] = {"recheck": self.recheck, "meaning": "at the witness's values these "
                                          "instances of Q cannot all hold, whatever Q's own unknowns are",
                                          "core": [{"property": i.prop, "instance": i.text,
                                                    "constraint": _slot(i.formula)} for i in self.cores[0]]}
        elif self.cores:
            out["certificate"] = {"recheck": self.recheck, "cores": [
                [{"property": i.prop, "instance": i.text, "constraint": _slot(i.formula),
                  "tables": [list(t) for t in i.tables]} for i in core] for core in self.cores]}
        if self.witness:
            out["witness"] = {k: (v if isinstance(v, bool) else str(v)) for k, v in sorted(self.witness.items())}
        if self.measure:
            out["catalogue_measure"] = self.measure
        if self.failed is not None:
            out["failed_instance"] = {"property": self.failed.prop, "instance": self.failed.text,
                                      "constraint": _slot(self.failed.formula)}
        if self.reason:
            out["reason"] = self.reason
        if self.schematic and self.verdict == "implies":
            out["schematic"] = {"proof": list(self.proofs), "meaning": "for every table size: the instances of P "
                                "at the symbolic tables where Q would fail, with Q's failure, re-checked "
                                "infeasible in exact arithmetic"}
        elif self.schematic:
            out["schematic"] = {"measure": self.measure, "proofs": list(self.proofs),
                                "meaning": "for every table size: check proves the measure's properties, and the "
                                           "failure (or the passed instances) are the properties' own"}
        elif self.schematic_note:
            out["schematic_note"] = self.schematic_note
        return out


def _slot(formula) -> dict:
    """A constraint as a math slot of the JSON (README, "The JSON notation"): the constraint
    language's plain text and its LaTeX."""
    return {"text": formula.text(), "latex": latex(formula)}


def _core_checked(formulas: list) -> tuple[bool | None, str]:
    return unsatisfiable(formulas)


def consistent(names: tuple[str, ...], groups: list[list[Instance]], bound: int, readings, catalogue=()) -> Outcome:
    insts = [i for g in groups for i in g]
    base = {"question": "consistent", "properties": names, "bound": bound, "readings": tuple(readings)}
    problem = Problem(insts)
    r = problem.check()
    if r == z3.unknown:
        return Outcome(verdict="undetermined", reason=f"the solver gave up ({problem.solver.reason_unknown()})", **base)
    if r == z3.sat:
        values = problem.model_values()
        if not all(holds(i.formula, values) for i in insts):
            return Outcome(verdict="undetermined", reason="the solver's witness fails the exact re-evaluation", **base)
        name = first_measure(catalogue, insts, (), bound)
        return Outcome(verdict="consistent", witness=values, measure=name, **base)
    core = problem.minimal_core()
    if core is None:
        return Outcome(verdict="undetermined", reason="the solver gave up while shrinking the core", **base)
    chosen = tuple(insts[k] for k in core)
    ok, how = _core_checked([i.formula for i in chosen])
    if ok is not True:
        return Outcome(verdict="undetermined", reason=f"the solver's core failed the exact re-check: {how}", **base)
    return Outcome(verdict="inconsistent", cores=(chosen,), recheck=how, **base)


def implies(names: tuple[str, str], p: list[Instance], q: list[Instance], bound: int, readings,
            catalogue=()) -> Outcome:
    base = {"question": "implies", "properties": names, "bound": bound, "readings": tuple(readings)}
    from .separate import eliminate, own_unknowns
    q = eliminate(q)                     # an existential constant of equalities only: pairwise equalities
    own = own_unknowns(q)
    if own:
        return _implies_existential(names, p, q, own, catalogue, base)
    p = p + [i for i in q if i.definition]        # Q's auxiliary definitions hold; its claims are negated
    q = [i for i in q if not i.definition]
    if not q:
        return Outcome(verdict="implies", recheck=f"{names[1]} puts no constraint on the tables up to {bound} in "
                       "this reading", **base)
    negated = [Instance(i.prop, f"not ({i.text})", negate(i.formula), i.tables) for i in q]
    # built before the separation's solver although only an implication uses it: z3's witness
    # depends on the terms that exist when it solves (building it later changed most witnesses)
    problem = Problem(p + negated)
    everything = list(range(len(p)))
    some_q_fails = Or(tuple(n.formula for n in negated))
    whole = Problem(p, background=(some_q_fails,))
    r = whole.check()
    if r == z3.unknown:
        return Outcome(verdict="undetermined", reason=f"the solver gave up ({whole.solver.reason_unknown()})", **base)
    if r == z3.sat:
        values = whole.model_values()
        failed = next((i for i in q if not holds(i.formula, values)), None)
        if failed is None or not all(holds(i.formula, values) for i in p):
            return Outcome(verdict="undetermined", reason="the solver's witness fails the exact re-evaluation", **base)
        name = first_measure(catalogue, p, q, bound)
        return Outcome(verdict="separated", witness=values, failed=failed, measure=name, **base)
    cores, seen = [], set()
    for j in range(len(negated)):
        r = problem.check(everything + [len(p) + j])
        if r != z3.unsat:
            return Outcome(verdict="undetermined", reason=f"the solver did not confirm {q[j].text}", **base)
        core = problem.minimal_core()
        if core is None:
            return Outcome(verdict="undetermined", reason="the solver gave up while shrinking a core", **base)
        chosen = tuple((p + negated)[k] for k in core)
        ok, how = _core_checked([i.formula for i in chosen])
        if ok is not True:
            return Outcome(verdict="undetermined", reason=f"the core for {q[j].text} failed the exact re-check: {how}",
                           **base)
        key = tuple(i.text for i in chosen)
        if key not in seen:
            seen.add(key)
            cores.append(chosen)
    vacuous = ""
    # P alone satisfiable in the solver at hand: not inconsistent (no second encoding of P)
    if problem.check(everything) != z3.sat and \
            consistent((names[0],), [p], bound, readings).verdict == "inconsistent":     # re-checked too
        vacuous = f" ({names[0]} alone is inconsistent, so it implies everything)"
    return Outcome(verdict="implies", cores=tuple(cores), recheck=f"every one of the {len(q)} instances of "
                   f"{names[1]}: a minimal core of {names[0]} and its negation, infeasible in exact arithmetic"
                   + vacuous, **base)


def _implies_existential(names, p, q, own, catalogue, base) -> Outcome:
    """Q has unknowns of its own: separation by P and ForAll(own, not Q), certified by a re-checked
    core of Q at the pinned witness (:mod:`.separate`); no certificate for "implies" here."""
    from .separate import apart, catalogue_separation, extremum_search, fails_for_all, search
    q, mapping = apart(q, own)
    values = extremum_search(p, q)          # FIX without a quantifier; certified like any witness
    if values is not None and all(holds(i.formula, values) for i in p):
        ok, core, how = fails_for_all(q, values)
        if ok is True:
            found = catalogue_separation(catalogue, p, q)
            return Outcome(verdict="separated", witness=values, cores=(core,), recheck=how,
                           measure=found and found[0], **base)
    r, values = search(p, q, list(mapping.values()))
    if r == z3.unknown:
        return Outcome(verdict="undetermined", reason="the solver gave up on the quantified search", **base)
    if r == z3.unsat:
        return Outcome(verdict="undetermined", reason=f"no measure with {names[0]} and without {names[1]} on the "
                       f"tables up to {base['bound']}, but an implication into a property with unknowns of its own "
                       f"({', '.join(own)}) gets no certificate here", **base)
    if not all(holds(i.formula, values) for i in p):
        return Outcome(verdict="undetermined", reason="the solver's witness fails the exact re-evaluation", **base)
    ok, core, how = fails_for_all(q, values)
    if ok is not True:
        return Outcome(verdict="undetermined", reason=f"the witness's failure of {names[1]} was not certified: {how}",
                       **base)
    # P and Q each encoded once for all the candidates, pinned in scopes (:mod:`.separate`)
    found = catalogue_separation(catalogue, p, q)
    return Outcome(verdict="separated", witness=values, cores=(core,), recheck=how, measure=found and found[0],
                   **base)


# ------------------------------------------------------------------ catalogue measures on the grid

def measure_values(measure, bound: int, partial: bool, nondegenerate: bool = False):
    """The measure's exact values on the grid (higher is better; ``nondegenerate``: only tables
    with AP, AN >= 1), or None when it is not a rational-valued function there (or, total
    reading, undefined somewhere)."""
    from fractions import Fraction

    from ..errors import Undecided
    from ..properties.tables import exact_value, param_grid, tables
    params = param_grid(measure)[0] if param_grid(measure) else {}
    out = {}
    for t in tables(bound, degenerate=not nondegenerate):
        try:
            v = exact_value(measure, t, params)
        except Undecided:                     # an undecidable realness: not a usable witness
            return None
        if v is None:
            if not partial:
                return None
            out[defined(t)] = False
            continue
        if not v.is_Rational:
            return None
        out[value(t)] = Fraction(int(v.p), int(v.q)) * measure.orientation
        if partial:
            out[defined(t)] = True
    return out


def first_measure(catalogue, p: list[Instance], q: list[Instance], bound: int) -> str | None:
    """The first catalogue measure (name, grid values) where every instance of p holds and some
    instance of q fails (q empty: only p), checked by z3 for the fresh unknowns and then re-evaluated
    exactly."""
    problem, some_q_fails = None, ((Or(tuple(negate(i.formula) for i in q)),) if q else ())
    for name, vals in catalogue:
        # a quick exact pass first: an instance whose unknowns are all the measure's values decides
        # at once (z3 is needed only for the fresh unknowns)
        if any(_known(i.formula, vals) is False for i in p):
            continue
        if q and all(_known(i.formula, vals) is True for i in q):
            continue
        fixed = [Atom(((k, 1),), -v, "=") for k, v in vals.items() if not isinstance(v, bool)]
        fixed += [_lit(k, v) for k, v in vals.items() if isinstance(v, bool)]
        # P encoded once, each candidate's values pinned in a scope (same first candidate)
        problem = problem or Problem(p)
        with problem.scope(tuple(fixed) + some_q_fails):
            if problem.check() != z3.sat:
                continue
            values = problem.model_values()
        if all(holds(i.formula, values) for i in p) and (not q or any(not holds(i.formula, values) for i in q)):
            return name
    return None


def separating_measure(catalogue, p: list[Instance], q: list[Instance], bound: int) -> str | None:
    """The first catalogue measure that separates P from Q on the grid, found as :func:`implies`
    finds its ``measure`` (Q rewritten the same way; a Q with unknowns of its own: a re-checked
    core of Q fails at the measure's values)."""
    from .separate import apart, catalogue_separation, eliminate, own_unknowns
    q = eliminate(q)
    own = own_unknowns(q)
    if own:
        found = catalogue_separation(catalogue, p, apart(q, own)[0])
        return found and found[0]
    return first_measure(catalogue, p + [i for i in q if i.definition], [i for i in q if not i.definition], bound)


def _known(f, vals: dict) -> bool | None:
    """Does f hold at the measure's values (None: it needs an unknown the measure does not fix)?"""
    try:
        return holds(f, vals)
    except KeyError:
        return None


def _lit(k, v):
    from .formula import Lit
    return Lit(k, v)


def witness_lines(values: dict, limit: int = 2) -> list[str]:
    """The witness on the tables with |D| <= limit."""
    from ..properties.tables import tables
    out = []
    for t in tables(limit, degenerate=True):
        if values.get(defined(t), True) is False:
            out.append(f"  M{show(t)} undefined")
        elif value(t) in values:
            out.append(f"  M{show(t)} = {values[value(t)]}")
    return out


def used(core) -> set[str]:
    return set().union(*(variables(i.formula) for i in core))
