"""The hostile corpus of issue 27, continued: the reproductions of the issue not yet cases of
their own (a 600 KB sum, 20 000 claims, a 15 MB statement, a NUL byte echoed), files that are
not files, the atlas's options, cache entries of every broken shape, and the Python API.

Every case is bounded in time and peak memory (the autouse :func:`hostile_bounds.case_bounds`),
ends in exit status 2 with one line naming the problem (an atlas run over a broken cache entry:
exit 0 and one line saying the entry was rejected and recomputed; the API: one exception of the
documented class, whose message is one line), and leaves the user's files as they were.
"""

from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

import pytest
from hostile_bounds import CHILD_MIB, run_measured
from hostile_bounds import case_bounds  # noqa: F401 - autouse: every case bounded in time and memory
from test_hostile_corpus import _run, assert_refused
from test_hostile_corpus_surfaces import _claims, _snapshot

import symmetric
from symmetric.store import cells

CONTROL = {chr(c) for c in range(0x20) if c != 0x0A} | {"\x7f", "\u202e"}


def _plain(text: str) -> bool:
    """No control character (but the newline) reaches the terminal."""
    return not CONTROL & set(text)


def _refused_unchanged(tmp_path: Path, args: list[str], fragment: str):
    """Exit 2 with one plain line holding ``fragment``, and every file under ``tmp_path`` as it
    was (time and memory: the autouse bound)."""
    before = _snapshot(tmp_path)
    result = _run(*args)
    assert_refused(result, fragment)
    assert _plain(result.stderr), repr(result.stderr)
    assert _snapshot(tmp_path) == before
    return result


# ---------------------------------------------------------------- verify: the issue's reproductions

VERIFY_FILES = [
    # the issue's "600 KB sum" in one step
    (lambda: _claims(step='  latex = "TP = ' + "+".join(["TP"] * 200_000) + '"'), "a line of 600016 characters"),
    # "20 000 claims (no progress shown)": refused by the file's size before any claim is read
    (lambda: '[paper]\ntitle = "t"\n' + "".join(f'[[claim]]\nid = "c{k}"\nstatement = "x"\n  [[claim.step]]\n'
                                                f'  latex = "TP = TP"\n' for k in range(20_000)),
     "a file of 1528910 characters (at most 1000000)"),
    # "a 15 MB statement reaches 1.9 GB RSS": refused by size, the case's memory bounded
    (lambda: _claims(statement="y" * 15_000_000), "a file of 15000095 characters"),
    (lambda: "x = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested more than 32 deep"),
    (lambda: "", "no [[claim]] table found"),
    (lambda: _claims(step='  latex = "TP = +"').replace("\n", "\r\n"), "the LaTeX ends where an expression"),
    (lambda: _claims(step='  latex = "TP = TP"\n  at = { TP = "1e1000000000", FP = "1" }'), "the exponent e1000000000"),
    (lambda: _claims(step='  latex = "TP = TP"\n' + '  [[claim.step]]\n  latex = "TP = TP"\n' * 5000),
     "5001 entries"),
]


@pytest.mark.parametrize("make,fragment", VERIFY_FILES, ids=range(len(VERIFY_FILES)))
def test_verify_reproductions_are_refused_bounded(tmp_path, make, fragment):
    f = tmp_path / "c.toml"
    f.write_text(make())
    _refused_unchanged(tmp_path, ["verify", str(f), "--time-limit", "5"], fragment)


def test_a_file_that_is_not_utf8_is_one_line(tmp_path):
    f = tmp_path / "c.toml"
    f.write_bytes(b'[paper]\ntitle = "\xff\xfe"\n')
    _refused_unchanged(tmp_path, ["verify", str(f)], "not UTF-8 text (byte 0xff at offset 17)")


# a NUL byte and escape sequences inside a file's text, echoed in the error line
ECHOED = [
    ('[paper]\ntitle = "t"\n[[claim]]\nid = "a\\u0000b\\u001b[2J"\nstatement = "x"\n  [[claim.step]]\n'
     '  latex = "TP = TP"\n', "verify", "claim id 'a\\x00b\\x1b[2J'"),
    ('[paper]\ntitle = "t"\n[[claim]]\nid = "a\\u0007\\u009b"\nstatement = "x"\n  [[claim.step]]\n'
     '  latex = "TP = TP"\n', "verify", "claim id"),
    ('[[measure]]\nname = "M\\u0000\\u001b[2J"\ncounts = "TP +"\n', "measure", "contains a control character (U+0000"),
    ('[[measure]]\nname = "M\\u001b]0;PWNED\\u0007"\ncounts = "TP / n"\n', "measure", "contains a control character"),
]


@pytest.mark.parametrize("text,command,fragment", ECHOED, ids=range(len(ECHOED)))
def test_control_characters_inside_a_file_are_never_echoed_raw(tmp_path, text, command, fragment):
    f = tmp_path / "c.toml"
    f.write_text(text)
    args = ["verify", str(f)] if command == "verify" else ["check", str(f), "--no-pdf", "--latex",
                                                            str(tmp_path / "out")]
    _refused_unchanged(tmp_path, args, fragment)


# ---------------------------------------------------------------- inputs that are not regular files

SPECIAL = ["fifo", "devzero", "dir", "link-to-devzero", "dangling-link"]


def _special(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "in.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "devzero":
        return Path("/dev/zero")
    elif kind == "dir":
        path.mkdir()
    elif kind == "link-to-devzero":
        path.symlink_to("/dev/zero")
    else:
        path.symlink_to(tmp_path / "nowhere.toml")
    return path


@pytest.mark.parametrize("command", ["verify", "property", "measures"])
@pytest.mark.parametrize("kind", SPECIAL)
def test_an_input_that_is_not_a_regular_file_is_refused_without_blocking(tmp_path, kind, command):
    path = _special(tmp_path, kind)
    out = ["--no-pdf", "--latex", str(tmp_path / "out")]
    args = {"verify": ["verify", str(path)], "property": ["check", "--property", str(path), "--measure", "MCC", *out],
            "measures": ["check", str(path), *out]}[command]
    _refused_unchanged(tmp_path, args, "")


# ---------------------------------------------------------------- property files

PROPERTY = '[[property]]\nname = "{name}"\ndefinition = "d"\nsource = "s"\n{body}\n'
PROPERTY_FILES = [
    (PROPERTY.format(name="Z\\u001b[2J", body='expectation = "fixed-size"\nrelation = "="\nvalue = "1"'), ""),
    (PROPERTY.format(name="Z", body='expectation = "fixed-size"\nrelation = "\\u001b[2J="\nvalue = "1"'), ""),
    ("".join(f'[[property]]\nname = "Z{k}"\n' for k in range(200_000)), "a file of 5888890 characters"),
    ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested more than 32 deep"),
    ("", "no [[property]] table found"),
    (PROPERTY.format(name="Z", body='expectation = "fixed-size"\nrelation = "="\nvalue = "TP^{10^{10}}"'), "not an exact rational"),
]


@pytest.mark.parametrize("text,fragment", PROPERTY_FILES, ids=range(len(PROPERTY_FILES)))
def test_property_files_refused_in_one_plain_line(tmp_path, text, fragment):
    f = tmp_path / "p.toml"
    f.write_text(text)
    args = ["check", "--property", str(f), "--measure", "MCC", "--no-pdf", "--latex", str(tmp_path / "out"),
            "--time-limit", "10"]
    _refused_unchanged(tmp_path, args, fragment)


# ---------------------------------------------------------------- the atlas's options

ATLAS = ["atlas", "--measure", "F1", "--property", "SYM", "--no-pdf", "--workers", "1"]
ATLAS_OPTIONS = [
    (["--measure", "F1\x1b[2J", "--no-cache"], "unknown measure 'F1\\x1b[2J'"),
    (["--property", "NOSUCH\x07", "--no-cache"], "unknown property"),
    (["--time-limit", "nan", "--no-cache"], "got 'nan'"),
    (["--time-limit", "-1", "--no-cache"], "got '-1'"),
    (["--time-limit", "inf", "--no-cache"], "got 'inf'"),
    (["--time-limit", "1e308", "--no-cache"], "below 1e7"),
    (["--workers", "0", "--no-cache"], "0 is not in the range"),
    (["--workers", "100000", "--no-cache"], "100000 is not in the range"),
]


@pytest.mark.parametrize("extra,fragment", ATLAS_OPTIONS, ids=range(len(ATLAS_OPTIONS)))
def test_atlas_options_refused_before_the_work(tmp_path, extra, fragment):
    args = [*ATLAS, "--out", str(tmp_path / "a"), *extra]
    _refused_unchanged(tmp_path, args, fragment)
    assert not (tmp_path / "a").exists()


@pytest.mark.parametrize("target", ["fifo", "file", "devnull"])
@pytest.mark.parametrize("option", ["--out", "--cache"])
def test_atlas_out_or_cache_that_is_not_a_folder_is_refused(tmp_path, option, target):
    path = {"fifo": tmp_path / "x", "file": tmp_path / "x", "devnull": Path("/dev/null")}[target]
    if target == "fifo":
        os.mkfifo(path)
    elif target == "file":
        path.write_text("mine\n")
    args = [*ATLAS, *(["--out", str(tmp_path / "a")] if option == "--cache" else ["--no-cache"]), option, str(path)]
    _refused_unchanged(tmp_path, args, "")
    assert path.exists() and (target != "file" or path.read_text() == "mine\n")


# ---------------------------------------------------------------- cache entries of every broken shape

def _deep_json() -> bytes:
    return b"[" * 200_000 + b"]" * 200_000


def _shape(entry: Path, tmp_path: Path, shape: str) -> Path | None:
    """Make ``entry`` broken as ``shape``; returns a user file that must stay as it was."""
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's\n")
    entry.unlink()
    if shape == "empty":
        entry.write_bytes(b"")
    elif shape == "not json":
        entry.write_bytes(b"{not json")
    elif shape == "a list":
        entry.write_text("[1, 2, 3]")
    elif shape == "deep":
        entry.write_bytes(_deep_json())
    elif shape == "over the size cap":
        entry.write_bytes(b" " * (cells.ENTRY_LIMIT + 1))
    elif shape == "nan":
        entry.write_text('{"cell": NaN, "version": Infinity}')
    elif shape == "not utf8":
        entry.write_bytes(b'{"cell": "\xff"}')
    elif shape == "a folder":
        entry.mkdir()
        (entry / "inside").write_text("x")
    elif shape == "link to a user file":
        entry.symlink_to(victim)
    elif shape == "fifo":
        os.mkfifo(entry)
    elif shape == "mac not a string":
        entry.write_text(json.dumps({"cell": ["classification", "F1", "SYM", "as defined"], "mac": 5}))
    return victim


SHAPES = ["empty", "not json", "a list", "deep", "over the size cap", "nan", "not utf8", "a folder",
          "link to a user file", "fifo", "mac not a string"]


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    cells._SECRET.clear()
    yield tmp_path / "xdg"
    cells._SECRET.clear()


@pytest.mark.parametrize("shape", SHAPES)
def test_a_broken_cache_entry_is_rejected_in_one_line_and_recomputed(tmp_path, cache_home, shape):
    cache = tmp_path / "cache"
    args = [*ATLAS, "--out", str(tmp_path / "a"), "--cache", str(cache)]
    first = _run(*args)
    assert first.exit_code == 0 and "1 fails" in first.output, first.output
    [entry] = [p for p in cache.iterdir() if p.suffix == ".json"]
    victim = _shape(entry, tmp_path, shape)
    (cache / "notes.txt").write_text("a note of the user's\n")
    before = _snapshot(tmp_path / "xdg") if (tmp_path / "xdg").exists() else {}
    r = _run(*args)
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    rejected = [line for line in r.output.splitlines() if "rejected" in line]
    assert len(rejected) == 1 and rejected[0].endswith("recomputed") and _plain(rejected[0]), r.output
    assert "1 computed, 0 from the cache" in r.output and "1 fails" in r.output, r.output
    assert victim.read_text() == "the user's\n" and (cache / "notes.txt").read_text() == "a note of the user's\n"
    assert (_snapshot(tmp_path / "xdg") if (tmp_path / "xdg").exists() else {}) == before     # the key kept
    if shape not in ("a folder",):        # rewritten as a regular entry, read next time
        again = _run(*args)
        assert "0 computed, 1 from the cache" in again.output and "rejected" not in again.output, again.output


# ---------------------------------------------------------------- the Python API

def _fifo(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "p.toml")
    return tmp_path / "p.toml"


API = [
    (lambda t: symmetric.check("F1", progress=5), symmetric.InvalidArgument, "progress=5"),
    (lambda t: symmetric.check("F1", alternates="yes"), symmetric.InvalidArgument, "alternates='yes'"),
    (lambda t: symmetric.check("F1", time_limit=-1), symmetric.InvalidArgument, "time_limit=-1"),
    (lambda t: symmetric.check("F1", time_limit=math.nan), symmetric.InvalidArgument, "time_limit=nan"),
    (lambda t: symmetric.check("F1", time_limit=math.inf), symmetric.InvalidArgument, "time_limit=inf"),
    (lambda t: symmetric.check("F1", time_limit=True), symmetric.InvalidArgument, "time_limit=True"),
    (lambda t: symmetric.check("F1", ["NOSUCH"]), symmetric.UnknownNameError, "NOSUCH"),
    (lambda t: symmetric.check("F1", readings="nosuch=x"), symmetric.UnknownNameError, "nosuch"),
    (lambda t: symmetric.check("NOSUCH\x1b[2J"), symmetric.UnknownNameError, "NOSUCH\\x1b[2J"),
    (lambda t: symmetric.measure(5), symmetric.InvalidArgument, "name=5"),
    (lambda t: symmetric.prove(5), symmetric.InvalidArgument, "prefixes=5"),
    (lambda t: symmetric.prove("nosuch.claim"), symmetric.UnknownNameError, "nosuch.claim"),
    (lambda t: symmetric.load_properties(5), symmetric.InvalidArgument, "path=5"),
    (lambda t: symmetric.load_properties(_fifo(t)), symmetric.InputError, "a FIFO (named pipe)"),
    (lambda t: symmetric.load_properties("/dev/zero"), symmetric.InputError, "a device"),
    (lambda t: symmetric.load_properties(t / "missing.toml"), symmetric.InputError, "not found"),
]


@pytest.mark.parametrize("call,error,fragment", API, ids=range(len(API)))
def test_api_mistakes_raise_the_documented_error_in_one_line(tmp_path, call, error, fragment):
    before = _snapshot(tmp_path)
    with pytest.raises(error) as info:
        call(tmp_path)
    message = str(info.value)
    assert fragment in message and "\n" not in message.strip(), message
    if issubclass(error, symmetric.InvalidArgument):
        assert isinstance(info.value, (TypeError, ValueError))
    assert {k: v for k, v in _snapshot(tmp_path).items() if k != "p.toml"} == \
        {k: v for k, v in before.items() if k != "p.toml"}


# ---------------------------------------------------------------- in a process of its own

THREAD = """
import threading, symmetric
from symmetric import space
heavy = symmetric.Measure("Heavy", "probe", counts=(space.TP + space.FN + space.FP + 1) ** 64)
out = {}
worker = threading.Thread(target=lambda: out.update(r=symmetric.check(heavy, ["SM", "SYM"], time_limit=5)))
worker.start()
worker.join()
print(sorted((r.property, r.verdict.value) for r in out["r"]))
"""


@pytest.mark.parametrize("case", ["15 MB statement", "worker thread"])
def test_the_issue_s_heaviest_reproductions_in_a_real_process(tmp_path, case):
    """Where the whole process's memory is the point: the 15 MB statement (1.9 GB RSS in the
    issue) and the worker-thread check of (TP+FN+FP+1)**64 (240 s and 1.4 GB, still running)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    if case == "worker thread":
        script = tmp_path / "api.py"
        script.write_text(THREAD)
        done, seconds, mib = run_measured([sys.executable, str(script)], timeout=120, env=env, cwd=tmp_path)
        assert done.returncode == 0 and b"('SYM', 'fails')" in done.stdout, done
    else:
        f = tmp_path / "c.toml"
        f.write_text(_claims(statement="y" * 15_000_000))
        before = _snapshot(tmp_path)
        done, seconds, mib = run_measured([sys.executable, "-m", "symmetric", "verify", str(f)], timeout=120,
                                          env=env, cwd=tmp_path)
        lines = done.stderr.decode().splitlines()
        assert done.returncode == 2 and len(lines) == 1 and "a file of 15000095 characters" in lines[0], done
        assert _snapshot(tmp_path) == before
    assert mib <= CHILD_MIB and seconds < 120, (seconds, mib)
