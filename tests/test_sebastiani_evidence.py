"""The shapes Sebastiani's checkers return: proof lines as Sentences with mathematical slots
(no LaTeX anywhere in a result), counterexamples as Counterexample with the measure's exact
values, and the sentence builders of the package."""

import pytest
import sympy as sp

from symmetric.evidence import ContingencyTable, Counterexample, Sentence
from symmetric.measures import registry
from symmetric.properties import sebastiani as S
from symmetric.properties.sebastiani.common import at_params, compose, kind_pieces, sizes_pieces, up_to
from symmetric.properties.tables import exact_value
from symmetric.render.text import plain, sentence

beta = sp.Symbol("beta")


@pytest.mark.parametrize("parts, text, slots", [
    (("plain prose",), "plain prose", 0),
    (("braces {kept} literally",), "braces {kept} literally", 0),
    (("M = ", sp.Rational(1, 2), " at ", ContingencyTable(1, 0, 0, 1)),
     "M = 1/2 at (TP, FP, FN, TN) = (1, 0, 0, 1)", 2),
    (("undefined: ", None), "undefined: undefined", 1),
    (("among ", up_to(8)), "among |D| <= 8", 1),
    (("test set ", *sizes_pieces(2, 3), *at_params({beta: 2})), "test set AP = 2, AN = 3, beta = 2", 3),
    (("at ", *at_params({})), "at ", 0),
])
def test_compose(parts, text, slots):
    s = compose(*parts)
    assert isinstance(s, Sentence) and len(s.args) == slots
    assert sentence(s) == text


@pytest.mark.parametrize("kind, text", [(0, "AP > 0, AN > 0"), (1, "AP = 0, AN > 0"), (2, "AP > 0, AN = 0")])
def test_kind_of_test_set_as_relations(kind, text):
    assert sentence(compose(*kind_pieces(S.TEST_SET_KINDS[kind]))) == text == S.TEST_SET_KINDS[kind].label


def test_plain_prints_an_equation_as_a_relation():
    assert plain(sp.Eq(sp.Symbol("AP"), 0, evaluate=False)) == "AP = 0"


@pytest.mark.parametrize("name", ["K", "F1", "MCC", "Youden", "ASP", "DOR"])
def test_results_hold_mathematics_not_latex(name):
    for _, check in S.CHECKERS:
        r = check(registry.get(name))
        for line in r.proof:
            assert isinstance(line, Sentence)
            assert "\\" not in line.template, (r.property, line.template)
            assert not any(isinstance(a, str) and "$" in a for a in line.args)
        assert "$" not in str(r.reason)
        assert r.counterexample is None or isinstance(r.counterexample, Counterexample)


# (measure, property, table names, value names): every value is the measure's exact value at
# the table of the same name (None: undefined there)
COUNTEREXAMPLES = [
    ("F1", "MON", ("h", "h'"), ("M(h)", "M(h')")),
    ("F1", "SYM", ("h", "swapped"), ("M(h)", "M(swapped)")),
    ("F1", "IMB", ("acceptor 1", "acceptor 2"), ("M(acceptor 1)", "M(acceptor 2)")),
    ("MCC", "SDE", ("h",), ("M(h)",)),
    ("MCC", "WDE", ("defined", "undefined"), ("M(defined)", "M(undefined)")),
    ("Acc", "IMB", ("acceptor 1", "acceptor 2"), ("M(acceptor 1)", "M(acceptor 2)")),
]


@pytest.mark.parametrize("name, prop, tables, values", COUNTEREXAMPLES)
def test_counterexample_values_are_exact(name, prop, tables, values):
    m = registry.get(name)
    cx = dict(S.CHECKERS)[prop](m).counterexample
    assert isinstance(cx, Counterexample)
    for table, value in zip(tables, values):
        assert isinstance(cx[table], ContingencyTable)
        assert cx[value] == exact_value(m, tuple(cx[table]), {})
