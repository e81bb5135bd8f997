"""Classification properties as predicates over every contingency table with |D| <= 12.

Each predicate is keyed by (property name, reading name) in :data:`PREDICATES`, with the
reading names of the property catalogue; :data:`DEFAULT_READING` is each property's headline.  A
predicate looks for a *certain* violation of the property on the written formula (exact
rationals or certified intervals, :mod:`.values`); a comparison that cannot be certified is
counted, never read as a violation.

Readings (plain strings):
* definedness -- ``defined``: compare only where the measure is defined; ``strict``: an
  undefined point is a failure;
* test sets -- ``nondegenerate`` (both gold classes non-empty) or ``all``;
* NIFQ -- ``per-test-set`` (constant within each test set) or ``fixed`` (one constant);
  non-informative outputs (TP TN = FP FN) include the empty and the full output;
* CHA -- the random model: ``bernoulli`` (p = 1/2), ``uniform-size``, ``fixed-size`` (every
  output size k of every test set has the same expectation).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from . import values as V
from .formula import MAX_N, SCOPE_TABLES, Formula, Table, classifiers, tables, test_sets
from .metric import distance
from .noninformative import absolute_weighting, fixed_quality, growing_quality, strictly
from .outcome import Finding, Tally, Witness, defined, unsure

def _swap(t: Table) -> Table:
    return (t[3], t[2], t[1], t[0])


MOVES = (("FN -> TP", lambda t: t[2] >= 1, lambda t: (t[0] + 1, t[1], t[2] - 1, t[3])),
         ("FP -> TN", lambda t: t[1] >= 1, lambda t: (t[0], t[1] - 1, t[2], t[3] + 1)))


def pair_sign(f: Formula, pair, params, tally: Tally, strict: bool) -> int | None:
    """The certified sign of M(second) - M(first) of ``pair`` ((name, table), (name, table)),
    counting the check; None when it is unsure or M is undefined on a side (which, ``strict``,
    fails the tally with the pair as witness)."""
    (_, t), (_, u) = pair
    a, b = f.value(t, params), f.value(u, params)
    tally.checked += 1
    if unsure(a, b):
        tally.uncertain += 1
        return None
    if not (defined(a) and defined(b)):
        if strict:
            tally.fail(Witness("M undefined", pair, ((pair[0][0], a), (pair[1][0], b)), params))
        return None
    s = V.compare(b, a)
    if s is None:
        tally.uncertain += 1
    return s


def _improves(f: Formula, o: int, tally: Tally, *, strict: bool, min_side: int, label: str) -> None:
    """Every move of an item into its correct class strictly improves the score."""
    for params in f.settings:
        for ap, an in test_sets(min_side, min_side):
            for t in classifiers(ap, an):
                for name, applies, move in MOVES:
                    if not applies(t):
                        continue
                    u = move(t)
                    s = pair_sign(f, (("h", t), ("h'", u)), params, tally, strict)
                    if tally.done():
                        return
                    if s is not None and o * s <= 0:
                        a, b = f.value(t, params), f.value(u, params)
                        tally.fail(Witness(f"{name} does not improve M ({label})", (("h", t), ("h'", u)),
                                           (("h", a), ("h'", b)), params))
                        return


def improves(strict: bool, min_side: int, label: str):
    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        _improves(f, o, tally, strict=strict, min_side=min_side, label=label)
        where = "with both classes non-empty" if min_side else ""
        return tally.finding(f"every move on every table {where} with |D| <= {MAX_N}".replace("  ", " "))
    return predicate


def _definedness(f: Formula, rule: str, tally: Tally) -> None:
    """rule: every (defined on every table), weak (per test set all or none), somewhere (per test
    set: defined nowhere or everywhere is CON's reading; same test as weak)."""
    for params in f.settings:
        for ap, an in test_sets():
            status = {}
            for t in classifiers(ap, an):
                v = f.value(t, params)
                tally.checked += 1
                if unsure(v):
                    tally.uncertain += 1
                    continue
                status.setdefault(defined(v), t)
                if rule == "every" and not defined(v):
                    tally.fail(Witness("M undefined", (("h", t),), (("h", v),), params))
                    return
            if rule != "every" and len(status) == 2:
                tally.fail(Witness("defined for some classifiers of a test set, not for others",
                                   (("defined at", status[True]), ("undefined at", status[False])),
                                   (("defined at", f.value(status[True], params)), ("undefined at", V.UNDEFINED)),
                                   params))
                return


def definedness(rule: str, complete: bool = True):
    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        _definedness(f, rule, tally)
        return tally.finding(SCOPE_TABLES, complete)
    return predicate


def fix(f: Formula, o: int, result=None) -> Finding:
    """The range over the defined classifiers is the same on every test set that has one."""
    tally = Tally()
    for params in f.settings:
        first = None
        for ap, an in test_sets():
            vals = [(v, t) for t in classifiers(ap, an) if defined(v := f.value(t, params))]
            tally.checked += 1
            if not vals:
                continue
            lo = hi = vals[0]
            known = True
            for v, t in vals[1:]:
                s_lo, s_hi = V.compare(v, lo[0]), V.compare(v, hi[0])
                if s_lo is None or s_hi is None:
                    known = False
                    break
                lo = (v, t) if s_lo < 0 else lo
                hi = (v, t) if s_hi > 0 else hi
            if not known:
                tally.uncertain += 1
                continue
            if first is None:
                first = (lo, hi)
                continue
            if V.compare(lo[0], first[0][0]) not in (0, None) or V.compare(hi[0], first[1][0]) not in (0, None):
                tally.fail(Witness("the ranges differ", (("min 1", first[0][1]), ("max 1", first[1][1]),
                                                          ("min 2", lo[1]), ("max 2", hi[1])),
                                   (("min 1", first[0][0]), ("max 1", first[1][0]), ("min 2", lo[0]),
                                    ("max 2", hi[0])), params))
                return tally.finding("the ranges of all test sets with |D| <= 12")
    return tally.finding("the ranges of all test sets with |D| <= 12")


# ---------------------------------------------------------------- random classifiers

def _bernoulli(ap, an):
    total = Fraction(1, 2 ** (ap + an))
    for t in classifiers(ap, an):
        yield Fraction(math.comb(ap, t[0]) * math.comb(an, t[1])) * total, t


def _uniform_size(ap, an):
    n = ap + an
    for t in classifiers(ap, an):
        yield Fraction(math.comb(ap, t[0]) * math.comb(an, t[1]), (n + 1) * math.comb(n, t[0] + t[1])), t


def _fixed_size(k):
    def model(ap, an):
        n = ap + an
        for t in classifiers(ap, an):
            if t[0] + t[1] == k:
                yield Fraction(math.comb(ap, t[0]) * math.comb(an, t[1]), math.comb(n, k)), t
    return model


def expectation(f: Formula, model, ap, an, params, strict: bool = True):
    """E[M] exactly; ``strict``: (UNDEFINED, table) if an outcome of positive probability is
    undefined.  Otherwise (the ``defined`` reading) E[M | M defined]: the outcomes where M is
    undefined take no part, and (UNDEFINED, None) when M is defined at no outcome."""
    terms, mass = [], Fraction(0)
    for prob, t in model(ap, an):
        v = f.value(t, params)
        if not defined(v):
            if strict or v is V.UNKNOWN:
                return v, t
            continue
        terms.append(V.mul(prob, v))
        mass += prob
    total = V.total(terms)          # like radicals first: an expectation of 0 stays exactly 0
    if mass == 0:
        return V.UNDEFINED, None
    return (total if mass == 1 else V.div(total, mass)), None


RANDOM_MODELS = {"bernoulli": _bernoulli, "uniform-size": _uniform_size}


def random_model(name: str, size: int | None = None):
    """The random classifier ``name`` (``size``: the output size k of the fixed-size model), or
    None for a model this evaluator does not know."""
    if name == "fixed-size":
        return None if size is None else _fixed_size(int(size))
    return RANDOM_MODELS.get(name)


def expectations(f: Formula, model_name: str, params, strict: bool, tally: Tally):
    """(test set, label, E[M]) on every test set (and output size k, for fixed-size) with a
    defined expectation, counting the checks; a strict undefined one fails the tally (and ends)."""
    for ap, an in test_sets():
        models = ([(f"k = {k}", _fixed_size(k)) for k in range(ap + an + 1)] if model_name == "fixed-size"
                  else [(model_name, RANDOM_MODELS[model_name])])
        for label, model in models:
            e, bad = expectation(f, model, ap, an, params, strict)
            tally.checked += 1
            if e is V.UNKNOWN:
                tally.uncertain += 1
                continue
            if e is V.UNDEFINED:
                if strict:
                    tally.fail(Witness(f"E[M] undefined ({label})", (("undefined at", bad),),
                                       (("undefined at", e),), params))
                    return
                continue
            yield (ap, an), label, e


def chance(model_name: str, strict: bool):
    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        for params in f.settings:
            first = None
            for (ap, an), label, e in expectations(f, model_name, params, strict, tally):
                if first is None:
                    first = (ap, an, label, e)
                    continue
                if tally.differ(e, first[3]):
                    tally.fail(Witness("expected values differ",
                                       (("test set 1 (AP, AN)", (first[0], first[1])), ("test set 2 (AP, AN)", (ap, an))),
                                       ((f"E[M] on test set 1 ({first[2]})", first[3]), (f"E[M] on test set 2 ({label})", e)),
                                       params))
                    return tally.finding(_cha_scope(model_name))
            if tally.done():            # an undefined expectation (strict)
                return tally.finding(_cha_scope(model_name))
        return tally.finding(_cha_scope(model_name))
    return predicate


def _cha_scope(model: str) -> str:
    return f"the exact expectations ({model}) on all test sets with |D| <= {MAX_N}"


# ---------------------------------------------------------------- trivial classifiers, symmetry

def imbalance(strict: bool):
    """The trivial acceptor and rejector score the same on every test set (``strict``: an
    undefined score is a violation; otherwise only defined scores are compared)."""
    def predicate(f: Formula, o: int, result=None) -> Finding:
        return _imbalance(f, strict)
    return predicate


def _imbalance(f: Formula, strict: bool) -> Finding:
    tally = Tally()
    for params in f.settings:
        for label, of in (("acceptor", lambda ap, an: (ap, an, 0, 0)), ("rejector", lambda ap, an: (0, 0, ap, an))):
            first = None
            for ap, an in test_sets(1, 1):
                t = of(ap, an)
                v = f.value(t, params)
                tally.checked += 1
                if unsure(v):
                    tally.uncertain += 1
                    continue
                if not defined(v):
                    if not strict:
                        continue
                    tally.fail(Witness("M undefined", ((label, t),), ((label, v),), params))
                    return tally.finding("the trivial acceptor and rejector on all test sets with |D| <= 12")
                if first is None:
                    first = (t, v)
                    continue
                if tally.differ(v, first[1]):
                    tally.fail(Witness("scores differ", ((f"{label} 1", first[0]), (f"{label} 2", t)),
                                       ((f"{label} 1", first[1]), (f"{label} 2", v)), params))
                    return tally.finding("the trivial acceptor and rejector on all test sets with |D| <= 12")
    return tally.finding("the trivial acceptor and rejector on all test sets with |D| <= 12")


def symmetry(f: Formula, o: int, result=None) -> Finding:
    tally = Tally()
    for params in f.settings:
        for t in tables(MAX_N, 1):
            u = _swap(t)
            a, b = f.value(t, params), f.value(u, params)
            tally.checked += 1
            if unsure(a, b):
                tally.uncertain += 1
                continue
            if defined(a) != defined(b) or (defined(a) and V.compare(a, b) not in (0, None)):
                tally.fail(Witness("M(h) != M(swapped h)", (("h", t), ("swapped", u)), (("h", a), ("swapped", b)),
                                   params))
                break
            if defined(a) and V.compare(a, b) is None:
                tally.uncertain += 1
    return tally.finding(SCOPE_TABLES)


# ---------------------------------------------------------------- the table of predicates

# keyed by the reading names of the property catalogue (symmetric.properties.catalogue): the
# choices of a property's axes joined, e.g. "defined, nondegenerate"; "as defined" for a property
# without axes.  A reading missing here is reported as not cross-checked, never confirmed.
_MODELS = ("bernoulli", "uniform-size", "fixed-size")
PREDICATES: dict[tuple[str, str], Callable[..., Finding]] = {
    ("SM", "defined, nondegenerate"): improves(False, 1, "SM"),
    ("SM", "defined, all"): improves(False, 0, "SM"),
    ("SM", "strict, nondegenerate"): improves(True, 1, "SM"),
    ("SM", "strict, all"): improves(True, 0, "SM"),
    ("MON", "defined"): improves(False, 0, "MON"),
    ("MON", "strict"): improves(True, 0, "MON"),
    ("SDE", "as defined"): definedness("every"),
    ("WDE", "as defined"): definedness("weak"),
    # CON: only its definedness part is enumerable (continuity is not)
    ("CON", "defined-test-sets"): definedness("weak", complete=False),
    ("CON", "strict"): definedness("every", complete=False),
    ("FIX", "defined"): fix,
    **{("CHA", f"defined, {m}"): chance(m, False) for m in _MODELS},
    **{("CHA", f"strict, {m}"): chance(m, True) for m in _MODELS},
    ("IMB", "defined"): imbalance(False),
    ("IMB", "strict"): imbalance(True),
    ("SYM", "as defined"): symmetry,
    ("NIFQ", "fixed, defined, nondegenerate"): fixed_quality(False),
    ("NIFQ", "per-test-set, defined, nondegenerate"): fixed_quality(True),
    ("NIGQ", "defined, nondegenerate"): growing_quality,
    ("AW", "defined, nondegenerate"): absolute_weighting,
    ("AW", "strict, nondegenerate"): strictly(absolute_weighting),
    # Gosgens et al.'s constant baseline: CHA's fixed-size model (symmetric.properties.literature)
    ("CB", "defined"): chance("fixed-size", False),
    ("CB", "strict"): chance("fixed-size", True),
    ("DIST", "defined"): distance(False),
    ("DIST", "strict"): distance(True),
}

# the headline reading of each property (the catalogue's), for callers that name none
DEFAULT_READING = {"SM": "defined, nondegenerate", "MON": "defined", "SDE": "as defined", "WDE": "as defined",
                   "CON": "defined-test-sets", "FIX": "defined", "CHA": "defined, bernoulli", "IMB": "defined",
                   "SYM": "as defined", "NIFQ": "fixed, defined, nondegenerate", "NIGQ": "defined, nondegenerate",
                   "AW": "defined, nondegenerate", "CB": "defined", "DIST": "defined"}
