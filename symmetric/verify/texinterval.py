"""``x \\in [a, b]`` in a paper's display: the two bounds it states, each a relation of its own
(``x >= a`` and ``x <= b``; strict at an open end: ``(a, b)``, ``[a, b)``, ``]a, b[``; none at an
infinite end).  "MCC = ... \\in [-1, 1]" states the range of the formula on its left."""

from __future__ import annotations

import sympy as sp

from .texgrammar import Link, Parser

_OPENS = {"[": False, "(": True, "]": True}        # bracket -> the lower end is excluded
_CLOSES = {"]": False, ")": True, "[": True}


def membership(parser: Parser, previous: tuple[sp.Expr, int] | None) -> list[Link]:
    """The bounds of ``\\in`` at the parser's position, on the expression before it (``previous``:
    the expression and its start)."""
    at = parser.take()
    if previous is None:
        raise parser.error("\\in with nothing on its left", at)
    opening = parser.peek()
    if opening.kind != "punct" or opening.text not in _OPENS:
        raise parser.error("\\in is read before an interval only: [a, b], (a, b), [a, b), [0, \\infty)", at)
    parser.take()
    low = parser.expr()
    parser.expect("punct", ",", "',' between the ends of the interval")
    high = parser.expr()
    closing = parser.peek()
    if closing.kind != "punct" or closing.text not in _CLOSES:
        raise parser.error("expected the interval's closing bracket (] or ))", closing)
    parser.take()
    x, start = previous
    bounds = []
    if low != -sp.oo:
        bounds.append(Link(x, ">" if _OPENS[opening.text] else ">=", low, start, closing.end, "lower end"))
    if high != sp.oo:
        bounds.append(Link(x, "<" if _CLOSES[closing.text] else "<=", high, start, closing.end, "upper end"))
    if not bounds:
        raise parser.error("an interval with no finite end states nothing to check", opening)
    return bounds
