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

# A decimal with optional exponent, or an integer ratio p/q.  Deliberately strict: no "nan",
# "inf", underscores or hexadecimal, which Fraction()/float() would otherwise accept.
_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_RATIO = re.compile(r"[+-]?\d+/\d+")


def parse_rational(text: str, *, what: str = "number", source: str | None = None,
                   line: int | None = None, column: int | None = None) -> Fraction:
    """The exact rational written in ``text`` (a decimal like 0.4 or 1e-3, or a ratio 2/5)."""
    token = text.strip()
    if _DECIMAL.fullmatch(token) or _RATIO.fullmatch(token):
        try:
            return Fraction(token)
        except ZeroDivisionError:
            pass
    raise InputError(f"cannot read {what} {text.strip()!r} (expected a decimal such as 0.4 or a "
                     f"ratio such as 2/5)", source=source, line=line, column=column)


@dataclass(frozen=True)
class Located:
    """A parsed value with where it came from (for error messages)."""

    value: Fraction
    source: str | None
    line: int | None
    column: int | None


def _split_inline(text: str, what: str, option: str) -> list[Located]:
    values, column = [], 1
    for piece in text.split(","):
        if not piece.strip():
            raise InputError(f"empty entry in {what} list", source=option, column=column)
        values.append(Located(parse_rational(piece, what=what, source=option, column=column),
                              option, None, column))
        column += len(piece) + 1
    return values


def _read_lines(path_text: str, what: str) -> list[Located]:
    path = Path(path_text)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise InputError(f"{what} file not found", source=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read {what} file: {exc}", source=str(path)) from None
    values = []
    for number, raw in enumerate(lines, 1):
        body = raw.split("#", 1)[0]          # '#' starts a comment; blank lines are skipped
        if body.strip():
            values.append(Located(parse_rational(body, what=what, source=str(path), line=number),
                                  str(path), number, None))
    if not values:
        raise InputError(f"no {what} values in file", source=str(path))
    return values


def parse_vector(text: str, *, what: str, option: str) -> list[Located]:
    """``a,b,c`` inline, or ``@FILE`` with one value per line."""
    if text.startswith("@"):
        return _read_lines(text[1:], what)
    return _split_inline(text, what, option)


def probabilities(values: Sequence[Located]) -> tuple[Fraction, ...]:
    for v in values:
        if not 0 <= v.value <= 1:
            raise InputError(f"probability {v.value} is outside [0, 1]", source=v.source,
                             line=v.line, column=v.column)
    return tuple(v.value for v in values)


def decisions(values: Sequence[Located]) -> tuple[int, ...]:
    for v in values:
        if v.value not in (0, 1):
            raise InputError(f"decision {v.value} is not 0 or 1", source=v.source, line=v.line,
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
