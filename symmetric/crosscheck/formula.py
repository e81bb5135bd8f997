"""The measure as the cross-check evaluates it: the written formula (or the catalogue's defining
form), at exact tables and parameter values, memoised per measure."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction

import sympy as sp

from . import fastform
from . import values as V
from .sympyform import compile_sympy
from .written import ARITHMETIC, Compiled, compile_text, written_of

Table = tuple[int, int, int, int]       # (TP, FP, FN, TN)
CELL_NAMES = ("TP", "FP", "FN", "TN")


MAX_N = 12
# every table of a test set (|D| >= 1): C(MAX_N + 4, 4) tables with |D| <= MAX_N, less the empty one
SCOPE_TABLES = f"all {math.comb(MAX_N + 4, 4) - 1} tables with 1 <= |D| <= {MAX_N}"


def test_sets(min_ap: int = 0, min_an: int = 0) -> Iterator[tuple[int, int]]:
    for total in range(1, MAX_N + 1):
        for ap in range(min_ap, total + 1 - min_an):
            yield ap, total - ap


def classifiers(ap: int, an: int) -> Iterator[Table]:
    for tp in range(ap + 1):
        for fp in range(an + 1):
            yield (tp, fp, ap - tp, an - fp)


def tables(max_n: int, min_n: int = 0):
    """Every table with min_n <= |D| <= max_n (C(max_n + 4, 4) of them from 0)."""
    for total in range(min_n, max_n + 1):
        for tp, fp, fn in itertools.product(range(total + 1), repeat=3):
            if tp + fp + fn <= total:
                yield (tp, fp, fn, total - tp - fp - fn)


def _fraction(x) -> Fraction:
    x = sp.nsimplify(x) if isinstance(x, sp.Float) else sp.Rational(x)
    return Fraction(int(x.p), int(x.q))


MAX_SETTINGS = 9


def parameter_settings(names, samples) -> tuple:
    """Every combination of the parameters' sample values when there are at most
    :data:`MAX_SETTINGS`; else the middle values together with each parameter moved alone to
    each of its samples (1 + 2k settings for k parameters: the enumeration stays linear in k)."""
    combos = list(itertools.product(*samples))
    if len(combos) > MAX_SETTINGS:
        middle = tuple(s[len(s) // 2] for s in samples)
        combos = [middle] + [middle[:k] + (v,) + middle[k + 1:]
                             for k, s in enumerate(samples) for v in s if v != middle[k]]
    return tuple(tuple(zip(names, combo)) for combo in combos) or ((),)


def _param_names(measure) -> tuple[str, ...]:
    return tuple(p.symbol.name for p in getattr(measure, "params", ()))


@dataclass
class Formula:
    """``value(table, params)`` of a classification measure; ``source`` says what was evaluated."""

    compiled: Compiled
    source: str                                 # "the written formula" / "the probability form" ...
    param_names: tuple[str, ...]
    settings: tuple[tuple[tuple[str, Fraction], ...], ...]   # parameter samples (every combination)
    _memo: dict = field(default_factory=dict)      # params -> {table: value}
    # the same values in integer pairs, for a rational count form (:mod:`.fastform`); else None
    pairs: fastform.PairFunction | None = None
    # the last setting asked and its tables' values: the predicates ask setting by setting, and
    # hashing a setting's Fractions on every look-up cost more than the look-up (Utility4's SMON)
    _last: tuple = (None, None)

    def value(self, table: Table, params=()):
        last_params, memo = self._last
        if params is not last_params:
            memo = self._memo.setdefault(params, {})
            self._last = (params, memo)
        found = memo.get(table)
        if found is None:
            found = memo[table] = self._fast(table, params) if self.pairs is not None else None
        if found is None:
            env = dict(zip(CELL_NAMES, map(Fraction, table)))
            env.update(params)
            found = memo[table] = self.compiled(env)
        return found

    def _fast(self, table: Table, params):
        """The value by the pair function (None where it does not apply: other arguments)."""
        if tuple(k for k, _ in params) != self.param_names or any(type(v) is not int for v in table):
            return None
        leaves = [(v, 1) for v in table]
        for _, v in params:
            if type(v) is not Fraction:
                return None
            leaves.append((v.numerator, v.denominator))
        found = fastform.value(self.pairs, leaves)
        return V.UNDEFINED if found is None else found


def classification_formula(measure) -> Formula:
    """The written formula of a classification measure, or its defining sympy form."""
    params = _param_names(measure)
    settings = parameter_settings(params, [tuple(_fraction(v) for v in p.sample_values()) for p in measure.params])
    written = written_of(measure)
    limit = getattr(measure, "zero_reciprocal", "limit") == "limit"
    if written is not None and written.form in ("counts", "probs"):
        return Formula(compile_text(written, limit), "the formula as written", params, settings)
    names = {name: (lambda env, k=name: env[k]) for name in CELL_NAMES + params}
    names["n"] = lambda env: env["TP"] + env["FP"] + env["FN"] + env["TN"]
    if measure.counts is not None:      # a count form given beside a probability form is the definition
        return Formula(compile_sympy(measure.counts, names), "the count form as defined", params, settings,
                       pairs=fastform.compile_pairs(measure.counts, CELL_NAMES + params, {"n": CELL_NAMES}))
    # defined by its probability form alone: keep its 0/0 points (x/0 in a reciprocal as its reading says)
    form = compile_sympy(measure.probs, names, limit)
    if measure.count_scale != 1:
        form = ARITHMETIC["*"](compile_sympy(measure.count_scale, names), form)
    return Formula(form, "the probability form as defined", params, settings)


# ---------------------------------------------------------------- quantification

@dataclass
class QuantFormula:
    """E(true, predicted) of a decomposable quantification measure (sum of per-class terms)."""

    term: Compiled
    outer: Compiled | None                      # in R (and M); None: E = R
    uses_maximum: bool
    source: str
    _memo: dict = field(default_factory=dict)
    # binary codeframes by (p, q)'s numerators and denominators: hashing four Fractions per look-up
    # (a modular inverse each) was most of the binary predicates' time (B-MON's 97,336 comparisons)
    _binary_memo: dict = field(default_factory=dict)
    # the term in integer pairs of p, q, n where it is rational (:mod:`.fastform`); else None
    term_pairs: fastform.PairFunction | None = None

    def raw(self, true: tuple, predicted: tuple):
        k = Fraction(len(true))
        total = Fraction(0)
        for a, b in zip(true, predicted):
            if self.term_pairs is not None and type(a) is Fraction and type(b) is Fraction:
                found = fastform.value(self.term_pairs, ((a.numerator, a.denominator),
                                                         (b.numerator, b.denominator), (len(true), 1)))
                if found is None:
                    return V.UNDEFINED
                total += found
                continue
            t = self.term({"p": a, "q": b, "n": k})
            if not V.is_value(t):
                return t
            total = V.add(total, t)
        return total

    def binary(self, p: Fraction, q: Fraction):
        """E((p, 1 - p), (q, 1 - q)): the value on a binary codeframe, memoised by integers."""
        key = (p.numerator, p.denominator, q.numerator, q.denominator)
        found = self._binary_memo.get(key)
        if found is None:
            found = self._binary_memo[key] = self.value((p, 1 - p), (q, 1 - q))
        return found

    def value(self, true: tuple, predicted: tuple):
        key = (true, predicted)
        if key in self._memo:
            return self._memo[key]
        r = self.raw(true, predicted)
        if self.outer is not None and V.is_value(r):
            env = {"R": r}
            if self.uses_maximum:
                smallest = true.index(min(true))
                worst = tuple(Fraction(1 if k == smallest else 0) for k in range(len(true)))
                env["M"] = self.raw(true, worst)
                if not V.is_value(env["M"]):
                    self._memo[key] = env["M"]
                    return env["M"]
            r = self.outer(env)
        self._memo[key] = r
        return r


def quantification_formula(measure) -> QuantFormula:
    written = written_of(measure)
    names = {k: (lambda env, k=k: env[k]) for k in ("p", "q", "n", "R", "M")}
    pairs = None
    if written is not None and written.form == "term":
        term, source = compile_text(written), "the term as written"
    else:
        term, source = compile_sympy(measure.term, names), "the term as defined"
        pairs = fastform.compile_pairs(measure.term, ("p", "q", "n"))
    outer = measure.outer
    identity = isinstance(outer, sp.Symbol) and outer.name == "R"
    return QuantFormula(term, None if identity else compile_sympy(outer, names),
                        any(s.name == "M" for s in outer.free_symbols), source, term_pairs=pairs)
