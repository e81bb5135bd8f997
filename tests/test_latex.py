"""LaTeX output: the committed latex_out/ is what the code generates now (golden files), and
the whole document compiles with a real TeX engine (required under CI, where the engine is
installed by .ci/run)."""

import os
from pathlib import Path

import pytest

from symmetric.claims import registry
from symmetric.render import files, latex, texbuild

LATEX_OUT = Path(__file__).resolve().parent.parent / "latex_out"


@pytest.fixture(scope="module")
def generated(all_results, tmp_path_factory):
    out = tmp_path_factory.mktemp("latex") / "out"
    files.write_files(latex.document_files(all_results.values(), [c.id for c in registry.all_claims()]), out)
    return out


def test_no_claim_has_an_internal_error(all_results):
    broken = {i: r.reason for i, r in all_results.items() if registry.is_internal_error(r)}
    assert not broken


def test_committed_latex_is_fresh(generated):
    stale = []
    for path in sorted(generated.glob("*.tex")):
        committed = LATEX_OUT / path.name
        if not committed.exists() or committed.read_text(encoding="utf-8") != path.read_text(encoding="utf-8"):
            stale.append(path.name)
    assert not stale, f"latex_out/ is stale, run `symmetric prove --no-pdf`: {stale[:10]}"


def test_every_claim_file_is_named_after_its_id(generated, all_results):
    for claim_id in all_results:
        text = (generated / f"{claim_id}.tex").read_text(encoding="utf-8")
        assert f"\\label{{claim:{claim_id}}}" in text
        assert "\\symverdict{" + all_results[claim_id].verdict.value + "}" in text


def test_pdf_builds(generated):
    if texbuild.tex_engine() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have a TeX engine (pdflatex); .ci/run installs it")
        pytest.skip("no pdflatex on PATH (CI installs one and then this test must run)")
    pdf = texbuild.build_pdf(generated / "proofs.tex", sorted(generated.glob("*.tex")))
    assert pdf.exists() and pdf.stat().st_size > 10_000
