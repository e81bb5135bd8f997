"""The names user expressions of the contingency table may use.

Count form: TP FP FN TN and their sums; probability form: the probability atoms of
:mod:`symmetric.space`, keyed in the ASCII syntax of :data:`PROBABILITY_SYNTAX`.
"""

from __future__ import annotations

import sympy as sp

from .. import space

PROBABILITY_SYNTAX = ("P(X) | P(X|Y) | P(X and Y), where X, Y are G, S, not G, not S "
                      "(~G is the same as not G)")


def count_symbols() -> dict[str, sp.Expr]:
    """The names of count form: TP FP FN TN, AP = TP+FN, AN = FP+TN, PP, PN and n = |D|."""
    return {"TP": space.TP, "FP": space.FP, "FN": space.FN, "TN": space.TN,
            "AP": space.AP, "AN": space.AN, "PP": space.PP, "PN": space.PN,
            "n": space.TP + space.FP + space.FN + space.TN}


def probability_symbols() -> dict[str, sp.Expr]:
    """The probability atoms, keyed canonically (see :data:`PROBABILITY_SYNTAX`)."""
    names = {space.G: "G", space.NG: "not G", space.S: "S", space.NS: "not S"}
    out: dict[str, sp.Expr] = {}
    for x in space.EVENTS:
        out[f"P({names[x]})"] = space.Pr(x)
    for x in space.SYSTEM_EVENTS:
        for y in space.GOLD_EVENTS:
            out[f"P({names[x]}|{names[y]})"] = space.Pr(x, y)
            out[f"P({names[y]}|{names[x]})"] = space.Pr(y, x)
            out[f"P({names[x]} and {names[y]})"] = space.Joint(x, y)
    return out
