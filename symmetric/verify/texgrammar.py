"""The grammar of a printed relation: tokens of normalised LaTeX (:mod:`.texnorm`, names already
placeholders ``@k@``) to sympy objects, by recursive descent, never eval.

Why a grammar of our own rather than sympy's lark LaTeX parser: lark returns every reading of an
ambiguous text (``\\ln(TP) + 1`` as ln(TP) + 1 and as ln(TP + 1); ``(a)(b)(c)`` as calls), and
knows no chains or rows.  Here the reading is the one papers mean, fixed by rules:

* juxtaposition is a product (``2 TP``, ``(a)(b)(c)``, ``\\beta^2 PPV``, ``TP(1 - FN)``), but a
  measure name directly before ``(`` is refused (it reads as an application, ``MCC(S)``);
* ``\\ln``, ``\\log`` (``\\log_2``), ``\\exp``, ``\\sqrt`` (``\\sqrt[3]``) take a parenthesised or
  braced argument when one follows, else the next factor with its power (``\\ln x^2`` is ln(x^2));
* ``^`` takes a braced group or one character (``x^23`` is x^2 3, as TeX reads it);
* a chain ``a = b \\le c`` is a list of links (a = b, b <= c); a row (``\\\\``) that starts with
  a relation continues the chain of the row before, a row without a relation continues its
  expression, any other row starts a new chain (``gather``);
* after the chain, ``\\text{if } TP > FP`` (if, when, whenever, for, for all, provided, given,
  where, with) is a condition; any other trailing ``\\text{...}`` is a qualifier ignored and
  reported; trailing ``.``, ``,`` and ``;`` are punctuation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sympy as sp

from ..errors import InputError
from .texlex import (  # noqa: F401
    ABS,
    ARROWS,
    CONDITION_WORDS,
    FUNCTIONS,
    GREEK_LETTERS,
    KNOWN,
    MAX_DEPTH,
    OPEN,
    PRODUCT_MACROS,
    RELATION_MACROS,
    Tok,
    split_rows,
    tokens,
)
from .texnorm import Mapped


@dataclass(frozen=True)
class Link:
    """One relation of a chain: ``lhs rel rhs``, spanning ``start:end`` of the normalised text."""

    lhs: sp.Expr
    rel: str
    rhs: sp.Expr
    start: int
    end: int
    part: str = ""          # which of the relations its text states ("lower end" of an interval)


@dataclass(frozen=True)
class Reading:
    links: tuple[Link, ...]
    conditions: tuple[Link, ...]     # from \text{if ...}
    ignored: tuple[str, ...]         # qualifiers read as prose


def _unknown_hint(letters: str) -> str:
    """What to do about an unknown run of letters: a product of one-letter names is written apart;
    a name of the paper's own notation is defined before it is used (N is not taken to be n: some
    papers' N counts the negatives)."""
    if 2 <= len(letters) <= 4 and letters.isupper():
        return f" (a product of one-letter names is written apart: {' '.join(letters)})"
    if letters == "N":
        return " (the number of items is n; a paper's own N is defined in a display before it, or in --defs)"
    return ""


class Parser:
    def __init__(self, mapped: Mapped, values: Sequence[sp.Basic], measures: set) -> None:
        self.mapped, self.values, self.measures = mapped, values, measures
        self.toks: list[Tok] = []
        self.i = 0
        self.abs_depth = 0
        self.depth = 0
        self.bare_end = -1                   # where a function's unbracketed argument ended

    # ------------------------------------------------------------ helpers

    def error(self, message: str, tok: Tok | None = None) -> InputError:
        tok = tok or self.peek()
        return InputError(message, column=self.mapped.column(tok.start))

    def shown(self, tok: Tok) -> str:
        """The user's text of a token (a name as written, not its placeholder)."""
        if tok.kind == "end":
            return "the end"
        start, end = self.mapped.span(tok.start, tok.end)
        return repr(self.mapped.original[start:end].strip() or tok.text)

    def peek(self, k: int = 0) -> Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def take(self) -> Tok:
        tok = self.peek()
        self.i += 1
        return tok

    def is_(self, kind: str, *texts: str, k: int = 0) -> bool:
        tok = self.peek(k)
        return tok.kind == kind and (not texts or tok.text in texts)

    def expect(self, kind: str, text: str, what: str) -> Tok:
        if not self.is_(kind, text):
            raise self.error(f"expected {what} in LaTeX")
        return self.take()

    def relation(self) -> str | None:
        tok = self.peek()
        if tok.kind == "rel":
            return tok.text
        if tok.kind == "macro" and tok.text[1:] in RELATION_MACROS:
            return RELATION_MACROS[tok.text[1:]]
        return None

    # ------------------------------------------------------------ expressions

    def nested(self) -> None:
        """One level deeper (a group, a bracket, a sign): refused past :data:`MAX_DEPTH`, so a
        hostile text is a user error, not a RecursionError."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"the LaTeX is nested more than {MAX_DEPTH} levels deep")

    def expr(self) -> sp.Expr:
        self.nested()
        try:
            return self._sum()
        finally:
            self.depth -= 1

    def _sum(self) -> sp.Expr:
        left = self.term()
        while self.is_("punct", "+", "-"):
            sign = self.take().text
            right = self.term()
            left = left + right if sign == "+" else left - right
        return left

    def term(self) -> sp.Expr:
        left = self.unary()
        divided = False
        while True:
            tok = self.peek()
            op = PRODUCT_MACROS.get(tok.text[1:]) if tok.kind == "macro" else (tok.text if tok.kind == "punct" and
                                                                                 tok.text in "*/" else None)
            if op:
                self.take()
                right = self.unary()
                left = left * right if op == "*" else left / right
                divided = op == "/"
            elif self.starts_factor():
                if tok.kind == "num":
                    raise self.error("a number after a factor: write the product with \\cdot")
                if divided:            # a / b c: a/(b c) to some readers, (a/b) c to others
                    raise self.error("ambiguous a / b c: write a/(b c) or (a/b) c, or use \\frac")
                if self.i == self.bare_end and not (tok.kind == "macro" and tok.text[1:] in FUNCTIONS):
                    raise self.error("ambiguous \\ln x y: write \\ln(x y) or \\ln(x) y")
                left = left * self.power()
            else:
                return left

    def unary(self) -> sp.Expr:
        if self.is_("punct", "-", "+"):
            sign = self.take().text
            self.nested()
            try:
                value = self.unary()
            finally:
                self.depth -= 1
            return -value if sign == "-" else value
        return self.power()

    def starts_factor(self) -> bool:
        tok = self.peek()
        if tok.kind in ("name", "num"):
            return True
        if tok.kind == "punct":
            return tok.text in ("(", "[", "{") or (tok.text == "|" and self.abs_depth == 0)
        if tok.kind == "macro":
            name = tok.text[1:]
            return (name in ("frac", "dfrac", "tfrac", "cfrac", "sqrt", "min", "max", "infty", "lim", "lbrace", "lvert")
                    or name in FUNCTIONS or tok.text == "\\{" or (name == "vert" and self.abs_depth == 0))
        # an unknown run of letters too, so that "2PR" is refused as the unknown symbol 'PR' it is
        # (a product of names is written P R or P \cdot R), not as a group missing its '}'
        return tok.kind == "letters"

    def power(self) -> sp.Expr:
        base = self.atom()
        if self.is_("punct", "_"):
            raise self.error("a subscript on something that is not a name")
        if self.is_("punct", "^"):
            self.take()
            base = base ** self.argument("an exponent")
            if self.is_("punct", "^"):
                raise self.error("double exponent: write a^{b c} or (a^b)^c")
        return base

    def argument(self, what: str) -> sp.Expr:
        """A braced group, or one character / name / macro atom (``\\frac12``, ``x^2``)."""
        tok = self.peek()
        if tok.kind == "punct" and tok.text == "{":
            return self.group()
        if tok.kind == "num":
            self.take()
            if len(tok.text) > 1:                # TeX takes one digit: push the rest back
                rest = Tok("num", tok.text[1:], tok.start + 1, tok.end)
                self.toks.insert(self.i, rest)
            return sp.Integer(int(tok.text[0])) if tok.text[0].isdigit() else self.error(f"expected {what}")
        if tok.kind in ("name", "macro", "letters"):
            return self.atom()
        raise self.error(f"expected {what} in LaTeX")

    def group(self) -> sp.Expr:
        self.expect("punct", "{", "'{'")
        inner = self.expr()
        self.expect("punct", "}", "'}'")
        return inner

    def atom(self) -> sp.Expr:
        self.nested()
        try:
            return self._atom()
        finally:
            self.depth -= 1

    def _atom(self) -> sp.Expr:
        while self.is_("sep"):                   # a wide space inside an expression: only space
            self.take()
        tok = self.peek()
        if tok.kind == "num":
            self.take()
            return sp.Rational(tok.text)          # decimals exactly as written
        if tok.kind == "name":
            self.take()
            value = self.values[int(tok.text.strip("@")) - 1]
            if value in self.measures and self.is_("punct", "("):
                raise self.error("a measure name followed by parentheses reads as its application; "
                                 "write a product with \\cdot", tok)
            return value
        if tok.kind == "punct" and tok.text == "{":
            return self.group()
        if (tok.kind == "punct" and tok.text in OPEN) or (tok.kind == "macro" and tok.text in OPEN):
            return self.bracketed()
        if (tok.kind == "punct" and tok.text == "|") or (tok.kind == "macro" and tok.text in ABS):
            self.take()
            self.abs_depth += 1
            inner = self.expr()
            if not (self.is_("punct", "|") or self.is_("macro", *ABS)):
                raise self.error("expected the closing '|' in LaTeX")
            self.take()
            self.abs_depth -= 1
            return sp.Abs(inner)
        if tok.kind == "letters" and tok.text == "e" and self.is_("punct", "^", k=1):
            self.take()
            return sp.E
        if tok.kind == "letters":
            raise self.error(f"unknown symbol {tok.text!r} in LaTeX{_unknown_hint(tok.text)}")
        if tok.kind == "macro":
            return self.macro(tok)
        if tok.kind == "end":
            raise self.error("the LaTeX ends where an expression is expected")
        if tok.kind == "text":
            raise self.error("\\text{...} inside an expression (a qualifier goes after the relation)")
        raise self.error(f"unexpected {self.shown(tok)} in LaTeX (an expression is expected)")

    def bracketed(self) -> sp.Expr:
        tok = self.take()
        inner = self.expr()
        close = OPEN[tok.text]
        if not (self.peek().text == close and self.peek().kind in ("punct", "macro")):
            raise self.error(f"the bracket {tok.text!r} is not closed (expected {close!r} before "
                             f"{self.shown(self.peek())})", tok)
        self.take()
        return inner

    def macro(self, tok: Tok) -> sp.Expr:
        name = tok.text[1:]
        self.take()
        if name in ("frac", "dfrac", "tfrac", "cfrac"):
            num = self.argument("a numerator")
            return num / self.argument("a denominator")
        if name == "sqrt":
            index = None
            if self.is_("punct", "["):
                self.take()
                index = self.expr()
                self.expect("punct", "]", "']' after the root's index")
            radicand = self.bracketed() if self.is_("punct", "(") else self.argument("the square root's argument")
            return sp.sqrt(radicand) if index is None else radicand ** (1 / index)
        if name in FUNCTIONS:
            base = None
            if name == "log" and self.is_("punct", "_"):
                self.take()
                base = self.argument("the logarithm's base")
            exponent = None
            if self.is_("punct", "^"):          # \ln^2 x is (ln x)^2
                self.take()
                exponent = self.argument("an exponent")
            if self.is_("punct", "(") or self.is_("punct", "["):
                arg = self.bracketed()
            elif self.is_("punct", "{"):
                arg = self.group()
            else:
                arg = self.power()
                self.bare_end = self.i       # \ln x: a factor right after it would be ambiguous
            value = sp.exp(arg) if name == "exp" else (sp.log(arg) if base is None else sp.log(arg, base))
            return value if exponent is None else value ** exponent
        if name in ("min", "max"):
            opener = self.expect("punct", "(", f"'(' after \\{name}")
            args = [self.expr()]
            while self.is_("punct", ","):
                self.take()
                args.append(self.expr())
            if not self.is_("punct", ")"):
                raise self.error(f"the '(' of \\{name} is not closed", opener)
            self.take()
            return (sp.Min if name == "min" else sp.Max)(*args)
        if name == "infty":
            return sp.oo
        if name == "lim":
            return self.limit(tok)
        if name == "partial":
            raise self.error("\\partial is read in \\frac{\\partial A}{\\partial B} with A a measure or name "
                             "of the claim and B a variable", tok)
        if name in GREEK_LETTERS:
            raise self.error(f"unknown symbol \\{name} in LaTeX (declare it: params = [\"{name}>0\"])", tok)
        raise self.error(f"unknown LaTeX macro \\{name} (known: " + ", ".join("\\" + k for k in KNOWN)
                         + ", and the names of the claim)", tok)

    def limit(self, tok: Tok) -> sp.Expr:
        """``\\lim_{X \\to a} f`` (``a^+``, ``a^-`` one-sided; ``\\downarrow``, ``\\uparrow`` too)
        as an unevaluated Limit of the term that follows; X must be a variable of the claim."""
        self.expect("punct", "_", "'_' after \\lim")
        self.expect("punct", "{", "'{' after \\lim_")
        at = self.peek()
        var = self.atom()
        if not isinstance(var, sp.Symbol) or var.name.startswith("measure:"):
            raise self.error("a limit's variable must be a count cell or a parameter", at)
        arrow = self.take()
        if arrow.kind != "macro" or arrow.text[1:] not in ARROWS:
            raise self.error("expected \\to in \\lim_{X \\to a}", arrow)
        direction = ARROWS[arrow.text[1:]]
        end, depth = self.i, 0                  # the closing brace of the subscript
        while self.toks[end].kind != "end" and not (self.toks[end].text == "}" and depth == 0):
            depth += {"{": 1, "}": -1}.get(self.toks[end].text, 0) if self.toks[end].kind == "punct" else 0
            end += 1
        tail = [t.text for t in self.toks[end - 2:end]]
        if len(tail) == 2 and tail[0] == "^" and tail[1] in "+-":       # 0^+
            direction = tail[1]
            del self.toks[end - 2:end]
        to = self.expr()
        self.expect("punct", "}", "'}' closing \\lim_{...}")
        body = self.term()
        if to in (sp.oo, -sp.oo):
            return sp.Limit(body, var, to)
        return sp.Limit(body, var, to, direction)

    # ------------------------------------------------------------ rows and chains

    def chain(self, previous: tuple[sp.Expr, int] | None) -> tuple[list[Link], tuple[sp.Expr, int] | None]:
        """The links of one row; ``previous``: the last expression of the row before (and its start)."""
        links: list[Link] = []
        if self.relation() is None:
            start = self.peek().start
            previous = (self.expr(), start)
        elif previous is None:
            raise self.error("a relation with nothing on its left")
        while (rel := self.relation()) is not None:
            self.take()
            start = self.peek().start
            rhs = self.expr()
            links.append(Link(previous[0], rel, rhs, previous[1], self.toks[self.i - 1].end))
            previous = (rhs, start)
        return links, previous

    def rest_of_row(self) -> list[Tok]:
        out = []
        while self.peek().kind not in ("row", "end"):
            out.append(self.take())
        return out
