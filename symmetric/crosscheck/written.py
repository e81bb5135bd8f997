"""The written formula, evaluated exactly without sympy.

A measure typed by a user keeps its text (:func:`attach`, called where user text becomes a
measure); the cross-check parses that text itself into a small tree and evaluates the tree at
exact rationals with its own rules for undefinedness (:mod:`.values`).  sympy never sees the
text on this path, so the rewrites sympy makes while building an expression (``log(TP) -
log(TP)`` is 0, ``exp(log(x))`` is x, ``0*x`` is 0) cannot remove a point where what was written
is undefined.  A catalogue measure has no text: its defining form (the probability form when
it was defined by one, else the count form) is translated node by node from sympy (:mod:`.sympyform`), before any
derivation of the other form.

A tree is compiled to nested closures ``env -> value`` (``env`` maps names to Fractions:
TP, FP, FN, TN and parameters; or p, q, n for a quantification term).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction


from ..errors import InputError
from ..parse.limits import LIMITS
from ..parse.tokens import Token, tokenize
from . import reciprocal
from . import values as V

Compiled = Callable[[Mapping[str, Fraction]], object]
_KEY = "written"


@dataclass(frozen=True)
class Written:
    """What the user wrote: the form key (counts, probs, term), the text and parameter names."""

    form: str
    text: str
    params: tuple[str, ...] = ()


def attach(measure, form: str, text: str, params=()):
    """``measure`` carrying the text it was built from (a field outside equality and hash)."""
    written = Written(form, text, tuple(str(getattr(p, "symbol", p)) for p in params))
    extra = tuple(item for item in getattr(measure, "extra", ()) if item[0] != _KEY) + ((_KEY, written),)
    return dataclasses.replace(measure, extra=extra)


def written_of(measure) -> Written | None:
    return dict(getattr(measure, "extra", ())).get(_KEY)


# ---------------------------------------------------------------- the tree and its evaluation

_COUNTS = {"TP": ("TP",), "FP": ("FP",), "FN": ("FN",), "TN": ("TN",), "AP": ("TP", "FN"),
           "AN": ("FP", "TN"), "PP": ("TP", "FP"), "PN": ("FN", "TN"), "n": ("TP", "FP", "FN", "TN")}
# the cells of each event (S: predicted positive, G: gold positive)
_EVENT_CELLS = {"G": {"TP", "FN"}, "not G": {"FP", "TN"}, "S": {"TP", "FP"}, "not S": {"FN", "TN"}}
_ALL = frozenset(("TP", "FP", "FN", "TN"))


def _count(env, cells) -> Fraction:
    return sum((env[c] for c in cells), Fraction(0))


def _probability(x: str, y: str | None, joint: bool) -> Compiled:
    """P(X), P(X|Y) (|X and Y| / |Y|, undefined when |Y| = 0) or P(X and Y), from the table."""
    cx = _EVENT_CELLS[x]
    if y is None:
        return lambda env: V.div(_count(env, cx), _count(env, _ALL))
    both = cx & _EVENT_CELLS[y]
    if joint:
        return lambda env: V.div(_count(env, both), _count(env, _ALL))
    cy = _EVENT_CELLS[y]
    return lambda env: V.div(_count(env, both), _count(env, cy))


def _strict(op):
    """op on values: UNDEFINED if any argument is, else UNKNOWN if any is."""
    def run(*fs):
        def f(env):
            args = [g(env) for g in fs]
            for a in args:
                if a is V.UNDEFINED:
                    return V.UNDEFINED
            for a in args:
                if a is V.UNKNOWN:
                    return V.UNKNOWN
            return op(*args)
        return f
    return run


def _sum(*xs):
    total = Fraction(0)
    for x in xs:
        total = V.add(total, x)
    return total


def _product(*xs):
    total = Fraction(1)
    for x in xs:
        total = V.mul(total, x)
    return total


def _log(x, base=None):
    value = V.log(x)
    if base is None or not V.is_value(value):
        return value
    lb = V.log(base)
    return V.div(value, lb) if V.is_value(lb) else lb


_RELATIONS = {"=": lambda s: s == 0, "==": lambda s: s == 0, "!=": lambda s: s != 0, "<": lambda s: s < 0,
              "<=": lambda s: s <= 0, ">": lambda s: s > 0, ">=": lambda s: s >= 0}

ARITHMETIC = {
    "+": _strict(_sum), "*": _strict(_product), "-": _strict(lambda a, b: V.add(a, V.neg(b))),
    "neg": _strict(V.neg), "/": _strict(V.div), "^": _strict(V.power), "sqrt": _strict(V.sqrt),
    "log": _strict(_log), "exp": _strict(V.exp), "abs": _strict(V.absolute),
    "min": _strict(lambda *xs: V.minimum(xs)), "max": _strict(lambda *xs: V.maximum(xs)),
}
LIMIT_ARITHMETIC = reciprocal.limit_arithmetic(ARITHMETIC)


def relation_node(op: str, a: Compiled, b: Compiled) -> Compiled:
    """A comparison: True, False, or a value outcome (UNDEFINED, or UNKNOWN when not certified)."""
    test = _RELATIONS[op]

    def f(env):
        x, y = a(env), b(env)
        for bad in (V.UNDEFINED, V.UNKNOWN):
            if x is bad or y is bad:
                return bad
        if not (V.is_value(x) and V.is_value(y)):     # +infinity (zero-reciprocal=limit) is no value
            return V.UNDEFINED
        s = V.compare(x, y)
        return V.UNKNOWN if s is None else test(s)
    return f


def logic_node(op: str, parts: list[Compiled]) -> Compiled:
    def f(env):
        results = [g(env) for g in parts]
        if op == "not":
            r = results[0]
            return (not r) if isinstance(r, bool) else r
        decisive = op == "or"       # a True decides "or", a False decides "and"
        if any(r is decisive for r in results):
            return decisive
        for bad in (V.UNDEFINED, V.UNKNOWN):
            if any(r is bad for r in results):
                return bad
        return not decisive
    return f


def cases_node(pairs: list[tuple[Compiled, Compiled]], otherwise: Compiled) -> Compiled:
    """The value of the first true condition; a condition that cannot be decided, or is
    undefined, before a true one leaves the value so."""
    def f(env):
        for cond, value in pairs:
            c = cond(env)
            if c is True:
                return value(env)
            if c is not False:
                return c
        return otherwise(env)
    return f


# ---------------------------------------------------------------- parsing the text

class _Parser:
    """Recursive descent over the tokens of :mod:`symmetric.parse.tokens`; builds closures."""

    def __init__(self, text: str, names: Mapping[str, Compiled], probabilities: bool, limit: bool = False) -> None:
        self.names = dict(names)
        self.probabilities = probabilities
        self.limit = limit          # the reading zero-reciprocal=limit (a probability form)
        self.ops = LIMIT_ARITHMETIC if limit else ARITHMETIC
        self.tokens = tokenize(text, LIMITS, set(self.names), self._error)
        self.pos = 0

    @staticmethod
    def _error(token: Token, message: str) -> InputError:
        return InputError(f"cross-check parser: {message} at column {token.column}")

    def peek(self) -> Token:
        return self.tokens[self.pos]

    def accept(self, *texts: str) -> Token | None:
        t = self.peek()
        if t.kind in ("op", "name") and t.text in texts:
            self.pos += 1
            return t
        return None

    def expect(self, text: str) -> None:
        if not self.accept(text):
            raise self._error(self.peek(), f"expected {text!r}")

    def parse(self) -> Compiled:
        value = self.disjunction()
        if self.peek().kind != "end":
            raise self._error(self.peek(), "unexpected text")
        return value

    def disjunction(self):
        left = self.conjunction()
        while self.accept("or"):
            left = logic_node("or", [left, self.conjunction()])
        return left

    def conjunction(self):
        left = self.negation()
        while self.accept("and"):
            left = logic_node("and", [left, self.negation()])
        return left

    def negation(self):
        if self.accept("not"):
            return logic_node("not", [self.negation()])
        left = self.sum()
        token = self.accept(*_RELATIONS)
        return relation_node(token.text, left, self.sum()) if token else left

    def sum(self):
        left = self.product()
        while (token := self.accept("+", "-")):
            left = self.ops[token.text](left, self.product())
        return left

    def product(self):
        factors = [("*", self.unary())]
        while (token := self.accept("*", "/")):
            factors.append((token.text, self.unary()))
        if self.limit:
            factors = _joined(factors)
        value = factors[0][1] if factors[0][0] == "*" else self.ops["/"](number_node(Fraction(1)), factors[0][1])
        for op, factor in factors[1:]:
            value = self.ops[op](value, factor)
        return value

    def unary(self):
        token = self.accept("-", "+")
        if token:
            value = self.unary()
            return self.ops["neg"](value) if token.text == "-" else value
        return self.power()

    def power(self):
        base = self.primary()
        if self.accept("^", "**"):
            return self.ops["^"](base, self.unary())
        return base

    def primary(self):
        token = self.peek()
        self.pos += 1
        if token.kind == "number":
            return number_node(Fraction(token.text))
        if token.kind == "op" and token.text == "(":
            value = self.disjunction()
            self.expect(")")
            return value
        if token.kind == "name":
            if self.peek().kind == "op" and self.peek().text == "(":
                return self.call(token)
            if token.text in self.names:
                return self.names[token.text]
        raise self._error(token, f"unexpected {token.text!r}")

    def call(self, token: Token):
        name = token.text
        if name == "P" and self.probabilities:
            return self.probability()
        self.expect("(")
        args = []
        if not self.accept(")"):
            while True:
                args.append(self.disjunction())
                if self.accept(")"):
                    break
                self.expect(",")
        if name in ("cases", "piecewise"):
            pairs = [(args[k], args[k + 1]) for k in range(0, len(args) - 1, 2)]
            return cases_node(pairs, args[-1])
        if name not in self.ops:
            raise self._error(token, f"unknown function {name!r}")
        return self.ops[name](*args)

    def probability(self):
        self.expect("(")
        x = self.event()
        y, joint = None, False
        if self.accept("|"):
            y = self.event()
        elif self.accept("and"):
            y, joint = self.event(), True
        self.expect(")")
        if joint and x in ("G", "not G"):       # P(G and S) is P(S and G)
            x, y = y, x
        return atom_node(x, y, joint)

    def event(self) -> str:
        negated = False
        while self.accept("not", "~", "!"):
            negated = not negated
        token = self.peek()
        self.pos += 1
        if token.text not in ("G", "S"):
            raise self._error(token, "expected an event G or S")
        return f"not {token.text}" if negated else token.text


def number_node(value: Fraction) -> Compiled:
    f = lambda env: value       # noqa: E731
    f.nonneg = value >= 0
    return f


def atom_node(x: str, y: str | None, joint: bool) -> Compiled:
    """A probability, marked >= 0 and with its events (for the joint reading of P(X|Y)P(Y))."""
    f = reciprocal.mark_nonnegative(_probability(x, y, joint))
    f.event = (x, y, joint)
    return f


def _joined(factors: list) -> list:
    """(op, factor) of a product with each P(X|Y) * P(Y) read as the joint P(X and Y) (the
    reading zero-reciprocal=limit: defined where P(Y) = 0, as the product rule gives)."""
    factors = list(factors)
    for i, (op, f) in enumerate(factors):
        x, y, joint = getattr(f, "event", (None, None, True))
        if op != "*" or y is None or joint:
            continue
        for j, (op2, g) in enumerate(factors):
            if j != i and op2 == "*" and getattr(g, "event", None) == (y, None, False):
                event, given = (x, y) if y in ("G", "not G") else (y, x)
                factors[i] = ("*", atom_node(event, given, True))
                del factors[j]
                return _joined(factors)
    return factors


def _variable(name: str) -> Compiled:
    return lambda env: env[name]


def _cell_sum(cells: tuple[str, ...]) -> Compiled:
    if len(cells) == 1:
        return _variable(cells[0])
    return lambda env: _count(env, cells)


def compile_text(written: Written, limit: bool = False) -> Compiled:
    """The closure of the written text (InputError if this parser cannot read it); ``limit``:
    a probability form in the reading zero-reciprocal=limit (:mod:`.reciprocal`)."""
    names: dict[str, Compiled] = {p: _variable(p) for p in written.params}
    if written.form == "term":
        names.update({k: _variable(k) for k in ("p", "q", "n")})
    else:
        names["n"] = _cell_sum(_COUNTS["n"])
        if written.form == "counts":
            names.update({k: _cell_sum(v) for k, v in _COUNTS.items()})
    limit = limit and written.form == "probs"
    compiled = _Parser(written.text, names, written.form == "probs", limit).parse()
    return reciprocal.finite(compiled) if limit else compiled
