"""The reading ``zero-reciprocal=limit`` of a probability form, on the independent evaluator.

Amigo et al. give the zero and the placebo output "the minimal F(R,S) score, since a precision
or recall of one class is zero": the harmonic mean 1/(alpha/P + (1 - alpha)/R) is read as its
limit 0 where P or R is 0, not as undefined.  This module evaluates that reading by its own
rules (not by the checkers' cancellation):

* x/0 with x > 0 and a divisor that is 0 from above (a probability, or a product or sum of
  them with positive constants: :func:`nonnegative`) is +infinity (:data:`INFINITY`);
* +infinity plus a value, times a value certainly > 0, or times +infinity is +infinity;
  a value divided by +infinity, or +infinity to a negative power, is 0;
* anything else that meets +infinity (0 times it, a negative multiple, a difference, a
  function of it) is undefined, as is a final value of +infinity.

Only this one limit is read: a score stays undefined wherever the literal formula is and the
limit is not plainly the reciprocal of an infinite sum.  (P(X|Y)P(Y) read as the joint P(X and
Y) is done where the formula is compiled, :mod:`.written`.)
"""

from __future__ import annotations

from fractions import Fraction

from . import values as V


class _Infinity:
    __slots__ = ()

    def __repr__(self) -> str:
        return "+infinity"


INFINITY = _Infinity()
_BAD = (V.UNDEFINED, V.UNKNOWN)


def _tagged(f, nonneg: bool):
    f.nonneg = nonneg
    return f


def nonneg(f) -> bool:
    """Whether a compiled closure was marked as certainly >= 0 (a probability, ...)."""
    return getattr(f, "nonneg", False)


def _first_bad(args):
    for bad in _BAD:
        if any(a is bad for a in args):
            return bad
    return None


def _positive(a) -> bool | None:
    """Whether a value is certainly > 0 (None: an interval around 0)."""
    s = V.sign(a)
    return None if s is None else s > 0


def _add(*fs):
    def f(env):
        args = [g(env) for g in fs]
        bad = _first_bad(args)
        if bad is not None:
            return bad
        if any(a is INFINITY for a in args):
            return INFINITY
        total = Fraction(0)
        for a in args:
            total = V.add(total, a)
        return total
    return _tagged(f, all(nonneg(g) for g in fs))


def _times(a, b):
    if a is INFINITY and b is INFINITY:
        return INFINITY
    if a is INFINITY or b is INFINITY:
        other = b if a is INFINITY else a
        positive = _positive(other)
        return V.UNKNOWN if positive is None else (INFINITY if positive else V.UNDEFINED)
    return V.mul(a, b)


def _mul(*fs):
    def f(env):
        args = [g(env) for g in fs]
        bad = _first_bad(args)
        if bad is not None:
            return bad
        total = Fraction(1)
        for a in args:
            total = _times(total, a)
            if total in _BAD:
                return total
        return total
    return _tagged(f, all(nonneg(g) for g in fs))


def _quotient(a, b, divisor_nonneg: bool):
    if b is INFINITY:
        return V.UNDEFINED if a is INFINITY else Fraction(0)
    if isinstance(b, Fraction) and b == 0 and divisor_nonneg:
        if a is INFINITY:
            return INFINITY
        positive = _positive(a)
        return V.UNKNOWN if positive is None else (INFINITY if positive else V.UNDEFINED)
    if a is INFINITY:
        positive = _positive(b)
        return V.UNKNOWN if positive is None else (INFINITY if positive else V.UNDEFINED)
    return V.div(a, b)


def _difference(a, b):
    if b is INFINITY:
        return V.UNDEFINED
    return INFINITY if a is INFINITY else V.add(a, V.neg(b))


def _raised(a, b, base_nonneg: bool):
    if b is INFINITY:
        return V.UNDEFINED
    if a is INFINITY:
        s = V.sign(b)
        return V.UNKNOWN if s is None else (Fraction(0) if s < 0 else INFINITY if s > 0 else V.UNDEFINED)
    if isinstance(a, Fraction) and a == 0 and base_nonneg and V.sign(b) == -1:
        return INFINITY
    return V.power(a, b)


def _binary(rule, nonneg_result):
    """An operation of two closures by ``rule(a, b, left, right)`` on their values once neither
    is undefined or unknown (the closures say whether they are marked >= 0)."""
    def op(left, right):
        def f(env):
            a, b = left(env), right(env)
            bad = _first_bad((a, b))
            return bad if bad is not None else rule(a, b, left, right)
        return _tagged(f, nonneg_result(left, right))
    return op


_div = _binary(lambda a, b, top, bottom: _quotient(a, b, nonneg(bottom)),
               lambda top, bottom: nonneg(top) and nonneg(bottom))
_sub = _binary(lambda a, b, left, right: _difference(a, b), lambda left, right: False)
_power = _binary(lambda a, b, base, exponent: _raised(a, b, nonneg(base)), lambda base, exponent: nonneg(base))


def _finite_only(op):
    """A function of values (sqrt, log, a difference, ...): undefined at +infinity."""
    def run(*fs):
        guarded = [lambda env, g=g: V.UNDEFINED if (v := g(env)) is INFINITY else v for g in fs]
        return op(*guarded)
    return run


def limit_arithmetic(arithmetic: dict) -> dict:
    """``arithmetic`` (the evaluator's table of operations) in the limit reading."""
    out = {name: _finite_only(op) for name, op in arithmetic.items()}
    out.update({"+": _add, "-": _sub, "*": _mul, "/": _div, "^": _power})
    return out


def finite(compiled):
    """The closure of a whole formula: +infinity is no score (undefined)."""
    def f(env):
        v = compiled(env)
        return V.UNDEFINED if v is INFINITY else v
    return f


def mark_nonnegative(f):
    """``f`` marked as certainly >= 0 (a probability atom)."""
    return _tagged(f, True)
