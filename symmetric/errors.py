"""The one exception root of symmetric and its policy.

Policy
------
* ``SymmetricError`` is the root of every exception symmetric raises on purpose.
* ``InputError`` (and subclasses) mean *the user* handed in something wrong: an unknown
  claim id or measure name, a malformed expression, an out-of-range number.  The command line
  catches it, prints its message (which names the file, line and column when there is one)
  and exits with status 2 -- never a traceback.
* Every other ``SymmetricError`` is a defect in symmetric itself (for instance a
  counterexample that fails its exact re-check).  It is allowed to surface as a traceback,
  because hiding it would hide an unsound result.
* Undecidable mathematics is *not* an error: checkers return ``undetermined`` with a reason.
  Where the question arises deep inside an evaluation (is this exact value real?), the
  evaluation raises ``Undecided`` and the checker driver turns it into ``undetermined``
  with its message; it never reaches the user as a traceback.
* ``InvalidArgument`` (an ``InputError`` and a ``ValueError``; ``InvalidArgumentType`` is also
  a ``TypeError``) is what the Python API raises when it is called wrongly, naming the
  argument and its value.
* Running out of time is not an error either: ``TimeLimitReached`` (a ``BaseException``) is raised (by a SIGALRM
  handler, :mod:`symmetric.timelimit`) anywhere inside a property checker whose time limit has
  passed; the checker driver turns it into ``undetermined`` ("time limit of X s reached") and
  goes on with the next property.  Checkers must not catch it (they catch only specific
  exception types), and it is deliberately not an ``Undecided``: a checker that treats one
  undecided case as "try the next one" must not swallow the end of its time.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable


class SymmetricError(Exception):
    """Root of all deliberate symmetric exceptions."""


class Undecided(SymmetricError):
    """A fact an exact evaluation needs could not be certified; the verdict is undetermined."""


class TimeLimitReached(BaseException):
    """The time limit of a property check passed; the verdict is undetermined.

    A ``BaseException``, not an ``Exception`` (as Hypothesis's ``StopTest``): sympy and other
    library code catch ``Exception`` around heuristics, and must not swallow the end of the
    time.  Only the checker driver (:mod:`symmetric.properties.driver`) catches it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"time limit of {seconds:.3g} s reached")


class InputError(SymmetricError):
    """Bad user input.  The CLI reports it and exits with status 2."""

    def __init__(self, message: str, *, source: str | None = None,
                 line: int | None = None, column: int | None = None) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = []
        if self.source:
            where.append(str(self.source))
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        prefix = ", ".join(where)
        # escaped here, not only by the CLI: a Python caller prints or logs the message too, and a
        # file name or value with ESC or a right-to-left override in it must not reach a terminal raw
        return printable(f"{prefix}: {self.message}" if prefix else self.message)


def printable(text: str) -> str:
    r"""``text`` with control and format characters shown escaped (ESC as \x1b, NUL as \x00,
    a right-to-left override as \u202e): a file name or value echoed in an error line must not
    reach the terminal raw (set the window title, clear the screen, hide text).  Idempotent: the
    escapes it writes are printable.

    >>> printable("run\x1b]0;title\x07.toml")
    'run\\x1b]0;title\\x07.toml'
    """
    return "".join(ch if ch == " " or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp")
                   else f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}" for ch in text)


def close_matches(name: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """Close matches of ``name`` among ``choices``, case-insensitively, best first."""
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    found = difflib.get_close_matches(name.lower(), list(lowered), n=n, cutoff=0.5)
    prefixed = [c for c in choices if c.lower().startswith(name.lower()) and c.lower() not in found]
    return [lowered[f] for f in found] + prefixed[: max(0, n - len(found))]


class InvalidArgument(InputError, ValueError):
    """A Python API call was given a bad argument (an undeclared symbol, a wrong type, an empty
    domain).  The message names the argument and its value, ``name=value``, as Hypothesis's
    ``InvalidArgument`` does.  Also a ``ValueError``, so callers that catch the builtin see it."""

    def __init__(self, argument: str, value, why: str) -> None:
        shown = repr(value)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        self.argument = argument
        self.value = value
        super().__init__(f"{argument}={shown}: {why}")


class InvalidArgumentType(InvalidArgument, TypeError):
    """An API argument of the wrong type (also a ``TypeError``)."""


class UnknownNameError(InputError):
    """A claim id, measure, property or symbol name that does not exist."""

    def __init__(self, kind: str, name: str, choices: Iterable[str], **where) -> None:
        self.kind = kind
        self.name = name
        self.suggestions = close_matches(name, choices)
        hint = f"; did you mean {', '.join(repr(s) for s in self.suggestions)}?" if self.suggestions else ""
        super().__init__(f"unknown {kind} {name!r}{hint}", **where)


class UnsoundResultError(SymmetricError):
    """An internal consistency check failed (e.g. a counterexample did not re-check).

    This is a bug in symmetric, never the user's fault, so it is not an InputError."""
