"""Splitting user text into tokens, refusing bad characters and oversized number literals.

Number literals are checked on their text, before any conversion, so that ``1e999999999`` or
a thousand-digit literal is refused without being computed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from dataclasses import dataclass

from ..errors import InputError
from .limits import Limits

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*%?)
  | (?P<op>\*\*|<=|>=|==|!=|[-+*/^(),|<>=~!])
  | (?P<bad>.)
""", re.VERBOSE | re.DOTALL | re.ASCII)   # ASCII: \d must not match "١" or "１" (a Unicode
                                          # digit would pass int() yet dodge the digit limit)

KEYWORDS = {"and", "or", "not"}


@dataclass(frozen=True)
class Token:
    kind: str      # number, name, op, end
    text: str
    line: int      # 1-based, within the text
    column: int    # 1-based, within the line


def tokenize(text: str, limits: Limits, names: Container[str],
             error: Callable[[Token, str], InputError]) -> list[Token]:
    """The tokens of ``text``, ending with an ``end`` token.

    ``names`` are the allowed names (a name ending in ``%`` is a token only if it is one of
    them); ``error(token, message)`` builds the positioned error raised on a refusal."""
    tokens: list[Token] = []
    line, line_start = 1, 0
    for match in _TOKEN.finditer(text):
        kind, piece = match.lastgroup, match.group()
        token = Token(kind, piece, line, match.start() - line_start + 1)
        if kind == "ws":
            for k, ch in enumerate(piece):
                if ch == "\n":
                    line += 1
                    line_start = match.start() + k + 1
            continue
        if kind == "bad":
            if piece == ".":
                raise error(token, "attribute access ('.') is not allowed")
            if piece in "'\"":
                raise error(token, "strings are not allowed in an expression")
            raise error(token, f"unexpected character {piece!r}")
        if kind == "number":
            mantissa, _, power = piece.lower().partition("e")
            if len(re.sub(r"[^0-9]", "", mantissa)) > limits.max_digits:
                raise error(token, f"number literal longer than {limits.max_digits} digits")
            # checked on the text, before any conversion: 1e999999999 is never computed
            digits = power.lstrip("+-").lstrip("0") or "0"     # 1e-0064 is 1e-64
            if power and (len(digits) > 3 or int(digits) > limits.max_exponent):
                raise error(token, f"number literal exponent too large "
                                   f"(|exponent| > {limits.max_exponent})")
        if kind == "name" and piece.endswith("%") and piece not in names:
            raise error(token, "unexpected character '%'")
        tokens.append(token)
    tokens.append(Token("end", "", line, len(text) - line_start + 1))
    return tokens
