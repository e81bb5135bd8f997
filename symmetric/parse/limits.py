"""The size limits of the expression parser.

User text is untrusted: these bounds keep a hostile expression (a megabyte of text, a tower
``9**9**9**9``, a 10**6-digit literal) from costing time or memory before it is refused.

They are a frozen dataclass of their own, passed explicitly (``parse_expression(...,
limits=...)``), and deliberately not part of :class:`symmetric.config.Settings`: Settings are
tuning knobs of the searches, trading time for evidence, that a caller may change for a block
through a context variable; these limits are a safety boundary on input whose defaults every
caller gets unless it asks otherwise at the call, so no ambient setting can loosen them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_length: int = 4000          # characters of text
    max_nodes: int = 600            # numbers, names, operators and calls
    max_depth: int = 40             # nesting of parentheses, calls and unary operators
    max_digits: int = 40            # digits of one number literal
    max_exponent: int = 64          # |numeric exponent| of a power
    max_number_bits: int = 4096     # bit size of a number computed while parsing


LIMITS = Limits()
