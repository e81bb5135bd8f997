"""The random-judgment model and exact parsing of the numbers a user hands in.

Judgments Z_i are independent Bernoulli(p_i); decisions s_i are 0/1 constants.  Numbers are
parsed as exact rationals from their decimal (or p/q) text -- never through ``float`` -- so that
"0.4" means 2/5 exactly; floating point is a later, explicit choice of the caller.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..errors import InputError
from ..inputfiles import read_bounded

# A decimal with optional exponent, or an integer ratio p/q.  Deliberately strict: no "nan",
# "inf", underscores, hexadecimal or non-ASCII digits, which Fraction()/float() would accept.
_DECIMAL = re.compile(r"[+-]?(?P<int>[0-9]*)(\.(?P<frac>[0-9]*))?([eE](?P<exp>[+-]?[0-9]+))?", re.ASCII)
_RATIO = re.compile(r"[+-]?(?P<num>[0-9]+)/(?P<den>[0-9]+)", re.ASCII)

# Limits on what a number may look like.  Fraction("1e-999999999") builds 10**999999999 (it
# hangs, then runs out of memory); no probability or parameter needs anything near these.
MAX_DIGITS = 1000
MAX_EXPONENT = 1000       # nonzero values lie within 10^-1000 .. 10^1000 (to a factor of 10)
MAX_FILE_BYTES = 64 * 2 ** 20


def clip(text: str, limit: int = 40) -> str:
    """``text`` shortened for an error message (a 1000-digit number is not worth echoing)."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _decimal_exponent(m: re.Match) -> int | None:
    """floor(log10 |value|) of a decimal match, without building the value (None for zero)."""
    whole, frac = m["int"].lstrip("0"), m["frac"] or ""
    exp = int(m["exp"] or 0)
    if whole:
        return len(whole) - 1 + exp
    significant = frac.lstrip("0")
    return exp - (len(frac) - len(significant)) - 1 if significant else None


def parse_rational(text: str, *, what: str = "number", source: str | None = None,
                   line: int | None = None, column: int | None = None) -> Fraction:
    """The exact rational written in ``text`` (a decimal like 0.4 or 1e-3, or a ratio 2/5)."""
    token = text.strip()
    where = dict(source=source, line=line, column=column)
    if not token:
        raise InputError(f"missing {what}", **where)
    if sum(ch.isdigit() for ch in token) > MAX_DIGITS:
        raise InputError(f"{what} {clip(token)!r} has more than {MAX_DIGITS} digits", **where)
    decimal, ratio = _DECIMAL.fullmatch(token), _RATIO.fullmatch(token)
    if decimal and (decimal["int"] or decimal["frac"]):
        magnitude = _decimal_exponent(decimal)
        if magnitude is None:
            return Fraction(0)          # "0e999999999": Fraction() would still build 10**999999999
        if abs(magnitude) > MAX_EXPONENT:
            raise InputError(f"{what} {clip(token)!r} is out of range (magnitude 10^{magnitude}; "
                             f"allowed 10^-{MAX_EXPONENT} .. 10^{MAX_EXPONENT})", **where)
        return Fraction(token)
    if ratio:
        if int(ratio["den"]) == 0:
            raise InputError(f"{what} {clip(token)!r} has denominator 0", **where)
        return Fraction(token)
    raise InputError(f"cannot read {what} {clip(token)!r} (expected a decimal such as 0.4 or a "
                     f"ratio such as 2/5)", **where)


@dataclass(frozen=True)
class Located:
    """A parsed value with where it came from (for error messages)."""

    value: Fraction
    text: str
    source: str | None
    line: int | None
    column: int | None


def _split_inline(text: str, what: str, option: str) -> list[Located]:
    if not text.strip():
        raise InputError(f"no {what} values given", source=option)
    values, column = [], 1
    for piece in text.split(","):
        if not piece.strip():
            raise InputError(f"empty entry in {what} list", source=option, column=column)
        values.append(Located(parse_rational(piece, what=what, source=option, column=column),
                              piece.strip(), option, None, column))
        column += len(piece) + 1
    return values


def _read_lines(path_text: str, what: str) -> list[Located]:
    path = Path(path_text).expanduser()     # "@~/p.txt": the shell does not expand after '@'
    # bounded: "@/dev/zero" or a FIFO must not exhaust memory or block; a byte-order mark
    # (Windows editors add one) is not part of the first number
    lines = read_bounded(path, limit=MAX_FILE_BYTES, allow_bom=True, what=f"{what} file").splitlines()
    values = []
    for number, raw in enumerate(lines, 1):
        body = raw.split("#", 1)[0]          # '#' starts a comment; blank lines are skipped
        if "," in body:
            raise InputError(f"one {what} per line, found {clip(body.strip())!r}", source=str(path), line=number)
        if body.strip():
            values.append(Located(parse_rational(body, what=what, source=str(path), line=number),
                                  body.strip(), str(path), number, None))
    if not values:
        raise InputError(f"no {what} values in file", source=str(path))
    return values


def parse_vector(text: str, *, what: str, option: str) -> list[Located]:
    """``a,b,c`` inline, or ``@FILE`` with one value per line."""
    if text.startswith("@"):
        if not text[1:].strip():
            raise InputError("no file name after '@'", source=option)
        return _read_lines(text[1:], what)
    return _split_inline(text, what, option)


def _shown(v: Located) -> str:
    """The value as a reduced fraction when that is short, else as the user wrote it."""
    text = str(v.value)
    return text if len(text) <= 40 else clip(v.text)


def probabilities(values: Sequence[Located]) -> tuple[Fraction, ...]:
    """The values, each checked to lie in [0, 1] (both endpoints allowed: certain judgments)."""
    for v in values:
        if not 0 <= v.value <= 1:
            raise InputError(f"probability {_shown(v)} is outside [0, 1]", source=v.source,
                             line=v.line, column=v.column)
    return tuple(v.value for v in values)


def decisions(values: Sequence[Located]) -> tuple[int, ...]:
    for v in values:
        if v.value not in (0, 1):
            raise InputError(f"decision {_shown(v)} is not 0 or 1", source=v.source, line=v.line,
                             column=v.column)
    return tuple(int(v.value) for v in values)


@dataclass(frozen=True)
class JudgmentModel:
    """Independent Bernoulli judgments with probabilities ``p`` (Fractions or floats)."""

    p: tuple

    def __post_init__(self) -> None:
        object.__setattr__(self, "p", tuple(self.p))
        for i, value in enumerate(self.p, 1):
            if not 0 <= value <= 1:
                raise InputError(f"probability p_{i} = {value} is outside [0, 1]")

    @property
    def n(self) -> int:
        return len(self.p)

    def check_assignment(self, s: Sequence[int]) -> tuple[int, ...]:
        s = tuple(int(x) for x in s)
        if len(s) != self.n:
            raise InputError(f"the assignment has {len(s)} decisions but there are {self.n} probabilities")
        if any(x not in (0, 1) for x in s):
            raise InputError("decisions must be 0 or 1")
        return s

    def split(self, s: Sequence[int]) -> tuple[tuple, tuple]:
        """(probabilities of the assigned items, probabilities of the unassigned items)."""
        s = self.check_assignment(s)
        return (tuple(p for p, x in zip(self.p, s) if x), tuple(p for p, x in zip(self.p, s) if not x))

    def as_float(self) -> "JudgmentModel":
        return JudgmentModel(tuple(float(p) for p in self.p))
