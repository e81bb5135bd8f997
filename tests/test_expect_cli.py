"""`symmetric expect`: values, exact parsing, and every kind of bad input (exit 2, no traceback)."""

from fractions import Fraction

import pytest
from click.testing import CliRunner

from cli_support import assert_user_error
from symmetric.cli import main


def run(*args):
    return CliRunner().invoke(main, ["expect", *args])


@pytest.mark.parametrize("args,lines", [
    (["--measure", "F1", "--p", "0.4,0.4,0.2", "--assign", "1,1,0", "--exact"], ["E[F1] = 286/625"]),
    (["--measure", "f1", "--p", "0.9,0.9,0.4", "--assign", "1,1,1", "--exact"], ["E[F1] = 1033/1250"]),
    (["--measure", "F1", "--p", "0.4,0.4,0.2", "--best", "--exact"],
     ["best PRP assignment: 1,1,0 (top 2 of 3)", "E[F1] = 286/625"]),
    (["--measure", "LewisF", "--beta", "0", "--p", "0.5,0.25", "--assign", "1,0", "--exact"], ["E[LewisF] = 1/2"]),
    (["--measure", "F1", "--p", "0,1", "--assign", "1,1", "--exact"], ["E[F1] = 2/3"]),   # endpoints allowed
    (["--measure", "F1", "--p", " 1/3 ,\t0.1 ", "--assign", " 1, 0", "--exact"], ["E[F1] = 29/90"]),
    (["--measure", "F1", "--p", "0e-999999999,1.", "--assign", "1,1", "--exact"], ["E[F1] = 2/3"]),
    (["--measure", "LewisF", "--param", "C_F=0", "--p", "0.4,0.4,0.2", "--assign", "0,0,0", "--exact"],
     ["E[LewisF] = 0"]),
    (["--measure", "SEC", "--p", "0.7,0.6", "--best", "--exact"], ["best PRP assignment: 1,0 (top 1 of 2)",
                                                                   "E[SEC] = 27/50"]),
    (["--measure", "F1", "--p", "1/3,0.1", "--assign", "1,0", "--exact"], ["E[F1] = 29/90"]),
])
def test_values(args, lines):
    result = run(*args)
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    for line in lines:
        assert line in out


def test_exact_parsing_never_goes_through_float():
    # 0.1 + 0.2 as floats is not 0.3; the exact result of this assignment is 3/10 + ... exactly.
    result = run("--measure", "SEC", "--p", "0.1,0.2", "--assign", "0,0", "--exact")
    # E[(Z1+Z2)^2] = var + mean^2 = 0.09 + 0.16 + 0.09 = 0.34
    assert "E[SEC] = 17/50" in result.output.splitlines()


@pytest.mark.parametrize("args,exact_value,kind", [
    (["--measure", "F1", "--p", "0.4,0.4,0.2", "--assign", "1,1,0"], Fraction(286, 625), "<="),
    (["--measure", "F1", "--p", "0.4,0.4,0.2", "--best"], Fraction(286, 625), "<="),
    (["--measure", "Fbeta", "--beta", "1e30", "--p", "0.5,0.5", "--assign", "1,0"], None, "<="),
    (["--measure", "Kappa", "--p", "0.4,0.4,0.2", "--assign", "1,1,0"], None, "~"),
])
def test_float_output_separates_estimate_and_bound(args, exact_value, kind):
    result = run(*args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()[-2:]
    name = args[1]
    head, _, tail = lines[0].partition(" ~ ")
    assert head == f"E[{name}]" and tail.endswith(" (floating-point estimate)")
    value = float(tail.split()[0])
    assert lines[1].startswith(f"  |estimate - E[{name}]| {kind} ")
    bound = Fraction(lines[1].split()[4])
    if kind == "~":
        assert "not a proved bound" in lines[1]
    if exact_value is not None:
        assert abs(Fraction(value) - exact_value) <= bound


@pytest.mark.parametrize("args,lines", [
    (["--measure", "F1", "--p", "0.4,0.4,0.2", "--assign", "1,1,0", "--exact"],
     ["E[F1] = 286/625", "  ~ 0.4576 (decimal approximation of the exact value)"]),
    (["--measure", "F1", "--p", "1/3", "--best", "--exact"],
     ["best PRP assignment: 0 (top 0 of 1)", "E[F1] = 2/3",
      "  ~ 0.666666666667 (decimal approximation of the exact value)"]),
    (["--measure", "F1", "--p", "1e-1000", "--assign", "1", "--exact"],       # float(value) would be 0
     ["  ~ 1e-1000 (decimal approximation of the exact value)"]),
    (["--measure", "Loss", "--param", "lambda11=1e400", "--p", "0.5,0.5", "--assign", "1,0", "--exact"],
     ["  ~ 2.50000000000e+399 (decimal approximation of the exact value)"]),    # float() would raise
])
def test_exact_output_has_decimal_approximation(args, lines):
    result = run(*args)
    assert result.exit_code == 0, result.output
    for line in lines:
        assert line in result.output.splitlines()


@pytest.mark.parametrize("args", [
    ["--measure", "Fbeta", "--beta", "1e200", "--p", "0.5,0.5", "--assign", "1,0"],      # beta^2 = 1e400
    ["--measure", "Fbeta", "--beta", "1e-200", "--p", "0.5,0.5", "--best"],             # beta^2 underflows
    ["--measure", "Loss", "--param", "lambda11=1e400", "--p", "0.5,0.5", "--assign", "1,0"],
    ["--measure", "Loss", "--param", "lambda12=-1e100", "--p", "0.5,0.5", "--best"],
])
def test_float_overflow_suggests_exact(args):
    assert_user_error(run(*args), "floating point; use --exact")
    result = run(*args, "--exact")
    assert result.exit_code == 0, result.output


def test_probabilities_from_file(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("0.4\n# comment\n0.4\n\n0.2\n")
    result = run("--measure", "F1", "--p", f"@{f}", "--best", "--exact")
    assert result.exit_code == 0
    assert "E[F1] = 286/625" in result.output


@pytest.mark.parametrize("args,fragment", [
    (["--measure", "F1", "--p", "0.4,1.2", "--assign", "1,0"], "outside [0, 1]"),
    (["--measure", "F1", "--p", "0.4,-0.1", "--assign", "1,0"], "outside [0, 1]"),
    (["--measure", "F1", "--p", "0.4,0.3", "--assign", "1,0,1"], "3 decisions but --p has 2"),
    (["--measure", "F1", "--p", "0.4,abc", "--assign", "1,0"], "cannot read probability 'abc'"),
    (["--measure", "F1", "--p", "0.4,nan", "--assign", "1,0"], "cannot read probability 'nan'"),
    (["--measure", "F1", "--p", "0.4,0.5", "--assign", "1,2"], "not 0 or 1"),
    (["--measure", "F1", "--p", "0.4,,0.5", "--assign", "1,0,1"], "empty entry"),
    (["--measure", "F2", "--p", "0.4", "--assign", "1"], "did you mean"),
    (["--measure", "F1", "--p", "0.4", "--assign", "1", "--beta", "2"], "no parameter 'beta'"),
    (["--measure", "Fbeta", "--p", "0.4", "--assign", "1", "--beta", "x"], "cannot read beta"),
    (["--measure", "F1", "--p", "0.4"], "exactly one of --assign and --best"),
    (["--measure", "F1", "--p", "0.4", "--assign", "1", "--best"], "exactly one of --assign and --best"),
    (["--measure", "F1", "--p", "@/nonexistent/p.txt", "--best"], "/nonexistent/p.txt: cannot read probability file: not found"),
    (["--measure", "Phi", "--p", "0.4,0.5", "--assign", "1,0", "--exact"], "not a rational function"),
])
def test_bad_input_exit_2(args, fragment):
    assert_user_error(run(*args), fragment)


def test_bad_line_in_file_is_named(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("0.4\n0.3\n1.5\n")
    assert_user_error(run("--measure", "F1", "--p", f"@{f}", "--best"),
                      f"{f}, line 3: probability 3/2 is outside [0, 1]")
    f.write_text("0.4\nzero\n")
    assert_user_error(run("--measure", "F1", "--p", f"@{f}", "--best"),
                      f"{f}, line 2: cannot read probability 'zero'")


def test_inline_column_is_named():
    assert_user_error(run("--measure", "F1", "--p", "0.4,0.4x", "--assign", "1,0"), "--p, column 5")


LONG = "0." + "0" * 1000 + "1"


@pytest.mark.parametrize("args,fragment", [
    (["--p", "1e-5000", "--assign", "1", "--exact"], "'1e-5000' is out of range (magnitude 10^-5000"),
    (["--p", "1e5000", "--assign", "1"], "'1e5000' is out of range"),
    (["--p", LONG, "--assign", "1"], "has more than 1000 digits"),
    (["--p", "1e999", "--assign", "1"], "probability 1e999 is outside [0, 1]"),
    (["--p", "1/0", "--assign", "1"], "'1/0' has denominator 0"),
    (["--p", "", "--assign", ""], "--p: no probability values given"),
    (["--p", "  ", "--best"], "--p: no probability values given"),
    (["--p", "0.5", "--assign", ""], "--assign: no decision values given"),
    (["--p", "@", "--best"], "--p: no file name after '@'"),
    (["--p", "inf", "--best"], "cannot read probability 'inf'"),
    (["--p", "-Infinity", "--best"], "cannot read probability '-Infinity'"),
    (["--p", "NaN", "--best"], "cannot read probability 'NaN'"),
    (["--p", "1_0e-1", "--best"], "cannot read probability '1_0e-1'"),
    (["--p", "\u0660.\u0665", "--best"], "cannot read probability"),          # Arabic-Indic digits
    (["--p", ".", "--best"], "cannot read probability '.'"),
    (["--p", "0.5", "--best", "--measure", "Fbeta", "--beta", "0"], "outside the domain of Fbeta's beta, (0, oo)"),
    (["--p", "0.5", "--best", "--measure", "Fbeta", "--beta", "-2"], "--beta: beta = -2 is outside"),
    (["--p", "0.5", "--best", "--measure", "Fbeta", "--beta", "1e-2000"], "out of range"),
    (["--p", "0.5", "--best", "--measure", "LewisF", "--param", "C_F=1.5"],
     "C_F = 3/2 is outside the domain of LewisF's C_F, [0, 1]"),
    (["--p", "0.5", "--best", "--measure", "LewisF", "--param", "beta=-1"], "[0, oo)"),
    (["--p", "0.5", "--best", "--measure", "Fbeta", "--beta", "2", "--param", "beta=3"], "given twice"),
    (["--p", "0.5", "--best", "--measure", "Fbeta", "--param", "beta=1", "--param", "beta=2"], "given twice"),
])
def test_numbers_limited_and_domains_enforced(args, fragment):
    if "--measure" not in args:
        args = ["--measure", "F1", *args]
    assert_user_error(run(*args), fragment)


def test_huge_exponent_is_refused_at_once():
    from symmetric.errors import InputError
    from symmetric.expectation.judgments import parse_rational
    for text in ("1e-999999999", "1e999999999", "7.5e+99999999999999999999"):
        with pytest.raises(InputError, match="out of range"):
            parse_rational(text, what="probability")


def test_file_with_bom_whitespace_comments_and_crlf(tmp_path):
    f = tmp_path / "p.txt"
    f.write_bytes("\ufeff 0.4  # first\r\n\t0.4\r\n   # only a comment\r\n\r\n0.2 \r\n".encode("utf-8"))
    result = run("--measure", "F1", "--p", f"@{f}", "--assign", "1,1,0", "--exact")
    assert result.exit_code == 0, result.output
    assert "E[F1] = 286/625" in result.output.splitlines()
    f.write_text("0.4\n  1e5000 # too big\n")
    assert_user_error(run("--measure", "F1", "--p", f"@{f}", "--best"),
                      f"{f}, line 2: probability '1e5000' is out of range")
    f.write_text("# nothing but comments\n\n")
    assert_user_error(run("--measure", "F1", "--p", f"@{f}", "--best"), f"{f}: no probability values in file")


@pytest.mark.parametrize("args,lines", [
    (["--measure", "ASP", "--p", "1,0.5", "--best", "--exact"],
     ["best PRP assignment: 1,0 (top 1 of 2)",
      "  (skipped top k for k = 0: ASP is undefined on a table of positive probability there)", "E[ASP] = 3/4"]),
    (["--measure", "ASP", "--p", "1,0.5", "--best"],
     ["best PRP assignment: 1,0 (top 1 of 2)", "E[ASP] ~ 0.75 (floating-point estimate)"]),
])
def test_best_skips_undefined_candidates(args, lines):
    result = run(*args)
    assert result.exit_code == 0, result.output
    for line in lines:
        assert line in result.output.splitlines()


@pytest.mark.parametrize("extra", [[], ["--exact"]])
def test_best_with_every_candidate_undefined(extra):
    assert_user_error(run("--measure", "BalAcc", "--p", "0.5,0.9", "--best", *extra),
                      "for every k = 0..2 the top-k assignment has no expected value")


@pytest.mark.parametrize("args,line", [
    (["--measure", "Acc", "--p", "0.5,0.5,0.5", "--best", "--exact"], "  (top k for k = 1..3 attain the same value)"),
    (["--measure", "Acc", "--p", "0.5,0.5,0.5", "--best"],
     "  (top k for k = 1..3 are within the rounding error of it, so floating point cannot tell which is best; "
     "--exact can)"),
    # exactly, top 1 wins by 1e-20; floating point sees a tie and must say so
    (["--measure", "Acc", "--p", "0.50000000000000000001,0.5", "--best"],
     "  (top k for k = 1..2 are within the rounding error of it, so floating point cannot tell which is best; "
     "--exact can)"),
    (["--measure", "Acc", "--p", "0.50000000000000000001,0.5", "--best", "--exact"],
     "  (top k for k = 2 attain the same value)"),
])
def test_best_reports_ties_and_indistinguishable_candidates(args, line):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert line in result.output.splitlines()


def test_best_without_rivals_says_nothing_more():
    result = run("--measure", "F1", "--p", "0.4,0.4,0.2", "--best")
    assert result.exit_code == 0 and "(top k" not in result.output


@pytest.mark.parametrize("content,fragment", [
    ("0.4,0.2\n", "line 1: one probability per line, found '0.4,0.2'"),
    ("0.4\n0.2 0.3\n", "line 2: cannot read probability '0.2 0.3'"),
    ("0.1\n" * 40, "probability file is larger than"),            # the limit is lowered below
    (b"\xff\xfe0.4\n", "cannot read probability file"),
])
def test_bad_files(tmp_path, monkeypatch, content, fragment):
    from symmetric.expectation import judgments
    monkeypatch.setattr(judgments, "MAX_FILE_BYTES", 100)
    f = tmp_path / "p.txt"
    f.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert_user_error(run("--measure", "F1", "--p", f"@{f}", "--best"), fragment)


def test_file_name_with_tilde_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "p.txt").write_text("0.4\n0.4\n0.2\n")
    result = run("--measure", "F1", "--p", "@~/p.txt", "--assign", "1,1,0", "--exact")
    assert result.exit_code == 0, result.output
    assert "E[F1] = 286/625" in result.output.splitlines()


@pytest.mark.parametrize("extra, seconds", [((), 300.0), (("--time-limit", "0"), None), (("--time-limit", "7"), 7.0)])
def test_time_limit_defaults_to_300_seconds(monkeypatch, extra, seconds):
    from symmetric.cli import expect_cmd
    from symmetric.timelimit import HardLimit
    seen = []

    class Recording(HardLimit):
        def __init__(self, limit):
            seen.append(limit)
            super().__init__(limit)
    monkeypatch.setattr(expect_cmd.timelimit, "HardLimit", Recording)
    result = CliRunner().invoke(main, ["expect", "--measure", "F1", "--p", "0.5,0.5", "--assign", "1,0", *extra])
    assert result.exit_code == 0, result.output
    assert seen == [seconds]
    assert "[default: 300]" in CliRunner().invoke(main, ["expect", "--help"]).output
