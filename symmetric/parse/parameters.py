"""Parameter declarations: ``NAME>a``, ``NAME<b``, ``a<NAME<b``, ``b>NAME>a`` or ``NAME``.

A measure may have parameters (``lambda`` of a weighted measure); each is declared with the
open interval it ranges over.  Bounds are numbers parsed by :func:`~.entry.parse_expression`
with no names allowed, so a bound cannot use counts or other parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy as sp

from ..errors import InputError, UnknownNameError
from .entry import parse_expression
from .functions import FUNCTIONS
from .tokens import KEYWORDS

_PARAM_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_PARAM_RELATION = re.compile(r"<=|>=|==|=|<|>")
_PARAM_FORMS = "write NAME>a, NAME<b, a<NAME<b or b>NAME>a (open intervals)"


@dataclass(frozen=True)
class ParameterDeclaration:
    """A declared measure parameter and its open interval (low, high).

    ``column`` is where the name starts in the declaration (1-based), so that a later
    complaint about the name (declared twice) can point at it."""

    name: str
    low: sp.Expr
    high: sp.Expr
    column: int = 1


def parse_parameter(text: str, *, reserved=(), source: str = "<command line>", line: int = 1,
                    column: int = 1) -> ParameterDeclaration:
    """Parse a parameter declaration: ``NAME>a``, ``NAME<b``, ``a<NAME<b`` or ``NAME`` (positive).

    Bounds are numbers (``oo``/``inf`` not needed: an omitted side is unbounded).  Intervals are
    open.  A name in ``reserved`` (count symbols, functions) is refused.  ``line`` and ``column``
    say where ``text`` starts; every error points at the offending piece of the declaration.
    """
    if not isinstance(text, str):
        raise InputError(f"a parameter declaration must be text such as \"lambda>0\", got {text!r}",
                         source=source, line=line, column=column)

    def at(offset: int) -> dict:
        before = text[:offset]
        if "\n" not in before:
            return {"source": source, "line": line, "column": column + offset}
        return {"source": source, "line": line + before.count("\n"),
                "column": offset - before.rfind("\n")}

    # split at the relations, keeping where each piece starts (its first non-blank character)
    pieces: list[tuple[str, int]] = []
    ops: list[tuple[str, int]] = []
    start = 0
    for m in _PARAM_RELATION.finditer(text):
        pieces.append((text[start:m.start()], start))
        ops.append((m.group(), m.start()))
        start = m.end()
    pieces.append((text[start:], start))
    pieces = [(p.strip(), o + len(p) - len(p.lstrip())) for p, o in pieces]

    for op, offset in ops:
        if "=" in op:
            raise InputError(f"{op!r}: parameter bounds are strict (use < or >, intervals are open)",
                             **at(offset))
    for k, (piece, offset) in enumerate(pieces):
        if not piece:
            what = ("nothing before " + repr(ops[k][0]) if k < len(ops) else "nothing after " + repr(ops[-1][0])) \
                if ops else "an empty declaration"
            raise InputError(f"cannot read parameter declaration {text!r}: {what}; {_PARAM_FORMS}",
                             **at(offset))

    def number(k):
        piece, offset = pieces[k]
        try:
            value = parse_expression(piece, {}, **at(offset))
        except UnknownNameError as exc:
            if exc.kind != "name":
                raise
            raise InputError(f"a parameter bound must be a number; {exc.name!r} is not allowed here "
                             "(bounds cannot use counts or other parameters)", source=exc.source,
                             line=exc.line, column=exc.column) from None
        if not (value.is_number and value.is_real):
            raise InputError(f"parameter bound {piece!r} is not a real number", **at(offset))
        return value

    names = [k for k, (p, _) in enumerate(pieces) if _PARAM_NAME.fullmatch(p)]
    relations = [op for op, _ in ops]
    low, high = sp.Integer(0), sp.oo
    if len(pieces) == 1:
        k = 0
    elif len(pieces) == 2 and 0 in names:
        k = 0
        low, high = (number(1), sp.oo) if relations[0] == ">" else (-sp.oo, number(1))
    elif len(pieces) == 2 and 1 in names:
        k = 1
        low, high = (number(0), sp.oo) if relations[0] == "<" else (-sp.oo, number(0))
    elif len(pieces) == 3 and relations in (["<", "<"], [">", ">"]):
        k = 1
        low, high = number(0), number(2)
        if relations[0] == ">":
            low, high = high, low
    else:
        where = at(ops[2][1]) if len(ops) > 2 else at(ops[1][1]) if len(ops) == 2 else at(0)
        raise InputError(f"cannot read parameter declaration {text!r}; {_PARAM_FORMS}", **where)
    name, offset = pieces[k]
    if not _PARAM_NAME.fullmatch(name):
        raise InputError(f"invalid parameter name {name!r} (a name is letters, digits and _, "
                         "not starting with a digit)", **at(offset))
    if name in reserved or name in FUNCTIONS or name in KEYWORDS or name == "P":
        raise InputError(f"parameter name {name!r} is already used by a symbol or function", **at(offset))
    if low is not -sp.oo and high is not sp.oo:
        try:
            empty = not bool(low < high)
        except TypeError:                    # sympy cannot order the two bounds
            empty = True
        if empty:
            raise InputError(f"empty parameter interval ({low}, {high})", **at(pieces[0][1]))
    return ParameterDeclaration(name, low, high, column=at(offset)["column"])
