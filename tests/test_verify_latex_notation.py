"""`symmetric verify`: the notation of real appendices in `latex` steps (issue 23).

One row per construct, each a true claim that must be *proved*; a chain of k relations must give
k step records.  The refusals name their line and column.  One claims file holds every row, so
the CLI runs once (module fixture)."""

from __future__ import annotations

import json

import pytest
from cli_support import assert_user_error, invoke

from symmetric.render.json import read

GMR = '[[measure]]\nname = "GMR"\ncounts = "sqrt(TP/(TP+FN) * TN/(TN+FP))"\n'
FB = '[[measure]]\nname = "Fb"\ncounts = "(1+beta^2)*TP/((1+beta^2)*TP + beta^2*FN + FP)"\nparams = ["beta>0"]\n'

# (claim id, the latex step as a paper prints it, extra claim fields or a [[measure]] the row needs)
ROWS = [
    ("chain-eq", r"F_1 = \frac{2\,\mathrm{TP}}{2\,\mathrm{TP} + \mathrm{FP} + \mathrm{FN}} = \frac{2 TP}{2 TP + FP + FN}", ""),
    ("chain-mixed", r"\mathrm{TPR} = \frac{TP}{TP+FN} < \frac{TP+FN}{TP+FN} = 1", ""),
    ("align-star", r"\begin{align*} \mathrm{BA} &= \frac{1}{2}\left(\frac{TP}{TP+FN} + \frac{TN}{TN+FP}\right) \nonumber \\ &= \frac{\mathrm{TPR} + \mathrm{TNR}}{2} \label{eq:ba} \end{align*}", ""),
    ("align", r"\begin{align} \mathrm{ACC} &= \frac{TP + TN}{TP + FP + FN + TN} \tag{3} \\ &< 1 \notag \end{align}", ""),
    ("aligned", r"\begin{aligned} J &= \mathrm{TPR} + \mathrm{TNR} - 1 \\ &= \mathrm{TPR} - \mathrm{FPR} \end{aligned}", ""),
    ("split", r"\begin{split} \mathrm{MK} &= \mathrm{PPV} + \mathrm{NPV} - 1 \\ &= \mathrm{PPV} - \mathrm{FOR} \end{split}", ""),
    ("gather", r"\begin{gather} \mathrm{FNR} = 1 - \mathrm{TPR} \\ \mathrm{FDR} = 1 - \mathrm{PPV} \end{gather}", ""),
    ("multline", r"\begin{multline} \mathrm{ACC} = \frac{TP}{n} \\ + \frac{TN}{n} \end{multline}", ""),
    ("eqnarray", r"\begin{eqnarray} \mathrm{FPR} &=& 1 - \mathrm{TNR} \end{eqnarray}", ""),
    ("trailing-period", r"\mathrm{TNR} = \frac{TN}{TN + FP}.", ""),
    ("trailing-comma", r"\mathrm{TNR} = \frac{TN}{TN + FP},", ""),
    ("text-if", r"\mathrm{PPV} > \frac{1}{2} \quad \text{if } TP > FP", ""),
    ("text-for-all", r"TP + FN > 0 \text{ for all } TP, FN > 0", ""),
    ("text-prose", r"\mathrm{FM} = \sqrt{\mathrm{PPV} \cdot \mathrm{TPR}} \quad \text{(geometric mean)}", ""),
    ("big", r"\bigl( \mathrm{TPR} + \mathrm{TNR} \bigr) - 1 = J", ""),
    ("Big-bigg", r"\Big( \mathrm{TPR} \Big) \cdot \biggl( 1 \biggr) = \mathrm{TPR}", ""),
    ("left-dot", r"\left. \frac{TP}{TP + FN} \right. = \mathrm{TPR}", ""),
    ("juxta-number", r"2\mathrm{TP} = TP + TP", ""),
    ("juxta-brackets", r"\mathrm{MCC} = \frac{TP \cdot TN - FP \cdot FN}{\sqrt{(\mathrm{TP}+\mathrm{FP})(\mathrm{TP}+\mathrm{FN})(\mathrm{TN}+\mathrm{FP})(\mathrm{TN}+\mathrm{FN})}}", ""),
    ("juxta-power-name", r"F_\beta = \frac{(1 + \beta^2)\,\mathrm{PPV}\cdot\mathrm{TPR}}{\beta^2\,\mathrm{PPV} + \mathrm{TPR}}", FB),
    ("cdot-glued", r"\mathrm{PPV}\cdot\mathrm{TPR} = \mathrm{TPR}\cdot\mathrm{PPV}", ""),
    ("times-glued", r"\mathrm{PPV}\times\mathrm{TPR} \le\mathrm{TPR}", ""),
    ("juxta-name-paren", r"TP(TN + 1) = TP \cdot TN + TP", ""),
    ("subscript-1", r"F_{1} = \frac{2\,\mathrm{PPV}\cdot\mathrm{TPR}}{\mathrm{PPV} + \mathrm{TPR}}", ""),
    ("kappa", r"\kappa = \mathrm{Kappa}", ""),
    ("phi", r"\phi = \mathrm{MCC}", ""),
    ("partial-mathrm", r"\frac{\partial \mathrm{BA}}{\partial \mathrm{TN}} = \frac{FP}{2 (TN + FP)^2}", ""),
    ("partial-sub", r"\frac{\partial F_{1}}{\partial FP} = -\frac{2 TP}{(2 TP + FP + FN)^2}", ""),
    ("mathit", r"\mathit{TP} = \mathbf{TP}", ""),
    ("texttt-textbf", r"\texttt{\textbf{TP}} + \textbf{FN} = AP", ""),
    ("operatorname", r"\operatorname{MCC} \le 1", ""),
    ("ln-paren", r"\ln(TP) + 1 = 1 + \ln(TP)", ""),
    ("log-sum", r"\log(TP) + \log(TN) = \log(TP \cdot TN)", ""),
    ("exp-paren", r"\exp(TP) + 1 > 1", ""),
    ("sqrt-paren", r"\sqrt{TP}\sqrt{TN} = \sqrt{TP \cdot TN}", ""),
    ("log-base", r"\log_2(TP) = \frac{\ln(TP)}{\ln 2}", ""),
    ("abs", r"\left| TP - FN \right| = \lvert FN - TP \rvert", ""),
    ("pr-mid", r"\Pr(S \mid G) = P(S|G)", ""),
    ("mathrm-p", r"\mathrm{P}(S \mid G) \cdot P(G) = P(S \wedge G)", ""),
    ("quad-two", r"TP > 0, \quad TN > 0.", ""),
    ("lim-infty", r"\lim_{TN \to \infty} \frac{TN}{TN + FP} = 1", ""),
    ("lim-one-sided", r"\lim_{TP \to 0^+} \frac{TN}{TP} = \infty", ""),
    ("lim-in-chain", r"F_1 \le \lim_{FP \downarrow 0} F_1 = \frac{2 TP}{2 TP + FN}", ""),
    ("fixed-def", r"\frac{TN}{2\sqrt{AP \cdot AN \cdot TP \cdot TN}} > 0", 'test_set = "fixed"\n'),
    # the set notation of probabilistic papers (Amigo et al.): |X| counts, \mathcal{S}, M(S), TP_rate
    ("card-neg", r"|\neg G| = \mathrm{FP} + \mathrm{TN}", ""),
    ("card-one", r"\lvert G \rvert = AP", ""),
    ("card-cap", r"\frac{|\mathcal{S} \cap \mathcal{G}|}{|\mathcal{S}|} = \mathrm{PPV}", ""),
    ("card-neg-cap", r"|\neg S \cap \neg G| + |S \cap \neg G| = |\neg G|", ""),
    ("mathcal-prob", r"P(\mathcal{G} \mid \mathcal{S}) = P(G|S)", ""),
    ("tp-rate", r"\mathrm{TP}_{\mathrm{rate}} = \mathrm{TPR}", ""),
    ("fp-rate", r"\mathrm{FP}_{\mathrm{rate}} = 1 - \mathrm{TN}_{\mathrm{rate}}", ""),
    ("measure-of-output", r"\mathrm{MCC}(\mathcal{S}) \le 1", ""),
    ("npv", r"\mathrm{NPV} = \frac{TN}{TN + FN}", ""),
    ("fm", r"\mathrm{FM} = \sqrt{\mathrm{PPV} \cdot \mathrm{TPR}}", ""),
    ("F-sub-outside", r"\mathrm{F}_1 = F_{1}", ""),
    ("p-o", r"p_o = \mathrm{ACC}", '[[measure]]\nname = "p_o"\ncounts = "(TP+TN)/(TP+FP+FN+TN)"\n'),
    # the rest of the list: F_{\beta} in braces, Prec/Rec aliases, a user's measure of the output, functions
    # of a measure, integer cells, a monotone transform, and a precondition that is a sum and one that is weak
    ("fbeta-braces", r"F_{\beta} = \frac{(1 + \beta^2)\,\mathrm{PPV}\cdot\mathrm{TPR}}{\beta^2\,\mathrm{PPV} + \mathrm{TPR}}", FB),
    ("prec-rec", r"F_1 = \frac{2 \, \mathrm{Prec} \cdot \mathrm{Rec}}{\mathrm{Prec} + \mathrm{Rec}}", ""),
    ("user-measure-of-output", r"\mathrm{GMR}(\mathcal{S}) \le 1", GMR),
    ("sqrt-of-measure", r"\sqrt{\mathrm{GMR}} \le 1", GMR),
    ("exp-of-measure", r"\exp(\mathrm{GMR}) > 1", GMR),
    ("integer-cells", r"TP \geq 1", ""),
    ("ln-monotone", r"\ln(TP) < \ln(TP + 1)", ""),
    ("precondition-sum-and-weak", r"\frac{FP}{TP + FN + FP} \le \frac{FN}{TP + FN + FP}", 'assume = ["TP + FN > 0", "FP <= FN"]\n'),
]
LINKS = {"chain-eq": 2, "chain-mixed": 3, "align-star": 2, "align": 2, "aligned": 2, "split": 2, "gather": 2,
         "multline": 1, "text-prose": 1, "juxta-brackets": 1,
         "quad-two": 2, "lim-in-chain": 2}


def _claims_file() -> str:
    measures, claims = [], []
    for cid, latex, extra in ROWS:
        fields, _, measure = extra.partition("[[measure]]")
        if measure and "[[measure]]" + measure not in measures:     # rows may share a measure
            measures.append("[[measure]]" + measure)
        claims.append(f'[[claim]]\nid = "{cid}"\n{fields}\n  [[claim.step]]\n  latex = {json.dumps(latex)}\n')
    return "\n".join(measures + claims)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    path = tmp_path_factory.mktemp("notation") / "notation.toml"
    path.write_text(_claims_file(), encoding="utf-8")
    out = path.with_suffix(".json")
    r = invoke("verify", str(path), "--json", str(out))
    assert r.exit_code == 0, r.output
    return {c["id"]: c for c in json.loads(out.read_text())["claims"]}


@pytest.mark.parametrize("cid, latex, extra", ROWS, ids=[r[0] for r in ROWS])
def test_construct_is_read_and_proved(report, cid, latex, extra):
    claim = report[cid]
    assert claim["verdict"] == "proved", claim
    steps = claim["steps"]
    assert steps and all(s["verdict"] == "holds" for s in steps), steps
    if cid in LINKS:
        assert len(steps) == LINKS[cid], steps
    for s in steps:                          # each link shown as printed, with its own check
        assert s["printed"] and "&" not in s["printed"]["latex"] and "\\label" not in s["printed"]["latex"], s
        assert s["check"]["text"].startswith("decided on the domain"), s


def test_prose_qualifier_is_reported_not_checked(report):
    assert any("(geometric mean)" in n["text"] for n in report["text-prose"]["notes"])


def test_condition_is_an_assumption(report):
    # PPV > 1/2 holds only where TP > FP: proved means the condition reshaped the domain
    assert "TP > FP" in read(report["text-if"]["steps"][0]["check"])


HEADER = '[[claim]]\nid = "c"\n  [[claim.step]]\n  latex = '
WRONG = [
    # (latex, fragments of the one-line error: position then message)
    ("TP + y = 1", ["line 4, column 17", "unknown symbol 'y'"]),
    ("\\\\foo{TP} = 1", ["line 4, column 12", "unknown LaTeX macro \\foo"]),
    ("\\\\cdotTP = 1", ["line 4, column 12", "unknown LaTeX macro \\cdotTP"]),
    ("\\\\begin{tabular} TP = TP \\\\end{tabular}", ["line 4, column 12", "unknown environment 'tabular'"]),
    ("(TP + 1 = 2", ["line 4, column 12", "bracket '(' is not closed"]),
    ("MCC(TP) = 1", ["line 4, column 12", "measure name followed by parentheses"]),
    ("TP = 1 \\\\text{if } TP", ["line 4, column 31", "a condition must be a relation"]),
    ("TP > 0 \\\\text{if } MCC > 0", ["line 4, column 31", "one side must be a single count cell"]),
    ("TP 2 = 1", ["line 4, column 15", "a number after a factor"]),
    ("\\\\beta = 1", ["line 4, column 12", "unknown symbol \\beta"]),
    ("= TP", ["line 4, column 12", "nothing on its left"]),
    ("TP = 1 )", ["line 4, column 19", "unexpected ')' after the relation"]),
    ("TP > 0 \\\\\\\\ TP + 1", ["line 4, column 24", "a row without a relation must continue"]),
    # refused by the input pre-scan (parse/prescan.py) before the grammar sees them: the place
    # is the claim, step and field
    ("{" * 200 + "TP" + "}" * 200 + " = TP", ["claim 1, step 1, latex", "nested 200 deep (at most 40)"]),
    ("TP + " * 5000 + "1 = 1", ["claim 1, step 1, latex", "a string of 25005 characters (at most 20000)"]),
    ("TP / 2 FN = 1", ["line 4, column 19", "ambiguous a / b c"]),
    ("\\\\ln TP TN = 1", ["line 4, column 20", "ambiguous \\ln x y"]),
    ("TP > 0 \\\\quad TN", ["line 4, column 26", "unexpected 'TN' after the relation"]),
]


@pytest.mark.parametrize("latex, fragments", WRONG, ids=[w[1][-1] for w in WRONG])
def test_refusal_names_line_and_column(tmp_path, latex, fragments):
    path = tmp_path / "bad.toml"
    path.write_text(HEADER + f'"{latex}"\n', encoding="utf-8")
    r = invoke("verify", str(path))
    assert_user_error(r, str(path), *fragments)


@pytest.mark.parametrize("latex", [
    r"|\neg G| = TP + FN", r"|S \cap \neg G| = FN", r"\mathrm{TP}_{\mathrm{rate}} = \mathrm{PPV}",
    r"P(\mathcal{S}) = P(G)",
])
def test_set_notation_is_read_as_written_not_as_anything_true(tmp_path, latex):
    """A wrong reading of |X| or TP_rate would prove these: each is refuted at an exact point."""
    path = tmp_path / "wrong.toml"
    path.write_text(HEADER + json.dumps(latex) + "\n", encoding="utf-8")
    r = invoke("verify", str(path), "--json", "-")
    assert r.exit_code == 1, r.output
    assert json.loads(r.stdout[r.stdout.index("{"):])["claims"][0]["verdict"] == "refuted"


def test_show_prints_each_link(tmp_path):
    path = tmp_path / "one.toml"
    path.write_text(HEADER + json.dumps(r"\mathrm{TPR} = \frac{TP}{TP+FN} < 1") + "\n", encoding="utf-8")
    r = invoke("verify", str(path), "--show", "c")
    assert r.exit_code == 0, r.output
    assert "link 1" in r.output and "link 2" in r.output and "holds" in r.output
    assert_user_error(invoke("verify", str(path), "--show", "nope"), "--show", "'nope'")


def test_wrong_link_refutes_with_exact_point(tmp_path):
    path = tmp_path / "wrong.toml"
    path.write_text(HEADER + json.dumps(r"\mathrm{TPR} = \frac{TP}{TP+FN} = \frac{TP}{TP+FP}") + "\n",
                    encoding="utf-8")
    r = invoke("verify", str(path), "--json", "-")
    assert r.exit_code == 1
    claim = json.loads(r.stdout[r.stdout.index("{"):])["claims"][0]
    assert claim["verdict"] == "refuted"
    assert [s["verdict"] for s in claim["steps"]] == ["holds", "wrong"]


@pytest.mark.parametrize("limit, to, direction, printed, verdict", [
    ("-TN/TP", "0", "+", "-oo", "proved"),
    ("TN/TP", "0", "+", "\\\\infty", "proved"),
    ("TP/(TP+FN)", "\\\\infty", "+-", "1", "proved"),
    ("TN/TP", "0", "+", "-\\\\infty", "corrected"),
])
def test_infinity_in_limits_and_printed_results(tmp_path, limit, to, direction, printed, verdict):
    path = tmp_path / "lim.toml"
    path.write_text(f'[[claim]]\nid = "c"\n  [[claim.step]]\n  limit = "{limit}"\n  var = "TP"\n  to = "{to}"\n'
                    f'  direction = "{direction}"\n  printed = "{printed}"\n', encoding="utf-8")
    r = invoke("verify", str(path), "--json", "-")
    claim = json.loads(r.stdout[r.stdout.index("{"):])["claims"][0]
    assert claim["verdict"] == verdict, claim


@pytest.mark.parametrize("latex, negation", [
    ("TP + 1 < TP", "TP + 1 >= TP"), ("TP = TP + 1", "TP != TP + 1"), ("0 > 1", "true"), ("TP > TP", "TP <= TP"),
])
def test_a_relation_false_everywhere_is_refuted_at_a_table(tmp_path, latex, negation):
    """Decided false without a witness (no variable matters): was undetermined; now any table of
    the domain, re-checked exactly, is the counterexample."""
    path = tmp_path / "false.toml"
    path.write_text(HEADER + json.dumps(latex) + "\n", encoding="utf-8")
    r = invoke("verify", str(path), "--json", "-")
    assert r.exit_code == 1, r.output
    claim = json.loads(r.stdout[r.stdout.index("{"):])["claims"][0]
    assert claim["verdict"] == "refuted", claim
    assert claim["counterexample"]["relation"]["text"] == negation
    assert {k: claim["counterexample"][k]["text"] for k in ("TP", "FP", "FN", "TN")} == {"TP": "1", "FP": "1", "FN": "1", "TN": "1"}
