"""A ``latex`` step's text read in its claim: positioned in the file on error, and its
``\\text{if ...}`` conditions added to the claim's assumptions."""

from __future__ import annotations

from ..errors import InputError
from .context import ClaimContext, located
from .source import Table
from .texparse import read_latex


def read_step_latex(ctx: ClaimContext, table: Table):
    try:
        return read_latex(table.string("latex"), ctx.symbols())
    except InputError as exc:
        raise located(table, "latex", exc) from None


def conditioned(ctx: ClaimContext, table: Table, text: str, reading) -> ClaimContext:
    """The claim's context with the step's ``\\text{if ...}`` conditions as assumptions."""
    if not reading.conditions:
        return ctx
    conditions = [(c.lhs, c.rel, c.rhs, text[c.start:c.end], c.start + 1) for c in reading.conditions]
    return ctx.with_conditions(conditions, lambda column: _place(table, column))


def _place(table: Table, column: int) -> dict:
    exc = located(table, "latex", InputError("", column=column))
    return {"source": exc.source, "line": exc.line, "column": exc.column}
