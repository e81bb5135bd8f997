"""Expected effectiveness under probabilistic judgments (Lewis, SIGIR 1995).

The judgments Z_1..Z_n are independent Bernoulli variables with P(Z_i = 1) = p_i; the system's
decisions s_i are fixed.  Any count-form measure M(TP, FP, FN, TN) becomes a random variable
M(s, Z).  Given s, TP (relevant among assigned) and FN (relevant among unassigned) are
independent Poisson-binomial variables, so E[M] is a double sum over their O(n^2) values
(:mod:`.exact`), exact in rationals or in floating point with a stated error bound.

Modules: :mod:`.judgments` (the model, exact parsing of user numbers), :mod:`.countfn`
(a measure's count form compiled for rationals or numpy), :mod:`.measures` (loss, Lewis' F with
C_F, SEC), :mod:`.exact` (Poisson-binomial DP, enumeration of eq. (1)), :mod:`.rules` (PTP / PRP
decision rules, best PRP assignment), :mod:`.approximation` (eqs. (17), (18)),
:mod:`.symbolic` (closed forms of linear measures with sympy).
"""

from .countfn import CountFunction, compile_measure
from .exact import Expectation, expectation, expectation_by_enumeration, poisson_binomial
from .judgments import JudgmentModel
from .rules import best_prp_assignment, prp_candidates

__all__ = ["CountFunction", "Expectation", "JudgmentModel", "best_prp_assignment", "compile_measure",
           "expectation", "expectation_by_enumeration", "poisson_binomial", "prp_candidates"]
