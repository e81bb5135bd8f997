"""The hostile corpus of issue 27: the surfaces added since issue 15 (`verify`, property files,
measure files, the atlas's options, error lines, the Python API).

Every case runs the real command line in-process and must end in exit status 2 with one line
naming the problem (no traceback), within a bounded time, with nothing of the user's changed
(the input file and the folder around it are as they were).  The cases are data; each table
says what it covers.  Output folders and caches have their own files (test_output_folders.py,
test_cache_trust.py).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory
from test_hostile_corpus import _run, assert_refused

import symmetric

SECONDS = 30        # generous on a loaded 2-core machine; each case takes about a second

CLAIM = '''[paper]
title = "t"
{paper}
[[claim]]
id = "one"
statement = "{statement}"
{claim}
  [[claim.step]]
{step}
'''


def _claims(step: str = '  latex = "TP = TP"', paper: str = "", claim: str = "", statement: str = "x") -> str:
    return CLAIM.format(paper=paper, claim=claim, step=step, statement=statement)


def _latex(formula: str) -> str:
    return _claims(step=f'  latex = "{formula}"')


def _snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None) for p in sorted(folder.rglob("*"))}


def _refused_unchanged(tmp_path: Path, args: list[str], fragment: str) -> None:
    before = _snapshot(tmp_path)
    start = time.monotonic()
    result = _run(*args)
    took = time.monotonic() - start
    assert_refused(result, fragment)
    assert took < SECONDS, took
    assert _snapshot(tmp_path) == before


DIGITS = "9" * 5000
FRAC = "\\\\frac{1}{2}"

# ---------------------------------------------------------------- verify: formulas in steps

VERIFY_FORMULAS = [
    ("2^{10^{10}} = 1", "a tower of numeric exponents"),
    ("9^{9^{9^{9}}} = 1", "a tower of numeric exponents"),
    ("10^{10^{3}} = TP", "a tower of numeric exponents"),
    ("2^{3^{4^{5}}} = TP", "a tower of numeric exponents"),
    ("TP = 2 ^ { 10 ^ { 10 } }", "a tower of numeric exponents"),
    ("TP^{1000001} = TP", "the exponent 1000001"),
    ("(TP+FP)^{100000000} = TP", "the exponent 100000000"),
    ("TP = 1e1001", "the exponent e1001"),
    ("TP = 1.5E+5000", "the exponent e5000"),
    ("TP = 1e1000000000", "the exponent e1000000000"),
    ("\\\\frac{1}{" * 10_000, "characters (at most 20000)"),
    ("\\\\frac{1}{" * 60 + "TP" + "}" * 60 + " = TP", "nested"),
    ("\\\\sqrt{" * 2000 + "TP" + "}" * 2000 + " = TP", "characters"),
    ("\\\\sqrt{" * 45 + "TP" + "}" * 45 + " = TP", "groups nested 45 deep"),
    ("(" * 100 + "TP" + ")" * 100 + " = TP", "groups nested 100 deep"),
    ("+".join([FRAC] * 10_000) + " = 1", "characters (at most 20000)"),
    ("+".join([FRAC] * 300) + " = 1", "terms (at most 600)"),
    ("+".join(["TP*FP"] * 900) + " = 1", "(at most 4000)"),
    ("+".join(["TP"] * 1000) + " = TP", "terms (at most 600)"),
    ("+".join(["TP"] * 700) + " = TP", "terms (at most 600)"),
    ("TP = 0." + "1" * 100_000, "a number of 100000 digits"),
    ("TP = 0." + "1" * 1001, "a number of 1001 digits"),
    ("TP = " + "7" * 4301, "a number of 4301 digits"),
    ("TP = " + "+".join(["1"] * 200_000), "characters"),
    ("\\\\begin{array}{*{99999999}{c}} TP \\\\end{array} = TP", "a repeat count *{99999999}"),
    ("\\\\begin{array}{*{101}{c}} TP \\\\end{array} = TP", "a repeat count *{101}"),
]


@pytest.mark.parametrize("formula,fragment", VERIFY_FORMULAS, ids=range(len(VERIFY_FORMULAS)))
def test_verify_formula_bounded_before_it_is_read(tmp_path, formula, fragment):
    f = tmp_path / "c.toml"
    f.write_text(_latex(formula))
    _refused_unchanged(tmp_path, ["verify", str(f), "--time-limit", "5"], fragment)


# the same bounds wherever a formula stands in a claims file
PLACES = [
    ('  lhs = "2^{10^{10}}"\n  rel = "="\n  rhs = "1"', "claim 1, step 1, lhs"),
    ('  lhs = "TP"\n  rel = "="\n  rhs = "9^{9^{9^{9}}}"', "claim 1, step 1, rhs"),
    ('  lhs = "TP"\n  rel = "="\n  rhs = "TP"\n  at = { TP = "1e1000000000" }', "claim 1, step 1, at, TP"),
    ('  lhs = "TP"\n  rel = "="\n  rhs = "TP"\n  at = { TP = "2^{10^{10}}" }', "claim 1, step 1, at, TP"),
    ('  lhs = "TP"\n  rel = "="\n  rhs = "TP"\n  at = { TP = "0.' + "3" * 2000 + '" }', "2000 digits"),
]


@pytest.mark.parametrize("step,fragment", PLACES, ids=range(len(PLACES)))
def test_verify_every_place_is_bounded_and_named(tmp_path, step, fragment):
    f = tmp_path / "c.toml"
    f.write_text(_claims(step=step))
    _refused_unchanged(tmp_path, ["verify", str(f)], fragment)


# ---------------------------------------------------------------- verify: sizes and counts

def _many_claims(n: int) -> str:
    return '[paper]\ntitle = "t"\n' + "".join(
        f'[[claim]]\nid = "c{k}"\nstatement = "x"\n  [[claim.step]]\n  latex = "TP = TP"\n' for k in range(n))


FILES = [
    (lambda: _claims(paper=f"authors = {DIGITS}"), "a number of 5000 digits"),
    (lambda: _claims(paper="year = " + "1" * 1001), "a number of 1001 digits"),
    (lambda: _claims(statement="x" * 20_001), "a string of 20001 characters"),
    (lambda: _claims(statement="y" * 1_000_000), "a file of 1000095 characters (at most 1000000)"),
    (lambda: _claims(statement="y" * 300_000), "line 6: a line of 300014 characters (at most 200000)"),
    (lambda: _claims(statement="y" * 100_000), "a string of 100000 characters (at most 20000)"),
    (lambda: _claims(paper='authors = "' + "t" * 30_000 + '"'), "a string of 30000 characters"),
    (lambda: _claims(claim="assume = [" + ", ".join(['"TP = 1"'] * 5001) + "]"), "5001 entries"),
    (lambda: _claims(claim="assume = [" + ", ".join(['"TP = 1"'] * 200_000) + "]"), "a file of"),
    (lambda: _claims(claim="assume = [" + ", ".join(['"TP = 1"'] * 20_000) + "]"), "a line of"),
    (lambda: _claims(claim="assume = [\n" + ",\n".join(['"TP = 1"'] * 20_000) + "]"), "20000 entries"),
    (lambda: '[paper]\ntitle = "t"\n[[claim]]\nid = "a"\nstatement = """\n' + "y\n" * 600_000 + '"""\n', "a file of"),
    (lambda: '[paper]\ntitle = "t"\n[[claim]]\nid = "a"\nstatement = """\n' + "y\n" * 20_000 + '"""\n',
     "a string of 40000 characters"),
    (lambda: _many_claims(5001), "claim: 5001 entries"),
    (lambda: _claims(statement="\\\\begin{array}{*{99999999}{c}}x\\\\end{array}"), "a repeat count"),
    (lambda: _claims(statement="9^{9^{9^{9}}}"), "a tower of numeric exponents"),
]


@pytest.mark.parametrize("make,fragment", FILES, ids=range(len(FILES)))
def test_verify_file_sizes_and_counts_bounded(tmp_path, make, fragment):
    f = tmp_path / "c.toml"
    f.write_text(make())
    _refused_unchanged(tmp_path, ["verify", str(f)], fragment)


# ---------------------------------------------------------------- property and measure files

PROPERTY = '[[property]]\nname = "Z"\ndefinition = "d"\n{body}\n'
PROPERTIES = [
    ('expectation = "fixed-size"\nrelation = "="\nvalue = "1e1000000000"', "property 1, value"),
    ('expectation = "fixed-size"\nrelation = "="\nvalue = "1E999999"', "the exponent e999999"),
    (f'expectation = "fixed-size"\nrelation = "="\nvalue = {DIGITS}', "a number of 5000 digits"),
    (f'expectation = "fixed-size"\nrelation = "="\nvalue = "{DIGITS}"', "a number of 5000 digits"),
    ('expectation = "fixed-size"\nrelation = "="\nvalue = "2^{10^{10}}"', "a tower of numeric exponents"),
    ('expectation = "fixed-size"\nrelation = "="\nvalue = "9**9**9**9"', "a tower of numeric exponents"),
    ('transform = "TP + 1"\nrelation = "better"\nwhere = "AP >= 1e5000"', "the exponent e5000"),
    ('source = "s"\ntransform = "TP + 1"\nrelation = "better"\nwhere = "AP >= ' + "+".join(["1"] * 700) + '"',
     "more than 600 nodes"),
    ('source = "s"\ntransform = "TP + 1"\nrelation = "better"\nwhere = "AP >= ' + "(" * 50 + "1" + ")" * 50 + '"',
     "nested"),
    ('transform = "TP + 1"\nrelation = "better"\nsource = "' + "s" * 20_001 + '"', "a string of 20001"),
]


@pytest.mark.parametrize("body,fragment", PROPERTIES, ids=range(len(PROPERTIES)))
def test_property_file_bounded(tmp_path, body, fragment):
    f = tmp_path / "p.toml"
    f.write_text(PROPERTY.format(body=body))
    _refused_unchanged(tmp_path, ["check", "--property", str(f), "--measure", "MCC", "--no-pdf",
                                  "--latex", str(tmp_path / "out"), "--time-limit", "10"], fragment)


MEASURES = [
    ('counts = "2^{10^{10}} * TP / n"', "a tower of numeric exponents"),
    ('counts = "TP^9^9^9 / n"', "a tower of numeric exponents"),
    ('counts = "TP^1000000 / n"', "the exponent 1000000"),
    ('counts = "TP / n + 1e1000000000"', "the exponent e1000000000"),
    (f'counts = "TP / n + {DIGITS}"', "a number of 5000 digits"),
    ('counts = "' + "+".join(["TP"] * 1000) + '"', "more than 600 nodes"),
    ('counts = "' + "sqrt(" * 2000 + "TP" + ")" * 2000 + '"', "characters"),
    ('counts = "TP / n"\nparams = [' + ", ".join([f'"a{k}>0"' for k in range(5001)]) + "]", "5001 entries"),
]


@pytest.mark.parametrize("body,fragment", MEASURES, ids=range(len(MEASURES)))
def test_measure_file_bounded(tmp_path, body, fragment):
    f = tmp_path / "m.toml"
    f.write_text(f'[[measure]]\nname = "M"\n{body}\n')
    _refused_unchanged(tmp_path, ["check", str(f), "--no-pdf", "--latex", str(tmp_path / "out")], fragment)


# ---------------------------------------------------------------- --scheduler

SCHEDULERS = [
    ("", "must not be empty"), ("   ", "must not be empty"), ("http://127.0.0.1:8786", "unknown scheme 'http'"),
    ("file:///etc/passwd", "unknown scheme 'file'"), ("tcp://", "give HOST:PORT"), ("tcp://host", "give HOST:PORT"),
    ("tcp://127.0.0.1:0", "give HOST:PORT"), ("tcp://127.0.0.1:70000", "the port must be a number"),
    ("tcp://127.0.0.1:port", "the port must be a number"), ("tls://127.0.0.1:1", "cannot connect"),
    ("tcp://127.0.0.1:1", "cannot connect"), ("127.0.0.1:1", "cannot connect"),
    ("inproc://x/1/1", "cannot be reached from the command line"),
]


@pytest.mark.parametrize("address,fragment", SCHEDULERS, ids=range(len(SCHEDULERS)))
def test_scheduler_checked_before_the_work(tmp_path, address, fragment):
    _refused_unchanged(tmp_path, ["atlas", "--measure", "Acc", "--property", "SYM", "--no-cache", "--no-pdf",
                                  "--scheduler", address, "--out", str(tmp_path / "a")], fragment)


def _serve(payload: bytes | None):
    """A TCP service that is not Dask: it sends ``payload`` (None: nothing) and closes."""
    import socket
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)

    def loop():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            if payload:
                conn.sendall(payload)
            time.sleep(4)
            conn.close()
    threading.Thread(target=loop, daemon=True).start()
    return server


@pytest.mark.parametrize("payload", [b"SSH-2.0-OpenSSH_9.6\r\n", b"\xff" * 16, b"HTTP/1.1 400 Bad\r\n\r\n", None])
def test_a_service_that_is_not_dask_is_recognised(tmp_path, payload):
    server = _serve(payload)
    try:
        port = server.getsockname()[1]
        _refused_unchanged(tmp_path, ["atlas", "--measure", "Acc", "--property", "SYM", "--no-cache", "--no-pdf",
                                      "--scheduler", f"tcp://127.0.0.1:{port}", "--out", str(tmp_path / "a")],
                           "not a Dask scheduler")
    finally:
        server.close()


# ---------------------------------------------------------------- names echoed in error lines

NAMES = ["\x1b]0;PWNED\x07\x1b[2Jx.toml", "a\x07b.toml", "a\x1b[31mred.toml", "a\u202egnp.toml", "a\x08\x08b.toml",
         "a\x7fb.toml", "a\rb.toml", "a\nb.toml"]


@pytest.mark.parametrize("name", NAMES, ids=range(len(NAMES)))
def test_control_characters_in_a_file_name_are_shown_escaped(tmp_path, name):
    result = _run("verify", str(tmp_path / name))
    assert_refused(result, "not found")
    line = result.stderr
    assert not any(ord(ch) < 0x20 and ch != "\n" or ch in "\x7f\u202e" for ch in line), repr(line)
    assert line.count("\n") == 1 and "\\x" in line or "\\u202e" in line


@pytest.mark.parametrize("name", NAMES[:4], ids=range(4))
def test_control_characters_in_a_readable_bad_file_are_escaped(tmp_path, name):
    f = tmp_path / name
    f.write_text("not toml [")
    result = _run("verify", str(f))
    assert_refused(result, "invalid TOML")
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr


# ---------------------------------------------------------------- output of huge exact numbers

def test_a_refuted_step_with_a_huge_exact_value_is_written_to_json_and_latex(tmp_path):
    f = tmp_path / "c.toml"
    f.write_text(_latex("(TP+FP)^{100000} = TP"))
    result = _run("verify", str(f), "--json", str(tmp_path / "r.json"), "--latex", str(tmp_path / "l"), "--no-pdf")
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "refuted" in result.output
    report = (tmp_path / "r.json").read_text()
    assert "digits>" in report and "refuted" in report
    assert "digits" in (tmp_path / "l" / "one.tex").read_text()


# ---------------------------------------------------------------- the Python API

API = [
    (("F1", 5), {}, "properties=5"),
    (("F1", 5.0), {}, "properties=5.0"),
    (("F1", [5]), {}, "properties=5"),
    (("F1", b"SYM"), {}, "properties=b'SYM'"),
    (("F1", [None]), {}, "properties=None"),
    (("F1",), {"readings": {"definedness": 5}}, "readings['definedness']=5"),
    (("F1",), {"readings": {5: "x"}}, "readings=5"),
    (("F1",), {"readings": 5}, "readings=5"),
    (("F1",), {"readings": [5]}, "readings=[5]"),
    (("F1",), {"time_limit": "x"}, "time_limit='x'"),
    ((5,), {}, "measure=5"),
]


@pytest.mark.parametrize("args,kwargs,fragment", API, ids=range(len(API)))
def test_api_wrong_types_are_invalid_argument(args, kwargs, fragment):
    with pytest.raises(symmetric.InvalidArgument) as info:
        symmetric.check(*args, **kwargs)
    assert fragment in str(info.value)
    assert isinstance(info.value, TypeError)


def test_api_time_limit_holds_in_a_worker_thread():
    """(TP+FN+FP+1)**64 with time_limit=10 from a worker thread: was still running after 240 s;
    now the check runs in a child process killed at the deadline (properties/isolated.py)."""
    from symmetric import space
    heavy = symmetric.Measure("Heavy", "probe", counts=(space.TP + space.FN + space.FP + 1) ** 64)
    out = {}

    def body():
        start = time.monotonic()
        out["results"] = symmetric.check(heavy, ["SM", "NIFQ", "SYM"], time_limit=4)
        out["seconds"] = time.monotonic() - start
    worker = threading.Thread(target=body)
    worker.start()
    worker.join(4 + 30 + 30)
    assert not worker.is_alive() and out["seconds"] < 4 + 30 + 10, out
    results = {r.property: r.verdict.value for r in out["results"]}
    assert set(results) == {"SM", "NIFQ", "SYM"} and results["SYM"] == "fails"


def test_api_errors_from_the_child_are_raised_as_such():
    def body():
        try:
            symmetric.check("F1", ["NOSUCH"], time_limit=5)
        except symmetric.UnknownNameError as exc:
            out["error"] = exc
    out = {}
    worker = threading.Thread(target=body)
    worker.start()
    worker.join(60)
    assert "NOSUCH" in str(out["error"])


@pytest.mark.parametrize("command", ["measures", "property"])
@pytest.mark.parametrize("name", NAMES, ids=range(len(NAMES)))
def test_control_characters_in_checks_error_lines_are_escaped(tmp_path, name, command):
    missing = str(tmp_path / name)
    args = [missing] if command == "measures" else ["--property", missing, "--measure", "MCC"]
    result = _run("check", *args, "--no-pdf", "--latex", str(tmp_path / "out"))
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert not any(ord(ch) < 0x20 and ch != "\n" or ch in "\x7f\u202e" for ch in result.stderr), repr(result.stderr)


# ---------------------------------------------------------------- the bounds' own scans are linear

LEGAL = [
    lambda: _claims(statement=("9" * 1000 + " ") * 19),             # was minutes in the e-exponent regex
    lambda: _claims(statement=("9" * 999 + "e") * 19),
    lambda: _claims(statement=("1." + "9" * 990 + "^") * 19),
    lambda: _claims(paper='authors = """\n' + ("y" * 150_000 + "\n") * 6 + '"""'),    # 94 s in a line scan
]


@pytest.mark.parametrize("make", LEGAL, ids=range(len(LEGAL)))
def test_the_scans_of_the_bounds_are_fast(tmp_path, make):
    f = tmp_path / "c.toml"
    f.write_text(make())
    start = time.monotonic()
    result = _run("verify", str(f), "--time-limit", "5")
    assert time.monotonic() - start < SECONDS
    assert "Traceback" not in result.output and result.exit_code in (0, 2), result.output


@pytest.mark.parametrize("name", NAMES[:4], ids=range(4))
def test_control_characters_in_an_api_error_message_are_escaped(tmp_path, name):
    # the Python API raises the InputError itself (no CLI in between to escape it): its message is
    # printed or logged by the caller, so it must be printable already
    from symmetric import api
    from symmetric.errors import InputError
    f = tmp_path / name
    f.write_text("not toml [")
    with pytest.raises(InputError) as caught:
        api.load_properties(f)
    message = str(caught.value)
    assert not any(ord(ch) < 0x20 or ch in "\x7f\u202e" for ch in message), repr(message)
    assert "\\x" in message or "\\u202e" in message
