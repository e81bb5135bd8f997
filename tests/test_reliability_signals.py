"""Issue 15 regressions that need a real process: SIGTERM during `prove`, two `prove` runs into
one folder, a file-size limit while writing the JSON report."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from symmetric.render.texbuild import tex_engine

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
PREFIX = "sebastiani15.f1.mon"      # one quick claim: the run is mostly start-up and output
MARK = b"\n% old\n"


def _prove(out: Path, *extra: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "symmetric", "prove", PREFIX, "--out", str(out), *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV, cwd=out.parent, **kwargs)


def _mark_old(out: Path) -> None:
    for f in out.iterdir():
        f.write_bytes(f.read_bytes() + MARK)


def _state(out: Path) -> str:
    """'old' or 'new' when every file is, 'mixed' otherwise."""
    marks = {f.name: f.read_bytes().endswith(MARK) for f in out.iterdir()}
    return "old" if all(marks.values()) else "new" if not any(marks.values()) else f"mixed {marks}"


def _wait_for(proc: subprocess.Popen, text: bytes, timeout: float = 240) -> bytes:
    seen, end = b"", time.monotonic() + timeout
    os.set_blocking(proc.stderr.fileno(), False)
    while text not in seen and time.monotonic() < end and proc.poll() is None:
        seen += proc.stderr.read() or b""
        time.sleep(0.02)
    os.set_blocking(proc.stderr.fileno(), True)
    return seen


def test_sigterm_during_prove_leaves_the_files_all_old_or_all_new(tmp_path):
    out = tmp_path / "latex_out"
    first = _prove(out, *([] if tex_engine() else ["--no-pdf"]))
    assert first.wait(timeout=300) == 0, first.stderr.read()
    names = sorted(f.name for f in out.iterdir())
    for when in ("start", "after the claims"):      # while importing; while writing the outputs
        _mark_old(out)
        run = _prove(out)
        if when == "start":
            time.sleep(0.5)
        else:
            _wait_for(run, b"sebastiani15.f1.mon ...")
        run.send_signal(signal.SIGTERM)
        rest = run.communicate(timeout=120)[1] or b""
        assert sorted(f.name for f in out.iterdir()) == names
        assert _state(out) in ("old", "new"), when
        if run.returncode != 0:         # stopped: one line, nothing left behind; the files (manifest
            # included) are written with the signal held for the milliseconds it takes, so they
            # are all old (stopped before) or all new (the signal arrived while they were written)
            assert run.returncode in (128 + signal.SIGTERM, -signal.SIGTERM) and b"Traceback" not in rest
        assert sorted(p.name for p in tmp_path.iterdir()) == ["latex_out"]


@pytest.mark.skipif(tex_engine() is None, reason="pdflatex not installed")
def test_two_prove_runs_into_one_folder_do_not_corrupt_it(tmp_path):
    out = tmp_path / "latex_out"
    runs = [_prove(out), _prove(out)]
    errors = [run.communicate(timeout=300)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], errors
    pdf = (out / "proofs.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")
    assert {"proofs.tex", "symmetric-macros.tex", "sebastiani15.f1.mon.tex"} <= {f.name for f in out.iterdir()}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["latex_out"]


def test_file_size_limit_while_writing_the_json_keeps_the_old_file(tmp_path):
    old = "x" * 100_000
    (tmp_path / "r.json").write_text(old)
    code = "ulimit -f 4; exec {py} -m symmetric check --no-pdf --counts TP/n --json r.json --latex o --time-limit 5"
    proc = subprocess.run(["bash", "-c", code.format(py=sys.executable)], cwd=tmp_path, env=ENV,
                          capture_output=True, timeout=300)
    err = proc.stderr.decode()
    assert (tmp_path / "r.json").read_text() == old
    assert proc.returncode == 2 and "r.json: could not be written" in err and "Traceback" not in err, err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".r.json")]
