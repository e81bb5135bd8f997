"""LaTeX output: the committed latex_out/ is what the code generates now (golden files), and
the whole document compiles with a real TeX engine (required under CI, where the engine is
installed by .ci/run)."""

import os
import re
import shutil
from pathlib import Path

import claims_run
import pytest
import session_cache
import sympy as sp
from claims_run import ALL_CLAIMS_GROUP

from symmetric.claims import registry
from symmetric import space
from symmetric.render import escape, latex, notation, outfolder, pretty, texbuild, texmath
from symmetric.render import text as text_render

LATEX_OUT = Path(__file__).resolve().parent.parent / "latex_out"


@pytest.fixture(scope="module")
def generated(all_results, tmp_path_factory):
    """The whole LaTeX output, generated now from every claim (slow: runs every claim)."""
    out = tmp_path_factory.mktemp("latex") / "out"
    with outfolder.open_folder(out, "prove") as folder:
        folder.write(latex.document_files(all_results.values(), [c.id for c in registry.all_claims()]))
    return out


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """The committed latex_out/ (its .tex files, in a scratch folder: a build writes beside them).
    It is what `generated` writes whenever test_committed_latex_is_fresh passes (the slow tier
    checks that), so the fast tier compiles and reads it instead of running every claim."""
    out = tmp_path_factory.mktemp("latex") / "committed"
    out.mkdir()
    for path in LATEX_OUT.glob("*.tex"):
        shutil.copyfile(path, out / path.name)
    return out


# the tests that run a claim (one_claim) share the all-claims run's xdist worker: in the full suite
# that worker has run every claim before them (test_cellcache.py comes first), and one_claim reads
# the claim's result from that run instead of running it again (quant.table1 alone is 18-25 CPU-s);
# in the fast tier the group holds only these tests, which share the claims' memo in one process
SAME_WORKER = pytest.mark.xdist_group(ALL_CLAIMS_GROUP)


def one_claim(claim_id):
    """One claim's result: the watched all-claims run's when this process made it, else run now
    (the claims' memo makes a second call free; the session's result cache lends the verdicts
    other tests and the other worker already decided)."""
    done = claims_run.finished()
    if done is not None:
        return done.results[claim_id]
    with session_cache.shared():
        return registry.run_claim(registry.claim_by_id(claim_id))


def test_no_claim_has_an_internal_error(all_results):
    broken = {i: r.reason for i, r in all_results.items() if registry.is_internal_error(r)}
    assert not broken


def test_committed_latex_is_fresh(generated):
    stale = []
    for path in sorted(generated.glob("*.tex")):
        committed = LATEX_OUT / path.name
        if not committed.exists() or committed.read_text(encoding="utf-8") != path.read_text(encoding="utf-8"):
            stale.append(path.name)
    assert not stale, f"latex_out/ is stale, run `symmetric prove` (the README's main command; its manifest lists proofs.pdf): {stale[:10]}"
    # and nothing more is committed: the fast tier compiles latex_out/ as it is (`written`)
    extra = sorted({p.name for p in LATEX_OUT.glob("*.tex")} - {p.name for p in generated.glob("*.tex")})
    assert not extra, f"latex_out/ has .tex files that no claim writes: {extra[:10]}"


def committed_claim_ids(folder) -> list:
    """The claims latex_out/ has a file for (that every claim has one, and an up-to-date one,
    is test_committed_latex_is_fresh's business: a claim added since the last `prove` is not
    the fast tier's failure)."""
    ids = {c.id for c in registry.all_claims()}
    return sorted(p.stem for p in folder.glob("*.tex") if p.stem in ids)


def test_every_committed_claim_file_is_named_after_its_id(written):
    ids = committed_claim_ids(written)
    assert len(ids) >= 40
    for claim_id in ids:
        text = (written / f"{claim_id}.tex").read_text(encoding="utf-8")
        assert f"\\label{{claim:{claim_id}}}" in text and "\\symverdict{" in text


def test_every_claim_file_is_named_after_its_id(generated, all_results):
    for claim_id in all_results:
        text = (generated / f"{claim_id}.tex").read_text(encoding="utf-8")
        assert f"\\label{{claim:{claim_id}}}" in text
        assert "\\symverdict{" + all_results[claim_id].verdict.value + "}" in text


def require_tex():
    if texbuild.tex_engine() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have a TeX engine (pdflatex); .ci/run installs it")
        pytest.skip("no pdflatex on PATH (CI installs one and then this test must run)")


@pytest.fixture(scope="module")
def proofs_build(written):
    require_tex()
    return texbuild.build(written / "proofs.tex", sorted(written.glob("*.tex")))


# The gate: a display or a statement that runs into the margin by more than this is a defect.
OVERFULL_LIMIT_PT = 5.0


def test_pdf_builds(proofs_build):
    assert proofs_build.pdf.exists() and proofs_build.pdf.stat().st_size > 10_000


def test_no_overfull_box_over_the_limit(proofs_build):
    boxes = proofs_build.overfull(OVERFULL_LIMIT_PT)
    assert not boxes, f"{len(boxes)} overfull boxes over {OVERFULL_LIMIT_PT} pt: {boxes[:8]}"


def test_contents_page_numbers_match_the_pages(proofs_build):
    # each claim's contents entry is its id; its label sits on the page where the claim starts
    contents = {title.replace(r"\_", "_"): page for title, page in proofs_build.contents}
    ids = committed_claim_ids(proofs_build.pdf.parent)
    assert set(ids) <= set(contents), "a claim has no contents entry"
    wrong = {cid: (contents[cid], proofs_build.labels.get(latex.label_of(cid)))
             for cid in ids if contents[cid] != proofs_build.labels.get(latex.label_of(cid))}
    assert not wrong, f"contents page vs actual page: {dict(list(wrong.items())[:8])}"


def test_the_log_parser_names_the_file_and_width():
    log = ("(./a.tex\nOverfull \\hbox (12.5pt too wide) in paragraph at lines 4--5\n)"
           "(./b.tex\nOverfull \\hbox (3.0pt too wide) detected at line 9\n)")
    assert texbuild.overfull_boxes(log) == [("a.tex", 12.5, "4--5"), ("b.tex", 3.0, "9")]
    assert texbuild.overfull_boxes(log, 5.0) == [("a.tex", 12.5, "4--5")]


def _readme_paper() -> str:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```latex\n(.*?)```", readme, flags=re.S) if r"\documentclass" in b]
    assert len(blocks) == 1, "the README has one LaTeX recipe (a whole document)"
    return blocks[0]


def test_the_readme_paste_recipe_compiles(written, tmp_path):
    """The README's recipe, as written, against the generated latex_out/: it compiles, the
    claim's label is placed, and the fragment made no contents entry of its own."""
    require_tex()
    paper = _readme_paper()
    claim_ids = re.findall(r"\\input\{latex_out/([^}]+)\.tex\}", paper)
    assert "symmetric-macros" in claim_ids and len(claim_ids) == 2
    shutil.copytree(written, tmp_path / "latex_out")
    (tmp_path / "paper.tex").write_text(paper, encoding="utf-8")
    report = texbuild.build_folder(tmp_path / "paper.tex")
    assert report.pdf.exists()
    assert latex.label_of(claim_ids[1]) in report.labels
    assert "Undefined control sequence" not in report.log
    assert not report.overfull(OVERFULL_LIMIT_PT)


@SAME_WORKER
def test_a_claim_fragment_does_not_force_sectioning():
    result = one_claim("quant.table1")
    written_now = latex.document_files([result], [result.id])
    assert not re.search(r"\\(sub)*section|\\addcontentsline", written_now[f"{result.id}.tex"])
    macros = written_now[latex.MACROS]
    assert r"\providecommand{\symclaimheading}[1]{}" in macros


@SAME_WORKER
def test_property_cells_are_badges_and_cases_a_table():
    result = one_claim("amigo.body.strict_monotonicity")
    text = latex.render_claim(result)
    assert r"\begin{dmath*}holds" not in text and r"\begin{dmath*}fails" not in text
    cells = re.findall(r"\\symcell\{(\w+)\}\{(\w+)\}\{([^}]*\}?)\}", text)
    steps = result.steps
    assert len(cells) == len(steps)
    for (paper, derived, mark), step in zip(cells, steps):
        assert (paper, derived) == (latex.cell(step.printed), latex.cell(step.derived))
        assert mark.startswith(r"$\checkmark$") == (step.printed == step.derived)
    assert text.count(r"\begin{symcases}") >= 3 and "face" not in text


@SAME_WORKER
def test_notes_about_the_source_are_apart_from_the_proof():
    text = latex.render_claim(one_claim("amigo.appendix.wacc_absolute_weighting"))
    source, proof = text.split(r"\begin{symproof}")
    assert "As extracted" in source and r"\symsource{" in source
    assert "extracted" not in proof


@pytest.mark.parametrize("expr, expected", [
    (1 - space.g, r"P(\neg\mathcal{G})"),
    ((1 - space.s) / space.s, r"\frac{P(\neg\mathcal{S})}{P(\mathcal{S})}"),
    (space.g * (space.g - 1), r"- P(\mathcal{G}) P(\neg\mathcal{G})"),
    (space.Pr(space.S, space.G), r"{P(\mathcal{S} \mid \mathcal{G})}"),
    (1 - space.g - space.s, r"1 - P(\mathcal{G}) - P(\mathcal{S})"),   # not a complement: unchanged
])
def test_the_papers_notation(expr, expected):
    assert notation.to_latex(expr) == expected


def test_the_readme_stands_alone():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme, "the README points outside the repository"
    for prefix in ("amigo", "sebastiani15", "quant", "lewis95"):
        assert f"[`{prefix}`]" in readme, f"the paper of {prefix} is not cited"


@SAME_WORKER
def test_a_table_claim_is_a_table_with_the_wrong_cells_marked():
    result = one_claim("quant.table1")
    text = latex.render_claim(result)
    matrix = text[text.index(r"\begin{symmatrix}"):text.index(r"\end{symmatrix}")]
    rows = {line.split(" & ")[0]: line.rstrip("\\").split(" & ")[1:] for line in matrix.splitlines()[2:]}
    columns = matrix.splitlines()[1].rstrip("\\hline").rstrip("\\").split(" & ")[1:]
    wrong = {f"{row} / {columns[k]}" for row, cells in rows.items()
             for k, cell in enumerate(cells) if cell.startswith(r"\symwrongcell")}
    assert wrong == {s.label for s in result.discrepancies}
    assert len(rows) == 9 and all(len(cells) == 8 for cells in rows.values())


@pytest.mark.parametrize("typed, expected", [
    (r"TP = |T|P(S\wedge G)", r"\mathrm{TP} = |\mathcal{T}|{P(\mathcal{S}\wedge \mathcal{G})}"),
    (r"P(\neg S|G) = P(\neg S)", r"{P(\neg \mathcal{S} \mid \mathcal{G})} = P(\neg \mathcal{S})"),
    (r"\frac{P(G|S)}{2}", r"\frac{P(\mathcal{G} \mid \mathcal{S})}{2}"),               # a group already
    (r"|S|+|\neg G|", r"|\mathcal{S}|+|\neg \mathcal{G}|"),
    (r"\mathrm{TP} + P(\mathcal{G})", r"\mathrm{TP} + P(\mathcal{G})"),          # already in the notation
    (r"\frac{TP}{AP} \cdot PP", r"\frac{\mathrm{TP}}{\mathrm{AP}} \cdot \mathrm{PP}"),
    (r"E[X] \le \mathrm{var}[Y] + p(c)", r"E[X] \le \mathrm{var}[Y] + p(c)"),      # nothing to do
])
def test_an_authors_mathematics_is_written_in_the_table_notation(typed, expected):
    assert notation.author_math(typed) == expected


def test_a_long_form_is_shown_shorter_but_never_an_undefined_one_as_defined():
    x, y = sp.symbols("x y", positive=True)
    long_sum = sp.expand((space.g * x + space.s * y + 1) ** 3)
    assert len(latex.tex_derived(long_sum)) < len(latex.tex_math(long_sum))
    assert sp.simplify(sp.factor(long_sum) - long_sum) == 0
    undefined = sp.zoo * sp.sqrt(1 / (1 - x / (x + y))) / (sp.zoo * sp.sqrt(1 / (1 - x / (x + y))) + 1)
    # kept (never cancelled to 1), and in words: sympy's complex infinity is no notation for a reader
    shown = latex.tex_derived(undefined)
    assert r"\text{unbounded}" in shown and r"\tilde{\infty}" not in shown


def test_every_claim_states_itself_as_mathematics():
    """Every claim has its statement typeset (``statement_latex``), and all of its mathematics
    reaches TeX as written (a formula the safe-math filter refuses would be shown as text)."""
    prose_only = [c.id for c in registry.all_claims() if not c.statement_latex]
    assert not prose_only, f"claims whose statement is prose only: {prose_only}"
    refused = [(c.id, m) for c in registry.all_claims()
               for m in re.findall(r"\$([^$]+)\$", c.statement_latex) if not escape.safe_math(m)]
    assert not refused, f"statement mathematics shown as text: {refused[:5]}"


def test_every_statement_compiles_within_the_margins(tmp_path):
    require_tex()
    macros = (latex.TEMPLATES / latex.MACROS).read_text(encoding="utf-8")
    (tmp_path / latex.MACROS).write_text(macros, encoding="utf-8")
    claims = registry.all_claims()
    body = "\n".join(r"\begin{symclaim}{" + texmath.tex_text(c.id) + "}{}" + texmath.authored(c.statement_latex)
                     + r"\end{symclaim}" for c in claims)
    paper = (r"\documentclass{article}\usepackage[a4paper,margin=2cm]{geometry}\input{" + latex.MACROS + "}"
             + r"\begin{document}" + body + r"\end{document}")
    (tmp_path / "statements.tex").write_text(paper, encoding="utf-8")
    report = texbuild.build_folder(tmp_path / "statements.tex")
    assert "Undefined control sequence" not in report.log and "Missing $ inserted" not in report.log
    boxes = report.overfull(OVERFULL_LIMIT_PT)
    assert report.pdf.exists() and not boxes, f"statements running into the margin: {boxes[:5]}"


def test_a_product_with_a_reciprocal_prints_as_a_fraction():
    tp, tn, ap, an = space.TP, space.TN, sp.Symbol("AP", positive=True), sp.Symbol("AN", positive=True)
    derivative = sp.Mul(2, tp, sp.Pow(an + ap - tn + tp, -2))
    shown = texmath.slot(derivative)
    assert r"\frac{2 \mathrm{TP}}{" in shown and r"\frac{1}" not in shown and r"\cdot" not in shown


@pytest.mark.parametrize("value, expected", [
    (2 * space.TP / (space.TP + space.FN) ** 2, "2·TP/(TP + FN)²"),
    (sp.sqrt(space.s * (1 - space.s)), "√(P(S))·√(P(¬S))"),
    (sp.Le(sp.Symbol("alpha") * space.g, 1), "α·P(G) ≤ 1"),
    (sp.Eq(space.Pr(space.NS, space.G), 1 - space.Pr(space.S)), "P(¬S | G) = P(¬S)"),
    (sp.Symbol("lambda11"), "λ₁₁"),
])
def test_a_formula_in_a_terminal_sentence_is_drawn_in_unicode(value, expected):
    assert pretty.inline(value) == expected


@pytest.mark.parametrize("typed, expected", [
    (r"independence gives $P(\neg S|G) = P(\neg S)$", "independence gives P(¬S|G) = P(¬S)"),
    (r"$\frac{\lambda P(\mathcal{G}) - 1}{2P(G)}$", "(λP(G) - 1)/(2P(G))"),
    (r"$\mathrm{WAcc}(\mathcal{S}_{\neg i}) = \frac{A}{B + C}$", "WAcc(S_¬i) = A/(B + C)"),
    (r"$\lambda \gtrless \tfrac12$, $x \in \{a, b\}$", "λ ≷ 1/2, x ∈ {a, b}"),
    (r"$\left|E\left[\frac{X}{Y}\right]\right| \le \sqrt{\frac{a}{b}}$", "|E[X/Y]| ≤ √(a/b)"),
    (r"$\partial F_1/\partial TN = 2TP/(AP+AN)^2$", "∂F₁/∂TN = 2TP/(AP+AN)²"),
    (r"no mathematics, 50% and \o", r"no mathematics, 50% and \o"),     # text outside $...$ as it is
    (r"$\frac{2(A+B)}{(A+B-C)^2}$", "(2(A+B))/(A+B-C)²"),             # a bracketed power needs no more
])
def test_an_authors_latex_in_a_terminal_sentence_is_drawn_in_unicode(typed, expected):
    assert pretty.author_text(typed) == expected


@pytest.mark.parametrize("typed, expected", [
    (r"LAM\% fails WDE, eq.~(3), i.e.\ $TP = 0$", "LAM% fails WDE, eq. (3), i.e. TP = 0"),
    (r"as printed:\par{\small\begin{tabular}{ll} a & b\end{tabular}}", None),   # a table: the prose is shown
])
def test_a_statement_typed_in_latex_reads_as_text_on_the_terminal(typed, expected):
    assert pretty.statement_text(typed) == expected


def _unbraced_breaks(latex: str) -> list[str]:
    """The places in ``latex`` where a probability P(X | Y) or P(X \\wedge Y) stands outside
    every group (a \\mid is only ever the bar of a conditional probability)."""
    found, depth = [], 0
    for match in re.finditer(r"[{}]|\\mid(?![A-Za-z])|(?<![A-Za-z\\])P\([^()]*\\wedge", latex):
        depth += {"{": 1, "}": -1}.get(match.group(0), 0)
        if match.group(0) not in "{}" and depth == 0:
            found.append(latex[max(0, match.start() - 30):match.end() + 10])
    return found


def test_no_line_breaks_inside_a_probability(written):
    """TeX breaks a line after a relation (breqn in a display, the paragraph builder inline):
    P(G | S) must reach it as one group, in every display and inline formula of every claim."""
    broken = {}
    for path in written.glob("*.tex"):
        text = path.read_text(encoding="utf-8")
        formulas = re.findall(r"\\begin\{dmath\*\}(.*?)\\end\{dmath\*\}", text, re.S)
        formulas += re.findall(r"(?<!\\)\$([^$]+)\$", text)
        places = [p for f in formulas for p in _unbraced_breaks(f)]
        if places:
            broken[path.name] = places[:3]
    assert not broken, broken


@pytest.mark.parametrize("typed, expected", [
    (r"a = b", [r"a = b"]),
    (r"a = b,\quad c = d", [r"a = b,", r"c = d"]),
    (r"a = \left(x,\quad y\right),\qquad c = \frac{d,\quad e}{f}", [r"a = \left(x,\quad y\right),", r"c = \frac{d,\quad e}{f}"]),
    (r"\hat p(c^*) = 1,\ c^* = \arg\min_c p(c)", [r"\hat p(c^*) = 1,", r"c^* = \arg\min_c p(c)"]),
    (r"x_1,\ x_2 = 0", [r"x_1,\ x_2 = 0"]),               # a list of terms then one equation: one display
])
def test_equations_side_by_side_are_displayed_one_per_line(typed, expected):
    shown = "".join(rf"\begin{{dmath*}}{e}\end{{dmath*}}" for e in expected)
    assert texmath.displays(typed) == (shown if len(expected) == 1 else rf"\begin{{dgroup*}}{shown}\end{{dgroup*}}")


@pytest.mark.parametrize("key, expected", [
    ("lambda11", "λ₁₁"), ("p_i", "pᵢ"), ("g", "P(G)"), ("alpha", "α"), ("shift", "shift"),
    ("test set 1", "test set 1"),       # not a symbol's name: as it is
])
def test_a_named_value_is_named_as_its_symbol_on_the_terminal(key, expected):
    assert pretty.name(key) == expected


def _python_values_in_prose(results) -> list:
    raw = re.compile(r"\b(True|False|None)\b|\{[A-Za-z]+: |[\w)]\*[\w(]|\*\*")
    found = []
    for r in results:
        texts = [s.justification for s in r.steps] + [s.label for s in r.steps] + [r.conclusion, *r.notes]
        for value in texts:
            text = text_render.prose(value, pretty.inline) if value else ""
            if raw.search(text):
                found.append((r.id, text[:120]))
    return found


def test_no_python_value_is_written_into_a_claim_s_prose(all_results):
    """A justification, note or conclusion says what was checked, never a raw Python or sympy
    value put into an f-string ("exact evaluation (True is True)", "{TP: 1}", "2*p/(p + 1)")."""
    found = _python_values_in_prose(all_results.values())
    assert not found, found


# the fast tier's sample of the above: tables with witnesses, a proof by cases, a refutation (the
# proof by cases, amigo.body.strict_monotonicity, is 20 CPU-s of claim: tests/slow_by_cost.txt
# leaves it to the full suite; quant.table1 is left there by SLOW_TESTS: its property table is
# decided by test_quant.py's fast tests in this group, its own work is ~2 CPU-s; sebastiani15.table2,
# a corrected table of 0.3 CPU-s, is the fast tier's table)
@SAME_WORKER
@pytest.mark.parametrize("claim_id", ["quant.table1", "sebastiani15.table2", "amigo.body.strict_monotonicity",
                                      "amigo.appendix.wacc_absolute_weighting", "sebastiani15.f1.mon"])
def test_no_python_value_is_written_into_the_prose_of(claim_id):
    found = _python_values_in_prose([one_claim(claim_id)])
    assert not found, found


def test_a_counterexample_line_labels_its_tables_and_names():
    from symmetric.evidence import ContingencyTable, Counterexample
    cx = Counterexample("M(after) = M(before)", (("before", ContingencyTable(1, 1, 0, 0)), ("after", ContingencyTable(1, 0, 0, 1))),
                        (("lambda11", sp.Rational(1, 4)),), (), None)
    assert text_render.counterexample_line(cx, pretty.inline, pretty.name) == \
        "(TP, FP, FN, TN): before = (1, 1, 0, 0), after = (1, 0, 0, 1), λ₁₁ = 1/4; there: M(after) = M(before)"
    assert "there" not in text_render.counterexample_line(type(cx)(sp.true, cx.tables, cx.point), pretty.inline)


def test_a_sentence_names_the_cells_at_its_first_table():
    from symmetric.evidence import ContingencyTable, say
    line = say("from {0} to {1}", ContingencyTable(0, 2, 0, 0), ContingencyTable(0, 1, 0, 1))
    for math in (None, pretty.inline):
        assert text_render.sentence(line, math) == "from (TP, FP, FN, TN) = (0, 2, 0, 0) to (0, 1, 0, 1)"


def test_a_counterexample_in_a_proof_is_mathematics():
    """A witness put into a justification (quant's Table 1) is a sentence with slots: its values
    typeset (log(3)/10 as a fraction), never sympy's string form (9*log(3)/10)."""
    from symmetric.evidence import Counterexample
    cx = Counterexample("left != right", (), (("p'(c1)", sp.Rational(1, 10)),),
                        (("left", 9 * sp.log(3) / 10 - sp.log(7) / 10),), None)
    line = text_render.counterexample_sentence(cx, "; witness: ")
    assert text_render.sentence(line, pretty.inline) == "; witness: p'(c1) = 1/10, left = 9·log(3)/10 - log(7)/10, there: left != right"
    tex = texmath.tex_text(line)
    assert r"\frac{9 \ln{\left(3 \right)}}{10}" in tex and "*" not in tex, tex
