"""Outputs are never half-written and TeX runs locked down (render/files.py, render/texbuild.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from symmetric.render import files
from symmetric.render import texbuild
from symmetric.render.texbuild import TexBuildError, build_pdf, copy_plain_tree, tex_engine

needs_tex = pytest.mark.skipif(tex_engine() is None, reason="pdflatex not installed")


def test_atomic_write_under_a_file_size_limit_keeps_the_old_file(tmp_path):
    target = tmp_path / "r.json"
    target.write_text("x" * 100_000)
    code = ("import resource, sys; from symmetric.render.files import write_text\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
            "import signal; signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
            f"write_text({str(target)!r}, 'y' * 50_000)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode != 0 and "could not be written" in proc.stderr
    assert target.read_text() == "x" * 100_000
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]      # no temporary file left


def test_a_build_copy_never_follows_a_symlink_or_reads_a_special_file(tmp_path):
    """texbuild.build_folder copies the paper's folder: plain files and folders only."""
    paper = tmp_path / "paper"
    (paper / "latex_out").mkdir(parents=True)
    (paper / "main.tex").write_text("main")
    (paper / "latex_out" / "claim.tex").write_text("claim")
    (paper / "share").symlink_to("/usr/share", target_is_directory=True)
    (paper / "zeros").symlink_to("/dev/zero")
    (paper / "up").symlink_to(paper, target_is_directory=True)         # a loop
    os.mkfifo(paper / "pipe")
    copy = tmp_path / "copy"
    copy_plain_tree(paper, copy)
    found = sorted(str(p.relative_to(copy)) for p in copy.rglob("*"))
    assert found == ["latex_out", "latex_out/claim.tex", "main.tex"]
    assert (copy / "latex_out" / "claim.tex").read_text() == "claim"


def test_a_build_copy_is_bounded(tmp_path, monkeypatch):
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "big.bin").write_bytes(b"x" * 2048)
    monkeypatch.setattr(texbuild, "COPY_LIMIT", 1024)
    with pytest.raises(TexBuildError, match="more than"):
        copy_plain_tree(paper, tmp_path / "copy")


@pytest.mark.parametrize("make,fragment", [
    (lambda p: p.mkdir(), "is a directory"),
    (lambda p: None, None),
])
def test_check_writable_file(tmp_path, make, fragment):
    target = tmp_path / "r.json"
    make(target)
    if fragment:
        with pytest.raises(files.OutputError, match=fragment):
            files.check_writable(target)
    else:
        assert files.check_writable(target) == target


@pytest.mark.parametrize("path,fragment", [
    ("nodir/sub/r.json", "does not exist"), ("", "must not be empty"),
])
def test_check_writable_refuses(tmp_path, path, fragment):
    with pytest.raises(files.OutputError, match=fragment):
        files.check_writable(tmp_path / path if path else "")


def test_check_writable_refuses_an_input(tmp_path):
    source = tmp_path / "m.toml"
    source.write_text("")
    with pytest.raises(files.OutputError, match="overwrite an input"):
        files.check_writable(source, inputs=(source,))


@needs_tex
@pytest.mark.parametrize("body,fragment", [
    (r"\input{/etc/hostname}", "not found"),
    (r"\immediate\openout9=../pwned.tex\immediate\write9{owned}\immediate\closeout9 x", "can't write"),
])
def test_tex_cannot_read_or_write_outside_its_folder(tmp_path, body, fragment):
    tex = tmp_path / "a.tex"
    tex.write_text(r"\documentclass{article}\begin{document}" + body + r"\end{document}")
    with pytest.raises(TexBuildError, match=fragment):
        build_pdf(tex)
    assert not (tmp_path.parent / "pwned.tex").exists() and not (tmp_path / "a.pdf").exists()


@needs_tex
def test_tex_that_loops_ends_in_one_line(tmp_path):
    tex = tmp_path / "a.tex"
    tex.write_text(r"\documentclass{article}\begin{document}\def\x{\x}\x\end{document}")
    with pytest.raises(TexBuildError, match="did not finish within 2 s"):
        build_pdf(tex, timeout=2)


@needs_tex
def test_contents_are_stable_after_the_build(tmp_path):
    tex = tmp_path / "a.tex"
    tex.write_text(r"\documentclass{article}\begin{document}\tableofcontents\newpage\section{One}x"
                   r"\newpage\section{Two}y\end{document}")
    pdf = build_pdf(tex)
    assert pdf.exists() and not (tmp_path / "a.aux").exists()


@pytest.mark.parametrize("json_arg,fragment", [
    ("nodir/sub/r.json", "does not exist"), ("", "must not be empty"), (".", "is a directory"),
])
def test_check_refuses_a_bad_json_path_before_the_work(tmp_path, json_arg, fragment, monkeypatch):
    from cli_support import assert_user_error, run_check
    monkeypatch.chdir(tmp_path)
    assert_user_error(run_check(["--counts", "TP/n", "--json", json_arg], tmp_path), fragment)


def test_check_refuses_to_overwrite_its_input(tmp_path):
    from cli_support import assert_user_error, run_check
    source = tmp_path / "m.toml"
    source.write_text('[[measure]]\nname = "a"\ncounts = "TP/n"\n')
    assert_user_error(run_check([str(source), "--json", str(source)], tmp_path), "overwrite an input")
    assert source.read_text().startswith("[[measure]]")


def test_check_refuses_an_absurd_time_limit(tmp_path):
    from cli_support import assert_user_error, run_check
    assert_user_error(run_check(["--counts", "TP/n", "--time-limit", "1e10"], tmp_path), "below 1e7")
