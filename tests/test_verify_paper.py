"""`symmetric verify PAPER.tex [--defs DEFS.toml]`: every displayed relation of a paper checked
where it stands (issue 23): the example appendix's verdicts, macros, \\input, definitions,
continued chains, the paper's own notation through --defs, and displays not read reported with
their line while the rest is checked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_support import assert_user_error, invoke

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "appendix.tex"


def _report(*args):
    r = invoke("verify", *map(str, args), "--json", "-")
    return r, json.loads(r.stdout[r.stdout.index("{"):])


def test_example_appendix_verdicts():
    r, report = _report(EXAMPLE)
    assert r.exit_code == 1                                  # the third lemma is wrong
    assert [(x["line"], x["verdict"]) for x in report["relations"]] == [
        (16, "proved"), (25, "proved"), (26, "proved"), (33, "proved"), (34, "proved"), (38, "proved"),
        (40, "proved"), (44, "proved"), (44, "proved"), (50, "proved"), (50, "proved"), (51, "refuted")]
    assert [(d["line"], d["name"]) for d in report["definitions"]] == [(20, "GMR")]     # where it ends
    assert report["not_read"] == []
    wrong = report["relations"][-1]
    assert wrong["counterexample"]["relation"] and wrong["steps"][0]["verdict"] == "wrong"


def _paper(tmp_path, body: str, preamble: str = "") -> Path:
    path = tmp_path / "paper.tex"
    path.write_text(f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n{body}\n\\end{{document}}\n",
                    encoding="utf-8")
    return path


# (what, preamble, body, expected (line, verdict) list of relations)
CASES = [
    ("newcommand-args", "\\newcommand{\\cell}[1]{\\mathrm{#1}}\n",
     "\\begin{equation}\\cell{TP} + \\cell{FN} = AP\\end{equation}", [(4, "proved")]),
    ("def", "\\def\\TP{\\texttt{\\textbf{TP}}}\n", "\\[ \\TP > 0 \\]", [(4, "proved")]),
    ("renewcommand", "\\newcommand{\\R}{FP}\n\\renewcommand{\\R}{\\mathrm{TPR}}\n", "$$\\R \\le 1$$",
     [(5, "proved")]),
    ("continued-chain", "", "\\[ \\mathrm{TPR} = \\frac{TP}{TP + FN} \\]\nso\n\\[ < 1 \\]",
     [(3, "proved"), (5, "proved")]),
    ("definition-used", "", "\\begin{equation*} \\mathrm{Both} = TP + TN \\end{equation*}\n"
     "\\begin{equation*} \\mathrm{Both} > TP \\end{equation*}", [(4, "proved")]),
    ("gather-rows", "", "\\begin{gather}\nTP > 0 \\\\\nTN > 0\n\\end{gather}", [(4, "proved"), (5, "proved")]),
    ("proof-inline", "", "\\begin{proof} Clearly $TP + FP > FP$ and $x$ is small. \\end{proof}", [(3, "proved")]),
    ("wrong", "", "\\[ \\mathrm{PPV} \\le \\mathrm{TPR} \\]", [(3, "refuted")]),
    ("continued-limit", "\\newcommand{\\TN}{\\mathrm{TN}}\n",
     "\\[ \\mathrm{TNR} = \\frac{\\TN}{\\TN + FP} \\]\n\\[ \\le \\lim_{\\TN \\to \\infty} \\frac{\\TN}{\\TN + FP} = 1 \\]",
     [(4, "proved"), (5, "proved"), (5, "proved")]),
]


@pytest.mark.parametrize("what, preamble, body, expected", CASES, ids=[c[0] for c in CASES])
def test_paper_constructs(tmp_path, what, preamble, body, expected):
    r, report = _report(_paper(tmp_path, body, preamble))
    assert [(x["line"], x["verdict"]) for x in report["relations"]] == expected, report
    assert r.exit_code == (0 if all(v == "proved" for _, v in expected) else 1)


def test_not_read_is_reported_and_the_rest_checked(tmp_path):
    body = "\\[ \\foo{TP} = 1 \\]\n\\[ TP + y > 0 \\]\n\\[ TP > 0 \\]"
    r, report = _report(_paper(tmp_path, body))
    assert r.exit_code == 1
    assert [(x["line"], x["verdict"]) for x in report["relations"]] == [(5, "proved")]
    assert [(x["line"], x["reason"].split(" (")[0]) for x in report["not_read"]] == [
        (3, "unknown LaTeX macro \\foo"), (4, "unknown symbol 'y' in LaTeX")]


def test_input_is_read(tmp_path):
    (tmp_path / "lemma.tex").write_text("\\[ TN + FP = AN \\]\n", encoding="utf-8")
    r, report = _report(_paper(tmp_path, "\\input{lemma}"))
    assert [x["verdict"] for x in report["relations"]] == ["proved"] and r.exit_code == 0


def test_defs_give_the_papers_notation_and_standing_assumptions(tmp_path):
    defs = tmp_path / "defs.toml"
    defs.write_text('assume = ["TP > FP"]\n[[measure]]\nname = "C_00"\ncounts = "TP/(TP+FP+FN+TN)"\n'
                    '[[measure]]\nname = "C_10"\ncounts = "FP/(TP+FP+FN+TN)"\n', encoding="utf-8")
    r, report = _report(_paper(tmp_path, "\\[ C_{00} > C_{10} \\]"), "--defs", defs)
    assert [x["verdict"] for x in report["relations"]] == ["proved"], report
    r, report = _report(_paper(tmp_path, "\\[ C_{00} > C_{10} \\]"))          # without the assumption:
    assert [x["line"] for x in report["not_read"]] == [3]                   # C_00 is unknown


@pytest.mark.parametrize("args, fragment", [
    (["--defs", "x.toml"], "--defs is for a .tex paper"),
    (["--show", "c"], "give the line of a relation (such as 12), got 'c'"),
    (["--show", "7"], "nothing checked at line 7"),
])
def test_options_that_do_not_apply_are_refused(tmp_path, args, fragment):
    claims = tmp_path / "c.toml"
    claims.write_text('[[claim]]\nid = "c"\n  [[claim.step]]\n  lhs = "TP"\n  rel = ">"\n  rhs = "0"\n',
                      encoding="utf-8")
    target = claims if args[0] == "--defs" else _paper(tmp_path, "\\[ TP > 0 \\]")
    assert_user_error(invoke("verify", str(target), *args), fragment)


def test_show_prints_the_steps_of_the_relations_at_a_line(tmp_path):
    paper = _paper(tmp_path, "\\[ \\mathrm{TPR} = \\frac{TP}{TP+FN} = \\frac{TP}{TP+FP} \\]")
    for show in ("3", "line-3"):
        r = invoke("verify", str(paper), "--show", show)
        assert r.exit_code == 1, r.output
        assert "line-3: proved" in r.output and "line-3: refuted" in r.output, r.output
        assert "counterexample: " in r.output and "wrong" in r.output, r.output


def test_bad_defs_file_is_refused_with_its_place(tmp_path):
    defs = tmp_path / "defs.toml"
    defs.write_text('assume = ["TP > y"]\n', encoding="utf-8")
    assert_user_error(invoke("verify", str(_paper(tmp_path, "\\[ TP > 0 \\]")), "--defs", str(defs)),
                      "defs.toml", "line 1", "unknown name 'y'")


def test_annotated_copy_marks_every_display_and_summarises(tmp_path):
    out = tmp_path / "out"
    body = "\\[ \\mathrm{PPV} \\le \\mathrm{TPR} \\]\n\\[ TP > 0 \\]\n\\[ \\foo_{x} = 1 \\]"
    r = invoke("verify", str(_paper(tmp_path, body)), "--latex", str(out), "--no-pdf")
    assert r.exit_code == 1, r.output
    copy = (out / "paper-checked.tex").read_text(encoding="utf-8")
    lines = copy.split("\n")
    after = {lines[k - 1]: lines[k] for k in range(1, len(lines)) if lines[k].startswith("\\marginpar")}
    assert after["\\[ \\mathrm{PPV} \\le \\mathrm{TPR} \\]"].startswith(
        "\\marginpar{\\scriptsize\\raggedright line 3: wrong; false at ")
    assert "line 4: checked" in after["\\[ TP > 0 \\]"]
    # the reason is escaped text: the paper's \foo is not run as a macro in the mark
    assert "not read (unknown LaTeX macro \\textbackslash{}foo" in after["\\[ \\foo_{x} = 1 \\]"]
    assert copy.index("Checked by symmetric") < copy.index("\\end{document}")
    assert "1 not read, 1 proved, 1 refuted" in copy


def test_a_macro_without_end_leaves_its_display_not_read(tmp_path):
    r, report = _report(_paper(tmp_path, "\\[ \\a = 1 \\]\n\\[ TP > 0 \\]", "\\newcommand{\\a}{\\a x}\n"))
    assert [(x["line"], x["reason"]) for x in report["not_read"]] == [(4, "macro \\a expands without end")]
    assert [(x["line"], x["verdict"]) for x in report["relations"]] == [(5, "proved")]


# several definitions in one display, as notes and appendices write them: (what, body, expected
# definitions (line, name), relations (line, verdict), not read (line, reason's start))
DEFINING = [
    ("after-qquad", "$$ P = \\frac{TP}{TP+FP}, \\qquad R = \\frac{TP}{TP+FN} $$\n"
     "$$ \\frac{2}{1/P + 1/R} = \\frac{2TP}{2TP+FP+FN} $$",
     [(3, "P"), (3, "R")], [(4, "proved")], []),
    ("align-rows", "\\begin{align}\nP &= \\frac{TP}{TP+FP} \\\\\nR &= \\frac{TP}{TP+FN} \\\\\n"
     "H &= \\frac{2 \\cdot P \\cdot R}{P+R} = \\frac{2TP}{2TP+FP+FN}\n\\end{align}",
     [(4, "P"), (5, "R"), (6, "H")], [(6, "proved")], []),
    ("medium-spaces", "$$ U = \\frac{TP}{TP+FP}\\;\\; V = \\frac{TP}{TP+FN} $$\n$$ U \\cdot V \\le U $$",
     [(3, "U"), (3, "V")], [(4, "proved")], []),
    # a name met before is checked, not defined again: the second Z is the first's, and wrong
    ("known-name-checked", "$$ Z = \\frac{TP}{TP+FP}\\;\\; Z = \\frac{TP}{TP+FN} $$",
     [(3, "Z")], [(3, "refuted")], []),
    ("used-before-defined", "$$ K = W + 1, \\quad W = TP $$", [], [],
     [(3, "W is used before the relation that defines it")]),
    # juxtaposed letters are one unknown name, never guessed to be a product of the names P and R
    ("juxtaposed-letters", "$$ P = \\frac{TP}{TP+FP}, \\quad R = \\frac{TP}{TP+FN} $$\n$$ \\frac{2PR}{P+R} \\le 1 $$",
     [(3, "P"), (3, "R")], [],
     [(4, "unknown symbol 'PR' in LaTeX (a product of one-letter names is written apart: P R)")]),
    ("then-checked", "$$ A_1 := \\frac{TP}{n}, \\qquad A_2 = \\frac{TN}{n}, \\qquad A_1 + A_2 = \\frac{TP+TN}{n} $$",
     [(3, "A_1"), (3, "A_2")], [(3, "proved")], []),
    ("definition-signs", "$$ B \\coloneqq \\frac{TN}{n} $$\n$$ C \\stackrel{\\text{def}}{=} B + 1 $$\n"
     "$$ D \\triangleq C - B $$\n$$ D \\overset{def}{=} 1 $$",
     [(3, "B"), (4, "C"), (5, "D")], [(6, "proved")], []),
    ("array-rows", "$$ \\begin{array}{l} \\mathrm{U}=\\frac{TP}{TP+FN} \\\\ \\mathrm{U} \\le 1 \\end{array} \\tag{14} $$",
     [(3, "U")], [(3, "proved")], []),
    # a display's items in the order they stand: the gathered rows' definition after the checked first
    ("gathered-order", "$$\n\\begin{gathered}\nTP + FN = AP \\\\\nV = \\frac{TN}{TN+FP}\n\\end{gathered}\n$$",
     [(6, "V")], [(5, "proved")], []),
    # an instance's arithmetic is no universal relation: not read (never "refuted" at other tables)
    ("approximately", "$$ \\frac{TP}{TP+FP} = \\frac{1}{12} \\approx 0.083 $$", [], [],
     [(3, "\\approx is an approximate relation, which is not checked")]),
    ("percentage", "$$ \\frac{TP}{n} \\le 100\\% $$", [], [], [(3, "a percentage (\\%) is not read")]),
    ("capital-n", "$$ \\frac{TP + TN}{N} \\le 1 $$", [], [],
     [(3, "unknown symbol 'N' in LaTeX (the number of items is n")]),
    # a thin space is only space: 2\,TP is a product, and one \; is no separator
    ("thin-space", "$$ 2\\,TP + FP = TP + \\; TP + FP $$", [], [(3, "proved")], []),
]


@pytest.mark.parametrize("what, body, definitions, relations, not_read", DEFINING, ids=[c[0] for c in DEFINING])
def test_a_display_defines_several_names(tmp_path, what, body, definitions, relations, not_read):
    r, report = _report(_paper(tmp_path, body))
    assert [(d["line"], d["name"]) for d in report["definitions"]] == definitions, report
    assert [(x["line"], x["verdict"]) for x in report["relations"]] == relations, report
    assert [(x["line"], x["reason"][:len(why)]) for x, (_, why) in zip(report["not_read"], not_read)] == not_read
    assert len(report["not_read"]) == len(not_read), report["not_read"]


def test_the_annotated_copy_counts_a_display_s_definitions(tmp_path):
    out = tmp_path / "out"
    body = "$$ P = \\frac{TP}{TP+FP}, \\qquad R = \\frac{TP}{TP+FN} $$\n$$ P \\cdot R \\le P $$"
    r = invoke("verify", str(_paper(tmp_path, body)), "--latex", str(out), "--no-pdf")
    assert r.exit_code == 0, r.output
    copy = (out / "paper-checked.tex").read_text(encoding="utf-8")
    assert "2 definitions, 1 proved" in copy
    assert "line 3: definition of P" in copy and "line 3: definition of R" in copy


# x \in an interval: one relation per finite end, strict at an open one; (what, body, relations
# (line, verdict, rel) in order, not read (line, reason's start))
INTERVALS = [
    ("closed", "$$ \\frac{TP}{TP+FN} \\in [0, 1] $$", [(3, "proved", ">="), (3, "proved", "<=")], []),
    ("open-on-positive-cells", "$$ \\frac{TP}{TP+FN} \\in (0, 1) $$", [(3, "proved", ">"), (3, "proved", "<")], []),
    ("after-a-definition", "$$ \\mathrm{W} = \\frac{TP+TN}{n} \\in [0, 1] $$", [(3, "proved", ">="), (3, "proved", "<=")],
     []),
    ("half-line", "$$ TP + FN \\in [1, \\infty) $$", [(3, "proved", ">=")], []),
    ("wrong-upper-end", "$$ \\frac{TP}{TP+FN} \\in [0, \\frac{1}{2}] $$", [(3, "proved", ">="), (3, "refuted", "<=")],
     []),
    ("a-set-is-not-an-interval", "$$ TP \\in \\{0, 1\\} $$", [], [(3, "\\in is read before an interval only")]),
]


@pytest.mark.parametrize("what, body, relations, not_read", INTERVALS, ids=[c[0] for c in INTERVALS])
def test_membership_of_an_interval_states_its_bounds(tmp_path, what, body, relations, not_read):
    r, report = _report(_paper(tmp_path, body))
    found = [(x["line"], x["verdict"], x["latex"]) for x in report["relations"]]
    assert [(line, verdict) for line, verdict, _ in found] == [(line, verdict) for line, verdict, _ in relations], report
    ends = {">=": "lower end", ">": "lower end", "<=": "upper end", "<": "upper end"}
    assert all(printed.endswith(f"\\quad\\text{{({ends[rel]})}}")
               for (_, _, printed), (_, _, rel) in zip(found, relations)), found
    assert [(x["line"], x["reason"][:len(why)]) for x, (_, why) in zip(report["not_read"], not_read)] == not_read
    assert len(report["not_read"]) == len(not_read), report["not_read"]


def test_the_terminal_shows_a_reason_s_brackets_as_written(tmp_path):
    """rich reads "[a, b]" as markup and dropped it from the reason; the table escapes the text."""
    r = invoke("verify", str(_paper(tmp_path, "$$ TP \\in \\{0, 1\\} $$")), "--no-pdf")
    assert r.exit_code == 1
    assert "[a,b],(a,b),[a,b)" in re.sub(r"[\s│]", "", r.output), r.output


@pytest.mark.parametrize("run, defined", [("~ ", ["P", "R"]), ("\\; ", ["P", "R"]), (",   &   ", ["P", "R"]),
                                         (" ", ["P"])])      # plain spaces separate nothing
def test_a_long_run_of_spaces_is_read_in_linear_time(tmp_path, run, defined):
    """Looking for the names a display defines matched a run of medium spaces in quadratic time:
    134 s for 20,000 '~' (measured); the run is now read as one \\quad in one pass."""
    import time
    from symmetric.verify.paper import _definitions
    start = time.monotonic()
    assert _definitions("P = TP " + run * 20_000 + "R = FP", {}) == defined
    assert time.monotonic() - start < 5
