"""The public entry of the parser: :func:`parse_expression` parses user text (:class:`.expressions.Parser`)
and then refuses what sympy's construction would hide -- a denominator it cancels, a condition
of the formula as written that a rewrite drops (:mod:`.obligations`) -- so that what is checked
is what was written.
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy as sp

from ..denominators import absorbed_factors, vanished
from ..errors import InputError
from .expressions import Parser
from .functions import FUNCTIONS
from .limits import LIMITS, Limits
from .obligations import WrittenCondition, describe, keep_written_domain
from .tokens import KEYWORDS
from .values import is_condition


def parse_expression(text: str, symbols: Mapping[str, sp.Basic], *, source: str = "<command line>",
                     line: int = 1, column: int = 1, limits: Limits = LIMITS,
                     reciprocal_limits: bool = False, nonzero=None) -> sp.Expr:
    """Parse user text into a sympy expression using only whitelisted names and functions.

    ``symbols`` maps each allowed name (or probability atom written canonically, e.g.
    ``"P(S|G)"``, ``"P(not G|S)"``, ``"P(S and G)"``) to its sympy value.  ``line`` and
    ``column`` say where ``text`` starts in ``source``, so that errors point into the file.
    Raises InputError / UnknownNameError naming source, line and column.

    A divisor that sympy's arithmetic absorbs inside a reciprocal (1/(1/x + 1) is 0 at x = 0)
    is guarded (undefined where it is 0), unless ``reciprocal_limits``: a probability form,
    whose reading of x/0 inside a reciprocal is the measure's (``Measure.zero_reciprocal``).

    ``nonzero(factor)``: True when a denominator's factor cannot vanish on the domain the caller
    reads the expression on (a claim's positive cells); its cancellation is then accepted.
    """
    if not isinstance(text, str):
        raise InputError(f"expected an expression as text, got {type(text).__name__}",
                         source=source, line=line, column=column)
    for name in symbols:
        if name in FUNCTIONS or name in KEYWORDS:
            raise ValueError(f"symbol name {name!r} clashes with a function or keyword")
    parser = Parser(text, symbols, source, line, column, limits)
    result = parser.parse()
    lost = vanished(result, parser.denominators, nonzero)
    if lost:
        token, factor = lost
        rest = str(result) if len(str(result)) <= 80 else "..."
        raise parser.error(token, f"this denominator vanishes where {factor} = 0, but sympy cancels "
                                  f"it (the expression becomes {rest}), which would hide that the "
                                  "measure is undefined there; write the value at that point "
                                  f"explicitly: cases({factor} = 0, VALUE, {rest})")
    if is_condition(result):
        raise InputError("the expression is a condition, not a number (conditions belong in cases(...))",
                         source=source, line=line, column=column)

    def refuse(ob: WrittenCondition, rewritten) -> InputError:
        rest = str(rewritten) if len(str(rewritten)) <= 80 else "..."
        return InputError(f"sympy rewrites this expression (to {rest}) and so drops a condition of the "
                          f"formula as written ({describe(ob)}), which cannot be kept as a sign condition; "
                          "write the expression so that the function stays, or state its domain with "
                          "cases(...)", source=source, line=line, column=column)
    absorbed = [] if reciprocal_limits else absorbed_factors(result, parser.denominators)
    return keep_written_domain(result, parser.written, refuse, absorbed)


