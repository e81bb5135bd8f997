"""Every property symmetric checks, as data: name, kind of measure, family, definition, source
and how it is decided.  The driver and ``symmetric list --properties`` read this table; adding a
property is adding a row (and its decider)."""

from __future__ import annotations

from functools import lru_cache

from ..errors import UnknownNameError
from .protocol import Property, PropertyGroup

AMIGO = ("Amigo, Gonzalo, Verdejo, Spina, 'A Comparison of Filtering Evaluation Metrics based on "
         "Formal Constraints'")
SEBASTIANI15 = ("Sebastiani, 'An Axiomatically Derived Measure for the Evaluation of Classification "
                "Algorithms', ICTIR 2015")
QUANT = "Sebastiani, 'Evaluation Measures for Quantification: An Axiomatic Approach'"

# (name, family, definition, source) -- classification properties, decided one by one
_CLASSIFICATION = (
    ("SM", "amigo", "moving a relevant item into the output, or an irrelevant one out of it, strictly "
     "improves the score", f"{AMIGO}, Section 3.2"),
    ("AW", "amigo", "for non-informative outputs there is a threshold on the relevant share above which "
     "the score grows with the output size and below which it falls", f"{AMIGO}, Section 3.3"),
    ("NIFQ", "amigo", "every non-informative output gets the same score", f"{AMIGO}, Section 3.3"),
    ("NIGQ", "amigo", "the score of non-informative outputs grows with the output size", f"{AMIGO}, Section 3.3"),
    ("MON", "sebastiani", "correcting one wrong label strictly improves the score", f"{SEBASTIANI15}, Section 3"),
    ("CON", "sebastiani", "the score is a continuous function with bounded derivatives of the table",
     f"{SEBASTIANI15}, Section 3"),
    ("SDE", "sebastiani", "the score is defined for every classifier on every test set",
     f"{SEBASTIANI15}, Section 3"),
    ("WDE", "sebastiani", "on every test set, the score is defined for every classifier or for none",
     f"{SEBASTIANI15}, Section 3"),
    ("FIX", "sebastiani", "the best and worst scores are the same on every test set", f"{SEBASTIANI15}, Section 3"),
    ("CHA[bernoulli]", "sebastiani", "the expected score of a random classifier (each item labelled "
     "positive independently with one probability) is the same on every test set", f"{SEBASTIANI15}, Section 3"),
    ("CHA[uniform-size]", "sebastiani", "the expected score of a random classifier (output size uniform, "
     "then a uniform subset) is the same on every test set", f"{SEBASTIANI15}, Section 3"),
    ("IMB", "sebastiani", "the scores of the trivial acceptor and rejector do not depend on the class "
     "imbalance", f"{SEBASTIANI15}, Section 3"),
    ("SYM", "sebastiani", "swapping the roles of the two classes leaves the score unchanged",
     f"{SEBASTIANI15}, Section 3"),
)

# quantification properties: decided together (the multiclass ones are lifted from the binary ones)
_QUANTIFICATION = (
    ("IoI", "E(p, q) = 0 exactly when the prediction q equals the true distribution p", "Section 3.1"),
    ("NN", "E(p, q) >= 0", "Section 3.1"),
    ("MAX", "for every true distribution the maximum of E is the same value", "Section 3.1"),
    ("MON", "moving predicted prevalence towards the true one never increases E, and strictly "
     "decreases it", "Section 3.1"),
    ("IMP", "underestimating and overestimating a class by the same amount cost the same", "Section 3.1"),
    ("REL", "the same absolute error costs more on a rarer class", "Section 3.1"),
    ("ABS", "the same absolute error costs the same whatever the prevalence", "Section 3.1"),
    ("IND", "E on a codeframe is determined by E on its sub-codeframes (independence of classes)",
     "Section 3.1"),
    ("B-MON", "MON for binary codeframes", "Section 3.2"),
    ("B-IMP", "IMP for binary codeframes", "Section 3.2"),
    ("B-REL", "REL for binary codeframes", "Section 3.2"),
    ("B-ABS", "ABS for binary codeframes", "Section 3.2"),
)

QUANTIFICATION_GROUP = "quantification"


def _classification_deciders() -> dict:
    from . import amigo, sebastiani
    return dict((*amigo.CHECKERS, *sebastiani.CHECKERS))


def _quantification_decider(measure):
    from ..quantification.check import run_all
    return run_all(measure)


@lru_cache(maxsize=1)
def properties() -> tuple[Property, ...]:
    """Every property, in the order verdict tables list them."""
    deciders = _classification_deciders()
    rows = [Property(name, "classification", family, definition, source, deciders[name])
            for name, family, definition, source in _CLASSIFICATION]
    rows += [Property(name, "quantification", "quantification", definition, f"{QUANT}, {where}",
                      group=QUANTIFICATION_GROUP)
             for name, definition, where in _QUANTIFICATION]
    return tuple(rows)


@lru_cache(maxsize=1)
def groups() -> dict[str, PropertyGroup]:
    members = tuple(p.name for p in properties() if p.group == QUANTIFICATION_GROUP)
    return {QUANTIFICATION_GROUP: PropertyGroup(QUANTIFICATION_GROUP, members, _quantification_decider)}


def for_kind(kind: str) -> tuple[Property, ...]:
    return tuple(p for p in properties() if p.kind == kind)


def named(name: str, kind: str) -> Property:
    """The property ``name`` of ``kind`` (case-insensitive); unknown names get close matches."""
    candidates = for_kind(kind)
    for p in candidates:
        if p.name.lower() == name.lower():
            return p
    raise UnknownNameError(f"{kind} property", name, [p.name for p in candidates])
