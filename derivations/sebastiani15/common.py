"""What the sebastiani15 derivations share: the test-set sizes AP, AN, the cells as functions of
TP and TN, and the record of an axiom checker's verdict.
"""

from __future__ import annotations

import sympy as sp

from symmetric.checks.cases import POSITIVE
from symmetric.claims import Derivation
from symmetric.domain import Domain
from symmetric.logic import Verdict
from symmetric.measures import registry
from symmetric.properties import sebastiani as axioms
from ..deciding import decided
from symmetric.space import CELLS, FN, FP, TN, TP


PAPER = "sebastiani15"
AP, AN = sp.symbols("AP AN", positive=True)
tp, fp, fn, tn = (POSITIVE[c] for c in CELLS)
TPr, TNr = axioms.TP_R, axioms.TN_R


# A test set's cells in TP, TN: 0 < TP < AP, 0 < TN < AN (FN, FP > 0), so that a witness of a
# wrong step is a table (TP = 3, AP = 7), never TP = 8 > AP = 4 as on unrelated positive symbols.
_FN_LEFT, _FP_LEFT = sp.Symbol("u_FN", positive=True), sp.Symbol("u_FP", positive=True)
TABLES = Domain(name="tables in TP, TN",
                constraints=(sp.Lt(0, TPr), sp.Lt(TPr, AP), sp.Lt(0, TNr), sp.Lt(TNr, AN)),
                reparam={TPr: TPr, TNr: TNr, AP: TPr + _FN_LEFT, AN: TNr + _FP_LEFT},
                inverse={_FN_LEFT: AP - TPr, _FP_LEFT: AN - TNr})


def named_measure(name):
    return registry.get(name)


def in_tp_tn(expr, ap=AP, an=AN):
    """A count-form expression as a function of TP, TN for the test set (ap, an).

    Pass 0 for an empty class *here*: substituting into the positive symbols AP, AN first would
    already have resolved a condition such as AP = 0 to False."""
    return sp.piecewise_fold(expr.xreplace({TP: TPr, TN: TNr, FP: an - TNr, FN: ap - TPr}))


def generic_branch(measure):
    """The last (general) branch of a piecewise count form, or the form itself."""
    f = measure.count_form
    return f.args[-1][0] if isinstance(f, sp.Piecewise) else f


def record_axiom(d: Derivation, measure, prop: str, expect: Verdict, label: str, reading=None):
    """Decide axiom ``prop`` (in ``reading``, default its headline) through the one decision path
    (cross-checked, time-limited) and record whether its verdict is the expected one."""
    r = decided(measure, prop, reading)
    note = (f" [{r.reason}]",) if isinstance(r.reason, str) else (r.reason,)
    argument = r.argument()
    why = argument + (note if r.reason and argument else ()) if argument else r.reason
    d.fact(f"{label}: {measure.name} {r.property} {r.verdict.value}", r.verdict is expect, justification=why)
    return r


def table_cx(d: Derivation, description, t, value_check):
    assignment = dict(zip(("TP", "FP", "FN", "TN"), t))
    d.counterexample(description, assignment, value_check)
