"""The decider of relational statements (:mod:`.statements`): for every table t of the domain,
M(T(t)) REL M(t), clause by clause.

1. Search: every table with 1 <= |D| <= ``sebastiani_search_n`` that satisfies the clause's
   conditions (and its transformation's need), each scale factor of :data:`.SCALE_FACTORS`; a
   fast float evaluation selects candidates, each is re-evaluated exactly and its sign
   certified (:func:`symmetric.checks.decide.exact_sign`) before it is a counterexample.
2. Proof: the conditions become a case split of the table.  ``CELL >= c`` (c >= 1) writes the
   cell c + x with x >= 0 (as MON writes the moved cell 1 + c); ``a + b = 0`` puts those cells
   to 0; ``a + b >= 1`` drops the zero pattern where they are all 0.  On every remaining zero
   pattern (cells 0 or positive reals: a statement for all positive reals holds for all
   integers) the difference M(T(t)) - M(t) is decided by :mod:`symmetric.checks.decide`, after
   M is proved defined on both sides.  The scale factor is k = 1 + u with u > 0 (every k > 1).
   Other conditions are searched and cross-checked but get no proof (``undetermined``).

Readings (axis ``definedness``): ``defined`` (headline) compares only tables where M is defined
on both sides, a zero pattern where M is undefined on every table (re-checked exactly) is left
out; ``strict``: a pair with M undefined on either side is a failure.  A clause marked
``needs_target`` (M(T(t)) stands for every t) may not leave out a pattern where only M(T(t)) is
undefined; a clause marked ``chain`` (constancy along chains of tables: the equalities add up to one constant only if the
compared pairs link every table where M is defined) is checked for that: the zero patterns
where M is defined must be linked by the chain clauses' compared pairs (:func:`_linked`),
else the proof is undetermined.
"""

from __future__ import annotations

from functools import lru_cache

import sympy as sp

from ..checks.cases import definedness, fold, is_undefined_constant, zero_patterns
from ..checks.decide import exact_sign
from ..checks.substitute import substitute
from ..evidence import PropertyResult, say
from ..measures.base import Measure
from ..space import CELLS
from .sebastiani.cases import positive_test, prove_on_cases, zero_test
from .sebastiani.common import (FAILS, HOLDS, UNDET, at_params, compose, counterexample, exact, param_domain, result,
                                search_n, table, up_to)
from .sebastiani.testsets import pattern_table
from .statements import (CELL_NAMES, FAILED_RELATION, RELATIONS, SCALE_FACTORS, Clause, RelationalStatement, holds_sign,
                         satisfied)
from .edges import edge_tables
from .limitvalue import limit_value, takes_limits
from .tables import fast_value, param_grid, tables

_M_T, _M = sp.Symbol("M(T(t))"), sp.Symbol("M(t)")


def _applies(clause: Clause, t) -> bool:
    need = clause.transform.needs
    if need is not None and t[CELL_NAMES.index(need[0])] < need[1]:
        return False
    return satisfied(clause.where, t)


@lru_cache(maxsize=256)
def _pairs(clause: Clause, n: int) -> tuple:
    """The pairs (t, k, T(t)) of a clause on every table with |D| <= n: the transformation and the
    conditions work in sympy, and they depend on the clause alone, so every measure's search (and
    both readings) shares them (the atlas built them again for each of its ~80 measures: ~3% of
    its cells' CPU)."""
    factors = SCALE_FACTORS if clause.transform.scaled else (None,)
    return tuple((t, k, clause.transform.on_table(t, k or 2)) for t in tables(n, degenerate=True)
                 if _applies(clause, t) for k in factors)


def _float_ok(relation: str, a: float, b: float, orientation: int) -> bool:
    """The float values satisfy the relation with a clear margin, or (equality) agree to 1e-9:
    not a candidate counterexample (the search only selects candidates; a proof decides)."""
    want, strict, oriented = RELATIONS[relation]
    d = (b - a) * (orientation if oriented else 1)
    if want == 0:
        return abs(d) <= 1e-9 * max(1.0, abs(a), abs(b))
    return d * want > 1e-9


def _at(measure: Measure, t, params: dict, limits: bool):
    """M at a table, exactly: the formula, else (limit convention) the value ``value_at`` gives,
    computed term by term and re-checked near the table (:mod:`.limitvalue`)."""
    value = exact(measure, t, params)
    if value is None and limits:
        value = limit_value(measure, t, params)
    return value


def _nondegenerate(t) -> bool:
    """Both classes and both outputs present (AP, AN, PP, PN >= 1): a witness a reader trusts."""
    tp, fp, fn, tn = t
    return min(tp + fn, fp + tn, tp + fp, fn + tn) >= 1


def _search(measure: Measure, name: str, clauses, strict: bool) -> PropertyResult | None:
    """The first failing pair on nondegenerate tables (the smallest, in the enumeration's order);
    failing that, the first failing pair at all; then (strict) the first undefined pair."""
    undefined = first = None
    o = measure.orientation
    limits = takes_limits(measure)
    for clause in clauses:
        factors = SCALE_FACTORS if clause.transform.scaled else (None,)
        pairs = list(_pairs(clause, search_n()))
        for params in param_grid(measure):
            # the tables on and around every branch edge (TN = 30 of cases(TN > 30, ...)): a
            # branch that changes beyond the enumerated size still has its witness looked at
            edges = [(t, k, clause.transform.on_table(t, k or 2)) for t in edge_tables(measure, params)
                     if _applies(clause, t) for k in factors]
            for t, k, u in pairs + edges:
                plain = _nondegenerate(t) and _nondegenerate(u)
                if first is not None and not plain:      # only a more convincing witness is still wanted
                    continue
                a, b = fast_value(measure, t, params), fast_value(measure, u, params)
                if a is not None and b is not None and _float_ok(clause.relation, a, b, o):
                    continue
                ea, eb = _at(measure, t, params, limits), _at(measure, u, params, limits)
                if ea is None or eb is None:
                    if strict and undefined is None:
                        undefined = (params, clause, t, u, k, ea, eb)
                    continue
                sign = exact_sign(eb - ea)
                if sign is None or holds_sign(clause.relation, sign, o):
                    continue
                if plain:
                    return _failure(measure, name, clause, params, t, u, k, ea, eb)
                first = (params, clause, t, u, k, ea, eb)
    for found in (first, undefined):
        if found is not None:
            params, clause, *rest = found
            return _failure(measure, name, clause, params, *rest)
    return None


def _failure(measure, name, clause: Clause, params, t, u, k, ea, eb) -> PropertyResult:
    scale = () if k is None else (", with k = ", sp.Integer(k))
    if ea is None or eb is None:
        why = (f": the measure is undefined at {'t' if ea is None else 'T(t)'}, so M(T(t)) {clause.relation} M(t) "
               "cannot hold (strict reading; re-checked exactly).",)
        relation = "M undefined"
    else:
        why = (": ", sp.Eq(_M, ea, evaluate=False), " and ", sp.Eq(_M_T, eb, evaluate=False),
               f", so M(T(t)) {clause.relation} M(t) fails (exact).")
        relation = FAILED_RELATION[clause.relation]
    line = compose(f"Clause {clause.text}: t = ", table(t), ", T(t) = ", table(u), *scale, *at_params(params), *why)
    point, convention = ({} if k is None else {"scale factor k": k}), ""
    if takes_limits(measure) and any(exact(measure, x, params) is None for x in (t, u)):
        # a value there is the limit convention's (0 log 0 = 0), confirmed near the table: said
        # for the reader, and typed on the values for the cross-check, which has no such convention
        convention = "0 log 0 = 0 (the limit as the zero cells tend to 0)"
        point["zero convention"] = convention
    return result(measure, name, FAILS, (line,), counterexample(
        relation, params, {"t": t, "T(t)": u}, {"t": ea, "T(t)": eb}, point=point, convention=convention))


# ------------------------------------------------------------------ the proof

def _linear(e: sp.Expr):
    """(coefficients per cell, constant) of a linear expression in the cells, or None."""
    poly = sp.Poly(sp.expand(e), *CELLS) if e.free_symbols <= set(CELLS) else None
    if poly is None or poly.total_degree() > 1:
        return None
    coeffs = {c: poly.coeff_monomial(c) for c in CELLS}
    return {c: v for c, v in coeffs.items() if v != 0}, poly.coeff_monomial(1)


def _split(where) -> tuple[dict, set, list] | str:
    """The conditions as (cell -> least value, cells that are 0, groups of cells not all 0), or
    the reason the proof cannot read them."""
    shift, zero, nonempty = {}, set(), []
    for w in where:
        if isinstance(w, (sp.Ge, sp.Gt)):
            e, strict = w.lhs - w.rhs, isinstance(w, sp.Gt)
        elif isinstance(w, (sp.Le, sp.Lt)):
            e, strict = w.rhs - w.lhs, isinstance(w, sp.Lt)
        elif isinstance(w, sp.Eq):
            e, strict = w.lhs - w.rhs, None
        else:
            return f"the condition {w} is not of a form the proof reads"
        lin = _linear(e)
        if lin is None or not lin[0] or not all(v.is_Integer for v in (*lin[0].values(), lin[1])):
            return f"the condition {w} is not linear in the cells with integer coefficients"
        coeffs, const = lin
        same_sign = all(v > 0 for v in coeffs.values()) or all(v < 0 for v in coeffs.values())
        if strict is None or (not strict and const >= 0 and all(v < 0 for v in coeffs.values())):
            # a + b = 0, or -(a + b) >= 0: every cell named is 0
            if same_sign and const == 0:
                zero.update(coeffs)
                continue
            return f"the condition {w} is not of a form the proof reads"
        least = -const + (1 if strict else 0)        # sum of coeff * cell >= least
        if len(coeffs) == 1 and next(iter(coeffs.values())) == 1:
            cell = next(iter(coeffs))
            if least >= 1:
                shift[cell] = max(shift.get(cell, 0), int(least))
            continue
        if all(v > 0 for v in coeffs.values()) and least <= 1:
            if least == 1:
                nonempty.append(set(coeffs))
            continue
        return f"the condition {w} is not of a form the proof reads"
    if zero & set(shift):
        return "the conditions contradict each other (a cell both 0 and positive)"
    return shift, zero, nonempty


def _cases(shift: dict, zero: set, nonempty: list):
    for case in zero_patterns(CELLS, allow_all_zero=True):
        if not zero <= set(case.zero):
            continue
        present = {c for c in CELLS if c not in case.zero or c in shift}
        if not present:                              # the empty table is no test set
            continue
        if any(not (group & present) for group in nonempty):
            continue
        yield case


@lru_cache(maxsize=1024)
def _restricted(form: sp.Expr, substitution: tuple) -> sp.Expr:
    """The form on a zero pattern (a pure function): both readings of a statement, and its
    definedness check and its proof, ask for the same ones."""
    return fold(substitute(form, dict(substitution)))


class _Sides:
    """M before and after the transformation on each zero pattern, from the unsubstituted tree.

    The transformation is composed with the case's substitution and put into the measure's own
    tree in one step: substituting it first would let sympy cancel what the transformation
    zeroes ((TP + FN)/(TP + FN) is 1, though the perfect table of a test set with AP = 0 is 0/0)."""

    def __init__(self, measure: Measure, clause: Clause, shift: dict, domain) -> None:
        self.measure, self.clause, self.domain = measure, clause, domain
        self.base = {c: c + shift.get(c, 0) for c in CELLS}
        self.shift = shift

    def substitution(self, case, after: bool) -> dict:
        cells = self.clause.transform.on_symbols(self.base) if after else self.base
        return {c: sp.sympify(v).xreplace(case.substitution) for c, v in cells.items()}

    def value(self, case, after: bool) -> sp.Expr:
        return _restricted(self.measure.count_form, tuple(self.substitution(case, after).items()))

    def table(self, case, after: bool):
        t = tuple(v + self.shift.get(c, 0) for c, v in zip(CELLS, pattern_table(case)))
        return self.clause.transform.on_table(t, 2) if after else t

    def undefined_everywhere(self, case, after: bool) -> bool:
        """Undefined on every table of the pattern (0/0 or x/0 for every k), confirmed exactly."""
        value = self.value(case, after)
        return (is_undefined_constant(value) and not value.has(sp.Piecewise)
                and all(exact(self.measure, self.table(case, after), p) is None for p in param_grid(self.measure)))

    def defined(self, case) -> tuple[bool | None, str]:
        for after in (False, True):
            ok, why = definedness(self.measure.count_form, self.domain, self.substitution(case, after))
            if ok is not True:
                return None, f"M{'(T(t))' if after else '(t)'} is not shown defined ({why})"
        return True, ""


def _prove_clause(measure: Measure, clause: Clause, strict: bool):
    """(True, lines, chain data) | (None, lines, reason) for one clause."""
    split = _split(clause.where + ((sp.Ge(CELLS[CELL_NAMES.index(clause.transform.needs[0])], 1),)
                                   if clause.transform.needs else ()))
    if isinstance(split, str):
        return None, [], split
    shift, zero, nonempty = split
    want, strict_rel, oriented = RELATIONS[clause.relation]
    factor = want * (measure.orientation if oriented else 1)
    domain = param_domain(measure)
    sides = _Sides(measure, clause, shift, domain)
    cases = list(_cases(shift, zero, nonempty))
    undefined_before = {c.zero for c in cases if sides.undefined_everywhere(c, False)}
    left_out = [] if strict else [c for c in cases if c.zero in undefined_before or sides.undefined_everywhere(c, True)]
    kept = [c for c in cases if c not in left_out]
    if clause.needs_target and any(c.zero not in undefined_before for c in left_out):
        return None, [], (f"{clause.text}: M(T(t)) is undefined on a zero pattern where M(t) is not, so the clause "
                          "says nothing about those tables")
    if not kept:
        return None, [], f"no two tables where the measure is defined are related by {clause.transform.text}"
    decide = zero_test(domain) if want == 0 else positive_test(domain, strict=strict_rel)

    def test(case):
        ok, why = sides.defined(case)
        if ok is not True:
            return None, why
        diff = sides.value(case, True) - sides.value(case, False)
        return decide(diff if want == 0 else factor * diff)
    ok, lines = prove_on_cases(lambda c: c, kept, test, (_M_T, f" {clause.relation} ", _M))
    if ok is not True:
        return None, lines, f"no symbolic proof for {clause.text}"
    shifted = [f"{c.name} written {c.name} + {v}" for c, v in shift.items()]
    head = compose(f"Clause {clause.text}" + (f" ({', '.join(shifted)}, so that every table with the condition "
                                              "is covered)" if shifted else "") + ":")
    if left_out:
        lines.insert(0, say("Left out (defined reading): the zero patterns " + "; ".join(c.describe() for c in left_out)
                            + ", where the measure is undefined before or after on every table (re-checked exactly)."))
    links = {(c.zero, _target(clause, c)) for c in kept}
    nodes = {c.zero for c in cases if c.zero not in undefined_before}
    return True, [head, *lines], (nodes, links)


def _positive_of(case) -> dict:
    return {c: (sp.Integer(0) if c in case.zero else sp.Integer(1)) for c in CELLS}


def _target(clause: Clause, case) -> tuple:
    """The cells that are 0 after the transformation, on a table of the zero pattern."""
    after = clause.transform.on_symbols(_positive_of(case), sp.Integer(2))
    return tuple(c for c in CELLS if after[c] == 0)


def _linked(found: list) -> bool:
    """Do the chain clauses' compared pairs link every zero pattern where M is defined?  (Inside
    a kept pattern the pairs along its positive cells stay in it and link its tables; a pair
    that makes a 0 cell positive links two patterns.)  The patterns must form one connected graph."""
    nodes = set().union(*(n for n, _ in found))
    edges = set().union(*(e for _, e in found))
    if not nodes:
        return False
    parent = {n: n for n in nodes | {b for _, b in edges} | {a for a, _ in edges}}

    def root(x):
        while parent[x] != x:
            x = parent[x]
        return x
    for a, b in edges:
        parent[root(a)] = root(b)
    return len({root(n) for n in nodes}) == 1


def decide_relational(statement: RelationalStatement, name: str, measure: Measure, **choices) -> PropertyResult:
    """Decide the statement in the reading given by ``choices`` (the reading's keyword arguments)."""
    strict = choices.get("definedness", "defined") == "strict"
    clauses = statement.clauses_in(tuple(choices.values()))
    found = _search(measure, name, clauses, strict)
    if found is not None:
        return found
    proof = [say("No counterexample among all tables with {0} (exact).", up_to(search_n()))]
    chains = []
    for clause in clauses:
        ok, lines, found = _prove_clause(measure, clause, strict)
        if ok is not True:
            return result(measure, name, UNDET, proof + lines,
                          reason=f"no counterexample for |D| <= {search_n()}; {found}")
        proof += lines
        if clause.chain:
            chains.append(found)
    if chains and not _linked(chains):
        return result(measure, name, UNDET, proof, reason="every clause holds, but the zero patterns where the "
                      "measure is defined are not linked by the compared pairs, so the equalities need not give "
                      "one constant")
    if chains:
        proof.append(say("The compared pairs link every zero pattern where the measure is defined, so the "
                         "equalities give one constant."))
    return result(measure, name, HOLDS, proof)
