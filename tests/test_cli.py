"""The command line: listing, showing, proving, JSON, and user mistakes (exit 2, no traceback)."""

import json

import pytest
from click.testing import CliRunner

from cli_support import assert_user_error
from symmetric.cli import main


@pytest.fixture
def runner():
    return CliRunner()


def test_help_lists_commands(runner):
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0
    for command in ("prove", "list", "show"):
        assert command in result.output


def test_list_prefix(runner):
    result = runner.invoke(main, ["list", "amigo.notation"])
    assert result.exit_code == 0
    assert result.output.split("\t")[0] == "amigo.notation.contingency"
    assert "amigo.notation.noninformative" in result.output


@pytest.mark.parametrize("args,suggestion", [
    (["list", "amigo.notatoin"], "amigo.notation"),
    (["show", "amigo.appendix.wac_absolute_weighting"], "amigo.appendix.wacc_absolute_weighting"),
    (["prove", "amgio", "--no-pdf"], "amigo"),
])
def test_unknown_claim_is_exit_2_with_close_match(runner, args, suggestion):
    assert_user_error(runner.invoke(main, args), suggestion)


def test_unknown_command_suggests(runner):
    assert_user_error(runner.invoke(main, ["prov"]), "prove")


def test_show_prints_printed_and_derived(runner):
    result = runner.invoke(main, ["show", "amigo.appendix.wacc_absolute_weighting"])
    assert result.exit_code == 0
    assert "[wrong]" in result.output and "printed:" in result.output and "derived:" in result.output
    assert "verdict: corrected" in result.output


def test_show_draws_mathematics_in_unicode_and_latex_on_request(runner):
    claim = "amigo.appendix.wacc_absolute_weighting"
    drawn = runner.invoke(main, ["show", claim])
    source = runner.invoke(main, ["show", claim, "--latex"])
    assert drawn.exit_code == 0 and source.exit_code == 0, (drawn.output, source.output)
    # the derived threshold P(¬G)/P(G) is drawn as a fraction (a bar of ─) with the paper's names
    assert "─" in drawn.output and "P(¬G)" in drawn.output
    conclusion = next(line for line in drawn.output.splitlines() if line.startswith("conclusion:"))
    assert "λ > P(¬G)/P(G)" in conclusion, conclusion
    assert "\\frac{P(\\neg\\mathcal{G})}{P(\\mathcal{G})}" in source.output
    assert "about the source: As extracted" in drawn.output
    # the sentences too: no LaTeX source ($...$, \lambda) and no sympy operators (**, *) on the terminal
    for line in drawn.output.splitlines():
        assert "$" not in line and "\\" not in line and "**" not in line, line
    assert "λ ≷ 1/(2P(G))" in drawn.output          # a printed form typed in LaTeX, drawn


@pytest.mark.parametrize("claim, drawn, ascii_names", [
    ("lewis95.loss.threshold", ("λ₁₁ = 1", "pᵢ = 3/4", "pᵢ exceeds"), ("lambda11", "p_i")),
    ("quant.rel_abs_exclusive", ("p₁ = 1/5", "p₂ = 2/5"), ("p1 =", "relation = True")),
])
def test_show_names_a_counterexample_s_values_as_symbols(runner, claim, drawn, ascii_names, watched_claims_run):
    # after the session's all-claims run, in its process (its xdist group): the driver's memo holds
    # the verdicts, so this checks what `show` prints, not a second derivation (quant.rel_abs_exclusive
    # alone: 13 CPU-s computed again in the other worker, measured in the full suite)
    result = runner.invoke(main, ["show", claim])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("counterexample:"))
    assert all(text in line for text in drawn), line
    assert not any(text in line for text in ascii_names), line


def test_prove_writes_json_report_and_latex(runner, tmp_path, watched_claims_run):
    # in the all-claims run's process, as above (30 CPU-s when it derived the Amigo table again)
    out = tmp_path / "tex"
    result = runner.invoke(main, ["prove", "amigo.notation", "amigo.appendix.wacc", "--no-pdf",
                                  "--json", "-", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [r["id"] for r in report] == ["amigo.notation.contingency", "amigo.notation.noninformative",
                                         "amigo.appendix.wacc_absolute_weighting"]
    for entry in report:
        assert set(entry) >= {"id", "paper", "statement", "verdict", "discrepancies", "counterexample", "seconds"}
    wacc = report[2]
    assert wacc["verdict"] == "corrected"
    assert {"step", "printed", "derived"} <= set(wacc["discrepancies"][0])
    assert (out / "amigo.appendix.wacc_absolute_weighting.tex").exists()
    assert (out / "proofs.tex").exists() and (out / "symmetric-macros.tex").exists()


def test_readme_example_toml_checks(runner, tmp_path):
    from pathlib import Path
    example = Path(__file__).resolve().parent.parent / "examples" / "measures.toml"
    result = runner.invoke(main, ["check", str(example), "--json", "-", "--no-pdf", "--latex", str(tmp_path)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout[result.stdout.index("["):])
    assert [m["measure"] for m in report] == ["GeometricRecalls", "WeightedUtility", "K", "SquaredError"]
    weighted = {p["property"]: p["verdict"] for p in report[1]["properties"]}
    assert weighted["AW"] == "holds"      # lambda TP - FP: a parameter threshold decides


def test_help_is_lazy_and_its_table_matches_the_commands():
    """`symmetric --help` lists every command from the table without importing sympy, and the
    table's one-line help is each command's own."""
    import subprocess
    import sys

    code = ("import sys; from click.testing import CliRunner; from symmetric.cli import main; "
            "r = CliRunner().invoke(main, ['--help']); assert r.exit_code == 0, r.output; "
            "print('sympy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    from symmetric.cli import COMMANDS
    for name, (_, short) in COMMANDS.items():
        command = main.get_command(None, name)
        assert command is not None and command.get_short_help_str(80 - 6 - len(name)) == short, name
