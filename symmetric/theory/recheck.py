"""The independent exact check of an unsatisfiability certificate.

A certificate is a list of formulas (:mod:`.formula`) claimed jointly unsatisfiable.  This module
shares no code with the solver: it splits every disjunction (depth first, Boolean literals kept
consistent), and on each branch decides the conjunction of linear atoms by Gaussian elimination
of the equalities and Fourier-Motzkin elimination of the inequalities, in Fraction arithmetic.
Fourier-Motzkin is complete over the reals, strict inequalities included (a combination is strict
when one of its parts is), so "every branch infeasible" is a proof.  A branch count above
:data:`MAX_BRANCHES` gives up (None), never a guess.
"""

from __future__ import annotations

from fractions import Fraction

from .formula import And, Atom, Lit, Or

MAX_BRANCHES = 20000
_MAX_ROWS = 4000                  # Fourier-Motzkin rows before giving up


class _GiveUp(Exception):
    pass


def _row(atom: Atom) -> tuple[dict, Fraction, str]:
    return dict(atom.terms), atom.const, atom.op


def _constant_ok(const: Fraction, op: str) -> bool:
    return const > 0 if op == ">" else const >= 0 if op == ">=" else const == 0


def feasible(atoms: list[Atom]) -> bool:
    """Is the conjunction of linear atoms satisfiable over the reals?  (exact)"""
    rows = [_row(a) for a in atoms]
    # equalities: solve for one unknown and substitute it everywhere
    while True:
        eq = next((r for r in rows if r[2] == "=" and r[0]), None)
        if eq is None:
            break
        rows.remove(eq)
        coeffs, const, _ = eq
        var, a = next(iter(coeffs.items()))
        # var = -(const + sum others)/a
        sub = {v: -c / a for v, c in coeffs.items() if v != var}
        sub_const = -const / a
        rows = [_substitute(r, var, sub, sub_const) for r in rows]
    for coeffs, const, op in rows:
        if not coeffs and not _constant_ok(const, op):
            return False
    ineq = {(tuple(sorted(c.items())), k, op) for c, k, op in rows if c}
    while ineq:
        counts = {}
        for terms, _, _ in ineq:
            for v, c in terms:
                counts.setdefault(v, [0, 0])[c > 0] += 1
        var = min(counts, key=lambda v: counts[v][0] * counts[v][1] - sum(counts[v]))
        pos, neg, rest = [], [], set()
        for row in ineq:
            c = dict(row[0]).get(var)
            (rest.add(row) if c is None else (pos if c > 0 else neg).append(row))
        for p in pos:
            for n in neg:
                cp, cn = dict(p[0])[var], -dict(n[0])[var]
                combined = {}
                for terms, scale in ((p[0], 1 / cp), (n[0], 1 / cn)):
                    for v, c in terms:
                        combined[v] = combined.get(v, Fraction(0)) + c * scale
                combined = {v: c for v, c in combined.items() if c != 0 and v != var}
                const = p[1] / cp + n[1] / cn
                op = ">" if ">" in (p[2], n[2]) else ">="
                if not combined:
                    if not _constant_ok(const, op):
                        return False
                    continue
                rest.add((tuple(sorted(combined.items())), const, op))
        if len(rest) > _MAX_ROWS:
            raise _GiveUp(f"Fourier-Motzkin grew past {_MAX_ROWS} rows")
        ineq = rest
    return True


def _substitute(row, var, sub: dict, sub_const: Fraction):
    coeffs, const, op = row
    a = coeffs.get(var)
    if a is None:
        return row
    out = {v: c for v, c in coeffs.items() if v != var}
    for v, c in sub.items():
        out[v] = out.get(v, Fraction(0)) + a * c
    return {v: c for v, c in out.items() if c != 0}, const + a * sub_const, op


def _fold(f, units: dict):
    """f with the Boolean unknowns fixed by unit literals replaced by their truth value: True,
    False, or a smaller formula (so that the case split does not branch on decided literals)."""
    if isinstance(f, Lit):
        return f if f.var not in units else units[f.var] == f.positive
    if isinstance(f, Atom):
        return f
    items = [_fold(i, units) for i in f.items]
    if isinstance(f, And):
        if any(i is False for i in items):
            return False
        items = [i for i in items if i is not True]
        return And(tuple(items)) if items else True
    if any(i is True for i in items):
        return True
    items = [i for i in items if i is not False]
    return Or(tuple(items)) if items else False


def unsatisfiable(formulas: list) -> tuple[bool | None, str]:
    """(True, how) when every branch of the conjunction is infeasible (exact); (False, why) with a
    satisfiable branch; (None, why) when the check gave up."""
    units = {}
    for f in formulas:
        if isinstance(f, Lit):
            if units.get(f.var, f.positive) != f.positive:
                return True, "two of the constraints are a Boolean unknown and its negation"
            units[f.var] = f.positive
    folded = [_fold(f, units) for f in formulas if not isinstance(f, Lit)]
    if any(f is False for f in folded):
        return True, "a constraint is false once the Boolean unknowns fixed by the others are put in"
    formulas = [f for f in folded if f is not True]
    budget = [MAX_BRANCHES]

    def search(todo: list, atoms: list, lits: dict) -> bool:
        # True: some branch is feasible
        while todo:
            f = todo[-1]
            todo = todo[:-1]
            if isinstance(f, Atom):
                atoms = atoms + [f]
            elif isinstance(f, Lit):
                if lits.get(f.var, f.positive) != f.positive:
                    return False
                lits = {**lits, f.var: f.positive}
            elif isinstance(f, And):
                todo = todo + list(f.items)
            else:
                for item in f.items:
                    budget[0] -= 1
                    if budget[0] < 0:
                        raise _GiveUp(f"more than {MAX_BRANCHES} case-split branches")
                    if search(todo + [item], atoms, lits):
                        return True
                return False
        return feasible(atoms)
    try:
        found = search(list(formulas), [], {})
    except _GiveUp as exc:
        return None, str(exc)
    except RecursionError:
        return None, "the case split is too deep"
    if found:
        return False, "the exact check found a branch where every constraint can hold"
    tried = MAX_BRANCHES - budget[0]
    split = f"every branch of the case split ({tried} disjunct choices) is" if tried else "the constraints are"
    return True, f"{split} infeasible by exact Fourier-Motzkin elimination"
