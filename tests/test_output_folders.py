"""Issue 27, data loss: an output folder (check --latex, verify --latex, prove --out, atlas --out)
is written by adding and replacing symmetric's own files only (render/outfolder.py).  Each
reproduction of the issue is a test here, at the command line, in tmp_path."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory
from cli_support import assert_user_error, invoke

from symmetric.render import outfolder
from symmetric.render.files import OutputError, file_mode

ROOT = Path(__file__).resolve().parents[1]
ATLAS = ("atlas", "--measure", "F1", "--property", "SYM", "--workers", "1", "--no-cache")
VERIFY = '''
[paper]
title = "basic"

[[claim]]
id = "one"
statement = "TP/(TP+FN) + FN/(TP+FN) = 1"

  [[claim.step]]
  lhs = "TP/(TP+FN) + FN/(TP+FN)"
  rel = "="
  rhs = "1"
'''
REFUSED = "is not empty and has no .symmetric-manifest.json"


def _user_folder(path: Path, mode: int = 0o700) -> dict:
    """A folder of the user's: a git repository, a dotfile, a plain file; returns its snapshot."""
    (path / ".git").mkdir(parents=True)
    (path / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (path / ".env").write_text("SECRET=1\n")
    (path / "notes.txt").write_text("mine\n")
    path.chmod(mode)
    return _snapshot(path)


def _snapshot(path: Path) -> dict:
    out = {".mode": stat.S_IMODE(os.lstat(path).st_mode)}
    for p in sorted(path.rglob("*")):
        info = os.lstat(p)
        out[str(p.relative_to(path))] = (stat.S_IMODE(info.st_mode), os.readlink(p) if p.is_symlink()
                                         else p.read_bytes() if p.is_file() else "dir")
    return out


def _kept(before: dict, path: Path) -> None:
    after = _snapshot(path)
    assert {k: v for k, v in after.items() if k in before} == before


def _fake_pdflatex(tmp_path: Path, monkeypatch, seconds: float = 0) -> Path:
    """A stand-in pdflatex (none is installed here): writes STEM.pdf in its folder."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "pdflatex"
    script.write_text(f"#!/bin/sh\nsleep {seconds}\nfor a; do f=$a; done\n"
                      'printf "%%PDF-1.5 fake\\n%%%%EOF\\n" > "${f%.tex}.pdf"\necho ok > "${f%.tex}.log"\n')
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return bin_dir


def test_atlas_refuses_a_folder_of_the_users_and_changes_nothing(tmp_path):
    mine = tmp_path / "mine"
    before = _user_folder(mine)
    assert_user_error(invoke(*ATLAS, "--no-pdf", "--out", str(mine)), REFUSED, "--force")
    assert _snapshot(mine) == before


def test_atlas_with_force_keeps_dotfiles_git_and_mode(tmp_path):
    mine = tmp_path / "mine"
    before = _user_folder(mine)
    r = invoke(*ATLAS, "--no-pdf", "--out", str(mine), "--force")
    assert r.exit_code == 0, r.output
    _kept(before, mine)
    assert stat.S_IMODE(mine.stat().st_mode) == 0o700
    assert (mine / "atlas.json").is_file()
    manifest = json.loads((mine / outfolder.MANIFEST).read_text())["files"]
    assert "atlas.json" in manifest and ".env" not in manifest and "notes.txt" not in manifest
    # a second run needs no --force: the folder is now symmetric's, and still keeps the user's files
    r = invoke(*ATLAS, "--no-pdf", "--out", str(mine))
    assert r.exit_code == 0, r.output
    _kept(before, mine)


def test_verify_latex_keeps_the_users_git(tmp_path):
    claims = tmp_path / "basic.toml"
    claims.write_text(VERIFY)
    vmine = tmp_path / "vmine"
    before = _user_folder(vmine, 0o755)
    assert_user_error(invoke("verify", str(claims), "--latex", str(vmine), "--no-pdf"), REFUSED)
    assert _snapshot(vmine) == before
    r = invoke("verify", str(claims), "--latex", str(vmine), "--no-pdf", "--force")
    assert r.exit_code == 0, r.output
    _kept(before, vmine)
    assert (vmine / "one.tex").is_file() and (vmine / "proofs.tex").is_file()


def test_verify_of_a_tex_paper_keeps_the_users_git(tmp_path):
    """The annotated copy of a .tex paper goes through the same writer (it was a second one)."""
    paper = tmp_path / "paper.tex"
    paper.write_text("\\begin{equation}\n\\frac{TP}{TP+FN} + \\frac{FN}{TP+FN} = 1\n\\end{equation}\n")
    vmine = tmp_path / "vmine"
    before = _user_folder(vmine, 0o755)
    assert_user_error(invoke("verify", str(paper), "--latex", str(vmine), "--no-pdf"), REFUSED)
    assert _snapshot(vmine) == before
    r = invoke("verify", str(paper), "--latex", str(vmine), "--no-pdf", "--force")
    assert r.exit_code == 0, r.output
    _kept(before, vmine)
    assert (vmine / "paper-checked.tex").is_file()


def test_check_latex_keeps_the_users_files(tmp_path):
    out = tmp_path / "tex"
    before = _user_folder(out)
    r = invoke("check", "--counts", "TP/(TP+FP)", "--no-pdf", "--latex", str(out), "--force", "--time-limit", "20")
    assert r.exit_code == 0, r.output
    _kept(before, out)
    assert (out / "check.tex").is_file()


def test_a_symlink_inside_the_folder_is_never_followed_or_copied(tmp_path):
    out = tmp_path / "out"
    assert invoke(*ATLAS, "--no-pdf", "--out", str(out)).exit_code == 0
    big = tmp_path / "big"
    big.mkdir()
    (big / "data").write_text("x" * 1000)
    (out / "share").symlink_to(big)                   # the link to /usr/share or /
    (out / "zero").symlink_to("/dev/zero")
    before = _snapshot(out)
    r = invoke(*ATLAS, "--no-pdf", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert (out / "share").is_symlink() and (out / "zero").is_symlink()
    assert os.readlink(out / "zero") == "/dev/zero" and sorted(p.name for p in big.iterdir()) == ["data"]
    assert {k: v for k, v in _snapshot(out).items() if k.startswith(("share", "zero"))} == \
        {k: v for k, v in before.items() if k.startswith(("share", "zero"))}


@pytest.mark.parametrize("target", ["/dev/zero", "victim.txt"])
def test_an_output_name_that_is_a_symlink_is_refused(tmp_path, target):
    out = tmp_path / "out"
    assert invoke(*ATLAS, "--no-pdf", "--out", str(out)).exit_code == 0
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's\n")
    (out / "atlas.json").unlink()
    (out / "atlas.json").symlink_to(target if target.startswith("/") else victim)
    before = _snapshot(out)
    assert_user_error(invoke(*ATLAS, "--no-pdf", "--out", str(out)), "atlas.json: is a symlink")
    assert _snapshot(out) == before and victim.read_text() == "the user's\n"


def test_out_given_as_a_symlink_stays_a_symlink(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "lnk"
    link.symlink_to(real)
    r = invoke(*ATLAS, "--no-pdf", "--out", str(link))
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and (real / "atlas.json").is_file()


def test_stale_outputs_of_the_same_command_go_other_files_stay(tmp_path):
    out = tmp_path / "out"
    assert invoke(*ATLAS, "--no-pdf", "--out", str(out)).exit_code == 0
    f1 = {p.name for p in out.glob("measure-*")}
    (out / "mine.html").write_text("user")          # not in the manifest: never removed
    r = invoke("atlas", "--measure", "Acc", "--property", "SYM", "--workers", "1", "--no-cache", "--no-pdf",
               "--out", str(out))
    assert r.exit_code == 0, r.output
    names = {p.name for p in out.iterdir()}
    assert not f1 & names and "mine.html" in names      # F1's page no longer beside Acc's atlas.json
    assert "Acc" in (out / "atlas.json").read_text() and "F1" not in (out / "atlas.json").read_text()


def test_a_no_pdf_run_after_a_pdf_run_removes_the_stale_pdf_and_modes_are_uniform(tmp_path, monkeypatch):
    _fake_pdflatex(tmp_path, monkeypatch)
    out = tmp_path / "out"
    r = invoke(*ATLAS, "--out", str(out))
    assert r.exit_code == 0, r.output
    assert (out / "atlas.pdf").read_bytes().startswith(b"%PDF")
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in out.iterdir()}
    assert set(modes.values()) == {file_mode()}, modes          # atlas.pdf was 0600
    r = invoke(*ATLAS, "--no-pdf", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert not (out / "atlas.pdf").exists()
    # a PDF the manifest does not list (the user's own) is never removed
    (out / "atlas.pdf").write_bytes(b"mine")
    assert invoke(*ATLAS, "--no-pdf", "--out", str(out)).exit_code == 0
    assert (out / "atlas.pdf").read_bytes() == b"mine"


def test_sigkill_during_the_pdf_build_leaves_nothing_beside_the_folder(tmp_path, monkeypatch):
    # the stand-in pdflatex says when it starts: the PDF is built before any .tex reaches the
    # folder (texbuild's staged build), so waiting for atlas.tex waited out the whole build (60 s
    # asleep, measured) and killed the run after it, not during it
    bin_dir = _fake_pdflatex(tmp_path, monkeypatch, seconds=30)
    started = tmp_path / "pdflatex-started"
    script = bin_dir / "pdflatex"
    script.write_text(script.read_text().replace("#!/bin/sh\n", f"#!/bin/sh\ntouch '{started}'\n", 1))
    work, scratch = tmp_path / "work", tmp_path / "scratch"
    work.mkdir()
    scratch.mkdir()             # the build's stage (a killed run cannot remove it): not in the shared /tmp
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "TMPDIR": str(scratch)}
    proc = subprocess.Popen([sys.executable, "-m", "symmetric", *ATLAS, "--out", "o"], cwd=work, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        end = time.monotonic() + 120
        while not started.exists() and time.monotonic() < end:
            time.sleep(0.05)
        assert started.exists(), "the build never started"
        time.sleep(0.3)
        assert proc.poll() is None, "the run ended before it was killed"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert any(p.name.startswith("symmetric-stage-") for p in scratch.iterdir())   # killed mid-build
    assert set(p.name for p in work.iterdir()) <= {"o"}
    assert not (work / "o" / "atlas.tex").exists()        # and no new .tex in the folder
    # the next run clears whatever a killed write left inside (its temporary files are ours)
    assert invoke(*ATLAS, "--no-pdf", "--out", str(work / "o")).exit_code == 0
    assert not [p for p in (work / "o").iterdir() if p.name.startswith(outfolder.TEMP_PREFIX)]


def test_prove_with_a_prefix_keeps_the_other_claims_files(tmp_path):
    out = tmp_path / "latex_out"
    r = invoke("prove", "sebastiani15.f1.mon", "--no-pdf", "--out", str(out), "--workers", "1", "--no-cache")
    assert r.exit_code == 0, r.output
    (out / "sebastiani15.f1.mon.tex").rename(out / "keep-me.tex")
    manifest = json.loads((out / outfolder.MANIFEST).read_text())
    manifest["files"]["amigo.appendix.chi_fixed_quality.tex"] = "prove"       # as if an earlier run had written it
    (out / outfolder.MANIFEST).write_text(json.dumps(manifest))
    (out / "amigo.appendix.chi_fixed_quality.tex").write_text("earlier")
    r = invoke("prove", "sebastiani15.f1.mon", "--no-pdf", "--out", str(out), "--workers", "1", "--no-cache")
    assert r.exit_code == 0, r.output
    assert (out / "amigo.appendix.chi_fixed_quality.tex").read_text() == "earlier"   # proofs.tex still inputs it


def test_two_runs_take_turns_on_one_folder(tmp_path):
    out = tmp_path / "out"
    order = []

    def second():
        with outfolder.open_folder(out, "t") as folder:
            order.append("second")
            folder.write({"a.tex": "2"})

    with outfolder.open_folder(out, "t") as folder:
        folder.write({"a.tex": "1"})
        thread = threading.Thread(target=second)
        thread.start()
        time.sleep(0.3)
        order.append("first")
    thread.join(10)
    assert order == ["first", "second"] and (out / "a.tex").read_text() == "2"


def test_a_failed_write_leaves_no_temporary_file(tmp_path):
    out = tmp_path / "out"
    with outfolder.open_folder(out, "t") as folder:
        with pytest.raises(OutputError, match="cannot name a file"):
            folder.write({"../escape.tex": "x"})
        (out / "sub").mkdir()
        with pytest.raises(OutputError, match="not a regular file"):
            folder.write({"sub": "x"})
    assert sorted(p.name for p in out.iterdir()) == [outfolder.MANIFEST, "sub"]
    assert not (tmp_path / "escape.tex").exists()


def test_a_manifest_that_is_a_symlink_or_a_fifo_is_refused_not_read(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / outfolder.MANIFEST)
    with pytest.raises(OutputError, match="not a regular file"):
        outfolder.accept(out)


def test_check_keeps_earlier_measures_reports(tmp_path):
    out = tmp_path / "tex"
    for name in ("Acc", "F1"):
        r = invoke("check", "--measure", name, "--no-pdf", "--latex", str(out), "--time-limit", "20",
                   "--headline-only")
        assert r.exit_code == 0, r.output
    reports = sorted(p.name for p in out.glob("check-*.tex"))
    assert len(reports) == 2, reports       # a paper may \input each; only a stale check.pdf goes


def test_a_run_writing_its_first_manifest_does_not_turn_away_a_second_run(tmp_path):
    # run A has just made the folder and is writing its manifest through a temporary file: run B's
    # early check (no lock) saw "not empty, no manifest" and exited 2.  B now waits for the check
    # under the lock; a folder holding only such a file when the lock is held is still refused,
    # and nothing in it is touched.
    folder = tmp_path / "out"
    folder.mkdir()
    in_the_making = folder / (outfolder.TEMP_PREFIX + "abc123")
    in_the_making.write_text("{}")
    assert outfolder.accept(folder) == folder
    with pytest.raises(OutputError, match="has no .symmetric-manifest.json"):
        outfolder.accept(folder, locked=True)
    with pytest.raises(OutputError, match="has no .symmetric-manifest.json"):
        with outfolder.open_folder(folder, "symmetric test"):
            pass
    assert in_the_making.read_text() == "{}"
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(OutputError, match="not empty"):
        outfolder.accept(folder)
