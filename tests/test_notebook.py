"""Jupyter (issue 24, item 7): results display as tables and wrapping prose, and the example
notebook under examples/ runs from top to bottom in a real kernel."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import symmetric
from symmetric.render.resultset import CheckResults

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "check_a_measure.ipynb"


@pytest.fixture(scope="module")
def f1_results():
    return symmetric.check("F1", ["SYM", "MON", "CON"], time_limit=60)


def test_check_returns_one_table_that_is_still_a_tuple(f1_results):
    assert isinstance(f1_results, CheckResults) and isinstance(f1_results, tuple)
    sym, mon, con = f1_results                       # callers unpack it
    assert [r.property for r in f1_results] == ["SYM", "MON", "CON"] and sym is f1_results[0]
    page = f1_results._repr_html_()
    assert page.count("<table") == 1 and page.count("<tr>") == 1 + len(f1_results)
    # the whole reason, never cut; the verdicts and the readings, no dataclass repr
    assert "..." not in page and "PropertyResult(" not in page and "Sentence(" not in page
    assert "defined-test-sets" in page and "fails" in page
    text = repr(f1_results)
    assert text.startswith("CheckResults: 3 verdicts") and "PropertyResult(" not in text
    assert len(text.splitlines()) == 1 + len(f1_results)


def test_the_caption_says_which_readings_were_decided(f1_results):
    assert "headline readings only (alternates=True" in f1_results._repr_html_()
    both = symmetric.check("F1", ["MON"], alternates=True)
    assert [r.reading for r in both] == ["defined", "strict"]
    assert "headline and strict readings" in both._repr_html_()


def test_a_result_is_prose_that_wraps_not_one_array_of_text_lines(f1_results):
    for r in f1_results:
        latex = r._repr_latex_()
        assert r"\begin{array}" not in latex and r"\text{" not in latex and "$$" not in latex
        assert latex.count("$") % 2 == 0
        # relations typeset as mathematics, never the terminal's ASCII or TeX's \textbar
        assert "<=" not in latex and "!=" not in latex and r"\textbar" not in latex
        page = r._repr_html_()
        assert page.startswith("<div") and "&lt;=" not in page and "!=" not in page
    assert r"$\le$ $|D|$ $\le$ 12" in f1_results[2]._repr_latex_()


def test_to_latex_typesets_ascii_mathematics(f1_results):
    latex = symmetric.to_latex(f1_results[2])
    assert r"\textbar{}D\textbar{}" not in latex and r"\textless{}=" not in latex
    assert r"$|D|$ $\le$ 12" in latex and r"\text{limit}" not in latex


def test_a_counterexample_is_a_table_in_html(f1_results):
    page = f1_results[0]._repr_html_()
    assert "<th>TP</th>" in page and "<td>2/3</td>" in page


def _kernel_or_skip():
    nbformat = pytest.importorskip("nbformat", reason="nbformat is in the test extra: pip install -e .[test]")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is in the test extra: pip install -e .[test]")
    pytest.importorskip("ipykernel", reason="ipykernel is in the test extra: pip install -e .[test]")
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        pytest.skip("no python3 Jupyter kernel is installed (python -m ipykernel install --user)")
    return nbformat, nbclient


def test_the_example_notebook_runs(tmp_path, monkeypatch):
    nbformat, nbclient = _kernel_or_skip()
    nb = nbformat.read(NOTEBOOK, as_version=4)
    # the kernel imports this worktree's symmetric, whatever is installed
    monkeypatch.setenv("PYTHONPATH", str(NOTEBOOK.parents[1]))
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": tmp_path}})
    try:
        client.execute()
    except RuntimeError as exc:        # a kernel that cannot start (no ports, no zmq): said, never passed
        if re.search(r"kernel|zmq|port", str(exc), re.I) and "CellExecutionError" not in type(exc).__name__:
            pytest.skip(f"a Jupyter kernel cannot start here: {exc}")
        raise
    outputs = {k: c.outputs for k, c in enumerate(nb.cells) if c.cell_type == "code"}
    assert all(not any(o.output_type == "error" for o in outs) for outs in outputs.values())
    shown = [o for outs in outputs.values() for o in outs if o.output_type == "execute_result"]
    kinds = [sorted(o.data) for o in shown]
    assert kinds[0] == ["text/latex", "text/plain"]                            # the measure: its formula
    assert kinds[1] == ["text/html", "text/plain"]                             # check(): one table
    assert shown[1].data["text/html"].count("<table") == 1
    assert all("text/html" in k for k in kinds[2:])                            # a result, a claim
    assert "PropertyResult(" not in shown[1].data["text/plain"]
    printed = "".join(o.text for outs in outputs.values() for o in outs if o.output_type == "stream")
    assert r"\textbf{CON}" in printed
