"""z3 reads the constraint language (:mod:`.formula`): satisfiability, a witness, and a minimal
unsatisfiable core (z3's core over tracked instances, then shrunk by deletion until every
instance is needed)."""

from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction

import z3

from .formula import And, Atom, Lit

_CHECK_MS = 60_000


class _Z3:
    """The unknowns one Problem has met (its model is read back on them) and the z3 terms of its
    formulas.  The terms are remembered per Problem only: a process-wide cache was tried and
    made z3's quantified search (P and ForAll(Q's own unknowns, not Q)) erratic -- TSYM => FIX
    went from 0.8 to 13 s CPU after a row of pairs -- since which terms stay alive changes the
    ids z3 gives new ones, and its search depends on them."""

    def __init__(self) -> None:
        self.reals, self.bools = {}, {}
        self.terms: dict[int, tuple] = {}       # id(formula) -> (formula, term); the formula kept alive

    def real(self, name: str):
        if name not in self.reals:
            self.reals[name] = z3.Real(name)
        return self.reals[name]

    def bool(self, name: str):
        if name not in self.bools:
            self.bools[name] = z3.Bool(name)
        return self.bools[name]

    def term(self, f):
        hit = self.terms.get(id(f))
        if hit is not None and hit[0] is f:
            return hit[1]
        if isinstance(f, Atom):
            s = z3.Sum([z3.RealVal(f"{c.numerator}/{c.denominator}") * self.real(v) for v, c in f.terms]
                       + [z3.RealVal(f"{f.const.numerator}/{f.const.denominator}")])
            t = s > 0 if f.op == ">" else s >= 0 if f.op == ">=" else s == 0
        elif isinstance(f, Lit):
            t = self.bool(f.var) if f.positive else z3.Not(self.bool(f.var))
        else:
            items = [self.term(i) for i in f.items]
            t = z3.And(items) if isinstance(f, And) else z3.Or(items)
        self.terms[id(f)] = (f, t)
        return t


class Problem:
    """Tracked instances (any objects with a ``formula``) and untracked background formulas."""

    def __init__(self, instances: list, background: tuple = ()) -> None:
        self.instances = list(instances)
        self.z = _Z3()
        self.solver = z3.Solver()
        self.solver.set("timeout", _CHECK_MS)
        self.track = [z3.Bool(f"__i{k}") for k in range(len(self.instances))]
        self._asts = None                       # the tracking literals' C pointers, for check
        for b, inst in zip(self.track, self.instances):
            self.solver.add(z3.Implies(b, self.z.term(inst.formula)))
        for f in background:
            self.solver.add(self.z.term(f))

    def forbid(self, formulas: list, fresh: list[str]) -> None:
        """Add: for every value of the real unknowns ``fresh``, not all of ``formulas`` hold
        (a property with existential parts fails whatever its own unknowns are)."""
        body = z3.Not(z3.And([self.z.term(f) for f in formulas]))
        bound = [z3.Real(v) for v in fresh]
        self.solver.add(z3.ForAll(bound, body) if bound else body)

    @contextmanager
    def scope(self, background: tuple = (), forbid: tuple | None = None):
        """Formulas added for the ``with`` block only (z3's push/pop): the instances stay encoded
        and one solver tries many pinnings.  The unknowns the block's formulas name are
        forgotten at its end, so a model is read back on the instances' unknowns and the current
        block's, never on an earlier block's (unconstrained now: model completion would make
        them up)."""
        before = (dict(self.z.reals), dict(self.z.bools))
        self.solver.push()
        try:
            for f in background:
                self.solver.add(self.z.term(f))
            if forbid is not None:
                self.forbid(*forbid)
            yield self
        finally:
            self.solver.pop()
            self.z.reals, self.z.bools = before

    def check(self, subset=None) -> z3.CheckSatResult:
        """Satisfiable with the instances ``subset`` (indices; None: all) assumed?  The tracking
        literals go to z3's C entry point as they are: ``Solver.check`` re-casts each to Bool in
        Python, two thirds of the time of an implication's ~330 checks of ~650 literals."""
        chosen = range(len(self.instances)) if subset is None else list(subset)
        if self._asts is None:
            self._asts = [b.as_ast() for b in self.track]
        arr = (z3.Ast * len(chosen))()
        for i, k in enumerate(chosen):
            arr[i] = self._asts[k]
        return z3.CheckSatResult(z3.Z3_solver_check_assumptions(self.solver.ctx.ref(), self.solver.solver,
                                                               len(chosen), arr))

    def model_values(self, skip=()) -> dict:
        """The last witness as exact values (Fraction / bool) of every unknown the problem names
        (inside a :meth:`scope`: its instances' and the block's; but ``skip``: bound by a
        quantifier, they have no value)."""
        m = self.solver.model()
        out = {}
        for name in self.z.reals:
            if name in skip:
                continue
            v = m.eval(self.z.reals[name], model_completion=True)
            out[name] = Fraction(v.numerator_as_long(), v.denominator_as_long())
        for name in self.z.bools:
            out[name] = z3.is_true(m.eval(self.z.bools[name], model_completion=True))
        return out

    def minimal_core(self) -> list[int] | None:
        """Indices of a minimal unsatisfiable subset (after an unsat check of everything); None
        if a check is unknown."""
        # keyed by the AST id: str() of a z3 term runs its pretty printer, which was 60% of the
        # time of DIST => MAXA (73 cores, an index of ~650 names each)
        index = {b.get_id(): k for k, b in enumerate(self.track)}
        core = sorted(index[b.get_id()] for b in self.solver.unsat_core())
        k = 0
        while k < len(core):
            trial = core[:k] + core[k + 1:]
            r = self.check(trial)
            if r == z3.unsat:
                # z3's core of the smaller set may be smaller still; it keeps every instance before
                # position k (each is needed in ``trial``, so in every unsatisfiable subset of it)
                keep = {index[b.get_id()] for b in self.solver.unsat_core()}
                core = [c for c in trial if c in keep]
            elif r == z3.sat:
                k += 1
            else:
                return None
        return core
