"""A whitelist parser for user-written measure expressions.

User text is never handed to ``eval`` or ``sympify``.  A small tokenizer and a
recursive-descent parser build the sympy expression directly, accepting only:

* numbers: ``3``, ``0.5``, ``1e-3`` (read as exact rationals);
* the names the caller allows (``symbols``: count cells, aliases such as AP, declared
  parameters, ...); a name maps to a sympy Symbol or to an expression (``AP`` -> TP + FN);
* probability atoms, when the caller allows them (keys starting with ``P(``), in this ASCII
  syntax (see :data:`PROBABILITY_SYNTAX`)::

      P(G)  P(not S)  P(S|G)  P(not G|S)  P(S and G)      ("~G" is the same as "not G")

* the operators ``+ - * / ^ **`` (``^`` and ``**`` both mean power, right-associative,
  binding tighter than unary minus: ``-x^2`` is ``-(x^2)``) and parentheses;
* the functions :data:`FUNCTIONS`: sqrt, log (natural; ``log(x, b)`` to base b), exp, min,
  max, abs, and the piecewise form ``cases(c1, v1, c2, v2, ..., otherwise)`` (alias
  ``piecewise``): the value ``v_k`` of the first true condition ``c_k``, else ``otherwise``.
  Conditions compare expressions with ``= == != < <= > >=`` and combine with
  ``and``, ``or``, ``not``.

Size limits (:data:`LIMITS`) bound the text length, the number of nodes, the nesting depth,
the size of number literals and of exponents; a power whose base and exponent are both
numbers is refused *before* it is evaluated when its result would be too large, so a tower
``9**9**9**9`` costs nothing.  Every sympy node is built through one helper
(:meth:`.expressions.Parser.node`) that turns a sympy exception into a positioned error and refuses a
constant that is not a finite real number (``sqrt(-1)``, ``log(-1)``, ``1/0``), so such a value
never reaches the checkers hidden inside a larger expression (``0*sqrt(-1)`` would otherwise
vanish).  A denominator that sympy cancels at construction (``TP/TP`` is 1) is refused too
(:mod:`symmetric.denominators`): it would remove a point where the measure is undefined.
Where sympy's rewrite drops the domain of a log, root or fractional power as written
(``log(TP) - log(TP)`` is 0), the result is kept only where the written formula is defined
(:mod:`.obligations`).
Every refusal is an :class:`~symmetric.errors.InputError`
(or :class:`~symmetric.errors.UnknownNameError` with close matches) naming the source, line
and column.

The package, one job per module: :mod:`.limits` (the size limits), :mod:`.tokens` (the
tokenizer), :mod:`.values` (what a built node may be), :mod:`.functions` (the whitelisted
functions), :mod:`.expressions` (the recursive-descent parser and :func:`parse_expression`),
:mod:`.obligations` (definedness as written),
:mod:`.parameters` (parameter declarations) and :mod:`.names` (the count and probability
names of the contingency table).
"""

from __future__ import annotations

from .entry import parse_expression
from .expressions import Parser
from .functions import FUNCTIONS, Function
from .limits import LIMITS, Limits
from .names import PROBABILITY_SYNTAX, count_symbols, probability_symbols
from .parameters import ParameterDeclaration, parse_parameter
from .tokens import KEYWORDS, Token

__all__ = ["FUNCTIONS", "KEYWORDS", "LIMITS", "PROBABILITY_SYNTAX", "Function", "Limits",
           "ParameterDeclaration", "Parser", "Token", "count_symbols", "parse_expression",
           "parse_parameter", "probability_symbols"]
