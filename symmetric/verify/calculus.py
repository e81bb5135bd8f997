"""The calculus step kinds: a printed derivative and a printed limit against sympy's, each
re-checked at exact points (difference quotients; points ever nearer the limit point)."""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from ..checks.decide import resolve_on_domain
from ..checks.piecewise import jumps_in
from ..claims.derivation import Derivation
from ..evidence import say
from ..logic import Verdict
from .context import ClaimContext, shown
from .source import Table
from .outcome import Outcome
from .values import infinity
from . import limits, nearby

from .compare import compare_printed, wrt


def check_derivative(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    of, var, printed = ctx.parse(table, "derivative"), wrt(ctx, table, "wrt"), ctx.parse(table, "printed")
    ctx.measure_of(of, table, "derivative")
    reading = ctx.reading([of, printed, var])
    if var in reading.substitute:
        raise table.error(f"cannot differentiate in {var}: an assumption fixes it", "wrt")
    var = reading.expression(var)              # the variable as the model names it (p, q checked)
    written = reading.expression(of)
    derived = sp.diff(written, var)
    how = say("derivative in {0} computed by sympy, compared on the domain", var)
    edges = _branch_edges(written, var, reading.domain)
    if edges:
        # sympy differentiates branch by branch: across a jump or a kink in var the derivative
        # does not exist, so a printed formula can at most agree away from the edges
        outcome = compare_printed(ctx, table, d, label, derived, printed, reading, how)
        if outcome.status is Verdict.HOLDS:
            d.steps[-1] = replace(d.steps[-1], status=Verdict.UNDETERMINED, justification=(
                *d.steps[-1].justification, say("; it agrees away from the branch edges of " + ", ".join(
                    f"{{{k}}}" for k in range(len(edges))) + " only: where a branch edge is crossed the derivative "
                    "need not exist", *edges)))
            return Outcome(Verdict.UNDETERMINED)
        return outcome

    def recheck(value):
        return _quotients(written, var, value, reading)

    return compare_printed(ctx, table, d, label, derived, printed, reading, how, recheck=recheck)


def _branch_edges(expr, var, domain) -> tuple:
    """The branch conditions and kinks of ``expr`` in ``var`` that the domain can reach (a
    measure's own convention at TP + FP = 0 cannot be reached on positive cells)."""
    expr = resolve_on_domain(sp.sympify(expr), domain) if expr.has(sp.Piecewise) else sp.sympify(expr)
    if not jumps_in(expr, var) and not any(var in a.free_symbols for a in expr.atoms(sp.Abs, sp.Max, sp.Min)):
        return ()
    conditions = [c for p in expr.atoms(sp.Piecewise) for _, c in p.args if c is not sp.true and var in
                  sp.sympify(c).free_symbols]
    kinks = [a for a in expr.atoms(sp.Abs, sp.Max, sp.Min, sp.sign, sp.floor, sp.ceiling, sp.Heaviside)
             if var in a.free_symbols]
    return tuple(dict.fromkeys(conditions + kinks))


def _quotients(written, var, value, reading):
    ok, detail = nearby.quotients_approach(written, var, value, reading)
    return ok, "" if ok else "; the exact re-check by difference quotients " + detail


def check_limit(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    of, var, printed = ctx.parse(table, "limit"), wrt(ctx, table, "var"), ctx.parse(table, "printed")
    to_text = table.string("to")
    to = infinity(to_text) if infinity(to_text) is not None else ctx.parse(table, "to")
    direction = table.string("direction", required=False) or "+-"
    if direction not in ("+", "-", "+-"):
        raise table.error(f"direction must be \"+\", \"-\" or \"+-\", got {direction!r}", "direction")
    ctx.measure_of(of, table, "limit")
    reading = ctx.reading([of, printed, var] + ([] if to in (sp.oo, -sp.oo) else [to]))
    if var in reading.substitute:
        raise table.error(f"cannot take a limit in {var}: an assumption fixes it", "var")
    var = reading.expression(var)              # the variable as the model names it (p, q checked)
    target = to if to in (sp.oo, -sp.oo) else reading.expression(to)
    how = say("limit as {0} computed by sympy on the domain", sp.Symbol(f"{var} -> {to_text} ({direction})"))

    def compare(derived, recheck, note=""):
        if printed in (sp.oo, -sp.oo) or derived in (sp.oo, -sp.oo):     # oo - oo is nan: compared as values
            holds = derived == printed
            if holds:
                ok, detail = recheck(printed)
                if ok is not True:
                    d.fact(label, None, printed=printed, derived=derived, justification=(how, note, detail))
                    return Outcome(Verdict.UNDETERMINED)
            d.fact(label, holds, printed=printed, derived=derived,
                   justification=(how, note, ", compared with the printed infinity"))
            return Outcome(Verdict.of(holds), None, None if holds else derived)
        return compare_printed(ctx, table, d, label, derived, printed, reading, how, recheck=recheck, note=note)

    return limits.check(reading.expression(of), var, target, direction, reading, compare, d, label, shown(printed))

