"""What the steps of one claim share: its names, parameters, assumptions, and how an
expression of the claim is parsed, read in its model and displayed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import sympy as sp

from .. import space
from ..errors import InputError
from ..measures.base import Param
from ..userinput.measures import in_file
from ..userinput.toml_text import array_locators
from ..domain import Domain
from .hypotheses import Hypothesis, empty
from .model import Assumption, Reading, apply_assumptions, base_domain, model_of
from .names import PLACEHOLDER_PREFIX, Names, claim_params
from .source import Table
from .values import infinity

_RELATION = re.compile(r"(<=|>=|!=|==|=|<|>)")
STRICT = {"<": "<", ">": ">", "=": "=", "==": "="}


# ``test_set = "fixed"``: the paper holds the test set fixed (Sebastiani's convention), so AP and
# AN are constants and FN = AP - TP, FP = AN - TN follow TP and TN
FIXED_AP, FIXED_AN = sp.Symbol("AP", positive=True), sp.Symbol("AN", positive=True)
TEST_SETS = ("free", "fixed")


@dataclass
class ClaimContext:
    names: Names
    table: Table
    params: dict[str, Param] = field(default_factory=dict)
    assumptions: list[Assumption] = field(default_factory=list)
    dependent: dict = field(default_factory=dict)
    hypotheses: list = field(default_factory=list)     # (lhs, rel, rhs, text, where) not of the X > E shape
    _checked_nonempty: bool = False

    @classmethod
    def of(cls, names: Names, table: Table) -> "ClaimContext":
        ctx = cls(names, table, claim_params(table, names))
        test_set = table.string("test_set", required=False) or "free"
        if test_set not in TEST_SETS:
            raise table.error(f"test_set must be \"free\" (the four cells vary alone) or \"fixed\" (AP and AN "
                              f"are constants), got {test_set!r}", "test_set")
        if test_set == "fixed":
            if names.kind != "classification":
                raise table.error("test_set applies to classification claims", "test_set")
            ctx.params.update({"AP": Param(FIXED_AP, 0, sp.oo), "AN": Param(FIXED_AN, 0, sp.oo)})
            ctx.dependent = {space.FN: FIXED_AP - space.TP, space.FP: FIXED_AN - space.TN}
        ctx.assumptions = ctx._assumptions()
        if test_set == "fixed":
            where = table.where("test_set")
            ctx.assumptions[:0] = [Assumption(space.TP, "<", FIXED_AP, "TP < AP", where),
                                   Assumption(space.TN, "<", FIXED_AN, "TN < AN", where)]
        return ctx

    # ------------------------------------------------------------ names and parsing

    def _extra(self) -> dict[str, sp.Basic]:
        out = {name: p.symbol for name, p in self.params.items()}
        if self.dependent:
            out["n"] = FIXED_AP + FIXED_AN
        return out

    def symbols(self) -> dict[str, sp.Basic]:
        return self.names.symbols(self._extra())

    def parse(self, table: Table, key: str, text: str | None = None) -> sp.Expr:
        if key == "printed" and "limit" in table.data and infinity(table.string(key) if text is None else text):
            return infinity(table.string(key) if text is None else text)     # a limit printed as -oo, \infty
        # a relation's sides are read on the claim's domain only: a denominator that cannot
        # vanish there may be cancelled (other fields, such as a value's point, may leave it)
        nonzero = self._nonzero_on_domain if key in ("lhs", "rhs") else None
        return self.names.parse(table, key, text, self._extra(), nonzero)

    def _nonzero_on_domain(self, factor: sp.Expr) -> bool:
        """``factor`` cannot be 0 where every count cell is positive (cells an assumption sets
        equal to something are left as they are: they may be 0)."""
        fixed = {a.symbol for a in self.assumptions if a.rel == "="}
        positive = {c: sp.Dummy(c.name, positive=True) for c in space.CELLS if c not in fixed}
        return sp.sympify(factor).xreplace(positive).is_nonzero is True

    def measure_of(self, expr: sp.Expr, table: Table, key: str) -> None:
        """Refuse a measure name that names nothing (checked when the expression is read)."""
        for sym in sp.sympify(expr).free_symbols:
            if sym.name.startswith(PLACEHOLDER_PREFIX):
                self.names.measure(sym.name[len(PLACEHOLDER_PREFIX):], table, key)

    def _assumptions(self) -> list[Assumption]:
        texts = self.table.strings("assume")
        locators = array_locators(self.table.text, self.table.line, "assume", texts) or []
        out = []
        for k, text in enumerate(texts):
            locate = locators[k] if k < len(locators) else None
            where = dict(zip(("source", "line", "column"), (self.table.source, *locate(1, 1)))) if locate \
                else self.table.where("assume")
            for piece in _conjuncts(text):
                parts = [p.strip() for p in _RELATION.split(piece)]
                if len(parts) < 3 or not all(parts[0::2]):
                    raise InputError(f"an assumption is a relation such as \"TP > FP\" or \"TP + FN > 0\", "
                                     f"got {text!r}", **where)
                try:
                    sides = [self.names.parse(self.table, "assume", side, self._extra()) for side in parts[0::2]]
                except InputError as exc:
                    raise InputError(exc.message, **where) from None
                for lhs, rel, rhs in zip(sides, parts[1::2], sides[1:]):   # 0 < TP < AP: two relations
                    rel = "=" if rel == "==" else rel
                    if self._reshapes(lhs, rel, rhs, out) or self.names.kind != "classification":
                        out.append(self.assumption(lhs, rel, rhs, text, where))
                    else:
                        self.hypotheses.append((lhs, rel, rhs, text, where))
        return out

    def _reshapes(self, lhs: sp.Expr, rel: str, rhs: sp.Expr, taken: list) -> bool:
        """``lhs rel rhs`` has the shape that reshapes the domain (``X > E``, X one cell or
        parameter, E without X, strict or =), and X is not already constrained."""
        if not isinstance(lhs, sp.Symbol) and isinstance(rhs, sp.Symbol):
            lhs, rhs = rhs, lhs
        variables = set(space.CELLS) | {p.symbol for p in self.all_params()}
        bounds = set().union(*(a.bound.free_symbols for a in taken)) if taken else set()
        return (isinstance(lhs, sp.Symbol) and lhs in variables and lhs not in rhs.free_symbols and rel in STRICT
                and not rhs.has(space.Pr, space.Joint) and lhs not in {a.symbol for a in taken}
                and lhs not in bounds      # FP > TP after TP > FP: a cycle, kept as a hypothesis
                and not any(s.name.startswith(PLACEHOLDER_PREFIX) for s in rhs.free_symbols))

    def assumption(self, lhs: sp.Expr, rel: str, rhs: sp.Expr, text: str, where: dict) -> Assumption:
        """``lhs rel rhs`` as an :class:`Assumption` on a cell or parameter, or the positioned refusal."""
        if not isinstance(lhs, sp.Symbol) and isinstance(rhs, sp.Symbol):
            lhs, rhs, rel = rhs, lhs, {"<": ">", ">": "<"}.get(rel, rel)
        if not isinstance(lhs, sp.Symbol) or lhs in rhs.free_symbols or lhs.name.startswith(PLACEHOLDER_PREFIX):
            raise InputError(f"assumption {text!r}: one side must be a single count cell or parameter "
                             "(such as TP > FP or lambda > 1)", **where)
        if rhs.has(space.Pr, space.Joint) or lhs not in set(space.CELLS) | {p.symbol for p in self.all_params()}:
            raise InputError(f"assumption {text!r}: only count cells and parameters can be assumed on", **where)
        if rel not in STRICT:
            raise InputError(f"assumption {text!r}: use a strict < or > (or =); a boundary is checked as "
                             "its own claim with =", **where)
        return Assumption(lhs, STRICT[rel], rhs, text, where)

    def with_conditions(self, conditions, where) -> "ClaimContext":
        """This claim with a step's own conditions (``\\text{if } TP > FP``) added to its
        assumptions; ``X > 0`` for a count cell is the domain already and is not repeated.
        ``conditions``: (lhs, rel, rhs, text, column) tuples; ``where(text, column)`` the place."""
        extra = [self.assumption(lhs, rel, rhs, text, where(column))
                 for lhs, rel, rhs, text, column in conditions
                 if not (lhs in space.CELLS and rel == ">" and rhs == 0)]
        return replace(self, assumptions=[*self.assumptions, *extra]) if extra else self

    def all_params(self) -> list[Param]:
        return [*self.params.values(), *self.names.params.values()]

    # ------------------------------------------------------------ reading

    def reading(self, exprs, model: str | None = None) -> Reading:
        """The model and domain for ``exprs`` (the claim's assumptions applied)."""
        counts_assumed = any(a.symbol in space.CELLS for a in self.assumptions) or bool(self.hypotheses)
        model = model or model_of(exprs, self.names.kind, counts_assumed)
        used = set().union(*(sp.sympify(e).free_symbols for e in exprs)) if exprs else set()
        measures = {}
        for sym in used:
            if sym.name.startswith(PLACEHOLDER_PREFIX):
                name = sym.name[len(PLACEHOLDER_PREFIX):]
                measures[name] = self.names.measure(name, self.table, "id")
        params = {p.symbol: p for p in self.all_params() if p.symbol in used}
        for m in measures.values():
            params.update({p.symbol: p for p in getattr(m, "params", ())})
        params.update({p.symbol: p for p in self.all_params()
                       if any(a.symbol == p.symbol or p.symbol in a.bound.free_symbols for a in self.assumptions)})
        domain = base_domain(model, tuple(params.values()))
        base_name = domain.name
        relevant = [a for a in self.assumptions if model != "probs" or a.symbol not in space.CELLS]
        domain, substitute = apply_assumptions(domain, relevant, tuple(params.values()), self._assumption_error)
        dependent = self.dependent if model == "counts" else {}
        integers = tuple(c for c in space.CELLS if c not in dependent) + ((FIXED_AP, FIXED_AN) if dependent else ())
        conditions = tuple(sp.Rel(a.symbol, shown(a.bound), "==" if a.rel == "=" else a.rel, evaluate=False)
                           for a in relevant)
        reading = Reading(model, domain, substitute, measures, dependent, integers, conditions=conditions,
                          base_name=base_name)
        return self._hypothetical(reading) if self.hypotheses else reading

    def _hypothetical(self, reading: Reading) -> Reading:
        """``reading`` with the hypotheses read in its model (their measures included), added to
        the domain's constraints (a counterexample must satisfy them); an assumption that leaves
        the domain empty is refused with its place."""
        measures = dict(reading.measures)
        for lhs, _, rhs, _, _ in self.hypotheses:
            for sym in (lhs - rhs).free_symbols:
                if sym.name.startswith(PLACEHOLDER_PREFIX):
                    name = sym.name[len(PLACEHOLDER_PREFIX):]
                    measures[name] = self.names.measure(name, self.table, "assume")
        reading = replace(reading, measures=measures)
        hypotheses = tuple(Hypothesis(sp.together(reading.expression(lhs - rhs)), rel, text)
                           for lhs, rel, rhs, text, _ in self.hypotheses)
        domain = reading.domain.with_constraints(*(h.relation() for h in hypotheses))
        domain = Domain(reading.domain.name + ", " + ", ".join(h.text for h in hypotheses), domain.constraints,
                        domain.reparam, domain.inverse)
        written = tuple(sp.Rel(shown(lhs), shown(rhs), "==" if rel == "=" else rel, evaluate=False)
                        for lhs, rel, rhs, _, _ in self.hypotheses)
        if not self._checked_nonempty:
            for k in range(1, len(hypotheses) + 1):
                if empty(hypotheses[:k], domain):
                    raise InputError(f"assumption {hypotheses[k - 1].text!r} leaves the claim's domain empty "
                                     "(no table satisfies it together with the claim's other assumptions)", **self.hypotheses[k - 1][4])
            self._checked_nonempty = True
        return replace(reading, domain=domain, hypotheses=hypotheses, conditions=reading.conditions + written)

    @staticmethod
    def _assumption_error(a: Assumption, why: str) -> InputError:
        return InputError(f"assumption {a.text!r}: {why}", **a.where)


def _conjuncts(text: str) -> list[str]:
    """``TP > FP and FN > 0`` (also ``&&``, ``,``) as its relations; ``and`` inside P(...) stays."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        depth += ch == "("
        depth -= ch == ")"
        m = re.match(r"\s+and\s+|\s*&&\s*|\s*,\s*", text[i:]) if depth == 0 else None
        if m:
            out.append(text[start:i])
            i += m.end()
            start = i
            continue
        i += 1
    out.append(text[start:])
    return [p for p in out if p.strip()]


def shown(expr: sp.Basic) -> sp.Basic:
    """An expression as the user wrote it, measure names as plain symbols (for display)."""
    expr = sp.sympify(expr)
    return expr.xreplace({s: sp.Symbol(s.name[len(PLACEHOLDER_PREFIX):]) for s in expr.free_symbols
                          if s.name.startswith(PLACEHOLDER_PREFIX)})


def located(table: Table, key: str, exc: InputError) -> InputError:
    """An error positioned inside ``key``'s string, moved to the file."""
    locate = table.locator(key)
    if locate is not None and exc.column is not None:
        return in_file(InputError(exc.message, source=table.source, line=exc.line or 1, column=exc.column),
                       table.source, locate)
    return InputError(exc.message, **table.where(key))
