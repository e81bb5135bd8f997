"""Issue 26, item 0: each reproduction of a wrong `verify` step (a limit towards another cell or a
parameter, a two-sided limit that does not exist, a printed figure that is the value truncated at
an exact tie, a derivative across a branch edge) as a row, with the verdict it must get."""

from __future__ import annotations

import textwrap

import pytest

from symmetric.verify import prepare, run

LIMIT = '''
[[claim]]
id = "c"
statement = "a limit"
{params}
  [[claim.step]]
  limit = "{of}"
  var = "{var}"
  to = "{to}"
  {direction}
  printed = "{printed}"
'''

# (expression, var, to, direction, printed, params, verdict)
LIMITS = [
    ("abs(TP - FP)/(TP - FP)", "TP", "FP", "+", "0", "", "corrected"),
    ("abs(TP - FP)/(TP - FP)", "TP", "FP", "+", "1", "", "proved"),
    ("abs(TP - FP)/(TP - FP)", "TP", "FP", "-", "-1", "", "proved"),
    ("abs(TP - FP)/(TP - FP)", "TP", "FP", "-", "0", "", "corrected"),
    ("abs(TP - FP)/(TP - FP)", "TP", "FP", "+-", "1", "", "refuted"),
    ("cases(TP > FN, TN/(TN+1), 0)", "TP", "FN", "+-", "0", "", "refuted"),
    ("cases(TP > FN, TN/(TN+1), 0)", "TP", "FN", "+", "TN/(TN+1)", "", "proved"),
    ("cases(TP > FN, TN/(TN+1), 0)", "TP", "FN", "-", "0", "", "proved"),
    ("cases(a < TP, TN, FN)", "a", "TP", "-", "FN", 'params = ["a>0"]', "corrected"),
    ("cases(a < TP, TN, FN)", "a", "TP", "-", "TN", 'params = ["a>0"]', "proved"),
    ("cases(a < TP, TN, FN)", "a", "TP", "+", "FN", 'params = ["a>0"]', "proved"),
    # a parameter's bounds: a in (0, 1) reaches 1/2 from both sides, 0 from above only, 2 not at all
    ("cases(a < 1/2, TP, FP)", "a", "1/2", "-", "TP", 'params = ["0<a<1"]', "proved"),
    ("cases(a < 1/2, TP, FP)", "a", "1/2", "+-", "TP", 'params = ["0<a<1"]', "refuted"),
    ("TP*a + FP*abs(a)/a", "a", "0", "+-", "FP", 'params = ["0<a<1"]', "proved"),
    ("TP*a", "a", "2", "-", "2*TP", 'params = ["0<a<1"]', "undetermined"),
    # towards a sum of cells, and the familiar limits that were already right
    ("(TP - FP - FN)/abs(TP - FP - FN)", "TP", "FP + FN", "+", "1", "", "proved"),
    ("(TP - FP - FN)/abs(TP - FP - FN)", "TP", "FP + FN", "-", "1", "", "corrected"),
    ("2*TP/(2*TP+FP+FN)", "FP", "0", "+", "2*TP/(2*TP+FN)", "", "proved"),
    ("TP/(TP+FP)", "FP", "oo", "", "0", "", "proved"),
    ("TP/(TP+FP)", "FP", "oo", "", "1", "", "corrected"),
]


def _verdict(tmp_path, text):
    path = tmp_path / "claims.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    _, claims = prepare(path)
    return run(claims[0])


@pytest.mark.parametrize("of,var,to,direction,printed,params,verdict", LIMITS)
def test_a_limit_is_taken_towards_what_is_printed(tmp_path, of, var, to, direction, printed, params, verdict):
    text = LIMIT.format(of=of, var=var, to=to, printed=printed, params=params,
                        direction=f'direction = "{direction}"' if direction else "")
    result = _verdict(tmp_path, text)
    assert result.verdict.value == verdict, (result.verdict, [s.justification for s in result.steps])


VALUE = '''
[[claim]]
id = "c"
statement = "a value"
  [[claim.step]]
  value = "{of}"
  at = {at}
  printed = "{printed}"
'''

VALUES = [
    ("TP/(TP+FP)", "{ TP = 11, FP = 9 }", "0.5", "corrected"),     # 0.55 exactly: rounds to 0.6
    ("TP/(TP+FP)", "{ TP = 11, FP = 9 }", "0.6", "proved"),
    ("TP/(TP+FP)", "{ TP = 11, FP = 9 }", "0.55", "proved"),
    ("TP/(TP+FP)", "{ TP = 11, FP = 9 }", "0.550", "proved"),
    ("TP/(TP+FP)", "{ TP = 1, FP = 7 }", "0.13", "proved"),          # 0.125: half-up 0.13
    ("TP/(TP+FP)", "{ TP = 1, FP = 7 }", "0.12", "proved"),          # half to even
    ("TP/(TP+FP)", "{ TP = 3, FP = 5 }", "0.37", "corrected"),       # 0.375: 0.38 either way
    ("-TP/(TP+FP)", "{ TP = 11, FP = 9 }", "-0.6", "proved"),         # half away from zero
    ("-TP/(TP+FP)", "{ TP = 11, FP = 9 }", "-0.5", "corrected"),
    ("TP/(TP+FP)", "{ TP = 2, FP = 1 }", "0.667", "proved"),
    ("TP/(TP+FP)", "{ TP = 2, FP = 1 }", "0.666", "corrected"),
    ("TP/(TP+FP)", "{ TP = 2, FP = 1 }", "2/3", "proved"),
    ("sqrt(TP/(TP+FP))", "{ TP = 1, FP = 1 }", "0.707", "proved"),
    ("sqrt(TP/(TP+FP))", "{ TP = 1, FP = 1 }", "0.708", "corrected"),
]


@pytest.mark.parametrize("of,at,printed,verdict", VALUES)
def test_a_value_is_compared_under_the_rounding_it_claims(tmp_path, of, at, printed, verdict):
    result = _verdict(tmp_path, VALUE.format(of=of, at=at, printed=printed))
    assert result.verdict.value == verdict, (result.verdict, [s.justification for s in result.steps])


DERIVATIVE = '''
[[claim]]
id = "c"
statement = "a derivative"
  [[claim.step]]
  derivative = "{of}"
  wrt = "{wrt}"
  printed = "{printed}"
'''

DERIVATIVES = [
    ("cases(TP > 3, TP, TP + 5)", "TP", "1", "undetermined"),
    ("cases(TP > 3, TP, 2*TP)", "TP", "cases(TP > 3, 1, 2)", "undetermined"),
    ("cases(TP > FP, TP, 0)", "TP", "cases(TP > FP, 1, 0)", "undetermined"),
    ("TP/(TP+FP)", "TP", "FP/(TP+FP)^2", "proved"),
    ("TP/(TP+FP)", "TP", "1/(TP+FP)", "corrected"),
]


@pytest.mark.parametrize("of,wrt,printed,verdict", DERIVATIVES)
def test_a_derivative_is_not_claimed_across_a_branch_edge(tmp_path, of, wrt, printed, verdict):
    result = _verdict(tmp_path, DERIVATIVE.format(of=of, wrt=wrt, printed=printed))
    assert result.verdict.value == verdict, (result.verdict, [s.justification for s in result.steps])


def test_a_derivative_with_a_kink_is_not_claimed(tmp_path):
    result = _verdict(tmp_path, DERIVATIVE.format(of="cases(TP > FP, TP - FP, FP - TP) + TN", wrt="TP",
                                                  printed="cases(TP > FP, 1, -1)"))
    assert result.verdict.value == "undetermined"
    from symmetric.render import text
    assert "branch edges" in text.prose(result.steps[0].justification)


def test_a_limit_point_in_the_variable_itself_is_refused(tmp_path):
    from cli_support import assert_user_error, invoke
    path = tmp_path / "claims.toml"
    path.write_text(textwrap.dedent(LIMIT.format(of="TP/(TP+FP)", var="TP", to="TP + 1", printed="0", params="",
                                                 direction="")), encoding="utf-8")
    assert_user_error(invoke("verify", str(path)), "depends on the variable TP")


def test_the_verify_cli_reports_a_missing_limit_with_an_exact_point(tmp_path):
    import json

    from cli_support import invoke
    path = tmp_path / "claims.toml"
    path.write_text(textwrap.dedent(LIMIT.format(of="cases(TP > FN, TN/(TN+1), 0)", var="TP", to="FN",
                                                 printed="0", params="", direction="")), encoding="utf-8")
    r = invoke("verify", str(path), "--json", "-")
    claim = json.loads(r.stdout[r.stdout.index("{"):])["claims"][0]
    assert claim["verdict"] == "refuted"
    tn = int(claim["counterexample"]["TN"]["text"])
    assert tn > 0                     # from below 0, from above TN/(TN+1) > 0: they differ there
