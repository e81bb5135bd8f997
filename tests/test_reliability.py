"""Issue 15 regressions: hostile names reaching TeX, bounded reads, clean stdout failures,
the smaller refusals.  Each case computes what it asserts (a real CLI run or a real file)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import assert_user_error, invoke, run_check
from symmetric.errors import InputError
from symmetric.inputfiles import read_bounded
from symmetric.render.escape import ASCII_MATH_OUTPUT, tex_user_text
from symmetric.render.texbuild import tex_engine

ROOT = Path(__file__).resolve().parents[1]
needs_tex = pytest.mark.skipif(tex_engine() is None, reason="pdflatex not installed")

INJECTIONS = [
    r"A$\input{/etc/hostname}$",
    r"$\immediate\openout9=pwned.tex\immediate\write9{owned}\immediate\closeout9$",
    r"$\def\x{\x}\x$",
    r"\write18{touch hacked}",
    r"\catcode`\^^M=13 #1 % & ~ _ ^ { } | < >",
    "é€\u0007\u202e",
]


def _cli(*args: str, cwd=None, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "symmetric", *args], stderr=subprocess.PIPE, cwd=cwd, env=env,
                          timeout=300, **kwargs)


# ---------------------------------------------------------------- names reaching TeX

@pytest.mark.parametrize("name", INJECTIONS)
def test_user_text_has_no_tex_control_sequence(name):
    tex = tex_user_text(name)
    # every backslash starts one of the escapes, every $ and brace is escaped; the only $ are
    # those of the fixed ASCII-mathematics tokens ($<$, $\le$, $|D|$), which hold no input's
    # brace, backslash or dollar
    stripped = ASCII_MATH_OUTPUT.sub("", tex)
    for escape in (r"\textbackslash{}", r"\textasciitilde{}", r"\textasciicircum{}", r"\textless{}",
                   r"\textgreater{}", r"\textbar{}", r"\$", r"\{", r"\}", r"\%", r"\#", r"\&", r"\_", r"\'e"):
        stripped = stripped.replace(escape, "")
    assert not any(ch in stripped for ch in "\\${}%#&~^\u0007\u202e"), tex


@needs_tex
def test_injected_names_are_typeset_literally(tmp_path):
    """One TOML file with every hostile name: the PDF builds, nothing is read or written."""
    toml = tmp_path / "m.toml"
    toml.write_text("".join(f"[[measure]]\nname = '''{n}'''\ncounts = \"TP/n\"\n" for n in INJECTIONS[:-1]))
    proc = _cli("check", str(toml), "--latex", "outL", "--time-limit", "3", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    out = tmp_path / "outL"
    tex = "".join(f.read_text() for f in sorted(out.glob("check*.tex")))    # the summary and each report
    assert r"A\$\textbackslash{}input\{/etc/hostname\}\$" in tex
    assert (out / "check.pdf").exists()
    # only what symmetric writes: the summary, its PDF, the macros and one report per measure
    names = sorted(p.name for p in out.iterdir())
    assert {"check.pdf", "check.tex", "symmetric-macros.tex"} <= set(names)
    reports = [n for n in names if n not in ("check.pdf", "check.tex", "symmetric-macros.tex", ".symmetric-manifest.json")]
    assert len(reports) == len(INJECTIONS) - 1 and all(n.startswith("check-") and n.endswith(".tex") for n in reports)
    assert not (tmp_path / "pwned.tex").exists() and not (tmp_path / "hacked").exists()


# ---------------------------------------------------------------- bounded reads

def _fifo(p: Path) -> Path:
    os.mkfifo(p)
    return p


@pytest.mark.parametrize("make,fragment", [
    (lambda p: _fifo(p), "a FIFO (named pipe), not a regular file"),
    (lambda p: Path("/dev/zero"), "a device, not a regular file"),
    (lambda p: (p.mkdir(), p)[1], "cannot read"),
    (lambda p: p, "not found"),
    (lambda p: (p.write_bytes(b"\xef\xbb\xbfx = 1\n"), p)[1], "byte-order mark (BOM)"),
    (lambda p: (p.write_bytes(b"x = 1\n# \xe9\n"), p)[1], "byte 0xe9 at offset 8"),
    (lambda p: (p.write_bytes(b"x" * 2000), p)[1], "larger than 1000 bytes"),
])
def test_read_bounded_refuses(tmp_path, make, fragment):
    path = make(tmp_path / "f.toml")
    with pytest.raises(InputError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        read_bounded(path, limit=1000)


def test_read_bounded_reads_a_file_and_can_drop_a_bom(tmp_path):
    f = tmp_path / "p.txt"
    f.write_bytes(b"\xef\xbb\xbf0.5\r\n0.25\n")
    assert read_bounded(f, allow_bom=True) == "0.5\n0.25\n"


@pytest.mark.parametrize("content,fragment", [
    ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "line 1: invalid TOML: arrays or tables nested more than 32"),
    ("[[measure]]\nname = 'a'\ncounts = 'TP/n'\n[[measure]]\nname = 'a'\ncounts = 'TN/n'\n",
     "line 4: duplicate measure name 'a' (first at line 1)"),
    ("[[measure]]\ncatalogue = 'F1'\n[[measure]]\ncatalogue = 'F1'\n", "line 3: duplicate measure name 'F1'"),
    ("[[measure]]\nname = ''\ncounts = 'TP/n'\n", "field 'name' must not be empty"),
    ("[[measure]]\nname = \"a\\u0007b\"\ncounts = 'TP/n'\n", "control character (U+0007"),
])
def test_toml_refusals(tmp_path, content, fragment):
    f = tmp_path / "m.toml"
    f.write_text(content)
    assert_user_error(run_check([str(f)], tmp_path), fragment)


def test_toml_brackets_in_strings_do_not_count(tmp_path):
    f = tmp_path / "m.toml"
    f.write_text("[[measure]]\nname = '" + "[" * 50 + "' # [[[[\ncounts = \"TP/n\"\n")
    result = run_check([str(f), "--time-limit", "2"], tmp_path)
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------- names and suggestions

@pytest.mark.parametrize("args,fragment", [
    (["--name", "A\udcff"], "--name is not valid UTF-8"),
    (["--name", " "], "--name must not be empty"),
    (["--name", "x" * 201], "--name is longer than 200"),
])
def test_bad_names_are_refused(tmp_path, args, fragment):
    assert_user_error(run_check(["--counts", "TP/n", *args], tmp_path), fragment)


@pytest.mark.parametrize("expr,hint", [
    ("__builtins__ + TP", False), ("_x * TP", False), ("lam * TP", True),
])
def test_parameter_hint_only_for_possible_parameters(tmp_path, expr, hint):
    result = run_check(["--counts", expr], tmp_path)
    assert_user_error(result, "unknown name")
    assert ("--param" in result.output) is hint


def test_non_utf8_name_from_a_real_shell_is_one_line(tmp_path):
    proc = _cli("check", "--counts", "TP/n", "--name", b"A\xff\xfe", "--no-pdf", "--latex", "o", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.decode().count("\n") == 1, proc.stderr


# ---------------------------------------------------------------- standard output

@pytest.mark.parametrize("args", [["list"], ["check", "--counts", "TP/n", "--no-pdf", "--json", "-",
                                             "--time-limit", "2"], ["--help"]])
def test_stdout_to_dev_full_is_one_line(tmp_path, args):
    with open("/dev/full", "w") as full:
        proc = _cli(*args, "--latex", "o", cwd=tmp_path, stdout=full) if args[0] == "check" else \
            _cli(*args, cwd=tmp_path, stdout=full)
    err = proc.stderr.decode()
    assert proc.returncode == 1 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "standard output" in err


def test_stdout_closed_is_one_line(tmp_path):
    proc = subprocess.run(f"{sys.executable} -m symmetric list >&-", shell=True, capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path, timeout=60)
    err = proc.stderr.decode()
    assert proc.returncode == 1 and err.count("\n") == 1 and "standard output is closed" in err, err


def test_json_empty_path_is_refused(tmp_path):
    assert_user_error(invoke("check", "--counts", "TP/n", "--json", "", "--no-pdf"), "must not be empty")


# ---------------------------------------------------------------- LaTeX written by hand (claims files)

MATH = [
    (r"\frac{2\,\mathrm{TP}}{AP + AN + TP - TN}", True), (r"\begin{cases} 1 & x \\ 0 \end{cases}", True),
    (r"\min_s E[\mathrm{SEC}] \le \hat{p}(c)", True), (r"\input{/etc/hostname}", False), ("^^5cinput{x}", False),
    (r"x % }", False), (r"\begin{filecontents}{x}y\end{filecontents}", False), ("{", False), (r"\text{a}}{", False),
    (r"\csname input\endcsname", False), (r"\def\x{\x}\x", False), (r"\immediate\write18{ls}", False),
    (r"\catcode`\^=12", False), ("#1", False),
]


@pytest.mark.parametrize("latex,safe", MATH)
def test_hand_written_mathematics_reaches_tex_only_when_safe(latex, safe):
    from symmetric.claims.model import PrintedLatex
    from symmetric.render.escape import safe_math
    from symmetric.render.latex import tex_math, tex_text
    from symmetric.render.notation import author_math
    assert safe_math(latex) is safe
    # safe mathematics reaches TeX as written, in the project's notation (upright cells)
    assert (tex_text(f"a ${latex}$ b") == "a " + author_math(f"${latex}$") + " b") is safe
    assert (tex_math(PrintedLatex(latex)) == author_math(latex)) is safe
    if not safe:        # shown as text: no control sequence of the input survives
        assert "\\input{" not in tex_text(f"${latex}$") and "\\def\\x" not in tex_math(PrintedLatex(latex))


@pytest.mark.parametrize("claim_id", ["../../etc/x", "a/b", ".hidden", "a}\\input{x}", "a b", ""])
def test_claim_ids_that_cannot_be_file_names_are_refused(claim_id):
    from symmetric.render.latex import document_files
    with pytest.raises(InputError, match="cannot name a file"):
        document_files([], [claim_id])
