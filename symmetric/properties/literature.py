"""Properties of the wider literature as rows of the relational engine (:mod:`.statements`):
Gosgens et al.'s symmetry, strong monotonicity, maximal and minimal agreement and constant
baseline, and Sokolova and Lapalme's invariances.  Each row names its source; where the
definition could not be confirmed against the paper's text here, the source says so.

Constant baseline is CHA's ``fixed-size`` random model (Sebastiani's CHA decider and its
cross-check predicate are reused, not duplicated).
"""

from __future__ import annotations

from functools import partial

import sympy as sp

from ..space import FN, FP, TN, TP
from .protocol import Axis, Choice, Property, Reading
from .relational import decide_relational
from .statements import Clause, RelationalStatement, Transform

GOSGENS = ("Gosgens, Zhiyanov, Tikhonov, Prokhorenkova, 'Good Classification Measures and How to Find Them', "
           "NeurIPS 2021 (arXiv:2201.09044), their properties of binary measures (the definition is "
           "paraphrased: its wording and section were not confirmed against the paper's text here)")
SOKOLOVA = ("Sokolova and Lapalme, 'A systematic analysis of performance measures for classification tasks', "
            "Information Processing & Management 45(4), 2009, doi:10.1016/j.ipm.2009.03.002 (invariance "
            "properties of binary measures; the property's number in their list was not confirmed here)")
OWN = "symmetric: the literal reading, kept for comparison"

SCOPE = Axis("scope", "where the extreme value must be the same", (
    Choice("global", "one extreme value for every table of every test set, attained exactly at the named tables",
           f"{GOSGENS}: a constant bound c with equality if and only if"),
    Choice("per-test-set", "on each test set, the extreme value is attained exactly at the named table (the "
           "value may depend on the test set)", "symmetric: the weaker reading, kept for comparison")))


# SMON on every table cannot hold together with MAXA in its global reading: MAXA needs
# M(2,0,0,1) = M(1,0,0,1) (both perfect), SMON needs M(2,0,0,1) > M(1,0,0,1) (TP + 1).  Every SMON
# failure of the atlas sits at such an extreme table (MCC (1,0,0,1) -> (2,0,0,1)).  Gosgens et
# al.'s own wording could not be read here, so the headline stays the definition as paraphrased
# and says so; the reading that stays away from the extreme tables is named beside it.
EXTREMES = Axis("extremes", "which tables strong monotonicity compares", (
    Choice("every-table", "every table t and its changed table T(t)",
           f"{GOSGENS}: 'strong monotonicity' as paraphrased here.  On every table it cannot hold together "
           "with maximal agreement in its global reading (MAXA needs M(2,0,0,1) = M(1,0,0,1), both tables "
           "perfect; SMON needs M(2,0,0,1) > M(1,0,0,1)), nor with minimal agreement (MINA needs "
           "M(0,2,1,0) = M(0,1,1,0)); whether the paper states it away from the extreme tables was not "
           "confirmed"),
    Choice("non-extreme", "only tables t where T(t) and t are neither perfect (FP = FN = 0) nor worst (TP = TN "
           "= 0), the reading compatible with MAXA and MINA", "symmetric: the reading under which strong "
           "monotonicity and global maximal and minimal agreement can hold together, kept beside the headline")))
_NOT_EXTREME = (sp.Ge(FP + FN, 1), sp.Ge(TP + TN, 1))


def _clause(kind, cells, relation, *where, only=None, chain=False, needs_target=False) -> Clause:
    return Clause(Transform(kind, cells), relation, tuple(where), only, chain, needs_target)


_FACE_MAX = (sp.Eq(FP, 0), sp.Eq(FN, 0))
_FACE_MIN = (sp.Eq(TP, 0), sp.Eq(TN, 0))

# (name, family, definition, source, statement, extra axes, headline of the extra axes)
ROWS = (
    ("TSYM", "gosgens", "exchanging the false positives and the false negatives (FP <-> FN: ground truth and "
     "prediction swapped) leaves the score unchanged", f"{GOSGENS}: their 'symmetry'",
     RelationalStatement((_clause("swap", ("FP", "FN"), "="),)), (), ()),
    ("SMON", "gosgens", "adding one item to TP or TN strictly improves the score; adding one to FP or FN strictly "
     "worsens it", f"{GOSGENS}: 'strong monotonicity'",
     RelationalStatement(tuple(
         _clause("add", (cell,), relation, *where, only=only)
         for only, where in (("every-table", ()), ("non-extreme", _NOT_EXTREME))
         for cell, relation in (("TP", "better"), ("TN", "better"), ("FP", "worse"), ("FN", "worse")))),
     (EXTREMES,), ("every-table",)),
    ("MAXA", "gosgens", "the score attains its best value exactly at the tables with FP = FN = 0",
     f"{GOSGENS}: 'maximal agreement'",
     RelationalStatement((_clause("perfect", (), "better", sp.Ge(FP + FN, 1), needs_target=True),
                          _clause("add", ("TP",), "=", *_FACE_MAX, only="global", chain=True),
                          _clause("add", ("TN",), "=", *_FACE_MAX, only="global", chain=True))),
     (SCOPE,), ("global",)),
    ("MINA", "gosgens", "the score attains its worst value exactly at the tables with TP = TN = 0",
     f"{GOSGENS}: 'minimal agreement'",
     RelationalStatement((_clause("worst", (), "worse", sp.Ge(TP + TN, 1), needs_target=True),
                          _clause("add", ("FP",), "=", *_FACE_MIN, only="global", chain=True),
                          _clause("add", ("FN",), "=", *_FACE_MIN, only="global", chain=True))),
     (SCOPE,), ("global",)),
    ("ITN", "sokolova", "changing TN alone (adding one true negative) leaves the score unchanged",
     f"{SOKOLOVA}: invariance to a change of TN", RelationalStatement((_clause("add", ("TN",), "="),)), (), ()),
    ("ISC", "sokolova", "multiplying all four cells by the same integer k >= 2 leaves the score unchanged",
     f"{SOKOLOVA}: invariance to a uniform change of all cells",
     RelationalStatement((_clause("scale", ("TP", "FP", "FN", "TN"), "="),)), (), ()),
    ("ICL", "sokolova", "multiplying the cells of one class (TP and FN, or FP and TN) by an integer k >= 2 leaves "
     "the score unchanged", f"{SOKOLOVA}: invariance to a change of the class sizes",
     RelationalStatement((_clause("scale", ("TP", "FN"), "="), _clause("scale", ("FP", "TN"), "="))), (), ()),
)

CONSTANT_BASELINE = ("CB", "gosgens", "for every output size k, the expected score of a uniformly random set of k "
                     "items labelled positive is the same on every test set (CHA with the fixed-size model)",
                     f"{GOSGENS}: 'constant baseline'")


DISTANCE = ("DIST", "gosgens", "d = 1 - M (d = M when lower is better) is a metric on the labelings of a set of "
            "items: d >= 0, d = 0 exactly when they agree, symmetric, triangle inequality; only ever refuted (an "
            "exhaustive search over small sets of items, never a proof)", f"{GOSGENS}: 'distance'")


def _constant_baseline(measure, definedness: str = "defined"):
    from .sebastiani.cha import check_cha
    return check_cha(measure, model="fixed-size", definedness=definedness)


def rows(definedness: Axis, also: dict) -> tuple[Property, ...]:
    """The literature properties as catalogue rows (``definedness``: the catalogue's axis)."""
    out = []
    for name, family, definition, source, statement, axes, headline in ROWS:
        axes = (definedness, *axes)
        out.append(Property(name, "classification", family, definition, source,
                            partial(decide_relational, statement, name), axes=axes,
                            headline=Reading(tuple(zip((a.name for a in axes), ("defined", *headline)))),
                            also=tuple((a.name, c) for a in axes for c in also.get(a.name, ())),
                            statement=statement))
    name, family, definition, source = CONSTANT_BASELINE
    out.append(Property(name, "classification", family, definition, source, _constant_baseline, axes=(definedness,),
                        headline=Reading((("definedness", "defined"),)),
                        also=tuple(("definedness", c) for c in also.get("definedness", ()))))
    from .metric import check_distance
    name, family, definition, source = DISTANCE
    out.append(Property(name, "classification", family, definition, source, check_distance, axes=(definedness,),
                        headline=Reading((("definedness", "defined"),)),
                        also=tuple(("definedness", c) for c in also.get("definedness", ()))))
    return tuple(out)


def user_property(name: str, definition: str, source: str, statement, definedness: Axis) -> Property:
    """A user's property (from a TOML file): decided and cross-checked like the built-in rows."""
    from .expectations import decide_expectation
    from .statements import ExpectationStatement
    decide = decide_expectation if isinstance(statement, ExpectationStatement) else decide_relational
    return Property(name, "classification", "user", definition, source, partial(decide, statement, name),
                    axes=(definedness,), headline=Reading((("definedness", "defined"),)),
                    also=(("definedness", "strict"),), statement=statement)
