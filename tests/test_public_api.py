"""The public API: what `symmetric.__all__` promises, the README's Python example (run as
written), and validation at construction (InvalidArgument naming the argument and value)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import sympy as sp

import symmetric
from symmetric.space import FP, TP

README = Path(__file__).resolve().parent.parent / "README.md"


def test_all_names_resolve():
    for name in symmetric.__all__:
        assert getattr(symmetric, name) is not None, name


def test_import_is_lazy():
    """`import symmetric` loads neither sympy nor the checkers (the CLI's --help stays fast)."""
    code = "import sys, symmetric; print(sorted(m for m in sys.modules if m in ('sympy', 'z3', 'symmetric.api')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_readme_python_example_runs():
    block = re.search(r"Or from Python.*?```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)
    out = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("SM holds") and lines[1].startswith("MON holds") and lines[2].startswith("SYM holds")
    assert r"\textbf{SYM}: holds." in out.stdout
    # MCC: MON holds in the headline reading (defined scores only) and fails the strict one
    assert lines[-1] == "[('defined', 'holds'), ('strict', 'fails')]"


@pytest.mark.parametrize("kwargs,argument,fragment", [
    ({"counts": TP / (TP + sp.Symbol("lam"))}, "counts", "undeclared symbol(s) lam"),
    ({"counts": "TP/(TP+FP)"}, "counts", "strings are never evaluated"),
    ({}, "counts", "needs a count form"),
    ({"counts": TP / (TP + FP), "orientation": 2}, "orientation", "must be 1"),
    ({"counts": TP / (TP + FP), "params": ["lam>0"]}, "params", "tuple of Param"),
    ({"probs": TP / (TP + FP)}, "probs", "not counts"),
])
def test_measure_validates_at_construction(kwargs, argument, fragment):
    with pytest.raises(symmetric.InvalidArgument) as info:
        symmetric.Measure("Bad", "bad", **kwargs)
    assert str(info.value).startswith(f"{argument}=") and fragment in str(info.value)
    assert isinstance(info.value, (ValueError, TypeError)) and isinstance(info.value, symmetric.SymmetricError)


def test_param_validates_its_interval():
    with pytest.raises(symmetric.InvalidArgument, match="open interval"):
        symmetric.Param(sp.Symbol("a"), 1, 0)


@pytest.mark.parametrize("kwargs,fragment", [
    ({"time_limit": -1}, "time_limit=-1"), ({"time_limit": "10"}, "time_limit='10'"),
    ({"properties": ["MONN"]}, "did you mean 'MON'"), ({"properties": ["IoI"]}, "unknown classification property"),
])
def test_check_refuses_bad_arguments(kwargs, fragment):
    with pytest.raises(symmetric.InputError) as info:
        symmetric.check("Acc", **kwargs)
    assert fragment in str(info.value)


def test_time_limit_is_not_an_exception():
    """sympy's broad `except Exception` handlers cannot swallow the end of the time."""
    assert not issubclass(symmetric.TimeLimitReached, Exception)


def test_check_runs_the_driver_with_its_time_limit():
    """A time limit too short to decide anything gives undetermined, never a crash."""
    # a measure of its own, so that no checker's cache from an earlier test can answer at once
    fresh = symmetric.Measure("TimeLimitProbe", "probe", counts=(TP * TP - FP) / (TP + FP + 7) ** 3)
    results = symmetric.check(fresh, ["CON"], time_limit=0.001)
    assert [r.verdict.value for r in results] == ["undetermined"]
    assert "time limit" in str(results[0].reason)


def test_prove_runs_one_claim_with_its_verdict():
    # a claim of a paper without a shared preparation: prove("amigo...") fills Amigo et al.'s
    # whole property table first (the paper's prepare, 25 CPU-s), which the CLI tests cover
    (result,) = symmetric.prove("sebastiani15.f1.mon")
    assert result.id == "sebastiani15.f1.mon" and result.verdict.value == "proved"
    assert r"\symverdict{proved}" in symmetric.to_latex(result)


def test_prove_refuses_a_prefix_that_selects_nothing():
    with pytest.raises(symmetric.UnknownNameError, match="did you mean"):
        symmetric.prove("amigo.notation.contingencyy")
