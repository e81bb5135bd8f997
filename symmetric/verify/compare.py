"""What the step kinds share: a printed result compared with the derived one on the claim's
domain (:func:`compare`), the derived form as a reader would write it (:func:`readable`), and
the variable a step differentiates or takes a limit in (:func:`wrt`)."""

from __future__ import annotations


import sympy as sp

from .. import space
from ..checks.decide import Decision, is_identically_zero, resolve_on_domain
from ..evidence import say
from ..logic import Verdict
from .context import ClaimContext, shown
from .source import Table
from .outcome import Outcome



def wrt(ctx: ClaimContext, table: Table, key: str) -> sp.Symbol:
    var = ctx.parse(table, key)
    if not isinstance(var, sp.Symbol) or var.name.startswith("measure:"):
        raise table.error(f"{key!r} must be one variable (a count cell, a parameter, p or q), "
                          f"got {table.string(key)!r}", key)
    independent_of(ctx, table, key, [var])
    return var


def independent_of(ctx: ClaimContext, table: Table, key: str, variables) -> None:
    """On a fixed test set FN and FP follow TP and TN: no derivative or limit in them."""
    for var in variables:
        if var in ctx.dependent:
            raise table.error(f"on a fixed test set {var} = {ctx.dependent[var]} is not a variable of its own; "
                              "use TP or TN", key)


def compare_printed(ctx, table, d, label, derived_expr, printed_expr, reading, how, printed=None,
             recheck=None, note: str = "") -> Outcome:
    """A printed result against the derived one, equal on the reading's domain (``printed``: the
    printed form already read in the model, when it is not ``printed_expr`` read there).
    ``recheck(value)`` -> (ok, why): the independent exact re-check of the value about to be
    claimed (the printed one when they are equal, else the derived one); anything but ok True
    leaves the step undetermined."""
    printed = reading.expression(printed_expr) if printed is None else printed
    decision = is_identically_zero(printed - derived_expr, reading.domain)
    if decision.value is False and reading.hypotheses:   # the witness may lie outside the assumptions
        decision = Decision(None, "undecided", detail="differs on the domain, not shown to differ under "
                                                      "the assumptions")
    value = decision.value
    why = [how, note, f" ({decision.method})"] if note else [how, f" ({decision.method})"]
    if decision.detail:
        why.append("; " + decision.detail)
    if value is False and decision.witness:
        why.append(say("; they differ at " + ", ".join(f"{{{i}}}" for i in range(len(decision.witness))),
                       *[sp.Eq(k, v, evaluate=False) for k, v in decision.witness.items()]))
    if value is not None and recheck is not None:
        ok, detail = recheck(printed if value else derived_expr)
        if ok is not True:
            value = None
            why.append(detail)
    shown_derived = readable(derived_expr, reading.domain)
    d.fact(label, value, printed=shown(printed_expr), derived=shown_derived, justification=tuple(why))
    return Outcome(Verdict.of(value), None, shown_derived if value is False else None)


def readable(expr: sp.Expr, domain) -> sp.Expr:
    """A derived form as a reader would write it on the domain: branches that cannot occur
    there (F1's TP + FP + FN = 0) dropped by the one Piecewise resolver, factored when cheap."""
    expr = sp.sympify(expr)
    if expr.has(sp.Piecewise):
        expr = resolve_on_domain(expr, domain)
    if expr.has(sp.Piecewise) or sp.count_ops(expr) >= 80:
        return expr
    if domain.inverse and expr.has(sp.Pow) and expr.free_symbols - {space.n} <= set(domain.reparam):
        # roots simplify on the positive reparametrisation (sqrt(1-s)sqrt(1/(1-s)) is 1 there)
        on = sp.simplify(domain.to_positive(expr))
        back = sp.factor(on.subs(dict(domain.inverse), simultaneous=True))
        if not back.has(sp.Piecewise) and sp.count_ops(back) <= sp.count_ops(expr):
            return back
    return sp.factor(expr)


