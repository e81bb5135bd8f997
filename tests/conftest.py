"""Shared fixtures: every claim is run once per test session and the results reused."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

import bytecode_cache

bytecode_cache.use()        # before the imports below compile the toolkit (tests/bytecode_cache.py)

import cost_order
import derivations
from claims_run import ALL_CLAIMS_GROUP
from symmetric.claims import registry

pytest_plugins = ["cpu_durations"]      # --cpu-durations=N (tests/cpu_durations.py)

# the CLI keeps shared property cells in $XDG_CACHE_HOME/symmetric/cells: the tests use a folder of
# their own, never the user's, and start with it empty.  One folder for the whole session: the
# xdist controller imports this file before it starts the workers, which inherit its environment,
# so a cell one worker's `show`/`prove` computed and stored is read (authenticated, re-checked),
# not recomputed, by the other.  The process that made the folder removes it at exit.
_SESSION_CACHE = "SYMMETRIC_TEST_SESSION_CACHE"
if _SESSION_CACHE not in os.environ:
    os.environ[_SESSION_CACHE] = tempfile.mkdtemp(prefix="symmetric-test-cache-")
    atexit.register(shutil.rmtree, os.environ[_SESSION_CACHE], ignore_errors=True)
os.environ["XDG_CACHE_HOME"] = os.environ[_SESSION_CACHE]

# the tests are an application: they register the papers, as the CLI does
registry.register(derivations.PAPERS)


@pytest.fixture(scope="session")
def watched_claims_run():
    """Every claim, run once per process with the one decision path watched (tests/claims_run.py)."""
    from claims_run import watched_run
    return watched_run()


@pytest.fixture(scope="session")
def all_results(watched_claims_run):
    return watched_claims_run.results


@pytest.fixture
def one_process(monkeypatch):
    """Every decision made in this process: a test that counts what `driver.decide_unit` computes
    (a monkeypatched counter) sees nothing a forked worker computed.  `check` picks its worker
    count from the idle cores when it starts, so without this such a test passed on a busy machine
    (one worker) and failed on an idle one (CI near the end of its run: two workers, nothing counted)."""
    from symmetric import runner
    from symmetric.properties import parallel_units
    monkeypatch.setattr(parallel_units, "idle_workers", lambda: 1)
    monkeypatch.setitem(runner._CHOSEN, "workers", 1)


# The tests that run every claim are sent to one xdist worker (``--dist loadgroup`` in
# pyproject.toml), so the session pays for that run once, not once per worker.
ALL_CLAIMS_FIXTURES = {"all_results", "watched_claims_run"}


# Tests that need the same costly per-process result run on one xdist worker (node-id prefixes ->
# group), so the session computes it once: every oracle test asks zeros.value_at for the zero
# patterns' values, and mutual information's alone (sympy.limit on 15 patterns) is 23 CPU-s.
# Each group stays well under half of a tier's CPU, so it cannot dominate the wall time on 2 workers.
SHARED_WORK_GROUPS = {
    "tests/test_oracles_binary.py": "zero_patterns",
    "tests/test_oracles_catalogue.py": "zero_patterns",
    "tests/test_exact_values.py": "zero_patterns",
    "tests/test_catalogue.py::test_mutual_information_takes_the_limit_at_zero_cells": "zero_patterns",
    # F1 is checked by five of its tests (progress in three readings, a TOML file, the API): in one
    # process a second `check --measure F1` takes 1.7 CPU-s, not 3.3 (the checkers' own caches)
    "tests/test_check_cli.py": "check_f1",
    # the module fixture `verdicts` (check_all on the 21 Amigo rows: 28 CPU-s) was computed once per worker
    "tests/test_amigo_properties.py": "amigo_verdicts",
    # the quant claims' property table (19 CPU-s) is decided by test_quant.py's claim tests and by
    # test_latex.py's one-claim tests (quant.table1), which are in the all-claims group: in one process
    # the second run reads the driver's memo (measured with -n 0 on both files: test_latex's
    # quant.table1 test 21.3 CPU-s alone, 0.4 after test_quant's claims)
    "tests/test_quant.py": ALL_CLAIMS_GROUP,
    # the same user terms are decided by the library tests and by the `check --kind quantification`
    # tests (the per-measure memo serves both in one process): 107 CPU-s on 2 workers in the full
    # suite (the CLI's MAX term alone 21.0 beside 17.7 for the library's), 93 in one process; 74-80
    # since the CLI tests decide in the worker's own process (one_process), where the memo is
    "tests/test_quant_audit.py": "quant_audit",
    # the catalogue's quantification measures are decided (check_all, memoised per process) by the
    # claims above and by these files' tests: on one worker, once (the fast tier on 2 workers:
    # 172 -> 157 CPU-s in its tests, 214 -> 194 in all its processes, measured back to back)
    "tests/test_oracles_quant.py": ALL_CLAIMS_GROUP,
    "tests/test_oracles_quant_catalogue.py": ALL_CLAIMS_GROUP,
    "tests/test_structural_certificates.py": ALL_CLAIMS_GROUP,
    "tests/test_check_quant_cli.py": ALL_CLAIMS_GROUP,
    "tests/test_crosscheck_quant.py": ALL_CLAIMS_GROUP,
}


def module_fixture_group(item) -> str | None:
    """The xdist group of a test that uses a module-, class- or session-scoped fixture of its own
    test module: all such tests of a module run on one worker, which computes the fixture once.
    xdist hands out the tests of no group one by one, so such tests ran on both workers and each
    computed the fixture (measured with --cpu-durations in the full suite, both tests paying for
    it: test_check_report_layout's `report` 19.4 and 17.4 CPU-s, test_atlas_theory's atlas and
    theory map 16.5 and 13.9, test_hostile_corpus's `named_run` 6.4 and 4.9, test_parameter_names'
    `neutral` 8.3 and 7.5; the five files with such fixtures took 93.1 CPU-s grouped, 139.9 not).
    A fixture of conftest.py (baseid "tests") is not the module's: the all-claims run has its group.
    """
    file = item.nodeid.split("::")[0]
    defs = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", None) or {}
    for name in getattr(item, "fixturenames", ()):
        for fixturedef in defs.get(name, ()):
            if fixturedef.scope in ("module", "class", "session") and fixturedef.baseid.split("::")[0] == file:
                return f"fixtures:{file}"
    return None


# The fast tier (`pytest -m "not slow"`) leaves out these tests: each takes 10 s or more of one
# core on this 2-core machine (pytest --durations, measured after the issue-22..27 merges), or
# rests on a fixture that runs every claim.  Node-id prefixes, as data; a prefix whose file was
# collected but which names no test is an error, so the table cannot go stale silently.
SLOW_TESTS = (
    "tests/test_check_report_layout.py::test_the_report_compiles_with_no_overfull_box",
    "tests/test_check_report_layout.py::test_the_report_typesets_ascii_mathematics_and_keeps_reasons_whole",
    "tests/test_no_sympy_internals.py::test_check_outputs_in_every_format",
    "tests/test_check_matrix.py::test_check_prints_the_matrix_by_default_and_the_details_on_request",
    "tests/test_notebook.py::test_the_example_notebook_runs",
    "tests/test_cli.py::test_prove_writes_json_report_and_latex",
    "tests/test_cli.py::test_show_names_a_counterexample_s_values_as_symbols",
    "tests/test_cli.py::test_readme_example_toml_checks",
    "tests/test_cellcache.py::test_every_cell_of_the_amigo_table_renders_the_same_after_a_round_trip",
    "tests/test_cache_trust.py::test_amigo_table_edited_from_fails_to_holds_is_still_corrected",
    "tests/test_quant_audit.py::test_rel_abs_require_continuity",
    "tests/test_quant_audit.py::test_max_requires_continuity",
    "tests/test_oracles_binary.py::test_against_scikit_learn[MI]",
    # it is the fast tier's one user of mutual information's zero-pattern limits (sympy.limit on 15
    # patterns): 34 CPU-s, measured with --cpu-durations; the full suite runs it beside the two above
    # in the zero_patterns group, which takes the limits once
    "tests/test_oracles_binary.py::test_against_pycm[MI]",
    "tests/test_catalogue.py::test_mutual_information_takes_the_limit_at_zero_cells",
    # the comparisons that call scikit-learn (or QuaPy) on every table with n <= 10, 3-7 CPU-s each
    # (15 tests, 55 CPU-s): the fast tier runs each on every table with n <= 4 (every zero pattern)
    "tests/test_oracles_catalogue.py::test_against_scikit_learn_on_every_small_table[n<=10-",
    "tests/test_oracles_catalogue.py::test_youden_is_adjusted_balanced_accuracy[n<=10]",
    "tests/test_oracles_catalogue.py::test_averaged_recall_is_a_catalogue_measure[n<=10-",
    "tests/test_oracles_catalogue.py::test_quapy_f1e_is_one_minus_macro_f1[n<=10]",
    "tests/test_catalogue.py::test_required_measure_is_the_standard_formula[prevalencethreshold",
    "tests/test_latex.py::test_no_claim_has_an_internal_error",
    "tests/test_latex.py::test_committed_latex_is_fresh",
    "tests/test_latex.py::test_every_claim_file_is_named_after_its_id",
    "tests/test_latex.py::test_no_python_value_is_written_into_a_claim_s_prose",
    "tests/test_amigo_properties.py::test_strict_monotonicity_agrees_with_enumeration",
    # it reads the verdicts of all 21 Amigo rows (check_all on each: 25 CPU-s, measured with
    # --cpu-durations); each row's own cases of the module stay fast for the cheap rows
    "tests/test_amigo_properties.py::test_absolute_weighting_threshold_orders_outputs",
    "tests/test_hostile_corpus.py::test_name_is_typeset_as_literal_text",
    "tests/test_check_report.py::test_one_file_per_measure_named_from_it",
    "tests/test_theory_map.py::test_matrix_cells_and_subset_maps",
    "tests/test_theory_relations.py::test_the_relations_example_verifies_with_honest_verdicts",
    "tests/test_parameter_names.py::test_a_parameter_named_like_a_checker_symbol_gets_the_same_verdicts",
    "tests/test_parameter_names.py::test_a_parameter_named_like_a_model_symbol_gets_the_same_growth_verdicts",
    # rests on the fixture that runs every claim (80 CPU-s of the fast tier when it was in it)
    "tests/test_json_notation.py::test_claims_json_is_in_one_notation",
    # an atlas of several measures computed, then rendered serially and on workers (12.9 CPU-s)
    "tests/test_atlas_speed.py::test_files_made_on_workers_are_the_serial_ones_byte_for_byte",
    # 16.9 CPU-s of the fast tier's 197 (--cpu-durations on 2 workers), most of it the quant property
    # table, which test_quant.py's fast tests in the same group then decide instead (its
    # rel_abs_exclusive claim case: 14.5 CPU-s; so 2.4 saved); its other cases, with
    # sebastiani15.table2 for a table, keep the check fast, and the full suite reads every claim
    # from the all-claims run
    "tests/test_latex.py::test_no_python_value_is_written_into_the_prose_of[quant.table1]",
)


def _slow_by_cost() -> dict[str, float]:
    """tests/slow_by_cost.txt: the node ids of the fast tier's costly tests, measured (the cases of
    a parametrized test beyond its 1 CPU-s budget, cheapest first; a test of its own at 1 CPU-s or
    more; any of 2 CPU-s or more: benchmarks/bench_tests.py's rule), one a line after its CPU seconds."""
    path = os.path.join(os.path.dirname(__file__), "slow_by_cost.txt")
    with open(path, encoding="utf-8") as lines:
        rows = [ln.rstrip("\n").split(None, 1) for ln in lines if ln.strip() and not ln.startswith("#")]
    return {nodeid: float(cost) for cost, nodeid in rows}


SLOW_BY_COST = _slow_by_cost()


# tryfirst: xdist's worker reads the xdist_group markers in its own pytest_collection_modifyitems
# (it appends "@group" to the node id); a conftest hook runs after it unless it asks to run first,
# and then the markers added here were never seen -- the "all_claims" group was not applied
# (checked with -n 2 -v: no "@group" suffix, the tests of one group on both workers).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    used = set()
    for item in items:
        if ALL_CLAIMS_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group(ALL_CLAIMS_GROUP))
        else:
            group = next((g for prefix, g in SHARED_WORK_GROUPS.items() if item.nodeid.startswith(prefix)), None)
            if group is None and item.get_closest_marker("xdist_group") is None:    # a module's own group stands
                group = module_fixture_group(item)
            if group is not None:
                item.add_marker(pytest.mark.xdist_group(group))
        for prefix in SLOW_TESTS:
            if item.nodeid.startswith(prefix):
                item.add_marker(pytest.mark.slow)
                used.add(prefix)
        if item.nodeid in SLOW_BY_COST:
            item.add_marker(pytest.mark.slow)
            used.add(item.nodeid)
    files = {item.nodeid.split("::")[0] for item in items}
    stale = [p for p in (*SLOW_TESTS, *sorted(SLOW_BY_COST)) if p.split("::")[0] in files and p not in used
             and not config.getoption("keyword") and not config.getoption("markexpr")
             and not any("::" in arg for arg in config.args)]         # tests chosen by node id
    if stale:
        raise pytest.UsageError(f"tests/conftest.py SLOW_TESTS or tests/slow_by_cost.txt names no collected test: {stale}")
    # the longest work first (tests/cost_order.py; pyproject's --no-loadscope-reorder keeps this
    # order: xdist would otherwise sort the work units by their number of tests)
    items[:] = cost_order.longest_first(items, cost_order.load())
