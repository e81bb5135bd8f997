"""`symmetric check`: good input, and every kind of bad input exits 2 with a position."""

import json

import pytest
from cli_support import assert_user_error
from cli_support import run_check as run


def test_catalogue_measure_json(tmp_path):
    r = run(["--measure", "K", "--json", "-"], tmp_path)
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout[r.stdout.index("["):])
    props = {}
    for p in report[0]["properties"]:          # the first entry of a property is its headline reading
        props.setdefault(p["property"], p["verdict"])
    assert props["MON"] == "holds" and props["CHA"] == "holds" and "SM" in props
    entries = report[0]["properties"]
    assert all(set(e) == {"property", "reading", "verdict", "proof", "counterexample", "reason", "certificates"}
               for e in entries)
    # a certificate object per proved case, as the independent checker reads it
    from symmetric import kernel
    mon = next(e for e in entries if e["property"] == "MON")
    assert mon["certificates"] and all(kernel.check(c["certificate"]) is None for c in mon["certificates"])
    assert [e["reading"] for e in entries if e["property"] == "CHA"] == ["defined, bernoulli", "strict, bernoulli"]
    assert r"\input{check-k}" in (tmp_path / "tex" / "check.tex").read_text()
    assert (tmp_path / "tex" / "check-k.tex").exists()


def test_command_line_measure_with_parameter(tmp_path):
    r = run(["--counts", "(lambda*TP + TN)/(lambda*AP + AN)", "--param", "lambda>0", "--name", "WA"], tmp_path)
    assert r.exit_code == 0, r.output
    assert "WA" in r.output


def test_probability_form(tmp_path):
    r = run(["--probs", "P(S|G) + P(not S|not G) - 1", "--name", "Y", "--json", str(tmp_path / "o.json")], tmp_path)
    assert r.exit_code == 0, r.output
    assert json.loads((tmp_path / "o.json").read_text())[0]["measure"] == "Y"


def test_toml_several_measures(tmp_path):
    f = tmp_path / "m.toml"
    f.write_text('[[measure]]\nname = "A"\ncounts = "(TP+TN)/n"\n\n[[measure]]\ncatalogue = "F1"\n')
    r = run([str(f), "--json", "-"], tmp_path)
    assert r.exit_code == 0, r.output
    assert [m["measure"] for m in json.loads(r.stdout[r.stdout.index("["):])] == ["A", "F1"]


BAD_CLI = [
    (["--counts", "TP +"], "<command line>, line 1, column 5"),
    (["--counts", "Tp/AP"], "unknown name 'Tp'"),
    (["--counts", "__import__('os').system('touch /tmp/pwned_by_check')"], "strings are not allowed"),
    (["--counts", "TP.real"], "attribute access"),
    (["--counts", "9**9**9**9"], "exponent too large"),
    (["--counts", "TP/AP + 0*sqrt(-1)"], "<command line>, line 1, column 11", "not a real number"),
    (["--counts", "TP/AP + log(-1)"], "<command line>, line 1, column 9", "not a real number"),
    (["--counts", "TP/(AP - AP)"], "<command line>, line 1, column 3", "division by zero"),
    (["--counts", "TP/AP + 1e999"], "<command line>, line 1, column 9", "exponent too large"),
    (["--counts", "TP/AP + 1" + "0" * 60], "column 9", "longer than 40 digits"),
    (["--counts", "TP/AP + \u0661"], "column 9", "unexpected character"),
    (["--counts", "TP/AP*(exp(64)^64)^64"], "column 19", "combined exponent too large"),
    (["--counts", "TP*TN/TN + FP/AN"], "<command line>, line 1, column 6", "vanishes where TN = 0",
     "cases(TN = 0, VALUE, "),
    (["--counts", "TP", "--probs", "P(G)"], "exactly one"),
    (["--counts", "lam*TP", "--param", "lam<=0"], "strict"),
    (["--measure", "F11"], "did you mean 'F1'"),
    (["--param", "a>0"], "--param needs"),
    ([], "nothing to check"),
    # options that would have no effect are refused, not ignored
    (["--measure", "F1", "--name", "Foo"], "--name applies only to a measure given with --counts or --probs"),
    (["--measure", "F1", "--name", "M"], "--name applies only"),        # even the default, when typed
    (["--measure", "F1", "--lower-is-better"], "--lower-is-better applies only"),
]


@pytest.mark.parametrize("args,fragments", [(case[0], case[1:]) for case in BAD_CLI])
def test_bad_command_line(args, fragments, tmp_path):
    assert_user_error(run(args, tmp_path), *fragments)


BAD_TOML = [
    ('[[measure]]\nname = "A"\ncounts = "TP +* FN"\n', "line 3, column 15"),
    ('[[measure]]\nname = "A"\ncounts = \n', "invalid TOML"),
    ('[[measure]]\ncounts = "TP"\n', "missing field 'name'"),
    ('[[measure]]\nname = "A"\n', "exactly one"),
    ('[[measure]]\nname = "A"\ncounts = "TP"\ncolour = 1\n', "unknown field"),
    ('title = "x"\n', "unknown top-level key"),
    ('[[measure]]\nname = "A"\ncounts = "foo(TP)"\n', "unknown function 'foo'"),
    ('[[measure]]\nname = "A"\ncounts = "TP"\nparams = "a>0"\n', "must be a list"),
    ('\n\n[[measure]]\nname = "A"\ncounts = "TP"\n[[measure]]\ncatalogue = "NoSuch"\n', "line 6"),
]


@pytest.mark.parametrize("text,fragment", BAD_TOML)
def test_bad_toml(text, fragment, tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    assert_user_error(run([str(f)], tmp_path), str(f), fragment)


def test_missing_file(tmp_path):
    missing = tmp_path / "nope.toml"
    assert_user_error(run([str(missing)], tmp_path), str(missing), "cannot read")


@pytest.mark.parametrize("counts,expected", [
    # Youden's J as a new measure: undefined exactly on the test sets with AP = 0 or AN = 0
    ("TP/AP + TN/AN - 1", {"SDE": "fails", "WDE": "holds", "FIX": "holds"}),
    # MCC as a new measure: square roots; FIX decided by z3 with constrained root variables
    ("(TP*TN - FP*FN)/sqrt(AP*AN*PP*PN)", {"WDE": "fails", "FIX": "holds"}),
])
def test_new_measure_wde_fix(counts, expected, tmp_path):
    r = run(["--counts", counts, "--name", "New", "--json", "-"], tmp_path)
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout[r.stdout.index("["):])
    props = {}
    for p in report[0]["properties"]:          # the first entry of a property is its headline reading
        props.setdefault(p["property"], p)
    assert {k: props[k]["verdict"] for k in expected} == expected
    if props["WDE"]["verdict"] == "fails":
        cx = props["WDE"]["counterexample"]
        assert cx["M(undefined)"]["text"] == "undefined" and cx["M(defined)"]["text"] != "undefined"


# Errors inside TOML strings point into the file: a multi-line string starts on the line after
# its quotes, escapes and line-ending backslashes make the string shorter than its text.
TOML_POSITIONS = [
    ('[[measure]]\nname = "A"\ncounts = """\n  TP/AP\n  + @ FN"""\n', "line 5, column 5", "'@'"),
    ('[[measure]]\nname = "A"\ncounts = """TP/AP +\n   TN/AN + foo(1)"""\n', "line 4, column 12",
     "unknown function 'foo'"),
    ('[[measure]]\nname = "A"\ncounts = "TP\\t+ \\u0041P + @"\n', "line 3, column 27", "'@'"),
    ('[[measure]]\nname = "A"\ncounts = """TP + \\\n      FN +\\\n   @"""\n', "line 5, column 4", "'@'"),
    ("[[measure]]\nname = \"A\"\ncounts = '''\nTP +\n   Tp'''\n", "line 5, column 4", "unknown name 'Tp'"),
    ('[[measure]]\nname = "A"\ncounts = """\nTP +\n  """\n', "line 5, column 3", "unexpected end of input"),
    ('[[measure]]\nname = "A"\ncounts = """\nTP/AP\n + 0*sqrt(-1)"""\n', "line 5, column 6", "not a real number"),
    ('[[measure]]\nname = "A"\ncounts = """\nTP +\n  \\q"""\n', "line 5, column 5", "invalid TOML"),
    ('[[measure]]\r\nname = "A"\r\ncounts = """\r\nTP +\r\n  @"""\r\n', "line 5, column 3", "'@'"),
    ('kind = "quantification"\n[[measure]]\nname = "Q"\nterm = """\nabs(q - p)\n  / m"""\n', "line 6, column 5",
     "unknown name 'm'"),
]


@pytest.mark.parametrize("text,position,fragment", TOML_POSITIONS)
def test_toml_string_errors_point_into_the_file(text, position, fragment, tmp_path):
    f = tmp_path / "pos.toml"
    f.write_bytes(text.encode("utf-8"))
    assert_user_error(run([str(f)], tmp_path), f"{f}, {position}", fragment)


@pytest.mark.parametrize("data,position", [
    (b'[[measure]]\nname = "A\xe9"\ncounts = "TP"\n', "line 2, column 10"),      # Latin-1
    (b'\xff\xfe[\x00[\x00', "line 1, column 1"),                                 # UTF-16
])
def test_toml_not_utf8(data, position, tmp_path):
    f = tmp_path / "latin.toml"
    f.write_bytes(data)
    assert_user_error(run([str(f)], tmp_path), f"{f}, {position}", "not UTF-8")


# Parameter declarations: each error names its --param (or the file) and the column of the
# offending piece.
BAD_PARAM_CLI = [
    (["--param", "a>b"], "--param 'a>b', line 1, column 3", "bound must be a number"),
    (["--param", "a>>0"], "--param 'a>>0', line 1, column 3", "nothing before '>'"),
    (["--param", "a=1"], "--param 'a=1', line 1, column 2", "strict"),
    (["--param", ""], "--param '', line 1, column 1", "empty declaration"),
    (["--param", "0 < a < 1 < 2"], "--param '0 < a < 1 < 2', line 1, column 11", "cannot read"),
    (["--param", "a>0", "--param", " a<1"], "--param ' a<1', line 1, column 2", "'a' declared twice (first: 'a>0')"),
    (["--param", "0<FN<1"], "--param '0<FN<1', line 1, column 3", "'FN' is already used"),
    (["--param", "0<a<sqrt(-2)"], "--param '0<a<sqrt(-2)', line 1, column 5", "not a real number"),
    (["--param", "b>0"], "<command line>, line 1, column 1", "unknown name 'a'", "--param \"a>0\""),
]


@pytest.mark.parametrize("args,fragments", [(case[0], case[1:]) for case in BAD_PARAM_CLI])
def test_bad_parameter_on_command_line(args, fragments, tmp_path):
    assert_user_error(run(["--counts", "a*TP + TN", *args], tmp_path), *fragments)


BAD_PARAM_TOML = [
    ('params = ["a>0",\n  "a<1"]\n', "line 5, column 4", "'a' declared twice"),
    ('params = ["0<a<1",  # weight\n   "b > @"]\n', "line 5, column 9", "unexpected character '@'"),
    ('params = ["TN>0"]\n', "line 4, column 12", "'TN' is already used"),
    ("params = ['a <= 1']\n", "line 4, column 14", "strict"),
    ('params = ["a>0", 1]\n', "line 4", "must be a list of strings"),
    ('params = []\n', "line 3, column 11", "unknown name 'a'"),
]


@pytest.mark.parametrize("params,position,fragment", BAD_PARAM_TOML)
def test_bad_parameter_in_toml(params, position, fragment, tmp_path):
    f = tmp_path / "p.toml"
    f.write_text('[[measure]]\nname = "A"\ncounts = "a*TP + TN"\n' + params)
    assert_user_error(run([str(f)], tmp_path), f"{f}, {position}", fragment)


def test_parameters_in_toml_accepted(tmp_path):
    # the measure of test_command_line_measure_with_parameter, from a file: its verdicts are that
    # test's (the session's result cache), so the file's reading is what this test pays for
    f = tmp_path / "p.toml"
    f.write_text('[[measure]]\nname = "WA"\ncounts = "(lambda*TP + TN)/(lambda*AP + AN)"\n'
                 'params = [\n  "lambda>0",  # weight\n]\n')
    r = run([str(f), "--json", "-"], tmp_path)
    assert r.exit_code == 0, r.output


# Progress on standard error: one line per property as it is decided (with its own time where it
# has one), then the measure's total; the report itself is unchanged.
PROGRESS = [
    # 21 properties in the headline reading, 18 of them also in the strict definedness reading
    (["--measure", "F1"], ["checking F1 (classification) ...", "  SM (defined, nondegenerate): fails (",
                           "  SM (strict, nondegenerate): fails (", "  CHA (defined, bernoulli): fails (",
                           "  CHA (strict, bernoulli): fails (", "  SYM: fails (", "F1: 39 verdicts in "]),
    (["--measure", "F1", "--headline-only"], ["  SM (defined, nondegenerate): fails (", "F1: 21 verdicts in "]),
    (["--measure", "F1", "--headline-only", "--reading", "model=uniform-size,fixed-size"],
     ["  CHA (defined, bernoulli): fails (", "  CHA (defined, uniform-size): fails (",
      "  CHA (defined, fixed-size): fails (", "F1: 23 verdicts in "]),
    (["--kind", "quantification", "--measure", "AE"], ["checking AE (quantification) ...", "  IoI: holds\n",
                                                       "  B-ABS: holds\n", "AE: 12 verdicts in "]),
]


@pytest.mark.parametrize("args,lines", PROGRESS)
def test_progress_per_property(args, lines, tmp_path):
    result = run(args, tmp_path)
    assert result.exit_code == 0, result.output
    for line in lines:
        assert line in result.stderr, f"line={line!r} stderr={result.stderr!r}"


def test_a_toml_file_with_name_is_refused(tmp_path):
    f = tmp_path / "m.toml"
    f.write_text('[[measure]]\nname = "A"\ncounts = "(TP+TN)/n"\n')
    assert_user_error(run([str(f), "--name", "X"], tmp_path), "--name applies only")


def test_the_why_of_a_proof_by_cases_is_never_a_heading():
    """An invariance proved on the same faces as the measure's other invariances (F1's TSYM,
    ITN, ISC) reads 'proved in 15 cases', not its clause's heading 'Clause M(FP <-> FN) = M:'."""
    import symmetric
    from symmetric.render import text
    results = symmetric.check("F1")
    reasons = dict(zip(((r.property, r.reading) for r in results), text.short_reasons(results)))
    for prop in ("TSYM", "ITN", "ISC"):
        reason = reasons[(prop, "defined")]
        assert reason.startswith("proved in ") and not reason.endswith(":"), (prop, reason)
