"""The words of a printed relation: the macros, relations and operators the grammar
(:mod:`.texgrammar`) reads, the tokens of normalised LaTeX (names already placeholders ``@k@``),
and the rows of an aligned display.  Text is only cut here, never evaluated."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError
from .texnorm import Mapped

RELATION_MACROS = {"le": "<=", "leq": "<=", "leqslant": "<=", "ge": ">=", "geq": ">=", "geqslant": ">=",
                   "ne": "!=", "neq": "!=", "lt": "<", "gt": ">"}
PRODUCT_MACROS = {"cdot": "*", "times": "*", "ast": "*", "div": "/"}
FUNCTIONS = ("ln", "log", "exp")
OPEN = {"(": ")", "[": "]", "\\{": "\\}", "\\lbrace": "\\rbrace", "\\lbrack": "\\rbrack"}
ABS = ("|", "\\lvert", "\\rvert", "\\vert")
KNOWN = sorted({*RELATION_MACROS, *PRODUCT_MACROS, *FUNCTIONS, "frac", "dfrac", "tfrac", "cfrac", "sqrt", "min",
                "max", "infty", "lim", "lvert", "rvert", "vert", "lbrace", "rbrace", "text", "left", "right", "big",
                "mathrm", "mathit", "mathbf", "operatorname", "partial", "mid", "neg"})
GREEK_LETTERS = ("alpha", "beta", "gamma", "delta", "epsilon", "lambda", "mu", "theta", "kappa", "rho", "sigma",
                 "tau", "omega", "phi", "psi", "eta", "xi", "zeta", "nu", "pi", "chi")
ARROWS = {"to": "+-", "rightarrow": "+-", "downarrow": "+", "searrow": "+", "uparrow": "-", "nearrow": "-"}
CONDITION_WORDS = ("if", "when", "whenever", "for", "for all", "for every", "provided", "provided that", "given",
                   "where", "with", "assuming")
_TOKEN = re.compile(r"\s*(?:(?P<name>@\d+@)|(?P<num>\d+(?:\.\d+)?|\.\d+)|(?P<row>\\\\)"
                    r"|(?P<macro>\\(?:[A-Za-z]+|[{}|%]))|(?P<rel><=|>=|!=|[=<>])|(?P<punct>[-+*/^_()\[\]{}|,.;:!'])"
                    r"|(?P<letters>[A-Za-z]+))")
MAX_DEPTH = 100             # groups, brackets and signs inside each other (papers use a handful)
_BRACED = re.compile(r"\s*\{(?P<inner>[^{}]*)\}")


@dataclass(frozen=True)
class Tok:
    kind: str            # name num row macro rel punct letters text end
    text: str
    start: int
    end: int


def tokens(mapped: Mapped) -> list[Tok]:
    text, out, i = mapped.text, [], 0
    while i < len(text):
        if text[i:].strip() == "":
            break
        m = _TOKEN.match(text, i)
        if m is None:
            at = len(text) - len(text[i:].lstrip())
            raise InputError(f"unexpected character {text[at]!r} in LaTeX", column=mapped.column(at))
        kind = m.lastgroup
        if kind == "macro" and m.group("macro")[1:] in ("text", "textrm", "mbox", "hbox", "textnormal", "textit"):
            braced = _BRACED.match(text, m.end())
            if braced is None:
                raise InputError("\\text needs a braced argument", column=mapped.column(m.start(kind)))
            out.append(Tok("text", braced.group("inner"), m.start(kind), braced.end()))
            i = braced.end()
            continue
        tok = Tok(kind, m.group(kind), m.start(kind), m.end())
        if kind == "macro" and tok.text in ("\\quad", "\\qquad"):
            tok = Tok("sep", tok.text, tok.start, tok.end)   # a wide space separates: never a product across it
        out.append(tok)
        i = m.end()
    out.append(Tok("end", "", len(text), len(text)))
    return out


_BINARY = ("+", "-", "*", "/", "\\cdot", "\\times", "\\div", "\\ast")


def split_rows(toks: list[Tok], relation, error) -> list[list[Tok]]:
    """Rows at ``\\\\``; a row without a relation continues the row before when one of them has
    the operator between them (``a = b \\\\ + c``, multline); any other row without a relation
    is refused (``error(tok, message)``): it would otherwise be read as a product."""
    rows: list[list[Tok]] = [[]]
    for tok in toks[:-1]:
        if tok.kind == "row":
            rows.append([])
        else:
            rows[-1].append(tok)
    out: list[list[Tok]] = []
    for row in rows:
        if not row:
            continue
        if not any(relation(t) for t in row):
            if out and (row[0].text in _BINARY or out[-1][-1].text in _BINARY):
                out[-1].extend(row)
                continue
            if out:
                raise error(row[0], "a row without a relation must continue the row before with an operator "
                                    "(\\\\ + c, or a + \\\\ c)")
        out.append(row)
    return out
