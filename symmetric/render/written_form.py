"""A user's formula in LaTeX as it was typed: ``sqrt(TP/(TP+FN) * TN/(TN+FP))`` is shown as
the square root of that product of two fractions, not as sympy's rewrite
(√TP·√TN·√(1/((TP+FN)(FP+TN)))).

The text kept with the measure (:func:`symmetric.crosscheck.written.written_of`) is read again
by the project's tokenizer and a small precedence parser that builds LaTeX strings only (no
sympy, nothing evaluated, no ``eval``).  The text was already accepted by the real parser
when the measure was built; anything this display parser does not know makes it give up
(None), and the caller shows the derived form instead.
"""

from __future__ import annotations

import sympy as sp

from ..crosscheck.written import written_of
from ..errors import InputError
from ..parse.limits import LIMITS
from ..parse.tokens import tokenize

# precedence of what a LaTeX piece is (higher binds tighter)
OR, AND, NOT, REL, SUM, PROD, UNARY, POW, ATOM = range(1, 10)
_CELLS = {"TP", "FP", "FN", "TN", "AP", "AN", "PP", "PN"}
_RELATIONS = {"=": "=", "==": "=", "!=": r"\ne", "<": "<", ">": ">", "<=": r"\le", ">=": r"\ge"}
_FUNCTIONS = {"log": r"\ln", "ln": r"\ln", "exp": r"\exp", "min": r"\min", "max": r"\max"}
_EVENTS = {"G": r"\mathcal{G}", "S": r"\mathcal{S}"}


class _GiveUp(Exception):
    """Something the display parser does not know: the derived form is shown instead."""


def _paren(piece: tuple[str, int], least: int) -> str:
    latex, prec = piece
    return latex if prec >= least else rf"\left({latex}\right)"


def _joined(factors: list) -> tuple[str, int]:
    """Factors side by side (a product), each bracketed where it would not read as one factor."""
    if len(factors) == 1:
        return factors[0]
    out = _paren(factors[0], PROD)
    for right in factors[1:]:
        joint = r" \cdot " if right[0][:1].isdigit() or right[1] == UNARY else r" \, "
        out += joint + _paren(right, POW)
    return (out, PROD)


class _Reader:
    def __init__(self, text: str) -> None:
        def error(token, message):
            return InputError(message)
        self.tokens = tokenize(text, LIMITS, (), error)
        self.pos = 0

    def peek(self):
        return self.tokens[self.pos]

    def take(self, *texts: str):
        token = self.peek()
        if token.kind in ("op", "name") and token.text in texts:
            self.pos += 1
            return token
        return None

    def need(self, text: str) -> None:
        if not self.take(text):
            raise _GiveUp(text)

    def whole(self) -> str:
        piece = self.disjunction()
        if self.peek().kind != "end":
            raise _GiveUp("trailing input")
        return piece[0]

    def disjunction(self):
        parts = [self.conjunction()]
        while self.take("or"):
            parts.append(self.conjunction())
        return (r" \lor ".join(_paren(p, AND) for p in parts), OR) if len(parts) > 1 else parts[0]

    def conjunction(self):
        parts = [self.negation()]
        while self.take("and"):
            parts.append(self.negation())
        return (r" \land ".join(_paren(p, NOT) for p in parts), AND) if len(parts) > 1 else parts[0]

    def negation(self):
        if self.take("not"):
            return (r"\neg " + _paren(self.negation(), NOT), NOT)
        return self.relation()

    def relation(self):
        left = self.sum()
        token = self.peek()
        if token.kind == "op" and token.text in _RELATIONS:
            self.pos += 1
            right = self.sum()
            return (f"{_paren(left, SUM)} {_RELATIONS[token.text]} {_paren(right, SUM)}", REL)
        return left

    def sum(self):
        piece = self.product()
        while (op := self.take("+", "-")) is not None:
            right = self.product()
            piece = (f"{piece[0]} {op.text} {_paren(right, PROD if op.text == '-' else UNARY)}", SUM)
        return piece

    def product(self):
        # a / b divides the product written since the last fraction: 2*TP/(2*TP+FP+FN) is one
        # fraction, TP/(TP+FN) * TN/(TN+FP) the product of two, as typed (the values agree)
        groups = [([self.unary()], False)]          # (factors, already a fraction)
        while (op := self.take("*", "/")) is not None:
            right = self.unary()
            factors, divided = groups[-1]
            if op.text == "/":
                groups[-1] = ([(rf"\frac{{{_joined(factors)[0]}}}{{{right[0]}}}", POW)], True)
            elif divided:
                groups.append(([right], False))
            else:
                factors.append(right)
        return _joined([f for factors, _ in groups for f in factors])

    def unary(self):
        if (op := self.take("-", "+")) is not None:
            inner = self.unary()
            return (("-" if op.text == "-" else "") + _paren(inner, PROD), UNARY)
        return self.power()

    def power(self):
        base = self.atom()
        if self.take("^", "**"):
            exponent = self.unary()
            return (f"{_paren(base, ATOM)}^{{{exponent[0]}}}", POW)
        return base

    def arguments(self) -> list:
        self.need("(")
        args = [self.disjunction()]
        while self.take(","):
            args.append(self.disjunction())
        self.need(")")
        return args

    def atom(self):
        token = self.peek()
        self.pos += 1
        if token.kind == "number":
            mantissa, _, power = token.text.lower().partition("e")
            return (mantissa + (rf" \times 10^{{{int(power)}}}" if power else ""), ATOM)
        if token.kind == "op" and token.text == "(":
            inner = self.disjunction()
            self.need(")")
            return inner
        if token.kind != "name":
            raise _GiveUp(token.text)
        name = token.text
        if name == "P" and self.peek().text == "(":
            return self.probability()
        if self.peek().text == "(" and self.peek().kind == "op":
            return self.function(name)
        if name in _CELLS:
            return (rf"\mathrm{{{name}}}", ATOM)
        if name == "n":
            return (r"|\mathcal{T}|", ATOM)
        if not name.isidentifier():
            raise _GiveUp(name)
        return (sp.latex(sp.Symbol(name)), ATOM)          # a parameter: lambda as \lambda, a1 as a_{1}

    def function(self, name: str):
        args = self.arguments()
        if name == "sqrt" and len(args) == 1:
            return (rf"\sqrt{{{args[0][0]}}}", ATOM)
        if name == "abs" and len(args) == 1:
            return (rf"\left|{args[0][0]}\right|", ATOM)
        if name == "cases" and len(args) % 2 == 1 and len(args) >= 3:
            rows = [rf"{args[k + 1][0]} & \text{{if }} {args[k][0]}" for k in range(0, len(args) - 1, 2)]
            rows.append(rf"{args[-1][0]} & \text{{otherwise}}")
            return (r"\begin{cases}" + r" \\ ".join(rows) + r"\end{cases}", ATOM)
        if name in _FUNCTIONS:
            return (rf"{_FUNCTIONS[name]}\left({', '.join(a[0] for a in args)}\right)", ATOM)
        raise _GiveUp(name)

    def probability(self):
        """P(X), P(X|Y), P(X and Y) with events G, S and their negations (not G)."""
        self.need("(")
        parts, separators = [self.event()], []
        while (sep := self.take("|", "and")) is not None:
            separators.append(r" \mid " if sep.text == "|" else r" \wedge ")
            parts.append(self.event())
        self.need(")")
        body = parts[0] + "".join(s + p for s, p in zip(separators, parts[1:]))
        return (f"P({body})", ATOM)

    def event(self) -> str:
        if self.take("not"):
            return r"\neg" + self.event()
        token = self.peek()
        if token.kind != "name" or token.text not in _EVENTS:
            raise _GiveUp(token.text)
        self.pos += 1
        return _EVENTS[token.text]


def written_latex(text: str) -> str | None:
    """``text`` (an expression the parser accepted) in LaTeX with its structure as typed; None
    when the display parser cannot read it."""
    try:
        return _Reader(text).whole()
    except (_GiveUp, InputError, IndexError, ValueError):
        return None


def measure_written_latex(measure) -> str | None:
    """The LaTeX of the formula a user typed for ``measure`` (None: a catalogue measure, or text
    the display parser cannot read)."""
    written = written_of(measure)
    return written_latex(written.text) if written is not None else None
