"""Classification properties as predicates over every contingency table with |D| <= 12.

Each predicate is keyed by (property name, reading name) in :data:`PREDICATES`; the first
reading of a property in :data:`DEFAULT_READING` is what the checkers decide today.  A
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
from collections.abc import Callable, Iterator
from fractions import Fraction

from . import values as V
from .formula import Formula, Table, tables
from .outcome import Finding, Tally, Witness, defined, unsure

MAX_N = 12
# every table of a test set (|D| >= 1): C(MAX_N + 4, 4) tables with |D| <= MAX_N, less the empty one
SCOPE_TABLES = f"all {math.comb(MAX_N + 4, 4) - 1} tables with 1 <= |D| <= {MAX_N}"


def test_sets(min_ap: int = 0, min_an: int = 0) -> Iterator[tuple[int, int]]:
    for total in range(1, MAX_N + 1):
        for ap in range(min_ap, total + 1 - min_an):
            yield ap, total - ap


def classifiers(ap: int, an: int) -> Iterator[Table]:
    for tp in range(ap + 1):
        for fp in range(an + 1):
            yield (tp, fp, ap - tp, an - fp)


def _swap(t: Table) -> Table:
    return (t[3], t[2], t[1], t[0])


MOVES = (("FN -> TP", lambda t: t[2] >= 1, lambda t: (t[0] + 1, t[1], t[2] - 1, t[3])),
         ("FP -> TN", lambda t: t[1] >= 1, lambda t: (t[0], t[1] - 1, t[2], t[3] + 1)))


def _improves(f: Formula, o: int, tally: Tally, *, strict: bool, min_side: int, label: str) -> None:
    """Every move of an item into its correct class strictly improves the score."""
    for params in f.settings:
        for ap, an in test_sets(min_side, min_side):
            for t in classifiers(ap, an):
                for name, applies, move in MOVES:
                    if not applies(t):
                        continue
                    u = move(t)
                    a, b = f.value(t, params), f.value(u, params)
                    tally.checked += 1
                    if unsure(a, b):
                        tally.uncertain += 1
                        continue
                    if not (defined(a) and defined(b)):
                        if strict:
                            tally.fail(Witness("M undefined", (("h", t), ("h'", u)), (("h", a), ("h'", b)), params))
                            return
                        continue
                    s = V.compare(b, a)
                    if s is None:
                        tally.uncertain += 1
                    elif o * s <= 0:
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


def expectation(f: Formula, model, ap, an, params):
    """E[M] exactly; (UNDEFINED, table) if an outcome of positive probability is undefined."""
    total = Fraction(0)
    for prob, t in model(ap, an):
        v = f.value(t, params)
        if not defined(v):
            return v, t
        total = V.add(total, V.mul(prob, v))
    return total, None


RANDOM_MODELS = {"bernoulli": _bernoulli, "uniform-size": _uniform_size}


def chance(model_name: str, strict: bool):
    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        for params in f.settings:
            first = None
            for ap, an in test_sets():
                models = ([(f"k = {k}", _fixed_size(k)) for k in range(ap + an + 1)] if model_name == "fixed-size"
                          else [(model_name, RANDOM_MODELS[model_name])])
                for label, model in models:
                    e, bad = expectation(f, model, ap, an, params)
                    tally.checked += 1
                    if e is V.UNKNOWN:
                        tally.uncertain += 1
                        continue
                    if e is V.UNDEFINED:
                        if strict:
                            tally.fail(Witness(f"E[M] undefined ({label})", (("undefined at", bad),),
                                               (("undefined at", e),), params))
                            return tally.finding(_cha_scope(model_name))
                        continue
                    if first is None:
                        first = (ap, an, label, e)
                        continue
                    s = V.compare(e, first[3])
                    if s is None:
                        tally.uncertain += 1
                    elif s != 0:
                        tally.fail(Witness("expected values differ",
                                           (("test set 1", (first[0], first[1])), ("test set 2", (ap, an))),
                                           ((f"E 1 ({first[2]})", first[3]), (f"E 2 ({label})", e)), params))
                        return tally.finding(_cha_scope(model_name))
        return tally.finding(_cha_scope(model_name))
    return predicate


def _cha_scope(model: str) -> str:
    return f"the exact expectations ({model}) on all test sets with |D| <= {MAX_N}"


# ---------------------------------------------------------------- trivial classifiers, symmetry

def imbalance(f: Formula, o: int, result=None) -> Finding:
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
                    tally.fail(Witness("M undefined", ((label, t),), ((label, v),), params))
                    return tally.finding("the trivial acceptor and rejector on all test sets with |D| <= 12")
                if first is None:
                    first = (t, v)
                    continue
                s = V.compare(v, first[1])
                if s is None:
                    tally.uncertain += 1
                elif s != 0:
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


# ---------------------------------------------------------------- non-informative outputs

def _noninformative(f: Formula, params) -> dict:
    """Test set (AP, AN) -> [(PP, table, value)] for every output with TP TN = FP FN."""
    groups: dict = {}
    for ap, an in test_sets(1, 1):
        rows = []
        for t in classifiers(ap, an):
            if t[0] * t[3] == t[1] * t[2]:
                rows.append((t[0] + t[1], t, f.value(t, params)))
        groups[(ap, an)] = rows
    return groups


def fixed_quality(per_test_set: bool):
    def predicate(f: Formula, o: int, result=None) -> Finding:
        tally = Tally()
        for params in f.settings:
            groups = _noninformative(f, params)
            pools = list(groups.values()) if per_test_set else [[r for rows in groups.values() for r in rows]]
            for rows in pools:
                ref = None
                for size, t, v in rows:
                    tally.checked += 1
                    if unsure(v):
                        tally.uncertain += 1
                        continue
                    if not defined(v):
                        continue
                    if ref is None:
                        ref = (t, v)
                        continue
                    s = V.compare(v, ref[1])
                    if s is None:
                        tally.uncertain += 1
                    elif s != 0:
                        tally.fail(Witness("non-informative scores differ", (("output 1", ref[0]), ("output 2", t)),
                                           (("output 1", ref[1]), ("output 2", v)), params))
                        return tally.finding(_NI_SCOPE)
        return tally.finding(_NI_SCOPE)
    return predicate


_NI_SCOPE = f"every non-informative output (empty and full included) of every test set with |D| <= {MAX_N}"


def _growth(f: Formula, params, direction: Callable[[int, int], int | None], tally: Tally):
    """Pairs of non-informative outputs of one test set, smaller first: the oriented sign of the
    score difference must equal ``direction(AP, AN)`` (None: no requirement there)."""
    for (ap, an), rows in _noninformative(f, params).items():
        want = direction(ap, an)
        if want is None:
            continue
        for i, (s1, t1, v1) in enumerate(rows):
            for s2, t2, v2 in rows[i + 1:]:
                if s1 >= s2:
                    continue
                tally.checked += 1
                if unsure(v1, v2):
                    tally.uncertain += 1
                    continue
                if not (defined(v1) and defined(v2)):
                    continue
                s = V.compare(v2, v1)
                if s is None:
                    tally.uncertain += 1
                elif s != want:
                    tally.fail(Witness("the larger non-informative output does not score as required",
                                       (("smaller output", t1), ("larger output", t2)),
                                       (("smaller output", v1), ("larger output", v2)), params))
                    return


def growing_quality(f: Formula, o: int, result=None) -> Finding:
    tally = Tally()
    for params in f.settings:
        _growth(f, params, lambda ap, an: o, tally)
        if tally.done():
            break
    return tally.finding(_NI_SCOPE)


def absolute_weighting(f: Formula, o: int, result=None) -> Finding:
    """With the threshold the checker states (c, theta(P(G)), direction): larger non-informative
    outputs score better when direction * (c - theta) > 0 and worse when it is < 0."""
    threshold = result.datum("threshold") if result is not None else None
    if threshold is None:
        return Finding(None, "no threshold to check", complete=False)
    from .written import compile_sympy
    c, theta, direction = threshold
    names = {name: (lambda env, k=name: env[k]) for name in f.param_names + ("g",)}
    theta_at = compile_sympy(theta, names)
    tally = Tally()
    for params in f.settings:
        env = dict(params)

        def want(ap, an):
            env["g"] = Fraction(ap, ap + an)
            th = theta_at(env)
            s = V.compare(env[c.name], th) if defined(th) else None
            return None if not s else o * direction * s
        _growth(f, params, want, tally)
        if tally.done():
            break
    return tally.finding(_NI_SCOPE)


# ---------------------------------------------------------------- the table of predicates

PREDICATES: dict[tuple[str, str], Callable[..., Finding]] = {
    ("SM", "nondegenerate"): improves(False, 1, "SM"),
    ("SM", "all"): improves(False, 0, "SM"),
    ("SM", "strict"): improves(True, 1, "SM"),
    ("MON", "strict"): improves(True, 0, "MON"),
    ("MON", "defined"): improves(False, 0, "MON"),
    ("SDE", "default"): definedness("every"),
    ("WDE", "default"): definedness("weak"),
    ("CON", "defined-everywhere"): definedness("every", complete=False),
    ("CON", "where-defined"): definedness("weak", complete=False),
    ("FIX", "defined"): fix,
    ("CHA[bernoulli]", "strict"): chance("bernoulli", True),
    ("CHA[bernoulli]", "defined"): chance("bernoulli", False),
    ("CHA[uniform-size]", "strict"): chance("uniform-size", True),
    ("CHA[uniform-size]", "defined"): chance("uniform-size", False),
    ("CHA", "bernoulli"): chance("bernoulli", True),
    ("CHA", "uniform-size"): chance("uniform-size", True),
    ("CHA", "fixed-size"): chance("fixed-size", True),
    ("IMB", "nondegenerate"): imbalance,
    ("SYM", "default"): symmetry,
    ("NIFQ", "per-test-set"): fixed_quality(True),
    ("NIFQ", "fixed"): fixed_quality(False),
    ("NIGQ", "defined"): growing_quality,
    ("AW", "defined"): absolute_weighting,
}

DEFAULT_READING = {"SM": "nondegenerate", "MON": "strict", "SDE": "default", "WDE": "default",
                   "CON": "defined-everywhere", "FIX": "defined", "CHA[bernoulli]": "strict",
                   "CHA[uniform-size]": "strict", "CHA": "bernoulli", "IMB": "nondegenerate", "SYM": "default",
                   "NIFQ": "per-test-set", "NIGQ": "defined", "AW": "defined"}
