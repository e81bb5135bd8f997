"""A corpus of hostile input (issue 15): parser expressions, parameter declarations, TOML files,
`expect` arguments, output paths and names that reach LaTeX.

Every case runs the real command line in-process (click's runner; signals and resource limits
are in test_reliability_signals.py) and must end either in exit status 2 with exactly one line
on stderr naming the problem -- no traceback, no stray exception -- or in a correct result.
The cases are data; each table says what it covers.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory
from click.testing import CliRunner, Result

from symmetric.cli import main


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def assert_refused(result: Result, fragment: str) -> None:
    """Exit 2, one line on stderr (click's own usage errors end in one 'Error:' line), the
    fragment in it, no traceback, no exception other than the exit."""
    err = result.stderr
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [ln for ln in err.splitlines() if ln.startswith(("symmetric: error:", "Error:"))]
    assert len(lines) == 1, err
    if err.startswith("symmetric: error:"):
        assert err.count("\n") == 1, err
    assert fragment in lines[0], (fragment, lines[0])


def assert_report(result: Result, names: list[str]) -> list[dict]:
    """Exit 0 and a JSON report with one verdict per property for each named measure."""
    assert result.exit_code == 0, (result.output, result.exception)
    report = json.loads(result.stdout)
    assert [m["measure"] for m in report] == names
    for m in report:
        assert m["properties"] and all(p["verdict"] in ("holds", "fails", "undetermined") for p in m["properties"])
    return report


# ---------------------------------------------------------------- parser expressions (--counts)

EXPRESSIONS = [
    ("", "empty expression"), (" ", "empty expression"), ("TP +", "unexpected end of input"),
    ("(TP", "expected ')'"), ("TP)", "unexpected ')'"), ("TP TN", "unexpected 'TN'"),
    ("Tp", "did you mean 'TP'"), ("foo(TP)", "unknown function 'foo'"),
    ("__import__('os')", "strings are not allowed"), ("eval('1')", "strings are not allowed"),
    ("TP.__class__", "attribute access"), ("TP[0]", "unexpected character '['"),
    ("TP; FP", "unexpected character ';'"), ("TP # c", "unexpected character '#'"),
    ("'TP'", "strings are not allowed"), ("TP @ FP", "unexpected character '@'"), ("TP // FP", "unexpected '/'"),
    ("TP % FP", "unexpected character '%'"), ("TP & FP", "unexpected character '&'"), ("TP | FP", "unexpected '|'"),
    ("lambda x: x", "unexpected character ':'"), ("9**9**9**9", "exponent too large"),
    ("10^100000", "exponent too large"), ("1e999999999", "number literal exponent too large"),
    ("1" + "0" * 100, "longer than 40 digits"), ("(" * 100 + "TP" + ")" * 100, "nested too deeply"),
    ("TP+" * 2000 + "TP", "longer than 4000 characters"), ("x" * 5000, "longer than 4000 characters"),
    ("sqrt(-1)", "not a real number"), ("log(0)", "log(0) is undefined"), ("log(-1)", "not a real number"),
    ("1/0", "division by zero"), ("0*sqrt(-1)+TP", "not a real number"), ("exp(10^9)", "exp() argument too large"),
    ("TP/TP", "vanishes where TP = 0"), ("0*FP/(TP-10)", "vanishes where TP - 10 = 0"),
    ("0*TP/((TP+FP+FN+TN)^64-1)", "vanishes where (FN + FP + TN + TP)**64 - 1 = 0"),
    ("0*TP/((TP+FP)^64-(FN+TN)^64)", "vanishes where (FN + TN)**64 - (FP + TP)**64 = 0"),
    ("TP/AP - TP/AP", "vanishes where FN + TP = 0"), ("1/(TP-FP) - 1/(TP-FP)", "vanishes where FP - TP = 0"),
    ("max(TP)", "at least 2 arguments"), ("min()", "at least 2 arguments"), ("abs(TP, FP)", "takes 1 argument"),
    ("sqrt()", "takes 1 argument"), ("cases()", "at least 1 arguments"), ("cases(TP>0, 1)", "odd number"),
    ("cases(TP, 1, 0)", "must be a condition"), ("TP > 0", "is a condition, not a number"),
    ("P(S|G)", "P(...) probabilities are for classification measures (probs)"),
    ("TP\x00", "unexpected character '\\x00'"), ("\u0422\u0420", "unexpected character"),
    ("TP\u200b", "unexpected character '\\u200b'"), ("\uff11", "unexpected character"),
    ("TP \uff0b FP", "unexpected character"), ("__builtins__", "unknown name '__builtins__'"),
    ("lambda*TP", "--param \"lambda>0\""), ("inf", "unknown name 'inf'"), ("nan", "unknown name 'nan'"),
    ("zoo", "unknown name 'zoo'"), ("TP^(1/2", "expected ')'"), ("TP^-1000", "exponent too large"),
    ("TP^1e3", "exponent too large"), ("2^64^64", "exponent too large"), ("log(TP, 1)", "undefined here"),
    ("TP ^^ 2", "unexpected '^'"), ("TP ** ** 2", "unexpected '**'"),
]


@pytest.mark.parametrize("text,fragment", EXPRESSIONS)
def test_expression_refused(text, fragment, tmp_path):
    assert_refused(_run("check", "--counts", text, "--no-pdf", "--latex", str(tmp_path)), fragment)


# accepted: the check runs and reports every property (a correct result, not a refusal)
ACCEPTED = [
    "max(" + ",".join(f"TP/(FP+{i})" for i in range(1, 100)) + ")", "TP/((TP+FP)^64-(FN+TN)^64)",
    "(TP+FN+FP+1)^64", "--TP", "TP**-0 + TP/n",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_expression_accepted(text, tmp_path):
    assert_report(_run("check", "--counts", text, "--no-pdf", "--latex", str(tmp_path), "--json", "-",
                       "--time-limit", "2"), ["M"])


# ---------------------------------------------------------------- parameter declarations

PARAMS = [
    ([""], "--param"), (["lambda"], "parameter 'lambda' is declared but not used"), (["lambda>"], "--param 'lambda>'"),
    (["0<a<1<2"], "cannot read"), (["9a>0"], "cannot read"), (["__builtins__>0"], "parameter '__builtins__' is declared but not used"),
    (["TP>0"], "--param 'TP>0'"), (["a>0", "a>1"], "declared twice"), (["a>1e999999"], "--param 'a>1e999999'"),
]


@pytest.mark.parametrize("decls,fragment", PARAMS)
def test_parameter_refused(decls, fragment, tmp_path):
    args = [x for d in decls for x in ("--param", d)]
    assert_refused(_run("check", "--counts", "TP - FP", *args, "--no-pdf", "--latex", str(tmp_path)), fragment)


# ---------------------------------------------------------------- TOML files

M = "[[measure]]\nname = 'a'\ncounts = 'TP/n'\n"
TOML = [
    ("", "no [[measure]] table found"), ("x = 1\n", "unknown top-level key(s) ['x']"),
    (b"\xef\xbb\xbf" + M.encode(), "line 1, column 1: starts with a UTF-8 byte-order mark"),
    (b"[[measure]]\nname = '\xff'\n", "line 2, column 9: cannot read TOML file: not UTF-8 text (byte 0xff at offset 20)"),
    ("x = " + "[" * 100_000 + "]" * 100_000, "nested more than 32 deep"),
    ("x = " + "{a=" * 50_000 + "1" + "}" * 50_000, "nested more than 32 deep"),
    (M + M, "line 4: duplicate measure name 'a' (first at line 1)"),
    ("[[measure]]\nname = 1\ncounts = 'TP/n'\n", "field 'name' must be a string"),
    ("[[measure]]\nname = ''\ncounts = 'TP/n'\n", "field 'name' must not be empty"),
    ("[[measure]]\nname = \"a\\u0000\"\ncounts = 'TP/n'\n", "control character (U+0000"),
    ("measure = [1, 2]\n", "measure must be a [[measure]] table"), ("measure = 1\n", "no [[measure]] table found"),
    ("[[measure]]\nname = 'a'\ncounts = 'TP/n'\nfoo = 1\n", "unknown field(s) ['foo']"),
    ("[[measure]]\nname = 'a'\ncounts = 1\n", "field 'counts' must be a string"),
    ("[[measure]]\nname = 'a'\ncounts = 'lam*TP'\nparams = 'lam>0'\n", "field 'params' must be a list"),
    ("[[measure]]\nname = 'a'\ncounts = 'lam*TP'\nparams = [1]\n", "field 'params' must be a list of strings"),
    ("kind = 'nonsense'\n" + M, "nonsense"), ("[[measure]]\ncatalogue = 'F11'\n", "did you mean"),
    ("[[measure]\nname = 'a'\n", "line 1"), ("[[measure]]\nname = 'a\n", "invalid TOML"),
    ("[[measure]]\nname = 'a'\ncounts = '''\nTP +\n'''\n", "line 5, column 1: unexpected end of input"),
    ("[[measure]]\nname = 'a'\ncounts = 'TP/TP'\n", "line 3, column 13: this denominator vanishes"),
    ("[[measure]]\nname = 'a'\ncounts = '" + "TP+" * 1500 + "TP'\n", "longer than 4000 characters"),
    ("[[measure]]\nname = 'a'\ncounts = '__import__(\"os\")'\n", "strings are not allowed"),
    ("[[measure]]\nname = 'a'\nterm = 'abs(q - p)'\n", "field 'term'"),
    # many tables: every position is looked up in lines split once (was quadratic), and is right
    # (400 tables, not 2000: each is built before the last one's mistake is found, and 2000 took
    # 34-60 s under load against the 60 s limit; the position is what this case checks)
    ("".join(f"[[measure]]\nname = 'm{i}'\ncounts = 'TP/n'\n" for i in range(400)) + "[[measure]]\nname = 'x'\n"
     "counts = 'TP +'\n", "line 1203, column 15: unexpected end of input"),
]


@pytest.mark.parametrize("content,fragment", TOML)
def test_toml_refused(content, fragment, tmp_path):
    f = tmp_path / "m.toml"
    f.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert_refused(_run("check", str(f), "--no-pdf", "--latex", str(tmp_path / "o")), fragment)


def _special(kind: str, tmp_path: Path) -> str:
    if kind == "fifo":
        os.mkfifo(tmp_path / "f.toml")
    elif kind == "dir":
        (tmp_path / "f.toml").mkdir()
    elif kind == "link":
        (tmp_path / "f.toml").symlink_to("/dev/zero")
    elif kind == "big":
        with open(tmp_path / "f.toml", "wb") as handle:     # sparse: no 17 MiB actually written
            handle.truncate(17 * 2 ** 20)
    return {"zero": "/dev/zero", "null": "/dev/null"}.get(kind, str(tmp_path / "f.toml"))


@pytest.mark.parametrize("kind,fragment", [
    ("fifo", "a FIFO (named pipe), not a regular file"), ("zero", "a device, not a regular file"),
    ("null", "a device, not a regular file"), ("link", "a device, not a regular file"), ("dir", "is a directory"), ("missing", "not found"),
    ("big", "TOML file is larger than 16777216 bytes"),
])
def test_toml_special_files_refused_without_blocking(kind, fragment, tmp_path):
    assert_refused(_run("check", _special(kind, tmp_path), "--no-pdf", "--latex", str(tmp_path / "o")), fragment)


# ---------------------------------------------------------------- expect

EXPECT = [
    (["--p", "", "--best"], "no probability values given"), (["--p", "@", "--best"], "no file name after '@'"),
    (["--p", "@/nonexistent", "--best"], "cannot read probability file: not found"),
    (["--p", "@/dev/zero", "--best"], "a device, not a regular file"),
    (["--p", "nan", "--best"], "cannot read probability 'nan'"), (["--p", "inf", "--best"], "cannot read probability"),
    (["--p", "1.5", "--best"], "outside [0, 1]"), (["--p", "-0.1", "--best"], "outside [0, 1]"),
    (["--p", "0x1", "--best"], "cannot read probability '0x1'"), (["--p", "1e-999999999", "--best"], "probability"),
    (["--p", "0." + "1" * 2000, "--best"], "probability"), (["--p", "0.4,,0.2", "--best"], "empty entry"),
    (["--p", "0.4;0.2", "--best"], "cannot read probability"), (["--p", "1/0", "--best"], "probability"),
    (["--p", "0.4,0.2", "--assign", "1"], "1 decisions but --p has 2"), (["--p", "0.4", "--assign", "2"], "not 0 or 1"),
    (["--p", "0.4", "--assign", "a"], "decision"), (["--p", "0.4", "--assign", "1", "--best"], "exactly one of"),
    (["--p", "0.4"], "exactly one of --assign and --best"), (["--p", "0.4", "--best", "--beta", "2"], "no parameter 'beta'"),
    (["--p", "0.4", "--best", "--param", "beta"], "NAME=VALUE"), (["--p", "0.4", "--best", "--param", "x=1"], "no parameter 'x'"),
    (["--p", "0.4", "--best", "--time-limit", "1e10"], "--time-limit must be"),
    (["--p", "0.4", "--best", "--time-limit", "-1"], "--time-limit must be"),
]


@pytest.mark.parametrize("args,fragment", EXPECT)
def test_expect_refused(args, fragment):
    assert_refused(_run("expect", "--measure", "F1", *args), fragment)


@pytest.mark.parametrize("args,fragment", [
    (["--measure", "F11", "--p", "0.4", "--best"], "did you mean"),
    (["--measure", "Fbeta", "--p", "0.4", "--best", "--beta", "x"], "cannot read beta"),
])
def test_expect_measure_refused(args, fragment):
    assert_refused(_run("expect", *args), fragment)


def test_expect_with_a_bom_file_is_a_correct_result(tmp_path):
    f = tmp_path / "p.txt"
    f.write_bytes(b"\xef\xbb\xbf0.4\r\n0.4\r\n0.2\r\n")
    result = _run("expect", "--measure", "F1", "--p", f"@{f}", "--assign", "1,1,0", "--exact")
    assert result.exit_code == 0 and "E[F1] = " in result.stdout
    inline = _run("expect", "--measure", "F1", "--p", "0.4,0.4,0.2", "--assign", "1,1,0", "--exact")
    assert result.stdout == inline.stdout


# ---------------------------------------------------------------- output paths

def _paths(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "file").write_text("x")
    (tmp_path / "m.toml").write_text(M)
    (tmp_path / "dir").mkdir()
    return {"FILE": str(tmp_path / "file"), "TOML": str(tmp_path / "m.toml"), "DIR": str(tmp_path / "dir"),
            "TMP": str(tmp_path)}


OUTPUTS = [
    (["check", "--counts", "TP/n", "--json", ""], "must not be empty"),
    (["check", "--counts", "TP/n", "--json", "DIR"], "is a directory"),
    (["check", "--counts", "TP/n", "--json", "TMP/nodir/sub/r.json"], "does not exist"),
    (["check", "TOML", "--json", "TOML"], "would overwrite an input file"),
    (["check", "--counts", "TP/n", "--json", "/dev/null"], "is not a regular file"),
    (["check", "--counts", "TP/n", "--json", "FILE/r.json"], "file is not a directory"),
    (["check", "--counts", "TP/n", "--latex", "FILE"], "is a file"),
    (["check", "--counts", "TP/n", "--latex", "FILE/sub"], "is not a directory"),
    (["prove", "sebastiani15.f1.mon", "--out", "FILE"], "is a file"),
    # a folder of the user's (no manifest, not empty) is refused, never replaced (issue 27)
    (["prove", "sebastiani15.f1.mon", "--out", "TMP"], "is not empty and has no .symmetric-manifest.json"),
    (["prove", "sebastiani15.f1.mon", "--out", ".."], "is not empty and has no .symmetric-manifest.json"),
    (["prove", "sebastiani15.f1.mon", "--json", ""], "must not be empty"),
    (["prove", "sebastiani15.f1.mon", "--json", "DIR"], "is a directory"),
    (["prove", "nonexistent.claim"], "unknown claim id or prefix 'nonexistent.claim'"),
]


@pytest.mark.parametrize("args,fragment", OUTPUTS)
def test_output_path_refused_before_the_work(args, fragment, tmp_path, monkeypatch):
    names = _paths(tmp_path)
    monkeypatch.chdir(tmp_path / "dir")
    args = [names.get(a.split("/")[0], a.split("/")[0]) + a[len(a.split("/")[0]):] if a else a for a in args]
    extra = ["--no-pdf", "--latex", str(tmp_path / "o")] if args[0] == "check" and "--latex" not in args else []
    assert_refused(_run(*args, *extra), fragment)
    assert (tmp_path / "file").read_text() == "x" and (tmp_path / "m.toml").read_text() == M


# ---------------------------------------------------------------- names reaching LaTeX

NAMES = [
    (r"A$\input{/etc/hostname}$", r"A\$\textbackslash{}input\{/etc/hostname\}\$"),
    (r"$\immediate\openout9=pwned.tex$", r"\$\textbackslash{}immediate\textbackslash{}openout9=pwned.tex\$"),
    (r"$\def\x{\x}\x$", r"\$\textbackslash{}def\textbackslash{}x\{\textbackslash{}x\}\textbackslash{}x\$"),
    (r"\write18{touch hacked}", r"\textbackslash{}write18\{touch hacked\}"),
    ("100% & #1 ~ ^ _", r"100\% \& \#1 \textasciitilde{} \textasciicircum{} \_"),
    ("}{\\end{document}", r"\}\{\textbackslash{}end\{document\}"),
    ("CHA[bernoulli]", "CHA[bernoulli]"), ("\u00e9\u20ac", r"\'e[U+20AC]"),
    ("a|b<c>d", r"a\textbar{}b$<$c$>$d"), ("\\\\", r"\textbackslash{}\textbackslash{}"),
]


@pytest.fixture(scope="module")
def named_run(tmp_path_factory):
    """One check of a file holding every hostile name (one run for the whole table)."""
    tmp = tmp_path_factory.mktemp("names")
    f = tmp / "names.toml"
    f.write_text("".join(f"[[measure]]\nname = {json.dumps(name)}\ncounts = \"TP/n\"\n" for name, _ in NAMES))
    result = _run("check", str(f), "--no-pdf", "--latex", str(tmp / "outL"), "--json", "-", "--time-limit", "1")
    # every measure's report is its own file (check-<name>.tex), the summary inputs them
    tex = "".join(f.read_text() for f in sorted((tmp / "outL").glob("check*.tex")))
    return result, tex, tmp


@pytest.mark.parametrize("name,typeset", NAMES)
def test_name_is_typeset_as_literal_text(named_run, name, typeset):
    result, tex, tmp = named_run
    assert_report(result, [n for n, _ in NAMES])
    assert f"\\symcheckheading{{{typeset} (classification)}}" in tex
    assert not (tmp / "pwned.tex").exists() and not (tmp / "hacked").exists()
