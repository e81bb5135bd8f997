"""A measure's name as a user gives it (``--name``, ``name =`` in TOML).

The name is shown in the table, the JSON report and the LaTeX (where it is escaped as text,
:func:`symmetric.render.escape.tex_user_text`); it is not parsed.  It must still be printable:
not empty, of bounded length, valid UTF-8 (the shell hands undecodable bytes to Python as
surrogates, which cannot be written to any output) and free of control characters, which
would corrupt the terminal table.
"""

from __future__ import annotations

import unicodedata

from ..errors import InputError

MAX_NAME_LENGTH = 200


def check_name(name: str, *, what: str = "--name", **where) -> str:
    """``name`` if it is a usable measure name, else an InputError naming ``what``."""
    if not name.strip():
        raise InputError(f"{what} must not be empty", **where)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(f"{what} is not valid UTF-8 text (undecodable byte at character {exc.start + 1})",
                         **where) from None
    if len(name) > MAX_NAME_LENGTH:
        raise InputError(f"{what} is longer than {MAX_NAME_LENGTH} characters ({len(name)})", **where)
    for k, ch in enumerate(name, 1):
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise InputError(f"{what} contains a control character (U+{ord(ch):04X} at character {k})", **where)
    return name
