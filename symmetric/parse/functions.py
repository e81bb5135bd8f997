"""The whitelisted functions: sqrt, log, exp, min, max, abs and cases (alias piecewise).

A user expression may call these and nothing else.  Each entry of :data:`FUNCTIONS` says how
many arguments it takes and how to build its sympy value from the parsed arguments; the
builders refuse what sympy would turn into a huge or undefined value (``log(0)``,
``exp(10**9)``) with a positioned error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import sympy as sp

from ..errors import InputError
from .limits import Limits
from .tokens import Token


class Builder(Protocol):
    """What a function builder needs of the parser calling it."""

    limits: Limits

    def error(self, token: Token, message: str) -> InputError: ...

    def arith(self, value, token: Token): ...

    def boolean(self, value, token: Token, what: str | None = None): ...


FunctionBuilder = Callable[[Builder, Token, Sequence], sp.Basic]


@dataclass(frozen=True)
class Function:
    min_args: int
    max_args: int
    builder: FunctionBuilder
    help: str

    def arity_text(self) -> str:
        if self.min_args == self.max_args:
            return f"{self.min_args} argument{'s' if self.min_args != 1 else ''}"
        if self.max_args >= 10**6:
            return f"at least {self.min_args} arguments"
        return f"{self.min_args} to {self.max_args} arguments"

    def build(self, parser: Builder, token: Token, args):
        return self.builder(parser, token, args)


def _numeric_args(parser: Builder, token: Token, args):
    return [parser.arith(a, token) for a in args]


def _cases(parser: Builder, token: Token, args):
    if len(args) % 2 == 0:
        raise parser.error(token, "cases(c1, v1, c2, v2, ..., otherwise) needs an odd number of "
                                  "arguments: condition/value pairs and a final otherwise value")
    pieces = []
    for k in range(0, len(args) - 1, 2):
        condition = parser.boolean(args[k], token, f"cases(): argument {k + 1} must be a condition "
                                                   "such as AP = 0 or TP > FP")
        value = parser.arith(args[k + 1], token)
        pieces.append((value, condition))
    pieces.append((parser.arith(args[-1], token), sp.true))
    return sp.Piecewise(*pieces)


def _log(parser: Builder, token: Token, args):
    args = _numeric_args(parser, token, args)
    for a in args:
        if a.is_number and a.is_zero:
            raise parser.error(token, "log(0) is undefined")
    return sp.log(*args)


def _exp(parser: Builder, token: Token, args):
    (x,) = _numeric_args(parser, token, args)
    if x.is_number and x.is_real and abs(x) > parser.limits.max_number_bits:
        raise parser.error(token, "exp() argument too large")
    return sp.exp(x)


# sympy's Max/Min compare every pair of arguments while building (99 arguments: 17 s).  Up to
# this many arguments that is cheap and gives sympy's simplified form; beyond it the extremum is
# built unevaluated in linear time (exact duplicates dropped): the same function, and whatever
# a checker later asks of it runs under the check's time limit.
EVALUATED_EXTREMUM_ARGS = 8


def _extremum(cls):
    def build(parser: Builder, token: Token, args):
        values = list(dict.fromkeys(_numeric_args(parser, token, args)))
        numbers = [v for v in values if v.is_number]
        if len(values) > EVALUATED_EXTREMUM_ARGS and len(numbers) > 1:   # constants fold into one
            values = [cls(*numbers)] + [v for v in values if not v.is_number]
        if len(values) == 1:
            return values[0]
        return cls(*values, evaluate=len(values) <= EVALUATED_EXTREMUM_ARGS)
    return build


_MANY = 10**6
FUNCTIONS: Mapping[str, Function] = {
    "sqrt": Function(1, 1, lambda p, t, a: sp.sqrt(*_numeric_args(p, t, a)), "square root"),
    "log": Function(1, 2, _log, "natural logarithm; log(x, b) to base b"),
    "exp": Function(1, 1, _exp, "exponential"),
    "min": Function(2, _MANY, _extremum(sp.Min), "minimum"),
    "max": Function(2, _MANY, _extremum(sp.Max), "maximum"),
    "abs": Function(1, 1, lambda p, t, a: sp.Abs(*_numeric_args(p, t, a)), "absolute value"),
    "cases": Function(1, _MANY, _cases, "cases(c1, v1, ..., otherwise): piecewise definition"),
    "piecewise": Function(1, _MANY, _cases, "same as cases"),
}
