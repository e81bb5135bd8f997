"""`symmetric expect`: values, exact parsing, and every kind of bad input (exit 2, no traceback)."""

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
    (["--measure", "Fbeta", "--beta", "0", "--p", "0.5,0.25", "--assign", "1,0", "--exact"], ["E[Fbeta] = 1/2"]),
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


def test_float_output_has_error_bound():
    result = run("--measure", "F1", "--p", "0.4,0.4,0.2", "--assign", "1,1,0")
    assert result.exit_code == 0
    value = float(result.output.splitlines()[0].split("=")[1])
    assert abs(value - 286 / 625) < 1e-12
    assert "rounding error bound" in result.output


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
    (["--measure", "F1", "--p", "@/nonexistent/p.txt", "--best"], "/nonexistent/p.txt: probability file not found"),
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
