"""What every axiom checker shares: the search bounds, exact comparisons, and how a result,
a counterexample and a proof line are built.

Comparisons are certified exactly (:func:`symmetric.checks.decide.exact_sign`); an undecided
sign is never read as a difference, so no counterexample rests on a guess.  Proof lines are
:class:`~symmetric.evidence.Sentence` objects whose slots hold the mathematics; nothing here
writes LaTeX.
"""

from __future__ import annotations

import sympy as sp

from ...checks.decide import exact_sign
from ...config import settings
from ...domain import EVERYWHERE, Domain
from ...evidence import ContingencyTable, Counterexample, Score, Sentence
from ...logic import Verdict
from ...measures.base import Measure
from ...evidence import PropertyResult
from ..tables import exact_value
from .testsets import AN_S, AP_S, Table

HOLDS, FAILS, UNDET = Verdict.HOLDS, Verdict.FAILS, Verdict.UNDETERMINED

D_SIZE = sp.Symbol("|D|")           # the size of a test set, in sentences
M = sp.Symbol("M")                  # the measure, in sentences


def search_n() -> int:
    """Exhaustive searches cover every test set with |D| <= this."""
    return settings().sebastiani_search_n


def equals(lhs, rhs) -> sp.Rel:
    """lhs = rhs as an unevaluated relation, for a sentence's slot."""
    return sp.Eq(lhs, rhs, evaluate=False)


def up_to(n: int) -> sp.Rel:
    """The relation |D| <= n, for a sentence's slot."""
    return sp.Le(D_SIZE, n)


def param_domain(measure: Measure) -> Domain:
    return EVERYWHERE.with_intervals([p.interval() for p in measure.params]) if measure.params else EVERYWHERE


def result(measure: Measure, prop: str, verdict: Verdict, proof=(), cx: Counterexample | None = None,
           reason="") -> PropertyResult:
    return PropertyResult(prop, measure.name, verdict, tuple(proof), cx, reason)


def exact(measure: Measure, t: Table, params: dict):
    """The measure at a table, exactly (None: undefined)."""
    return exact_value(measure, t, params)


def differ(a, b) -> bool:
    """a != b, certified exactly (an undecided sign is not a difference)."""
    return exact_sign(a - b) in (1, -1)


def better(measure: Measure, after, before) -> int | None:
    """Sign of orientation * (after - before), exactly."""
    return exact_sign(measure.orientation * (after - before))


def counterexample(relation, params: dict, tables: dict[str, Table] = (), values: dict | None = None,
                   point: dict | None = None, convention: str = "") -> Counterexample:
    """The one counterexample shape: the named tables, the parameters (and any other named
    coordinates) as the point, the measure's exact values named ``M(name)`` (None: undefined);
    ``convention``: the limit convention some of the values are (see :class:`Score`)."""
    return Counterexample(
        relation,
        tables={name: ContingencyTable(*t) for name, t in dict(tables).items()},
        point={**{str(k): v for k, v in params.items()}, **(point or {})},
        # typed: the cross-check computes each again at its table (a value needs its table)
        values=tuple(Score(f"M({name})", dict(tables)[name], v, params, name, convention)
                     for name, v in (values or {}).items()))


# ------------------------------------------------------------------ sentences

def compose(*parts) -> Sentence:
    """A sentence from its pieces in reading order: a str is prose, anything else (a sympy
    object, a :class:`ContingencyTable`, a tuple, None = undefined) fills a slot.  For lines
    whose number of slots varies (parameters, kinds of test set)."""
    template, args = [], []
    for part in parts:
        if isinstance(part, str):
            template.append(part.replace("{", "{{").replace("}", "}}"))
        else:
            template.append("{%d}" % len(args))
            args.append(part)
    return Sentence("".join(template), tuple(args))


def at_params(params: dict) -> tuple:
    """', k = v' for each parameter value, as pieces for :func:`compose` (nothing without)."""
    out: tuple = ()
    for k, v in params.items():
        out += (", ", equals(k, v))
    return out


def sizes_pieces(ap, an) -> tuple:
    """'AP = ap, AN = an' as pieces for :func:`compose`."""
    return (equals(AP_S, ap), ", ", equals(AN_S, an))


def kind_pieces(kind) -> tuple:
    """A kind of test set (its relations on AP, AN, comma-separated) as pieces for :func:`compose`."""
    out: tuple = ()
    for i, condition in enumerate(kind.conditions):
        out += ((", ",) if i else ()) + (condition,)
    return out


def table(t: Table) -> ContingencyTable:
    return ContingencyTable(*t)

