"""Every property symmetric checks, as data: name, kind of measure, family, definition, source
and how it is decided.  The driver and ``symmetric list properties`` read this table; adding a
property is adding a row (and its decider)."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from ..errors import UnknownNameError
from .protocol import Axis, Choice, Property, PropertyGroup, Reading

AMIGO = ("Amigo, Gonzalo, Verdejo, Spina, 'A Comparison of Filtering Evaluation Metrics based on "
         "Formal Constraints'")
SEBASTIANI15 = ("Sebastiani, 'An Axiomatically Derived Measure for the Evaluation of Classification "
                "Algorithms', ICTIR 2015")
QUANT = "Sebastiani, 'Evaluation Measures for Quantification: An Axiomatic Approach'"

SEB_VERDICTS = (f"{SEBASTIANI15}, Section 3: his MON failures (ASP, DOR, LAM%) are ties between defined "
                "scores and undefinedness is charged to SDE and WDE")
OWN = "symmetric: the literal reading, kept for comparison"

# ------------------------------------------------------------------ readings (axes as data)

DEFINEDNESS = Axis("definedness", "what a table where the measure is undefined means", (
    Choice("defined", "compare only where the measure is defined; undefinedness is judged by SDE and WDE",
           SEB_VERDICTS),
    Choice("strict", "a table where the measure is undefined (in the property's scope) is a failure", OWN)))
CON_DEFINEDNESS = Axis("definedness", "which test sets must carry a C^1 function", (
    Choice("defined-test-sets", "on every test set where the measure is defined for some classifier it is C^1 on "
           "the whole closed rectangle; test sets where it is defined for no classifier are left to SDE and WDE",
           f"{SEBASTIANI15}, Section 3: MCC and LAM% fail CON because of points inside a test set where "
           "they are undefined"),
    Choice("strict", "C^1 on the closed rectangle of every test set, including those where the measure is "
           "defined for no classifier", OWN)))
TEST_SETS = Axis("test-sets", "which test sets are quantified over", (
    Choice("nondegenerate", "test sets with both classes non-empty, 0 < |G| < |D|",
           f"{AMIGO}, Section 3: the probabilistic notation assumes 0 < P(G) < 1"),
    Choice("all", "every test set with |D| >= 1, including those with one class empty", OWN)))
CONSTANT = Axis("constant", "how fixed the score of non-informative outputs must be", (
    Choice("fixed", "one constant for every test set and every output size (the empty and the full output "
           "included)", f"{AMIGO}, Section 3.3: Q(S_ni) = k, 'the same score regardless of the gold standard'"),
    Choice("per-test-set", "a constant within each test set, which may depend on the test set",
           "symmetric's earlier reading (the size derivative is 0)")))
MODEL = Axis("model", "the random classifier whose expected score must not depend on the test set", (
    Choice("bernoulli", "each item labelled positive independently with probability 1/2",
           f"{SEBASTIANI15}, Section 3 (a classifier that flips a fair coin)"),
    Choice("uniform-size", "the number k of predicted positives uniform on 0..|D|, then a uniformly random set "
           "of k items", "symmetric: a second random classifier (the paper does not fix its law)"),
    Choice("fixed-size", "for every output size k separately, a uniformly random set of k items (the "
           "literature's constant baseline): one expected value for every test set and every k",
           "the chance-corrected measures' null model (hypergeometric: the output size fixed, the items random)")))

# a reading of the measure's formula rather than of a property: it applies to every
# classification property, and a verdict names it when the measure's two readings differ
ZERO_RECIPROCAL = Axis("zero-reciprocal", "how a probability form reads a division by 0 inside a reciprocal "
                       "(F_alpha = 1/(alpha/P + (1-alpha)/R) at P = 0) and P(X|Y)P(Y) where P(Y) = 0", (
    Choice("limit", "x/0 (x > 0) inside a reciprocal is read as its limit, 1/(x/0 + y) = 0, and P(X|Y)P(Y) as the "
           "joint P(X and Y) (the product rule); a divisor outside every reciprocal that is 0 leaves the score "
           "undefined", f"{AMIGO}, Section 4.4.1: the zero and the placebo output 'receive the minimal F(R,S) score, "
           "since a precision or recall of one class is zero'; Section 4.2 and Appendix: KapS's observed agreement "
           "P(S|G)P(G) + P(not S|not G)P(not G)"),
    Choice("undefined", "the probability form as written: every division by 0 (a conditional probability given "
           "an empty event included) makes the score undefined", OWN)))
FORMULA_AXES = {"classification": (ZERO_RECIPROCAL,), "quantification": ()}
# the headline choice of each formula axis (the papers' reading)
FORMULA_HEADLINE = {"zero-reciprocal": "limit"}

# decided by default besides the headline (the paper's reading and the literal one side by side;
# `check --headline-only` skips them)
ALSO = {"definedness": ("strict",)}

# (name, family, definition, source, axes, headline choices) -- classification properties
_CLASSIFICATION = (
    ("SM", "amigo", "moving a relevant item into the output, or an irrelevant one out of it, strictly "
     "improves the score", f"{AMIGO}, Section 3.2", (DEFINEDNESS, TEST_SETS), ("defined", "nondegenerate")),
    ("AW", "amigo", "for non-informative outputs there is a threshold on the relevant share above which "
     "the score grows with the output size and below which it falls", f"{AMIGO}, Section 3.3", (DEFINEDNESS, TEST_SETS),
     ("defined", "nondegenerate")),
    ("NIFQ", "amigo", "every non-informative output (the empty and the full output included) gets the same "
     "score", f"{AMIGO}, Section 3.3", (CONSTANT, DEFINEDNESS, TEST_SETS), ("fixed", "defined", "nondegenerate")),
    ("NIGQ", "amigo", "the score of non-informative outputs (the empty and the full output included) strictly "
     "grows with the output size", f"{AMIGO}, Section 3.3", (DEFINEDNESS, TEST_SETS), ("defined", "nondegenerate")),
    ("MON", "sebastiani", "correcting one wrong label strictly improves the score", f"{SEBASTIANI15}, Section 3",
     (DEFINEDNESS,), ("defined",)),
    ("CON", "sebastiani", "the score is a continuous function with bounded derivatives of the table",
     f"{SEBASTIANI15}, Section 3", (CON_DEFINEDNESS,), ("defined-test-sets",)),
    ("SDE", "sebastiani", "the score is defined for every classifier on every test set",
     f"{SEBASTIANI15}, Section 3", (), ()),
    ("WDE", "sebastiani", "on every test set, the score is defined for every classifier or for none",
     f"{SEBASTIANI15}, Section 3", (), ()),
    ("FIX", "sebastiani", "the best and worst scores are the same on every test set", f"{SEBASTIANI15}, Section 3",
     (DEFINEDNESS,), ("defined",)),
    ("CHA", "sebastiani", "the expected score of a random classifier is the same on every test set",
     f"{SEBASTIANI15}, Section 3", (DEFINEDNESS, MODEL), ("defined", "bernoulli")),
    ("IMB", "sebastiani", "the scores of the trivial acceptor and rejector do not depend on the class "
     "imbalance", f"{SEBASTIANI15}, Section 3", (DEFINEDNESS,), ("defined",)),
    ("SYM", "sebastiani", "swapping the roles of the two classes leaves the score unchanged",
     f"{SEBASTIANI15}, Section 3", (), ()),
)

# quantification properties: decided together (the multiclass ones are lifted from the binary ones)
_QUANTIFICATION = (
    ("IoI", "E(p, q) = 0 exactly when the prediction q equals the true distribution p", "Section 3.1"),
    ("NN", "E(p, q) >= 0", "Section 3.1"),
    ("MAX", "for every true distribution the maximum of E is the same value", "Section 3.1"),
    ("MON", "moving predicted prevalence towards the true one never increases E, and strictly "
     "decreases it (on every codeframe: two predictions equal to the truth outside c1, c2, the second's "
     "p^(c1) between the first's and p(c1), p(c1) included)", "Section 3.1"),
    ("IMP", "underestimating and overestimating a class by the same amount cost the same (on every "
     "codeframe: p + a on c1 and p - a on c2 against p - a on c1 and p + a on c2)", "Section 3.1"),
    ("REL", "the same absolute error costs more on a rarer class", "Section 3.1"),
    ("ABS", "the same absolute error costs the same whatever the prevalence (on every codeframe: two "
     "true distributions, c1 no more prevalent than c2 in both, the same error e on c1 and -e on c2)",
     "Section 3.1"),
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


def _literature() -> list[Property]:
    """Gosgens et al.'s and Sokolova and Lapalme's properties (rows of the relational engine)."""
    from .literature import rows
    return list(rows(DEFINEDNESS, ALSO))


def _quantification_decider(measure, smoothing=None):
    from ..quantification.check import run_all
    return run_all(measure, smoothing)


@lru_cache(maxsize=1)
def properties() -> tuple[Property, ...]:
    """Every property, in the order verdict tables list them."""
    deciders = _classification_deciders()
    rows = [Property(name, "classification", family, definition, source, deciders[name], axes=axes,
                     headline=Reading(tuple(zip((a.name for a in axes), headline))),
                     also=tuple((a.name, c) for a in axes for c in ALSO.get(a.name, ())))
            for name, family, definition, source, axes, headline in _CLASSIFICATION]
    rows += _literature()
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


def authors(p: Property) -> str:
    """Who states ``p``, as a sentence names them: "Sebastiani", "Amigo et al.", "Sokolova and
    Lapalme" (read from the source's author list, before the title's quote)."""
    names = [n.strip() for n in p.source.split("'")[0].split(",") if n.strip()]
    return names[0] if len(names) == 1 else f"{names[0]} et al."


def by_authors(kind: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The properties of ``kind`` grouped by :func:`authors`, in catalogue order (command help)."""
    out: dict[str, list[str]] = {}
    for p in for_kind(kind):
        out.setdefault(authors(p), []).append(p.name)
    return tuple((who, tuple(names)) for who, names in out.items())


def formula_variants(measure, kind: str, wanted: dict) -> list:
    """The measure in each reading of the formula decided: the headline, then the
    choices ``wanted`` names.  A measure that reads the same either way is decided once, and its
    verdicts name no formula reading."""
    axes = FORMULA_AXES[kind]
    if not axes or not getattr(measure, "reads_zero_reciprocal", False):
        return [measure]
    axis = axes[0]
    choices = [FORMULA_HEADLINE[axis.name]]
    choices += [axis.choice(c).name for c in wanted.get(axis.name, ()) if axis.choice(c).name not in choices]
    variants = [dataclasses.replace(measure, zero_reciprocal=c) for c in choices]
    return variants


def formula_choices(measure) -> tuple[tuple[str, str], ...]:
    """The reading of ``measure``'s formula (Reading.formula): empty for a measure that reads the
    same either way."""
    if not getattr(measure, "reads_zero_reciprocal", False):
        return ()
    return (("zero-reciprocal", measure.zero_reciprocal),)
