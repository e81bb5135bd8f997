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
(:meth:`_Parser.node`) that turns a sympy exception into a positioned error and refuses a
constant that is not a finite real number (``sqrt(-1)``, ``log(-1)``, ``1/0``), so such a value
never reaches the checkers hidden inside a larger expression (``0*sqrt(-1)`` would otherwise
vanish).  A denominator that sympy cancels at construction (``TP/TP`` is 1) is refused too
(:mod:`symmetric.denominators`): it would remove a point where the measure is undefined.
Every refusal is an :class:`~symmetric.errors.InputError`
(or :class:`~symmetric.errors.UnknownNameError` with close matches) naming the source, line
and column.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from .denominators import vanished
from .errors import InputError, UnknownNameError


@dataclass(frozen=True)
class Limits:
    max_length: int = 4000          # characters of text
    max_nodes: int = 600            # numbers, names, operators and calls
    max_depth: int = 40             # nesting of parentheses, calls and unary operators
    max_digits: int = 40            # digits of one number literal
    max_exponent: int = 64          # |numeric exponent| of a power
    max_number_bits: int = 4096     # bit size of a number computed while parsing


LIMITS = Limits()

PROBABILITY_SYNTAX = ("P(X) | P(X|Y) | P(X and Y), where X, Y are G, S, not G, not S "
                      "(~G is the same as not G)")

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*%?)
  | (?P<op>\*\*|<=|>=|==|!=|[-+*/^(),|<>=~!])
  | (?P<bad>.)
""", re.VERBOSE | re.DOTALL | re.ASCII)   # ASCII: \d must not match "١" or "１" (a Unicode
                                          # digit would pass int() yet dodge the digit limit)

_KEYWORDS = {"and", "or", "not"}


# What sympy may raise while building a node from user-controlled operands: bad arguments
# (ValueError, TypeError: comparing non-real numbers, Min of incomparable values), arithmetic
# (ZeroDivisionError, OverflowError) and exhaustion on pathological input.
_SYMPY_FAILURES = (ValueError, TypeError, ZeroDivisionError, OverflowError, ArithmeticError,
                   MemoryError, RecursionError)


def _not_finite_real(value) -> str | None:
    """Why ``value`` (a freshly built node) is not acceptable as a real number, or None.

    Only decided facts count: a constant whose realness sympy cannot decide (``is_real`` None)
    is left to the checkers, whose exact evaluation reports it as undetermined."""
    if not isinstance(value, sp.Expr) or isinstance(value, sp.Rational):
        return None                          # conditions: their operands were checked
    # one traversal for the common case (nothing bad); the messages sort out what was found
    if value.has(sp.zoo, sp.nan, sp.oo, sp.I, -sp.oo):
        if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
            return "the expression is undefined here (division by zero or an infinite value)"
        return _NOT_REAL
    if value.is_number and value.is_real is False:
        return _NOT_REAL
    return None


_NOT_REAL = ("the value here is not a real number (square root, logarithm or fractional power "
             "of a negative number?)")


def _is_condition(value) -> bool:
    """A relation or a combination of relations (sympy Symbols are Boolean too, so be precise)."""
    from sympy.logic.boolalg import BooleanAtom, BooleanFunction
    return isinstance(value, (sp.core.relational.Relational, BooleanFunction, BooleanAtom))


@dataclass(frozen=True)
class _Token:
    kind: str      # number, name, op, end
    text: str
    line: int      # 1-based, within the text
    column: int    # 1-based, within the line


class _Parser:
    def __init__(self, text: str, symbols: Mapping[str, sp.Basic], source: str,
                 line: int, column: int, limits: Limits) -> None:
        self.text = text
        self.symbols = dict(symbols)
        self.source = source
        self.line0 = line
        self.column0 = column
        self.limits = limits
        self.nodes = 0
        self.depth = 0
        self.denominators: list[tuple[_Token, sp.Expr]] = []   # see symmetric.denominators
        self.allows_probability = any(k.startswith("P(") for k in self.symbols)
        # before tokenizing: a megabyte of input must not be split into tokens to be refused
        if len(text) > limits.max_length:
            raise InputError(f"expression longer than {limits.max_length} characters",
                             source=source, line=line, column=column)
        self.tokens = self._tokenize()
        self.pos = 0

    # ------------------------------------------------------------------ errors

    def _where(self, token: _Token) -> dict:
        if token.line == 1:
            return {"source": self.source, "line": self.line0, "column": self.column0 + token.column - 1}
        return {"source": self.source, "line": self.line0 + token.line - 1, "column": token.column}

    def error(self, token: _Token, message: str) -> InputError:
        return InputError(message, **self._where(token))

    # ------------------------------------------------------------------ tokens

    def _tokenize(self) -> list[_Token]:
        tokens: list[_Token] = []
        line, line_start = 1, 0
        for match in _TOKEN.finditer(self.text):
            kind, text = match.lastgroup, match.group()
            token = _Token(kind, text, line, match.start() - line_start + 1)
            if kind == "ws":
                for k, ch in enumerate(text):
                    if ch == "\n":
                        line += 1
                        line_start = match.start() + k + 1
                continue
            if kind == "bad":
                if text == ".":
                    raise self.error(token, "attribute access ('.') is not allowed")
                if text in "'\"":
                    raise self.error(token, "strings are not allowed in an expression")
                raise self.error(token, f"unexpected character {text!r}")
            if kind == "number":
                mantissa, _, power = text.lower().partition("e")
                if len(re.sub(r"[^0-9]", "", mantissa)) > self.limits.max_digits:
                    raise self.error(token, f"number literal longer than {self.limits.max_digits} digits")
                # checked on the text, before any conversion: 1e999999999 is never computed
                digits = power.lstrip("+-").lstrip("0") or "0"     # 1e-0064 is 1e-64
                if power and (len(digits) > 3 or int(digits) > self.limits.max_exponent):
                    raise self.error(token, f"number literal exponent too large "
                                            f"(|exponent| > {self.limits.max_exponent})")
            if kind == "name" and text.endswith("%") and text not in self.symbols:
                raise self.error(token, "unexpected character '%'")
            tokens.append(token)
        tokens.append(_Token("end", "", line, len(self.text) - line_start + 1))
        return tokens

    def peek(self) -> _Token:
        return self.tokens[self.pos]

    def advance(self) -> _Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def accept(self, *texts: str) -> _Token | None:
        token = self.peek()
        if token.kind in ("op", "name") and token.text in texts:
            self.pos += 1
            return token
        return None

    def expect(self, text: str, what: str) -> _Token:
        token = self.peek()
        if token.text != text or token.kind not in ("op", "name"):
            found = "end of input" if token.kind == "end" else repr(token.text)
            raise self.error(token, f"expected {what}, found {found}")
        return self.advance()

    def count(self, token: _Token) -> None:
        self.nodes += 1
        if self.nodes > self.limits.max_nodes:
            raise self.error(token, f"expression too large (more than {self.limits.max_nodes} nodes)")

    def enter(self, token: _Token) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise self.error(token, f"expression nested too deeply (more than {self.limits.max_depth} levels)")

    def leave(self) -> None:
        self.depth -= 1

    # ------------------------------------------------------------------ nodes

    def node(self, token: _Token, build, *args):
        """``build(*args)``: the one place the parser creates sympy values.

        A sympy exception or a value that is not a finite real number becomes an InputError at
        ``token``; checking each node as it is built catches ``sqrt(-1)`` before an enclosing
        ``0*...`` or ``abs(...)`` can hide it."""
        try:
            value = build(*args)
            problem = _not_finite_real(value)
        except _SYMPY_FAILURES as exc:
            detail = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
            raise self.error(token, f"cannot evaluate this expression: {detail}") from None
        if problem:
            raise self.error(token, problem)
        return self._checked(token, value)

    # ------------------------------------------------------------------ grammar

    def parse(self) -> sp.Basic:
        if self.peek().kind == "end":
            raise self.error(self.peek(), "empty expression")
        result = self.condition()
        token = self.peek()
        if token.kind != "end":
            raise self.error(token, f"unexpected {token.text!r} after a complete expression")
        return result

    # conditions: or > and > not > comparison (only meaningful inside cases(...))
    def condition(self):
        left = self.conjunction()
        while (token := self.accept("or")):
            self.count(token)
            left = self.node(token, sp.Or, self._boolean(left, token),
                             self._boolean(self.conjunction(), token))
        return left

    def conjunction(self):
        left = self.negation()
        while (token := self.accept("and")):
            self.count(token)
            left = self.node(token, sp.And, self._boolean(left, token),
                             self._boolean(self.negation(), token))
        return left

    def negation(self):
        token = self.accept("not")
        if token:
            self.count(token)
            self.enter(token)
            value = self.node(token, sp.Not, self._boolean(self.negation(), token))
            self.leave()
            return value
        return self.comparison()

    _RELATIONS = {"=": sp.Eq, "==": sp.Eq, "!=": sp.Ne, "<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}

    def comparison(self):
        left = self.sum()
        token = self.accept(*self._RELATIONS)
        if token is None:
            return left
        self.count(token)
        right = self.sum()
        for side in (left, right):
            if _is_condition(side):
                raise self.error(token, "cannot compare a condition")
        return self.node(token, self._RELATIONS[token.text], left, right)

    def _boolean(self, value, token, what: str | None = None):
        if not _is_condition(value):
            what = what or f"{token.text!r} needs conditions (comparisons) as operands"
            raise self.error(token, what)
        return value

    def _arith(self, value, token):
        if _is_condition(value):
            raise self.error(token, "a condition cannot be used as a number "
                                    "(conditions belong in cases(...))")
        return value

    def sum(self):
        left = self.product()
        while (token := self.accept("+", "-")):
            self.count(token)
            right = self._arith(self.product(), token)
            left = self._arith(left, token)
            left = self.node(token, operator.add if token.text == "+" else operator.sub, left, right)
        return left

    def product(self):
        left = self.unary()
        while (token := self.accept("*", "/")):
            self.count(token)
            right = self._arith(self.unary(), token)
            left = self._arith(left, token)
            if token.text == "/" and right == 0:
                raise self.error(token, "division by zero")
            if token.text == "/" and not right.is_number:
                self.denominators.append((token, right))
            left = self.node(token, operator.mul if token.text == "*" else operator.truediv, left, right)
        return left

    def unary(self):
        token = self.accept("-", "+")
        if token:
            self.count(token)
            self.enter(token)
            value = self._arith(self.unary(), token)
            self.leave()
            return self.node(token, operator.neg, value) if token.text == "-" else value
        return self.power()

    def power(self):
        base = self.primary()
        token = self.accept("^", "**")
        if token is None:
            return base
        self.count(token)
        self.enter(token)
        exponent = self._arith(self.unary(), token)   # right-associative, allows 2^-1
        self.leave()
        base = self._arith(base, token)
        return self._power(base, exponent, token)

    def _power(self, base, exponent, token):
        limits = self.limits
        if exponent.is_number:
            if not exponent.is_real:
                raise self.error(token, "exponent is not a real number")
            if abs(exponent) > limits.max_exponent:
                raise self.error(token, f"exponent too large (|exponent| > {limits.max_exponent})")
            if exponent.is_Rational and exponent.q > limits.max_exponent:
                raise self.error(token, f"exponent denominator too large (> {limits.max_exponent})")
            if base.is_number and base.is_Rational:
                bits = max(abs(int(base.p)).bit_length(), int(base.q).bit_length())
                if bits * abs(exponent) > limits.max_number_bits:
                    raise self.error(token, "power too large to evaluate")
            if base == 0 and exponent.is_negative:
                raise self.error(token, "division by zero (0 to a negative power)")
        elif base.is_number and not exponent.is_number:
            pass  # a number to a symbolic power stays unevaluated in sympy
        if exponent.is_number and exponent.is_negative and not base.is_number:
            self.denominators.append((token, base))
        return self.node(token, sp.Pow, base, exponent)

    def _checked(self, token, value):
        """Refuse a number grown too large (called by :meth:`node` on every value)."""
        if not isinstance(value, sp.Expr):
            return value
        if value.is_Rational:
            bits = max(abs(int(value.p)).bit_length(), int(value.q).bit_length())
            if bits > self.limits.max_number_bits:
                raise self.error(token, "number too large")
        for power in value.atoms(sp.Pow):
            e = power.exp
            if e.is_number and e.is_Rational and abs(e) > 4 * self.limits.max_exponent:
                raise self.error(token, "combined exponent too large")
        # sympy folds powers of exp into its argument ((exp(64)^64)^64 = exp(262144)), past
        # the check exp() makes on what the user wrote
        for e in value.atoms(sp.exp):
            x = e.args[0]
            if x.is_number and x.is_Rational and abs(x) > self.limits.max_number_bits:
                raise self.error(token, "combined exponent too large")
        return value

    def primary(self):
        token = self.peek()
        if token.kind == "number":
            self.advance()
            self.count(token)
            return self.node(token, sp.Rational, token.text)
        if token.kind == "op" and token.text == "(":
            self.advance()
            self.count(token)
            self.enter(token)
            value = self.condition()
            self.leave()
            self.expect(")", "')'")
            return value
        if token.kind == "name":
            if token.text in _KEYWORDS:
                raise self.error(token, f"unexpected {token.text!r}")
            self.advance()
            self.count(token)
            if self.peek().text == "(" and self.peek().kind == "op":
                return self.call(token)
            return self.name(token)
        if token.kind == "end":
            raise self.error(token, "unexpected end of input")
        raise self.error(token, f"unexpected {token.text!r}")

    def name(self, token):
        if token.text in self.symbols:
            return self.symbols[token.text]
        if token.text in FUNCTIONS:
            raise self.error(token, f"function {token.text!r} must be called with arguments in parentheses")
        raise UnknownNameError("name", token.text, self._names(), **self._where(token))

    def _names(self):
        plain = [k for k in self.symbols if not k.startswith("P(")]
        return plain + list(FUNCTIONS) + (["P"] if self.allows_probability else [])

    # ------------------------------------------------------------------ calls

    def call(self, token):
        name = token.text
        if name == "P" and self.allows_probability and "P" not in FUNCTIONS:
            return self.probability(token)
        if name not in FUNCTIONS:
            if name in self.symbols:
                raise self.error(token, f"{name!r} is not a function and cannot be called")
            raise UnknownNameError("function", name, list(FUNCTIONS), **self._where(token))
        open_paren = self.expect("(", "'('")
        self.enter(open_paren)
        args = []
        if not self.accept(")"):
            while True:
                args.append(self.condition())
                if self.accept(")"):
                    break
                self.expect(",", "',' or ')'")
        self.leave()
        spec = FUNCTIONS[name]
        if not spec.min_args <= len(args) <= spec.max_args:
            raise self.error(token, f"{name}() takes {spec.arity_text()}, got {len(args)}")
        return self.node(token, spec.build, self, token, args)

    def probability(self, token):
        """P(X), P(X|Y) or P(X and Y) with X, Y events (G, S, possibly negated)."""
        open_paren = self.expect("(", "'('")
        self.enter(open_paren)
        first = self.event()
        if self.accept("|"):
            key = f"P({first}|{self.event()})"
            alternatives = (key,)
        elif self.accept("and"):
            second = self.event()
            key = f"P({first} and {second})"
            alternatives = (key, f"P({second} and {first})")
        else:
            key = f"P({first})"
            alternatives = (key,)
        self.expect(")", "')' closing the probability")
        self.leave()
        for k in alternatives:
            if k in self.symbols:
                return self.symbols[k]
        atoms = [k for k in self.symbols if k.startswith("P(")]
        raise UnknownNameError("probability", key, atoms, **self._where(token))

    def event(self) -> str:
        negated = False
        while self.accept("not", "~", "!"):
            negated = not negated
        token = self.peek()
        if token.kind != "name" or token.text in _KEYWORDS:
            found = "end of input" if token.kind == "end" else repr(token.text)
            raise self.error(token, f"expected an event (G or S) in P(...), found {found}; "
                                    f"syntax: {PROBABILITY_SYNTAX}")
        self.advance()
        self.count(token)
        return f"not {token.text}" if negated else token.text


# ---------------------------------------------------------------------- functions

@dataclass(frozen=True)
class _Function:
    min_args: int
    max_args: int
    builder: object
    help: str

    def arity_text(self) -> str:
        if self.min_args == self.max_args:
            return f"{self.min_args} argument{'s' if self.min_args != 1 else ''}"
        if self.max_args >= 10**6:
            return f"at least {self.min_args} arguments"
        return f"{self.min_args} to {self.max_args} arguments"

    def build(self, parser: _Parser, token: _Token, args):
        return self.builder(parser, token, args)


def _numeric_args(parser, token, args):
    return [parser._arith(a, token) for a in args]


def _cases(parser: _Parser, token: _Token, args):
    if len(args) % 2 == 0:
        raise parser.error(token, "cases(c1, v1, c2, v2, ..., otherwise) needs an odd number of "
                                  "arguments: condition/value pairs and a final otherwise value")
    pieces = []
    for k in range(0, len(args) - 1, 2):
        condition = parser._boolean(args[k], token, f"cases(): argument {k + 1} must be a condition "
                                                    "such as AP = 0 or TP > FP")
        value = parser._arith(args[k + 1], token)
        pieces.append((value, condition))
    pieces.append((parser._arith(args[-1], token), sp.true))
    return sp.Piecewise(*pieces)


def _log(parser, token, args):
    args = _numeric_args(parser, token, args)
    for a in args:
        if a.is_number and a.is_zero:
            raise parser.error(token, "log(0) is undefined")
    return sp.log(*args)


def _exp(parser, token, args):
    (x,) = _numeric_args(parser, token, args)
    if x.is_number and x.is_real and abs(x) > parser.limits.max_number_bits:
        raise parser.error(token, "exp() argument too large")
    return sp.exp(x)


_MANY = 10**6
FUNCTIONS: Mapping[str, _Function] = {
    "sqrt": _Function(1, 1, lambda p, t, a: sp.sqrt(*_numeric_args(p, t, a)), "square root"),
    "log": _Function(1, 2, _log, "natural logarithm; log(x, b) to base b"),
    "exp": _Function(1, 1, _exp, "exponential"),
    "min": _Function(2, _MANY, lambda p, t, a: sp.Min(*_numeric_args(p, t, a)), "minimum"),
    "max": _Function(2, _MANY, lambda p, t, a: sp.Max(*_numeric_args(p, t, a)), "maximum"),
    "abs": _Function(1, 1, lambda p, t, a: sp.Abs(*_numeric_args(p, t, a)), "absolute value"),
    "cases": _Function(1, _MANY, _cases, "cases(c1, v1, ..., otherwise): piecewise definition"),
    "piecewise": _Function(1, _MANY, _cases, "same as cases"),
}


# ---------------------------------------------------------------------- public API

def parse_expression(text: str, symbols: Mapping[str, sp.Basic], *, source: str = "<command line>",
                     line: int = 1, column: int = 1, limits: Limits = LIMITS) -> sp.Expr:
    """Parse user text into a sympy expression using only whitelisted names and functions.

    ``symbols`` maps each allowed name (or probability atom written canonically, e.g.
    ``"P(S|G)"``, ``"P(not G|S)"``, ``"P(S and G)"``) to its sympy value.  ``line`` and
    ``column`` say where ``text`` starts in ``source``, so that errors point into the file.
    Raises InputError / UnknownNameError naming source, line and column.
    """
    if not isinstance(text, str):
        raise InputError(f"expected an expression as text, got {type(text).__name__}",
                         source=source, line=line, column=column)
    for name in symbols:
        if name in FUNCTIONS or name in _KEYWORDS:
            raise ValueError(f"symbol name {name!r} clashes with a function or keyword")
    parser = _Parser(text, symbols, source, line, column, limits)
    result = parser.parse()
    lost = vanished(result, parser.denominators)
    if lost:
        token, factor = lost
        rest = str(result) if len(str(result)) <= 80 else "..."
        raise parser.error(token, f"this denominator vanishes where {factor} = 0, but sympy cancels "
                                  f"it (the expression becomes {rest}), which would hide that the "
                                  "measure is undefined there; write the value at that point "
                                  f"explicitly: cases({factor} = 0, VALUE, {rest})")
    if _is_condition(result):
        raise InputError("the expression is a condition, not a number (conditions belong in cases(...))",
                         source=source, line=line, column=column)
    return result


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
    if name in reserved or name in FUNCTIONS or name in _KEYWORDS or name == "P":
        raise InputError(f"parameter name {name!r} is already used by a symbol or function", **at(offset))
    if low is not -sp.oo and high is not sp.oo:
        try:
            empty = not bool(low < high)
        except TypeError:                    # sympy cannot order the two bounds
            empty = True
        if empty:
            raise InputError(f"empty parameter interval ({low}, {high})", **at(pieces[0][1]))
    return ParameterDeclaration(name, low, high, column=at(offset)["column"])


def count_symbols() -> dict[str, sp.Expr]:
    """The names of count form: TP FP FN TN, AP = TP+FN, AN = FP+TN, PP, PN and n = |D|."""
    from . import space
    return {"TP": space.TP, "FP": space.FP, "FN": space.FN, "TN": space.TN,
            "AP": space.AP, "AN": space.AN, "PP": space.PP, "PN": space.PN,
            "n": space.TP + space.FP + space.FN + space.TN}


def probability_symbols() -> dict[str, sp.Expr]:
    """The probability atoms, keyed canonically (see :data:`PROBABILITY_SYNTAX`)."""
    from . import space
    names = {space.G: "G", space.NG: "not G", space.S: "S", space.NS: "not S"}
    out: dict[str, sp.Expr] = {}
    for x in space.EVENTS:
        out[f"P({names[x]})"] = space.Pr(x)
    for x in space.SYSTEM_EVENTS:
        for y in space.GOLD_EVENTS:
            out[f"P({names[x]}|{names[y]})"] = space.Pr(x, y)
            out[f"P({names[y]}|{names[x]})"] = space.Pr(y, x)
            out[f"P({names[x]} and {names[y]})"] = space.Joint(x, y)
    return out
