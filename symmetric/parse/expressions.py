"""The recursive-descent parser: tokens to a sympy expression, with whitelisted names only.

Grammar, loosest binding first: ``or`` > ``and`` > ``not`` > comparison > ``+ -`` > ``* /`` >
unary ``- +`` > power (``^``/``**``, right-associative) > primary (number, name, call,
probability atom, parenthesised expression).  Conditions (comparisons and their ``and``,
``or``, ``not``) are meaningful only as arguments of ``cases(...)``.

Every sympy node is built through :meth:`Parser.node`, the one place where a sympy exception
becomes a positioned error and a constant that is not a finite real number is refused; every
node is counted and every nesting level checked against :class:`~.limits.Limits`.  A
denominator that sympy cancels at construction (``TP/TP`` is 1) is refused by
:func:`.entry.parse_expression` (:mod:`symmetric.denominators`): it would remove a point where the
measure is undefined.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping

import sympy as sp

from ..errors import InputError, UnknownNameError
from .functions import FUNCTIONS
from .limits import Limits
from .names import PROBABILITY_SYNTAX
from .obligations import WrittenCondition, power_obligation
from .tokens import KEYWORDS, Token, tokenize
from .values import SYMPY_FAILURES, is_condition, not_finite_real

_RELATIONS = {"=": sp.Eq, "==": sp.Eq, "!=": sp.Ne, "<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}


class Parser:
    """One parse of one text: the tokens, the position, the node count and depth so far."""

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
        self.denominators: list[tuple[Token, sp.Expr]] = []   # see symmetric.denominators
        self.written: list[WrittenCondition] = []      # definedness as written, see .obligations
        self.context: tuple = ()              # the cases(...) conditions selecting this point
        self.allows_probability = any(k.startswith("P(") for k in self.symbols)
        # before tokenizing: a megabyte of input must not be split into tokens to be refused
        if len(text) > limits.max_length:
            raise InputError(f"expression longer than {limits.max_length} characters",
                             source=source, line=line, column=column)
        self.tokens = tokenize(text, limits, self.symbols, self.error)
        self.pos = 0

    # ------------------------------------------------------------------ errors

    def _where(self, token: Token) -> dict:
        if token.line == 1:
            return {"source": self.source, "line": self.line0, "column": self.column0 + token.column - 1}
        return {"source": self.source, "line": self.line0 + token.line - 1, "column": token.column}

    def error(self, token: Token, message: str) -> InputError:
        return InputError(message, **self._where(token))

    # ------------------------------------------------------------------ tokens

    def peek(self) -> Token:
        return self.tokens[self.pos]

    def advance(self) -> Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def accept(self, *texts: str) -> Token | None:
        token = self.peek()
        if token.kind in ("op", "name") and token.text in texts:
            self.pos += 1
            return token
        return None

    def expect(self, text: str, what: str) -> Token:
        token = self.peek()
        if token.text != text or token.kind not in ("op", "name"):
            found = "end of input" if token.kind == "end" else repr(token.text)
            raise self.error(token, f"expected {what}, found {found}")
        return self.advance()

    def count(self, token: Token) -> None:
        self.nodes += 1
        if self.nodes > self.limits.max_nodes:
            raise self.error(token, f"expression too large (more than {self.limits.max_nodes} nodes)")

    def enter(self, token: Token) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise self.error(token, f"expression nested too deeply (more than {self.limits.max_depth} levels)")

    def leave(self) -> None:
        self.depth -= 1

    # ------------------------------------------------------------------ nodes

    def node(self, token: Token, build, *args):
        """``build(*args)``: the one place the parser creates sympy values.

        A sympy exception or a value that is not a finite real number becomes an InputError at
        ``token``; checking each node as it is built catches ``sqrt(-1)`` before an enclosing
        ``0*...`` or ``abs(...)`` can hide it."""
        try:
            value = build(*args)
            problem = not_finite_real(value)
        except SYMPY_FAILURES as exc:
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
            left = self.node(token, sp.Or, self.boolean(left, token),
                             self.boolean(self.conjunction(), token))
        return left

    def conjunction(self):
        left = self.negation()
        while (token := self.accept("and")):
            self.count(token)
            left = self.node(token, sp.And, self.boolean(left, token),
                             self.boolean(self.negation(), token))
        return left

    def negation(self):
        token = self.accept("not")
        if token:
            self.count(token)
            self.enter(token)
            value = self.node(token, sp.Not, self.boolean(self.negation(), token))
            self.leave()
            return value
        return self.comparison()

    def comparison(self):
        left = self.sum()
        token = self.accept(*_RELATIONS)
        if token is None:
            return left
        self.count(token)
        right = self.sum()
        for side in (left, right):
            if is_condition(side):
                raise self.error(token, "cannot compare a condition")
        return self.node(token, _RELATIONS[token.text], left, right)

    def boolean(self, value, token, what: str | None = None):
        if not is_condition(value):
            what = what or f"{token.text!r} needs conditions (comparisons) as operands"
            raise self.error(token, what)
        return value

    def arith(self, value, token):
        if is_condition(value):
            raise self.error(token, "a condition cannot be used as a number "
                                    "(conditions belong in cases(...))")
        return value

    def sum(self):
        left = self.product()
        while (token := self.accept("+", "-")):
            self.count(token)
            right = self.arith(self.product(), token)
            left = self.arith(left, token)
            left = self.node(token, operator.add if token.text == "+" else operator.sub, left, right)
        return left

    def product(self):
        left = self.unary()
        while (token := self.accept("*", "/")):
            self.count(token)
            right = self.arith(self.unary(), token)
            left = self.arith(left, token)
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
            value = self.arith(self.unary(), token)
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
        exponent = self.arith(self.unary(), token)   # right-associative, allows 2^-1
        self.leave()
        base = self.arith(base, token)
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
        self.oblige(power_obligation(base, exponent), base, "^", exact=exponent.is_number)
        return self.node(token, sp.Pow, base, exponent)

    def oblige(self, kind: str | None, subject, what: str, exact: bool = True) -> None:
        """Record that the node being built is defined only where ``subject`` is ``kind``
        (``exact``: and everywhere it is; see :class:`.obligations.WrittenCondition`)."""
        if kind and isinstance(subject, sp.Expr) and not subject.is_number:
            self.written.append(WrittenCondition(kind, subject, self.context, what, exact))

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
            if token.text in KEYWORDS:
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
        outer = self.context
        if not self.accept(")"):
            while True:
                if FUNCTIONS[name].builder is FUNCTIONS["cases"].builder:
                    self.context = outer + _branch_context(args)
                args.append(self.condition())
                if self.accept(")"):
                    break
                self.expect(",", "',' or ')'")
        self.context = outer
        self.leave()
        spec = FUNCTIONS[name]
        if not spec.min_args <= len(args) <= spec.max_args:
            raise self.error(token, f"{name}() takes {spec.arity_text()}, got {len(args)}")
        if name in ("sqrt", "log"):
            for a in args:
                if not is_condition(a):
                    self.oblige("nonnegative" if name == "sqrt" else "positive", a, name)
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
        if token.kind != "name" or token.text in KEYWORDS:
            found = "end of input" if token.kind == "end" else repr(token.text)
            raise self.error(token, f"expected an event (G or S) in P(...), found {found}; "
                                    f"syntax: {PROBABILITY_SYNTAX}")
        self.advance()
        self.count(token)
        return f"not {token.text}" if negated else token.text


def _branch_context(args: list) -> tuple:
    """The conditions under which the next argument of ``cases(c1, v1, c2, v2, ...)`` is
    evaluated, given the arguments parsed so far: every earlier condition false, and for a
    value its own condition true."""
    conditions = [a for a in args[0::2] if is_condition(a)]
    if len(args) % 2 == 1:                 # the next argument is the value of args[-1]
        earlier, own = conditions[:-1], conditions[-1:]
    else:                                  # a condition, or the final otherwise value
        earlier, own = conditions, []
    return tuple(sp.Not(c) for c in earlier) + tuple(own)
