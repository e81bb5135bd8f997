"""`distributed` is the optional `cluster` extra: only `atlas --scheduler` imports it, and a
missing package is a one-line user error (exit 2), never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_support import assert_user_error, invoke

from symmetric.atlas import plan, run


def test_missing_distributed_is_a_user_error(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)       # import distributed -> ImportError
    assert_user_error(invoke("atlas", "--measure", "Acc", "--property", "SYM", "--no-cache", "--no-pdf",
                             "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path / "a")),
                      "--scheduler", "symmetric[cluster]")
    assert not (tmp_path / "a").exists() or not any((tmp_path / "a").iterdir())


def test_missing_distributed_fails_before_any_cell(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(run.InputError, match=r"symmetric\[cluster\]"):
        run.compute(plan.units(["Acc"], ["SYM"]), scheduler="tcp://127.0.0.1:1")


def test_local_runs_never_import_distributed():
    code = ("import sys\n"
            "from symmetric.cli import main\n"
            "from symmetric.atlas import plan, run\n"
            "atlas = run.compute(plan.units(['Acc'], ['SYM']), workers=1)\n"
            "assert atlas.results[0][1].verdict.value == 'holds', atlas.results\n"
            "print('distributed' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
