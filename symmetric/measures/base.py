"""The immutable description of an evaluation measure.

A measure is defined once: in *count form* (TP, FP, FN, TN and parameters; piecewise
definitions and values stipulated at 0/0 allowed via ``sympy.Piecewise``) and/or in
*probability form* (the unevaluated atoms of :mod:`symmetric.space`).  Whichever form is
not given is derived: ``counts`` from ``probs`` by Table 1 (``space.to_counts``), ``probs``
from ``counts`` by TP = |T| P(S and G), ... (``space.counts_to_joint``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar
from functools import cached_property, lru_cache

import sympy as sp

from .. import space
from ..denominators import divisors_outside_reciprocals, lost_factors
from ..errors import InvalidArgument, InvalidArgumentType
from ..evidence import latex_repr

# what a probability form may mention besides its atoms and parameters
_PROB_SYMBOLS = frozenset({space.n})
_ORIENTATIONS = (1, -1)
# how a probability form reads x/0 inside a reciprocal and P(X|Y)P(Y) at P(Y) = 0 (the reading
# axis "zero-reciprocal" of symmetric.properties.catalogue, which cites the sources)
ZERO_RECIPROCAL = ("limit", "undefined")


def _expression(argument: str, value) -> sp.Expr | None:
    """A form as given to Measure: a sympy expression (user text goes through symmetric.parse,
    never sympify/eval); plain numbers are accepted as constants."""
    if value is None:
        return None
    if isinstance(value, bool) or isinstance(value, str):
        raise InvalidArgumentType(argument, value, "must be a sympy expression (parse user text with "
                                  "symmetric.parse_expression; strings are never evaluated)")
    if isinstance(value, (int, float)):
        return sp.Integer(value) if isinstance(value, int) else sp.nsimplify(value)
    if not isinstance(value, sp.Expr):
        raise InvalidArgumentType(argument, value, "must be a sympy expression")
    return value


def _undeclared(expr: sp.Expr, allowed: set) -> list[str]:
    return sorted(str(sym) for sym in expr.free_symbols if sym not in allowed)


def _as_joints(probs: sp.Expr) -> sp.Expr:
    """``probs`` with every product P(X|Y) P(Y) read as the joint P(X and Y) it is by the
    product rule, defined also where P(Y) = 0 (Kappa's observed agreement P(S|G)P(G) +
    P(not S|not G)P(not G) is defined on every table); only for finding where the
    probability form is undefined."""
    def joint(mul: sp.Mul) -> sp.Expr:
        factors = list(mul.args)
        for f in list(factors):
            if isinstance(f, space.Pr) and len(f.args) == 2 and space.Pr(f.args[1]) in factors \
                    and f in factors:
                factors.remove(f)
                factors.remove(space.Pr(f.args[1]))
                factors.append(space.Joint(*f.args) if f.args[0] in space.SYSTEM_EVENTS
                               else space.Joint(f.args[1], f.args[0]))
        return sp.Mul(*factors)
    return probs.replace(lambda e: isinstance(e, sp.Mul), joint)


def _nonnegative(expr: sp.Expr) -> bool:
    """Whether ``expr`` is certainly >= 0 by its shape: probabilities and numbers >= 0 combined by
    sums, products and powers (a divisor that can only reach 0 from above, where x/0 inside a
    reciprocal has the limit 0; the cross-check's evaluator marks the same shapes)."""
    if isinstance(expr, (space.Pr, space.Joint)):
        return True
    if expr.is_number:
        return bool(expr.is_nonnegative)
    if isinstance(expr, (sp.Add, sp.Mul)):
        return all(_nonnegative(a) for a in expr.args)
    if isinstance(expr, sp.Pow):
        return _nonnegative(expr.base) and expr.exp.is_number
    return False


def _divisors(probs: sp.Expr) -> list[sp.Expr]:
    return [p.base for p in probs.atoms(sp.Pow) if p.exp.is_number and p.exp.is_negative and not p.base.is_number]


def _written_divisors(probs: sp.Expr) -> list[sp.Expr]:
    """In counts, every divisor the probability form writes: each base of a negative power (a
    reciprocal's argument, F_alpha's precision in alpha/P) and each atom's denominator."""
    return [sp.denom(space.to_counts(a)) for a in probs.atoms(space.Pr, space.Joint)] + \
        [sp.numer(sp.together(space.to_counts(b))) for b in _divisors(probs)]


@lru_cache(maxsize=256)
def _lost_factors(probs: sp.Expr, cancelled: sp.Expr, zero_reciprocal: str) -> tuple[sp.Expr, ...]:
    if zero_reciprocal == "limit":       # where an atom is 0/0, or a divisor that has no limit reading is 0
        joints = _as_joints(probs)
        divisors = [sp.denom(space.to_counts(a)) for a in joints.atoms(space.Pr, space.Joint)]
        outside = divisors_outside_reciprocals(joints)
        # a divisor inside a reciprocal is read as its limit only when it reaches 0 from above
        divisors += [sp.numer(sp.together(space.to_counts(b))) for b in _divisors(joints)
                     if b in outside or not _nonnegative(b)]
    else:
        divisors = _written_divisors(probs)
    return tuple(lost_factors(cancelled, divisors))


@dataclass(frozen=True)
class Param:
    """A measure parameter with its open domain (low, high) and a default for tables."""

    symbol: sp.Symbol
    low: object = 0
    high: object = sp.oo
    default: object = None
    description: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.symbol, sp.Symbol):
            raise InvalidArgumentType("symbol", self.symbol, "a parameter is a sympy Symbol")
        try:
            low, high = sp.sympify(self.low, strict=True), sp.sympify(self.high, strict=True)
        except (sp.SympifyError, TypeError):
            raise InvalidArgumentType("low, high", (self.low, self.high), "bounds must be numbers or sympy.oo") from None
        if not (low.is_number and high.is_number) or (low < high) is not sp.true:
            raise InvalidArgument("low, high", (self.low, self.high),
                                  f"the domain of {self.symbol} must be an open interval low < high")

    def interval(self) -> tuple[sp.Symbol, object, object]:
        return (self.symbol, self.low, self.high)

    def sample_values(self) -> tuple[sp.Rational, ...]:
        """A few exact rationals inside the open domain, in increasing order (used for exhaustive
        searches and tables): every shape of interval, bounded on one side, both or neither."""
        low, high = sp.sympify(self.low), sp.sympify(self.high)
        if low.is_finite and high.is_finite:
            width = high - low
            out = tuple(low + width * f for f in (sp.Rational(1, 10), sp.Rational(1, 2), sp.Rational(9, 10)))
        elif low.is_finite:                  # (low, oo)
            out = tuple(low + k for k in (sp.Rational(1, 4), sp.Integer(1), sp.Integer(4)))
        elif high.is_finite:                 # (-oo, high): the mirror image
            out = tuple(high - k for k in (sp.Integer(4), sp.Integer(1), sp.Rational(1, 4)))
        else:                                # the whole line: both signs
            out = (sp.Integer(-1), sp.Rational(1, 4), sp.Integer(4))
        # a bound that is an irrational number (pi) leaves exact but not rational points: keep
        # them exact, never floats; a nan here would be a defect of this function
        assert all(v.is_finite and v.is_real and (low < v) is sp.true and (v < high) is sp.true for v in out), out
        return out


@dataclass(frozen=True)
class Measure:
    """An evaluation measure.  ``orientation`` is +1 when higher is better, -1 when lower is."""

    KIND: ClassVar[str] = "classification"   # what registry.kind_of reads

    name: str
    title: str
    counts: sp.Expr | None = None
    probs: sp.Expr | None = None
    params: tuple[Param, ...] = ()
    orientation: int = 1
    source: str = ""
    aliases: tuple[str, ...] = ()
    notes: str = ""
    count_scale: sp.Expr = sp.Integer(1)   # counts == count_scale * to_counts(probs)
    latex_name: str = ""
    # An order-equivalent form: the measure is a strictly increasing function of ``rank_probs``
    # (stated in ``notes``).  Comparisons (strict monotonicity) may use it where it is defined,
    # because it is rational where the measure itself involves roots or logarithms.
    rank_probs: sp.Expr | None = None
    rank_counts: sp.Expr | None = None
    extra: tuple[tuple[str, object], ...] = field(default=(), compare=False)
    # "limit": x/0 inside a reciprocal is its limit (1/(a/0 + b) = 0) and P(X|Y)P(Y) the joint
    # P(X and Y); "undefined": every division by 0 of the written probability form is undefined.
    # Compared (a field of equality and hash): the checkers cache their work per measure.
    zero_reciprocal: str = "limit"

    def __post_init__(self) -> None:
        """Validate at construction, so that a mistake is named here and not found later as a
        failed evaluation: every argument is checked and named with its value."""
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidArgumentType("name", self.name, "must be a non-empty str")
        if not isinstance(self.title, str):
            raise InvalidArgumentType("title", self.title, "must be a str")
        object.__setattr__(self, "counts", _expression("counts", self.counts))
        object.__setattr__(self, "probs", _expression("probs", self.probs))
        if self.counts is None and self.probs is None:
            raise InvalidArgument("counts", None, f"measure {self.name!r} needs a count form (counts=) "
                                  "or a probability form (probs=)")
        if self.zero_reciprocal not in ZERO_RECIPROCAL:
            raise InvalidArgument("zero_reciprocal", self.zero_reciprocal, f"must be one of {', '.join(ZERO_RECIPROCAL)}")
        if isinstance(self.params, Param):
            object.__setattr__(self, "params", (self.params,))
        if not isinstance(self.params, tuple) or not all(isinstance(p, Param) for p in self.params):
            raise InvalidArgumentType("params", self.params, "must be a tuple of Param")
        if self.orientation not in _ORIENTATIONS or isinstance(self.orientation, bool):
            raise InvalidArgument("orientation", self.orientation, "must be 1 (higher is better) or -1 (lower is better)")
        declared = set(self.param_symbols)
        hint = "; declare parameters with params=(Param(symbol, low, high),)"
        if self.counts is not None:
            bad = _undeclared(self.counts, set(space.CELLS) | declared)
            if bad:
                raise InvalidArgument("counts", self.counts, f"undeclared symbol(s) {', '.join(bad)}: a count form "
                                      f"uses TP, FP, FN, TN and declared parameters{hint}")
        if self.probs is not None:
            if self.probs.free_symbols & set(space.CELLS):
                raise InvalidArgument("probs", self.probs, "a probability form uses P(...) atoms, not counts; "
                                      "give counts= instead")
            bad = _undeclared(self.probs, set(space.EVENTS) | _PROB_SYMBOLS | declared)
            if bad:
                raise InvalidArgument("probs", self.probs, f"undeclared symbol(s) {', '.join(bad)}: a probability "
                                      f"form uses P(...) atoms, |T| = n and declared parameters{hint}")

    def _repr_latex_(self) -> str | None:
        """Jupyter: the measure's formula, typeset by the rendering layer."""
        return latex_repr(self)

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def count_form(self) -> sp.Expr:
        """The measure in TP, FP, FN, TN (+ parameters).

        Derived from the probability form by cancellation, which can remove the points where
        a conditional probability P(X|Y) of the form is 0/0 (|Y| = 0): F_alpha's count form
        TP/(TP + alpha FP + (1 - alpha) FN) is 0 at (0, 5, 0, 11) where P(S|G) is 0/0.  The
        cancelled form is kept only where the probability form is defined in the measure's
        ``zero_reciprocal`` reading, and is undefined (nan) elsewhere: with ``limit`` where
        every atom (P(X|Y)P(Y) read as the joint) is defined, with ``undefined`` also where
        a written divisor is 0 (F_alpha at precision 0)."""
        lost = self.lost_factors(self.zero_reciprocal)
        if not lost:
            return self.extended_count_form
        return sp.Piecewise((self.extended_count_form, sp.And(*(sp.Ne(f, 0) for f in lost))), (sp.nan, True))

    def lost_factors(self, zero_reciprocal: str) -> tuple[sp.Expr, ...]:
        """The factors whose zeros the cancelled count form no longer leaves undefined although
        the probability form is, in the reading ``zero_reciprocal`` (none for a count form)."""
        if self.counts is not None:
            return ()
        return _lost_factors(self.probs, self.extended_count_form, zero_reciprocal)

    @property
    def reads_zero_reciprocal(self) -> bool:
        """Whether the two readings of x/0 inside a reciprocal give different measures (only then
        is the reading named in a verdict)."""
        return self.counts is None and \
            set(self.lost_factors("limit")) != set(self.lost_factors("undefined"))

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def extended_count_form(self) -> sp.Expr:
        """The count form by cancellation alone: the probability form extended to the points
        where its atoms are 0/0 (a convention some papers adopt, e.g. F(R,S) = 0 for the zero
        output; derivations that follow it say so).  The checkers use :attr:`count_form`."""
        if self.counts is not None:
            return self.counts
        return sp.cancel(space.to_counts(self.probs)) * self.count_scale

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def prob_form(self) -> sp.Expr:
        """The measure in the atoms of the probability space (may contain |T| = n)."""
        if self.probs is not None:
            return self.probs
        return space.counts_to_joint(self.counts)

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def joint_form(self) -> sp.Expr:
        """The measure in g, s, j (and n when the count form is not scale-free)."""
        return space.to_joint(self.prob_form)

    @cached_property  # derived once; the dataclass is frozen so it cannot go stale
    def order_form(self) -> sp.Expr | None:
        """Count form of the order-equivalent expression, when the measure has one."""
        if self.rank_counts is not None:
            return self.rank_counts
        if self.rank_probs is not None:
            return sp.cancel(space.to_counts(self.rank_probs))
        return None

    @property
    def param_symbols(self) -> tuple[sp.Symbol, ...]:
        return tuple(p.symbol for p in self.params)

    def noninformative(self) -> sp.Expr:
        """The measure of a non-informative output, in g = P(G), s = P(S) (and n if present)."""
        return space.to_noninformative(self.prob_form)

    def evaluate(self, tp, fp, fn, tn, **params) -> sp.Expr:
        """Exact value at a contingency table (sympy number; ``nan``/``zoo`` when undefined)."""
        values = {space.TP: sp.Integer(tp), space.FP: sp.Integer(fp),
                  space.FN: sp.Integer(fn), space.TN: sp.Integer(tn)}
        for p in self.params:
            if p.symbol.name in params:
                values[p.symbol] = sp.sympify(params[p.symbol.name])
        # xreplace rebuilds bottom-up, so 0/0 gives nan (subs may silently give 0)
        return self.count_form.xreplace(values)

    def display_name(self) -> str:
        return self.latex_name or self.name
