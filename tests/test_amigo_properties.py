"""Cross-check of every Amigo property verdict against an independent exhaustive check.

The checkers decide symbolically; here every contingency table up to a small size is
enumerated with its own loop and evaluated with ``subs`` in exact arithmetic (not the
checkers' lambdified path).  A verdict that disagrees with the enumeration fails the test,
and every reported counterexample is re-checked here.
"""

import functools
import itertools
import pickle

import pytest
import sympy as sp

from derivations.amigo import TABLE_ROWS, measure
from symmetric.checks.decide import exact_sign
from symmetric.config import configured
from symmetric.evidence import Counterexample, Sentence
from symmetric.properties.amigo import check_all
from symmetric.logic import Verdict
from symmetric.render.text import sentence
from symmetric.space import FN, FP, TN, TP, g

MEASURES = TABLE_ROWS + ("Acc",)
SM_MAX_N = 5
NI_MAX_N = 10


def value(m, table, params):
    # each table is met many times (as the "before" and "after" of several moves, in several
    # groups, by several tests): evaluated once per measure, table and parameters
    return _value(m, tuple(table), tuple(params.items()))


@functools.cache
def _value(m, table, params):
    # xreplace evaluates bottom-up (0/0 -> nan); a different path from the checkers' lambdify
    cells = {TP: table[0], FP: table[1], FN: table[2], TN: table[3], **dict(params)}
    v = m.count_form.xreplace({k: sp.sympify(x) for k, x in cells.items()})
    v = sp.nsimplify(v) if v.is_Float else v
    if v.has(sp.nan, sp.zoo, sp.oo, -sp.oo) or not v.is_number:
        return None
    return v


@functools.cache
def sign(a, b):
    return exact_sign(sp.simplify(a - b) if a.has(sp.log, sp.sqrt) or b.has(sp.log, sp.sqrt) else a - b)


def param_settings(m):
    grids = [p.sample_values() for p in m.params]
    return [dict(zip([p.symbol for p in m.params], combo)) for combo in itertools.product(*grids)] or [{}]


def all_tables(max_n):
    for tp, fp, fn, tn in itertools.product(range(max_n + 1), repeat=4):
        if 1 <= tp + fp + fn + tn <= max_n and tp + fn >= 1 and tn + fp >= 1:
            yield (tp, fp, fn, tn)


def sm_violations(m, max_n):
    for params in param_settings(m)[:2]:
        for t in all_tables(max_n):
            for after, ok in (((t[0] + 1, t[1], t[2] - 1, t[3]), t[2] >= 1), ((t[0], t[1] - 1, t[2], t[3] + 1), t[1] >= 1)):
                if not ok:
                    continue
                a, b = value(m, t, params), value(m, after, params)
                if a is not None and b is not None and m.orientation * sign(b, a) <= 0:
                    yield t, after, params


class _Verdicts(dict):
    """Each measure's verdicts, decided when a test first asks for them: a test about one measure
    pays for that measure only (all 21 are 25 CPU-s; the fast tier runs the cheap measures' cases)."""

    def __missing__(self, name):
        self[name] = dict((r.property, r) for r in check_all(measure(name)))
        return self[name]


@pytest.fixture(scope="module")
def verdicts():
    return _Verdicts()


@pytest.mark.parametrize("name", MEASURES)
def test_strict_monotonicity_agrees_with_enumeration(name, verdicts):
    m, result = measure(name), verdicts[name]["SM"]
    violation = next(sm_violations(m, SM_MAX_N), None)
    if result.verdict is Verdict.HOLDS:
        assert violation is None, f"{name}: SM 'holds' but {violation} is a violation"
    elif result.verdict is Verdict.FAILS:
        cx = result.counterexample
        before, after = tuple(cx["before"]), tuple(cx["after"])
        params = {p.symbol: sp.Rational(cx[str(p.symbol)]) for p in m.params if str(p.symbol) in cx}
        a, b = value(m, before, params), value(m, after, params)
        assert a is not None and b is not None
        assert m.orientation * sign(b, a) <= 0, f"{name}: counterexample does not re-check"
        if sum(before) <= SM_MAX_N:
            assert violation is not None


def ni_groups(m, params):
    groups = {}
    for t in all_tables(NI_MAX_N):
        if t[0] * t[3] == t[1] * t[2]:
            v = value(m, t, params)
            if v is not None:
                groups.setdefault((sum(t), t[0] + t[2]), []).append((t[0] + t[1], v))
    return groups


@pytest.mark.parametrize("name", MEASURES)
def test_noninformative_properties_agree_with_enumeration(name, verdicts):
    m = measure(name)
    for params in param_settings(m)[:2]:
        if verdicts[name]["NIFQ"].verdict is Verdict.HOLDS:     # headline reading: one fixed constant
            values = [v for rows in ni_groups(m, params).values() for _, v in rows]
            assert all(sign(v, values[0]) == 0 for v in values), name
        for rows in ni_groups(m, params).values():
            rows.sort(key=lambda r: r[0])
            pairs = [(a, b) for a, b in itertools.combinations(rows, 2) if a[0] < b[0]]
            if verdicts[name]["NIFQ"].verdict is Verdict.HOLDS:
                assert all(sign(a[1], b[1]) == 0 for a, b in pairs), name
            if verdicts[name]["NIGQ"].verdict is Verdict.HOLDS:
                assert all(m.orientation * sign(b[1], a[1]) > 0 for a, b in pairs), name
    for prop in ("NIFQ", "NIGQ"):
        result = verdicts[name][prop]
        if result.verdict is Verdict.FAILS and result.counterexample:
            cx = result.counterexample
            params = {p.symbol: sp.Rational(cx[str(p.symbol)]) for p in m.params if str(p.symbol) in cx}
            if "first output" in cx:       # NIFQ's headline reading (fixed): any two test sets
                assert prop == "NIFQ"
                t1, t2 = tuple(cx["first output"]), tuple(cx["second output"])
                assert t1[0] * t1[3] == t1[1] * t1[2] and t2[0] * t2[3] == t2[1] * t2[2]   # non-informative
                assert sign(value(m, t2, params), value(m, t1, params)) != 0
                continue
            t1, t2 = tuple(cx["smaller output"]), tuple(cx["larger output"])
            assert t1[0] * t1[3] == t1[1] * t1[2] and t2[0] * t2[3] == t2[1] * t2[2]   # non-informative
            assert sum(t1) == sum(t2) and t1[0] + t1[2] == t2[0] + t2[2]               # same test set
            s12 = m.orientation * sign(value(m, t2, params), value(m, t1, params))
            assert (s12 != 0) if prop == "NIFQ" else (s12 <= 0)


def test_absolute_weighting_threshold_orders_outputs(verdicts):
    """Where AW holds, parameter values on either side of the threshold order the
    non-informative outputs of concrete test sets as the threshold says."""
    checked = 0
    for name in MEASURES:
        result = verdicts[name]["AW"]
        if result.verdict is not Verdict.HOLDS:
            continue
        checked += 1
        c, theta, direction = result.datum("threshold")
        m = measure(name)
        for total, relevant in ((4, 1), (6, 2), (9, 6)):
            th = theta.subs(g, sp.Rational(relevant, total))
            for cval in (th / 2, th * 2):
                params = {p.symbol: (cval if p.symbol == c else p.default) for p in m.params}
                rows = sorted(ni_groups(m, params).get((total, relevant), []))
                grows = direction * sp.sign(cval - th) > 0
                assert len(rows) >= 2
                for a, b in zip(rows, rows[1:]):
                    if a[0] < b[0]:
                        assert (m.orientation * sign(b[1], a[1]) > 0) == grows, (name, total, relevant, cval)
    assert checked >= 2    # Utility and Weighted Accuracy at least


@pytest.mark.parametrize("name", MEASURES)
def test_results_hold_mathematics_not_latex(name, verdicts):
    """Proof lines are sentences with sympy slots (no LaTeX in the prose); counterexamples are
    the one Counterexample shape; both survive the pickling of the parallel property table."""
    for prop, result in verdicts[name].items():
        for line in result.proof:
            assert isinstance(line, Sentence), (name, prop)
            assert "$" not in line.template and "\\" not in line.template, (name, prop, line.template)
        assert result.counterexample is None or isinstance(result.counterexample, Counterexample)
        again = pickle.loads(pickle.dumps(result))
        assert [sentence(line) for line in again.proof] == [sentence(line) for line in result.proof]
        assert "True" not in " ".join(sentence(line) for line in result.proof)   # no relation evaluated away


@pytest.mark.parametrize("setting,value,prop,needle", [
    ("amigo_search_n", 3, "SM", "|T| <= 3"),
    ("noninformative_search_n", 2, "NIFQ", "|T| <= 2"),
])
def test_search_bounds_come_from_the_settings(setting, value, prop, needle):
    """The bounds are read from symmetric.config when a check runs (and results found under
    other bounds are not reused)."""
    results = {
        "SM": lambda: check_all(measure("Utility")),      # SM holds: its proof names the bound
        "NIFQ": lambda: check_all(measure("Lam%_smL")),   # the reason names the bound
    }
    with configured(**{setting: value}):
        result = dict((r.property, r) for r in results[prop]())[prop]
    text = " ".join(sentence(line) for line in result.proof) + " " + sentence(result.reason)
    assert needle in text
    # NIFQ of Lam%_smL fails only on a table larger than the bound: no counterexample within it
    assert result.counterexample is None
