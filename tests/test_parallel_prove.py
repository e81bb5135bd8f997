"""`prove` on worker processes gives the outputs of one process, byte for byte."""

import json
import os

import pytest
import sympy as sp

from cli_support import invoke
from symmetric.claims import ClaimVerdict, Paper, claim
from symmetric.claims import parallel
from symmetric.claims.registry import Registry
from symmetric.render import latex

x = sp.Symbol("x")
FAST = ("sebastiani15.f1", "quant.appendix_b")     # a few fast claims of two papers
_PREPARED_IN: list = []


def _prepare():
    _PREPARED_IN.append(os.getpid())


def _uses_preparation(d):
    d.equal("x + x as printed", sp.Add(x, x, evaluate=False), 2 * x)
    d.conclude(_PREPARED_IN[-1:] == [os.getpid()], "the paper was prepared in this process")


def _plain(d):
    d.equal("x + x as printed", sp.Add(x, x, evaluate=False), 2 * x)
    d.conclude(True, "done")


def _rendered(result):
    return result.verdict, latex.render_claim(result)


def _toy_registry() -> Registry:
    prepared = tuple(claim(f"toyprep.c{k}", where="", statement="")(_uses_preparation).__claim__ for k in range(3))
    plain = tuple(claim(f"toy.c{k}", where="", statement="")(_plain).__claim__ for k in range(4))
    return Registry([Paper("toy", plain), Paper("toyprep", prepared, prepare=_prepare)])


def test_units_are_papers_the_prepared_first():
    registry = _toy_registry()
    units = parallel.units(registry, registry.all_claims())
    assert units == [parallel.Unit("toyprep", ("toyprep.c0", "toyprep.c1", "toyprep.c2")),
                     parallel.Unit("", tuple(f"toy.c{k}" for k in range(4)))]
    chosen = (registry.all_claims()[1],)
    assert parallel.units(registry, chosen) == [parallel.Unit("", ("toy.c1",))]


@pytest.mark.parametrize("workers", [1, 2])
def test_run_prepares_once_beside_its_claims_and_keeps_unevaluated_forms(workers):
    registry = _toy_registry()
    events = list(parallel.run(registry.all_claims(), _rendered, workers, registry))
    assert [e.name for e in events if e.kind == parallel.PREPARED] == ["toyprep"]
    finished = {e.name: e.value for e in events if e.kind == parallel.FINISHED}
    assert sorted(finished) == sorted(c.id for c in registry.all_claims())
    assert {verdict for verdict, _ in finished.values()} == {ClaimVerdict.PROVED}
    # rendered where derived: the author's x + x is not evaluated to 2 x by a trip between processes
    assert all(r"x + x" in tex for _, tex in finished.values())


def _prove(tmp_path, workers: int):
    out, report = tmp_path / f"tex{workers}", tmp_path / f"report{workers}.json"
    result = invoke("prove", *FAST, "--no-pdf", "--out", str(out), "--json", str(report), "--workers", str(workers))
    assert result.exit_code == 0, result.output
    files = {p.name: p.read_bytes() for p in out.iterdir()}
    entries = json.loads(report.read_text())
    for entry in entries:
        entry.pop("seconds")
    return files, entries, result.output


def test_prove_on_two_workers_writes_what_one_writes(tmp_path):
    files1, report1, output1 = _prove(tmp_path, 1)
    files2, report2, output2 = _prove(tmp_path, 2)
    assert len(files1) > len(FAST) and files1 == files2
    assert report1 == report2
    total = len(report1)
    for output in (output1, output2):       # one progress line per claim, counted to the total
        assert sum(f"/{total}] " in line for line in output.splitlines()) == total


def test_prove_refuses_zero_workers():
    result = invoke("prove", FAST[0], "--no-pdf", "--workers", "0")
    assert result.exit_code == 2 and "--workers" in result.output


def _unknown_name(d):
    from symmetric.errors import UnknownNameError
    raise UnknownNameError("measure", "Fone", ["F1"])


def test_a_user_error_in_a_worker_reaches_the_caller_with_its_message():
    from symmetric.errors import InputError
    registry = Registry([Paper("bad", (claim("bad.c", where="", statement="")(_unknown_name).__claim__,)),
                         Paper("toyprep", (claim("toyprep.ok", where="", statement="")(_plain).__claim__,),
                               prepare=_prepare)])
    with pytest.raises(InputError, match="Fone"):
        list(parallel.run(registry.all_claims(), _rendered, 2, registry))
