"""The step kinds of a claims file, as data: :data:`STEP_KINDS` maps the key that names a kind
to its fields and its check.

Every check records one :class:`~symmetric.claims.model.StepRecord` through the claim's
:class:`~symmetric.claims.derivation.Derivation` (printed beside derived, the status, how it
was checked) and returns an :class:`Outcome` that the claim's conclusion is built from.  A
printed relation is decided on the claim's domain by :mod:`symmetric.checks.decide` (sympy,
then z3); a printed result (derivative, limit, value, property, non-informative score) is
compared with what the toolkit computes itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sympy as sp

from .. import space
from ..checks.decide import Decision, is_identically_zero, is_positive_everywhere
from ..claims.derivation import Derivation
from ..claims.model import PrintedLatex
from ..errors import InputError
from ..evidence import Sentence, say
from ..logic import Verdict
from .context import ClaimContext, shown
from .source import Table, type_name
from . import monotone
from .hypotheses import decide_under, on_counts
from .relation_limits import take_limits
from .texnorm import printed_slice
from .latex_reading import conditioned, read_step_latex
from .outcome import Outcome
from .values import compare_number, exact_point, infinity
from .property_steps import check_property, reading_of
from .theory_steps import check_consistent, check_implies, parse as parse_theory_step
from .compare import compare_printed, independent_of, readable, wrt
from .calculus import check_derivative, check_limit
from .farsearch import far_witness

RELATIONS = {"=": sp.Eq, "!=": sp.Ne, "<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}
NEGATION = {"=": sp.Ne, "!=": sp.Eq, "<": sp.Ge, "<=": sp.Gt, ">": sp.Le, ">=": sp.Lt}


@dataclass(frozen=True)
class StepKind:
    key: str                               # the field that names the kind
    description: str
    required: tuple[str, ...]
    optional: tuple[str, ...]
    check: Callable[[ClaimContext, Table, Derivation, str], Outcome]
    expressions: tuple[str, ...] = ()      # fields read as expressions (parsed before any check runs)


COMMON = ("label", "conclusion")


def on_the_domain(reading, method: str) -> Sentence:
    """"decided on the domain: positive cells, TP > FP (method)": the domain's name, then the
    claim's assumptions as the user wrote them, as mathematics (slots), never their source text
    (a paper's \\text{if} condition is LaTeX, a claims file's the input language)."""
    def text(words: str) -> str:
        return words.replace("{", "{{").replace("}", "}}")
    slots = "".join(f", {{{k}}}" for k in range(len(reading.conditions)))
    return Sentence(f"decided on the domain: {text(reading.base_name or reading.domain.name)}{slots} ({text(method)})", reading.conditions)

def _decide(rel: str, lhs: sp.Expr, rhs: sp.Expr, domain, hypotheses=()):
    """(truth of ``lhs rel rhs`` on the domain, the deciding Decision, a witness it fails at)."""
    if hypotheses:                      # general assumptions: decided under them (.hypotheses)
        plain = _decide(rel, lhs, rhs, domain)[1]
        return decide_under(rel, lhs - rhs, domain, hypotheses, plain)
    if rel in ("=", "!="):
        d = is_identically_zero(lhs - rhs, domain)
        value = d.value if rel == "=" else (None if d.value is None else not d.value)
        witness = d.witness if rel == "=" and d.value is False else None
        return value, d, witness
    strict = rel in ("<", ">")
    diff = rhs - lhs if rel in ("<", "<=") else lhs - rhs
    d = is_positive_everywhere(diff, domain, strict=strict)
    if d.value is None:                 # before "undetermined": the far and skewed tables
        witness = far_witness(diff, domain, strict)
        if witness is not None:
            d = Decision(False, "exact witness among far and skewed tables (farsearch)", witness)
    return d.value, d, d.witness if d.value is False else None


def relation_step(ctx: ClaimContext, table: Table, d: Derivation, label, lhs, rel, rhs, key,
              as_printed=None) -> Outcome:
    ctx.measure_of(lhs, table, key)
    ctx.measure_of(rhs, table, key)
    reading = ctx.reading([lhs, rhs])
    left, right = take_limits(reading.expression(lhs), reading), take_limits(reading.expression(rhs), reading)
    printed = RELATIONS[rel](shown(lhs), shown(rhs), evaluate=False)
    if left is None or right is None:                  # a \lim sympy could not take
        d.fact(label, None, printed=printed if as_printed is None else as_printed,
               justification="a limit in the relation was not determined by sympy")
        return Outcome(Verdict.UNDETERMINED)
    if left.has(sp.oo, -sp.oo) or right.has(sp.oo, -sp.oo):     # oo - oo is nan: compared as values
        exact = all(side in (sp.oo, -sp.oo) or not side.has(sp.oo, -sp.oo) for side in (left, right))
        value = (left == right) if rel == "=" and exact else None
        d.fact(label, value, printed=printed if as_printed is None else as_printed,
               justification="decided on the domain: compared as values (an infinite side)")
        return Outcome(Verdict.of(value))
    value, decision, witness = _decide(rel, left, right, reading.domain, reading.hypotheses)
    why = [on_the_domain(reading, decision.method)]
    if decision.detail:
        why.append("; " + decision.detail)
    if rel == "!=":                            # the reading of a paper's "F1 != ACC", said where it is used
        why.append("; != read as 'not the same function': the sides differ somewhere on the domain, "
                   "not necessarily at every table")
    refutation = None
    if value is False and witness is None:     # false everywhere, decided without a point (TP + 1 < TP):
        witness = {}                           # any table of the domain, re-checked exactly below
    point = None if witness is None else exact_point(witness, reading, NEGATION[rel](left, right))
    if value is False and point is None and rel not in ("=", "!=") and not reading.hypotheses:
        # the solver's point is not a table of the claim (TP = 1/2 for counts): the far and
        # skewed tables hold whole-number witnesses of many such failures (ACC <= (TP+2)/(TP+3)).
        # Not under general preconditions: the grid knows the domain, not them (exact_point
        # checks the domain's constraints only)
        diff = right - left if rel in ("<", "<=") else left - right
        far = far_witness(diff, reading.domain, rel in ("<", ">"))
        point = None if far is None else exact_point(far, reading, NEGATION[rel](left, right))
        if point is not None:
            why.append("; the solver's point is not a table of the domain, the far search found one")
    if point is not None:                      # {} too: the variables may all be open
        at = {sym: point[sym.name] for sym in (left - right).free_symbols if sym.name in point}
        names = " (g = P(G), s = P(S), j = P(S and G))" if reading.model == "probs" else ""
        # shown as "TP + 1 >= TP", not "true" (a relation of numbers only must evaluate: the
        # derivation's exact re-check substitutes into it and would find nothing to substitute)
        negation = NEGATION[rel](left, right, evaluate=not (left.free_symbols | right.free_symbols))
        refutation = (negation, point,
                      say("the printed {0} is false at this point" + names + ": the left side is {1}, "
                          "the right side {2}", printed, left.xreplace(at), right.xreplace(at)))
        why.append(say("; false at " + ", ".join(f"{{{i}}}" for i in range(len(point))),
                       *[sp.Eq(sp.Symbol(k), v, evaluate=False) for k, v in point.items()]))
    if value is not True and refutation is None and (counted := on_counts(rel, left - right, reading)) is not None:
        # false only between whole numbers (TP = 1/2), or undecided: the cells are counts (TP >= 1)
        value, why = True, [on_the_domain(reading, counted.method)]
    if value is None and monotone.reduced(rel, left, right, lambda r, a, b: _decide(r, a, b, reading.domain,
                                                                                  reading.hypotheses)[0]):
        value = True               # ln a < ln b from a < b: the arguments' relation is proved
        why.append("; proved through the increasing function on both sides (the arguments' relation holds)")
    derived = None
    if value is False and rel == "=" and _named(lhs):      # what the named left side really is
        derived = sp.Eq(shown(lhs), readable(left, reading.domain), evaluate=False)
    elif value is False and rel == "=":
        derived = sp.Ne(shown(lhs), shown(rhs), evaluate=False)
    elif value is False and rel == "!=":
        derived = sp.Eq(shown(lhs), shown(rhs), evaluate=False)
    d.fact(label, value, printed=printed if as_printed is None else as_printed, derived=derived,
           justification=tuple(why))
    return Outcome(Verdict.of(value), refutation, derived)


def _named(expr) -> bool:
    """A measure name or a derivative of one: its derived form is worth showing."""
    return isinstance(expr, sp.Derivative) or (isinstance(expr, sp.Symbol) and expr.name.startswith("measure:"))


def check_relation(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    rel = table.string("rel")
    if rel not in RELATIONS and rel != "==":
        raise table.error(f"unknown relation {rel!r} (one of {' '.join(RELATIONS)})", "rel")
    rel = "=" if rel == "==" else rel
    lhs, rhs = ctx.parse(table, "lhs"), ctx.parse(table, "rhs")
    return relation_step(ctx, table, d, label, lhs, rel, rhs, "lhs")


def check_latex(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    """Every link of the printed chain is a relation of its own, with its own record; the step
    fails at the first wrong link (a refuted one preferred), else is undetermined if any is."""
    text = table.string("latex")
    reading = read_step_latex(ctx, table)
    ctx = conditioned(ctx, table, text, reading)
    for qualifier in reading.ignored:
        d.note(f"{label}: the qualifier {qualifier!r} is prose and was not checked")
    outcomes = []
    for k, link in enumerate(reading.links, 1):
        # shown as the paper prints it (it was read, so it is the whitelisted LaTeX of the grammar)
        printed = PrintedLatex(printed_slice(text, link.start, link.end))
        name = label if len(reading.links) == 1 else f"{label}, link {k}"
        outcomes.append(relation_step(ctx, table, d, name, link.lhs, link.rel, link.rhs, "latex", as_printed=printed))
    wrong = [o for o in outcomes if o.status is Verdict.FAILS]
    if wrong:
        return next((o for o in wrong if o.refutation is not None), wrong[0])
    if any(o.status is Verdict.UNDETERMINED for o in outcomes):
        return Outcome(Verdict.UNDETERMINED)
    return outcomes[0]


def _value_point(ctx: ClaimContext, table: Table):
    """(reading, the expression read in it, the exact point of 'at'); a bad 'at' is refused."""
    of = ctx.parse(table, "value")
    ctx.measure_of(of, table, "value")
    at = table.data.get("at")
    if not isinstance(at, dict):
        raise table.error(f"'at' must be an inline table such as {{ TP = 3, FP = 1, FN = 2, TN = 94 }}, "
                          f"got {type_name(at)}", "at")
    symbols = ctx.symbols()
    point = {}
    for name, value in at.items():
        if name not in symbols or not isinstance(symbols[name], sp.Symbol):
            raise table.error(f"unknown variable {name!r} in 'at' (a count cell, a parameter, p, q or n)", "at")
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise table.error(f"'at' value of {name} must be a number, got {type_name(value)}", "at")
        try:
            point[symbols[name]] = sp.Rational(str(value))
        except (TypeError, ValueError):
            raise table.error(f"'at' value of {name} must be a number such as 3, 0.5 or \"1/3\", got {value!r}",
                              "at") from None
    # a value is taken at a table (P(...) atoms as count ratios) or at p, q, n
    reading = ctx.reading([of, *point], model="quant" if ctx.names.kind == "quantification" else "counts")
    at_model = {}
    for k, v in point.items():
        mapped = reading.expression(k)           # p, q as checked; a cell an assumption fixes: its value
        if mapped.is_number and mapped != v:
            raise table.error(f"'at' gives {k} = {v} but the claim assumes {k} = {mapped}", "at")
        if isinstance(mapped, sp.Symbol):
            at_model[mapped] = v
        elif not mapped.is_number:
            raise table.error(f"on a fixed test set {k} = {mapped}: give TP, TN, AP and AN in 'at'", "at")
    expr = reading.expression(of)
    missing = sorted(str(s) for s in expr.free_symbols - set(at_model))
    if missing:
        raise table.error(f"'at' gives no value for {', '.join(missing)}", "at")
    return reading, expr, point, at_model


def check_value(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    _, expr, point, at_model = _value_point(ctx, table)
    return compare_number(d, label, table.string("printed"), expr.xreplace(at_model), point, table)


def check_noninformative(ctx: ClaimContext, table: Table, d: Derivation, label) -> Outcome:
    of, printed = ctx.parse(table, "noninformative"), ctx.parse(table, "printed")
    ctx.measure_of(of, table, "noninformative")
    reading = ctx.reading([of, printed], model="probs")
    derived = reading.expression(of).subs(space.j, space.g * space.s)     # independence: P(S and G) = P(S)P(G)
    domain = space.NONINFORMATIVE_DOMAIN.with_intervals(
        [(s, *_interval(ctx, s)) for s in reading.domain.reparam if s not in (space.g, space.s, space.j)])
    ni = type(reading)(reading.model, domain, reading.substitute, reading.measures)
    printed_ni = reading.expression(printed).subs(space.j, space.g * space.s)
    return compare_printed(ctx, table, d, label, sp.together(derived), printed, ni,
                    "the measure with P(S and G) = P(S)P(G) (S independent of G), compared on 0 < P(G), P(S) < 1",
                    printed=printed_ni)


def _interval(ctx: ClaimContext, symbol):
    for p in ctx.all_params():
        if p.symbol == symbol:
            return p.low, p.high
    return 0, sp.oo


STEP_KINDS: dict[str, StepKind] = {k.key: k for k in (
    StepKind("rel", "a printed relation lhs rel rhs", ("lhs", "rel", "rhs"), (), check_relation,
             ("lhs", "rhs")),
    StepKind("latex", "a printed relation in LaTeX", ("latex",), (), check_latex),
    StepKind("derivative", "d(derivative)/d(wrt) against printed", ("derivative", "wrt", "printed"), (),
             check_derivative, ("derivative", "printed")),
    StepKind("limit", "the limit of an expression against printed", ("limit", "var", "to", "printed"),
             ("direction",), check_limit, ("limit", "printed")),
    StepKind("value", "an exact value at a point against a printed number", ("value", "at", "printed"), (),
             check_value, ("value",)),
    StepKind("property", "a property verdict (holds | fails) of a measure",
             ("property", "measure", "printed"), ("reading",), check_property),
    StepKind("noninformative", "the score of a non-informative output against printed",
             ("noninformative", "printed"), (), check_noninformative, ("noninformative", "printed")),
    StepKind("consistent", "a printed (in)consistency of properties", ("consistent", "printed"),
             ("reading", "max_n", "kind"), check_consistent),
    StepKind("implies", "a printed implication or separation of two properties", ("implies", "printed"),
             ("reading", "max_n", "kind"), check_implies),
)}


def step_kind(table: Table) -> StepKind:
    """The step's kind from its fields; unknown and missing fields are refused with their place."""
    keys = [k for k in STEP_KINDS if k in table.data]
    if "lhs" in table.data or "rhs" in table.data:
        keys = list(dict.fromkeys(["rel", *keys]))
    if len(keys) != 1:
        raise table.error(f"a step needs exactly one of {', '.join(STEP_KINDS)} (lhs/rel/rhs for a relation; "
                          f"found: {', '.join(keys) or 'none'})")
    kind = STEP_KINDS[keys[0]]
    allowed = set(kind.required) | set(kind.optional) | set(COMMON)
    for key in table.data:
        if key not in allowed:
            raise table.error(f"unknown field {key!r} in a {kind.key} step (allowed: "
                              f"{', '.join(sorted(allowed))})", key)
    for key in kind.required:
        if key not in table.data:
            raise table.error(f"missing field {key!r} in a {kind.key} step")
    if "conclusion" in table.data and not isinstance(table.data["conclusion"], bool):
        raise table.error(f"'conclusion' must be true or false, got {table.data['conclusion']!r}", "conclusion")
    return kind


def validate(ctx: ClaimContext, table: Table) -> StepKind:
    """Read every field of a step that can be wrong before any check runs, so that a bad file is
    refused (exit 2, with the place) without first spending time on the claims before it."""
    kind = step_kind(table)
    for key in kind.expressions:
        ctx.measure_of(ctx.parse(table, key), table, key)
    if kind.key == "rel":
        rel = table.string("rel")
        if rel not in RELATIONS and rel != "==":
            raise table.error(f"unknown relation {rel!r} (one of {' '.join(RELATIONS)})", "rel")
    elif kind.key == "latex":
        reading = read_step_latex(ctx, table)
        conditioned(ctx, table, table.string("latex"), reading).reading([])
        for link in reading.links:
            ctx.measure_of(link.lhs - link.rhs, table, "latex")
            for derivative in (link.lhs - link.rhs).atoms(sp.Derivative):
                independent_of(ctx, table, "latex", derivative.variables)
            for lim in (link.lhs - link.rhs).atoms(sp.Limit):
                independent_of(ctx, table, "latex", [lim.args[1]])
    elif kind.key in ("derivative", "limit"):
        wrt(ctx, table, "wrt" if kind.key == "derivative" else "var")
        if kind.key == "limit":
            table.string("to")
            if infinity(table.string("to")) is None:
                var = ctx.parse(table, "var")
                if var in ctx.parse(table, "to").free_symbols:
                    raise table.error(f"the limit point {table.string('to')!r} depends on the variable {var} "
                                      "itself", "to")
            if table.string("direction", required=False) not in (None, "+", "-", "+-"):
                raise table.error(f"direction must be \"+\", \"-\" or \"+-\", got {table.data['direction']!r}",
                                  "direction")
    elif kind.key == "property":
        from ..properties import catalogue
        ctx.names.measure(table.string("measure"), table, "measure")
        try:
            prop = catalogue.named(table.string("property"), ctx.names.kind)
        except InputError as exc:
            raise InputError(exc.message, **table.where("property")) from None
        if table.string("printed") not in ("holds", "fails"):
            raise table.error(f"printed must be \"holds\" or \"fails\", got {table.data['printed']!r}", "printed")
        reading_of(prop, table)
    elif kind.key in ("consistent", "implies"):
        parse_theory_step(table, kind.key)
    elif kind.key == "value":
        _value_point(ctx, table)
        table.string("printed")
    return kind
