"""The nine error measures for quantification (EMQs) as data, and their exact evaluation.

Every measure is written as

    E(p, p^) = outer( R, M ),   R = sum over classes c of term(p(c), p^(c), |C|),

where ``term`` is an expression in the per-class symbols ``p``, ``q``, ``n`` of
:mod:`.distributions`, ``M`` is R at the perverse estimator (only used by the normalised
measures) and ``outer`` an expression in the symbols ``R`` and ``M``.  A measure marked
``smoothed`` is computed on additively smoothed prevalences (eq. 6) when a smoothing constant
is given.  The formulas were lost from the paper's text; each entry's ``reconstruction`` says
which standard definition is used and why (see also derivations/quant/).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar
from functools import lru_cache

import sympy as sp

from ..measures import registry
from ..measures.registry import register
from ..evidence import latex_repr
from .distributions import Distribution, n, p, perverse, q, smooth

R = sp.Symbol("R", nonnegative=True)   # the raw sum of per-class terms
M = sp.Symbol("M", positive=True)      # the raw sum at the perverse estimator

IDENTITY = R
NORMALISED = R / M
LOGISTIC = 2 * sp.exp(R) / (1 + sp.exp(R)) - 1


@dataclass(frozen=True)
class QuantMeasure:
    """An error measure for single-label quantification (lower is better)."""

    KIND: ClassVar[str] = "quantification"   # what registry.kind_of reads

    name: str
    title: str
    term: sp.Expr                 # per-class contribution, in p, q, n
    outer: sp.Expr = IDENTITY     # in R (and M)
    smoothed: bool = False
    reconstruction: str = ""      # which definition was used, and why (plain text, $...$ maths)
    # what else travels with the measure (e.g. the text a user wrote, for symmetric.crosscheck)
    extra: tuple = field(default=(), compare=False)

    # ------------------------------------------------------------ symbolic forms
    def _repr_latex_(self) -> str | None:
        """Jupyter: the measure's formula, typeset by the rendering layer."""
        return latex_repr(self)

    def term_at(self, true_value, predicted_value, classes) -> sp.Expr:
        # xreplace rebuilds bottom-up in one pass (much cheaper than subs, and a 0/0 shows up
        # as nan instead of being cancelled away)
        return self.term.xreplace({p: sp.sympify(true_value), q: sp.sympify(predicted_value),
                                   n: sp.sympify(classes)})

    def raw(self, true: tuple, predicted: tuple) -> sp.Expr:
        k = len(true)
        return sp.Add(*(self.term_at(a, b, k) for a, b in zip(true, predicted)))

    @property
    def uses_maximum(self) -> bool:
        return M in self.outer.free_symbols

    def binary_raw(self, true_first=p, predicted_first=q) -> sp.Expr:
        """R on the binary codeframe, as a function of the prevalences of c1."""
        return self.raw((true_first, 1 - true_first), (predicted_first, 1 - predicted_first))

    def binary(self, true_first=p, predicted_first=q, *, true_is_smaller: bool = True) -> sp.Expr:
        """E on the binary codeframe.  The maximum M is the perverse value, which puts all mass
        on c1 when c1 is the less prevalent class (``true_is_smaller``), on c2 otherwise."""
        value = self.outer.subs(R, self.binary_raw(true_first, predicted_first))
        if self.uses_maximum:
            worst = 1 if true_is_smaller else 0
            value = value.subs(M, self.binary_raw(true_first, worst))
        return value

    # ------------------------------------------------------------ exact evaluation
    def value(self, true: Distribution, predicted: Distribution, smoothing=None) -> sp.Expr:
        """Exact value; ``smoothing`` is the constant eps (ignored by unsmoothed measures)."""
        return _exact_value(self, true, predicted, smoothing if self.smoothed else None)

    def _value(self, true: Distribution, predicted: Distribution, smoothing) -> sp.Expr:
        if len(true) != len(predicted):
            from ..errors import InputError
            raise InputError("true and predicted distributions must have the same number of classes")
        use = smoothing if (self.smoothed and smoothing is not None) else None

        def prep(dist):
            return smooth(dist, use) if use is not None else tuple(dist)

        value = _put(self.outer, R, self.raw(prep(true), prep(predicted)))
        if self.uses_maximum:
            value = _put(value, M, self.raw(prep(true), prep(perverse(true))))
        return value


def _put(outer: sp.Expr, symbol: sp.Symbol, value: sp.Expr) -> sp.Expr:
    """``outer`` with ``symbol`` := ``value``, every exp kept unevaluated (the same number).

    Evaluated, exp(sum_c p_c log(p_c/q_c)) becomes prod_c (p_c/q_c)**p_c, and sympy then looks
    for perfect powers in each base by factoring numerators and denominators: NKLD of 5 classes
    with denominators near 1000 took 24-286 s that way (benchmarks/bench_nkld.py)."""
    if not outer.has(sp.exp):
        return outer.subs(symbol, value)
    with sp.evaluate(False):       # Mul would merge exp(a) into a power of E and evaluate it
        return outer.xreplace({symbol: value})


@lru_cache(maxsize=4096)
def _exact_value(measure: QuantMeasure, true: Distribution, predicted: Distribution, smoothing) -> sp.Expr:
    """Memoised exact evaluation: measures and distributions are immutable, and the same cells
    are evaluated by several claims (and for every candidate smoothing constant)."""
    return measure._value(true, predicted, smoothing)


def _sum_note(kind: str) -> str:
    return kind


CATALOGUE: tuple[QuantMeasure, ...] = (
    QuantMeasure("AE", "Absolute Error", sp.Abs(q - p) / n,
                 reconstruction="$\\mathrm{AE} = \\frac{1}{|C|}\\sum_c |\\hat p(c) - p(c)|$ (eq. 1: "
                 "\"the average across the classes of the absolute difference\")."),
    QuantMeasure("NAE", "Normalized Absolute Error", sp.Abs(q - p) / n, NORMALISED,
                 reconstruction="$\\mathrm{NAE} = \\mathrm{AE}/\\max\\mathrm{AE} = "
                 "\\sum_c|\\hat p(c)-p(c)| / (2(1-\\min_c p(c)))$ (eqs. 2-3: AE over its maximum, "
                 "reached by the perverse estimator)."),
    QuantMeasure("RAE", "Relative Absolute Error", sp.Abs(q - p) / (p * n), smoothed=True,
                 reconstruction="$\\mathrm{RAE} = \\frac{1}{|C|}\\sum_c |\\hat p(c)-p(c)|/p(c)$ on smoothed "
                 "prevalences (eqs. 5-6: AE relativised to the true prevalence)."),
    QuantMeasure("NRAE", "Normalized Relative Absolute Error", sp.Abs(q - p) / (p * n), NORMALISED, smoothed=True,
                 reconstruction="$\\mathrm{NRAE} = \\mathrm{RAE}/\\max\\mathrm{RAE}$ (eqs. 7-8), the maximum "
                 "$\\frac{1}{|C|}(\\frac{1-\\min p}{\\min p} + |C| - 1)$ reached by the perverse estimator; "
                 "on smoothed prevalences, the denominator is RAE at the perverse estimator smoothed like "
                 "any prediction (so the perverse estimator scores exactly 1, as Appendix B.1 prints), "
                 "not the closed form at the smoothed $\\min p$ that QuaPy uses."),
    QuantMeasure("SE", "Squared Error", (q - p) ** 2 / n,
                 reconstruction="$\\mathrm{SE} = \\frac{1}{|C|}\\sum_c (\\hat p(c)-p(c))^2$ (eq. 9: "
                 "\"very similar to AE\", the averaged squared $L_2$ distance; its maximum (eq. 10) is "
                 "$\\frac{1}{|C|}((1-p(c^*))^2 + \\sum_{c\\neq c^*} p(c)^2)$)."),
    QuantMeasure("DR", "Discordance Ratio", (1 - sp.Min(p, q) / sp.Max(p, q)) / n, smoothed=True,
                 reconstruction="$\\mathrm{DR} = 1 - \\mathrm{CR}$, $\\mathrm{CR} = \\frac{1}{|C|}\\sum_c "
                 "\\min(p(c),\\hat p(c))/\\max(p(c),\\hat p(c))$ (Levin and Roitman's concordance ratio; "
                 "eq. 13 says DR is undefined only when both prevalences are 0), on smoothed prevalences."),
    QuantMeasure("KLD", "Kullback-Leibler Divergence", p * sp.log(p / q), smoothed=True,
                 reconstruction="$\\mathrm{KLD} = \\sum_c p(c) \\ln(p(c)/\\hat p(c))$ (eq. 14, natural "
                 "logarithm per footnote 11), on smoothed prevalences."),
    QuantMeasure("NKLD", "Normalized Kullback-Leibler Divergence", p * sp.log(p / q), LOGISTIC, smoothed=True,
                 reconstruction="$\\mathrm{NKLD} = 2e^{\\mathrm{KLD}}/(1+e^{\\mathrm{KLD}}) - 1$ (eq. 16 and "
                 "footnote 12: the logistic function times 2 minus 1), on smoothed prevalences."),
    QuantMeasure("PD", "Pearson Divergence", (p - q) ** 2 / (2 * q), smoothed=True,
                 reconstruction="$\\mathrm{PD} = \\frac{1}{2}\\sum_c (p(c)-\\hat p(c))^2/\\hat p(c)$: the "
                 "Pearson divergence of du Plessis and Sugiyama, $\\frac12\\sum \\hat p\\,(p/\\hat p - 1)^2$ "
                 "(eq. 17 says PD is undefined when a predicted prevalence is 0, so $\\hat p$ is the "
                 "denominator; the factor $\\frac12$ is the only one of the tried forms whose magnitude "
                 "matches the printed Appendix B.1 values with the smoothing constant fixed by KLD and RAE)."),
)

for _measure in CATALOGUE:      # the one catalogue holds them (symmetric.measures.registry)
    register(_measure, kind="quantification")


def get(name: str) -> QuantMeasure:
    """A catalogue measure by (case-insensitive) name; UnknownNameError with close matches."""
    return registry.get(name, kind="quantification")


def names() -> tuple[str, ...]:
    return registry.names(kind="quantification")
