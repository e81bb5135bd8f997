"""Proofs by cases as tables of faces (render/cases.py): the merge is exact (the rows stand for
exactly the faces proved, each face in one row), conditions that are not faces keep their
sentences, and the LaTeX and the terminal show the same rows.

The expansion of a row back into faces and the test for two mergeable rows are written here
again, independently of the module's merge."""

import itertools
import random

import pytest
import sympy as sp

from derivations.amigo import measure
from symmetric.evidence import CaseStep, Sentence, say
from symmetric.properties.amigo_monotonicity import strict_monotonicity
from symmetric.render import cases
from symmetric.render.texmath import tex_lines
from symmetric.render.text import prose_lines
from symmetric.space import FN, FP, TN, TP

# what an entry of a row stands for, by its label on the terminal
MEANING = {"0": {"0"}, ">0": {">0"}, "1": {"1"}, ">1": {">1"}, "any": {"0", ">0"}, "≥1": {"1", ">1"}}


def face(text: str) -> tuple:
    """'0 >0 1 >0' -> the entries of a face (TP, FP, FN, TN)."""
    return tuple(frozenset({atom}) for atom in text.split())


def label(entries) -> str:
    return " ".join(cases.ENTRY_LABELS[entry][1] for entry in entries)


def expand(text: str) -> set:
    return {tuple(atoms) for atoms in itertools.product(*(sorted(MEANING[e]) for e in text.split()))}


def mergeable(a: str, b: str) -> bool:
    """Two rows that differ in one cell, where together they are 'any' or '>= 1'."""
    diff = [(x, y) for x, y in zip(a.split(), b.split()) if x != y]
    return len(diff) == 1 and MEANING[diff[0][0]] | MEANING[diff[0][1]] in ({"0", ">0"}, {"1", ">1"}) \
        and not MEANING[diff[0][0]] & MEANING[diff[0][1]]


def merged(faces: list[str]) -> list[str]:
    return [label(entries) for entries, _ in cases.merge_faces([face(f) for f in faces])]


CUBE_FN = [f"{tp} {fp} {fn} {tn}" for tp, fp, tn, fn in itertools.product(("0", ">0"), ("0", ">0"), ("0", ">0"), ("1", ">1"))]

MERGES = [
    # (faces, rows): every face of a move in one row
    (CUBE_FN, ["any any ≥1 any"]),
    # one cell 0 / > 0
    (["0 0 1 >0", "0 >0 1 >0"], ["0 any 1 >0"]),
    # the moved cell 1 / > 1
    (["0 0 1 >0", "0 0 >1 >0"], ["0 0 ≥1 >0"]),
    # must NOT merge: two cells differ
    (["0 0 1 >0", ">0 >0 1 >0"], ["0 0 1 >0", ">0 >0 1 >0"]),
    # must NOT merge: 0 and 1 are not 'any' (a free cell and a moved one)
    (["0 0 0 >0", "0 0 1 >0"], ["0 0 0 >0", "0 0 1 >0"]),
    # the strict-monotonicity faces of FN -> TP without an empty gold class (FP = TN = 0 left out)
    ([f for f in CUBE_FN if not (f.split()[1] == "0" and f.split()[3] == "0")], ["any any ≥1 >0", "any >0 ≥1 0"]),
    # three of a square: one pair merges, the third face stays alone (rows never overlap)
    (["0 0 1 0", "0 >0 1 0", ">0 0 1 0"], ["any 0 1 0", "0 >0 1 0"]),
    # one face
    ([">0 >0 >1 >0"], [">0 >0 >1 >0"]),
]


@pytest.mark.parametrize("faces, rows", MERGES, ids=range(len(MERGES)))
def test_faces_merge_into_the_rows_and_back(faces, rows):
    got = merged(faces)
    assert got == rows
    assert set().union(*map(expand, got)) == set(map(lambda f: tuple(f.split()), faces))
    assert sum(len(expand(row)) for row in got) == len(faces)       # disjoint: each face in one row


ZERO_PATTERNS = [" ".join(cells) for cells in itertools.product(("0", ">0"), repeat=4)]


@pytest.mark.parametrize("universe", [CUBE_FN, ZERO_PATTERNS], ids=["moved FN", "zero patterns"])
def test_random_sets_of_faces_merge_exactly_and_completely(universe):
    rng = random.Random(14)
    for _ in range(300):
        faces = rng.sample(universe, rng.randint(1, len(universe)))
        rows = merged(faces)
        assert set().union(*map(expand, rows)) == {tuple(f.split()) for f in faces}
        assert sum(len(expand(row)) for row in rows) == len(faces)
        assert not any(mergeable(a, b) for a, b in itertools.combinations(rows, 2))


RELATIONS = [
    # (condition, face or None: shown as written)
    ((sp.Eq(TP, 0, evaluate=False), sp.Gt(FP, 0, evaluate=False), sp.Gt(TN, 0, evaluate=False),
      sp.Eq(FN, 1, evaluate=False)), "0 >0 1 >0"),                       # the moved cell listed last
    ((sp.Gt(TP, 0, evaluate=False), sp.Eq(FN, 0, evaluate=False), sp.Eq(TN, 0, evaluate=False),
      sp.Gt(FP, 1, evaluate=False)), ">0 >1 0 0"),
    ((sp.Eq(TP, 0, evaluate=False), sp.Gt(FP, 0, evaluate=False), sp.Gt(TN, 0, evaluate=False)), None),   # FN missing
    ((sp.Eq(TP, 0, evaluate=False), sp.Gt(TP, 0, evaluate=False), sp.Gt(TN, 0, evaluate=False),
      sp.Eq(FN, 1, evaluate=False)), None),                              # TP twice, FP missing
    ((sp.Eq(TP, 2, evaluate=False), sp.Gt(FP, 0, evaluate=False), sp.Gt(TN, 0, evaluate=False),
      sp.Eq(FN, 1, evaluate=False)), None),                              # TP = 2 is not a face
    ((sp.Ge(TP, 0, evaluate=False), sp.Gt(FP, 0, evaluate=False), sp.Gt(TN, 0, evaluate=False),
      sp.Eq(FN, 1, evaluate=False)), None),                              # TP >= 0 is not a face
    ((sp.Eq(sp.Symbol("AP"), 0, evaluate=False), sp.Gt(FP, 0, evaluate=False), sp.Gt(TN, 0, evaluate=False),
      sp.Eq(FN, 1, evaluate=False)), None),                              # not a cell
    # a condition in prose is never parsed: a face is data (CaseStep.condition, Case.face())
    ("all four cells positive", None),
    ("TP = 0, TN = 0, the other cells positive", None),
    ("TP = 0, FP = 0, FN = 0, TN = 0, the other cells positive", None),
    ("TP = 0, TP = 0, the other cells positive", None),
    ("TP = 0, the other cells positive or zero", None),
    ("AP > 0, AN = 0", None),
    (sp.Eq(TP, 0), None),
]


@pytest.mark.parametrize("condition, expected", RELATIONS, ids=range(len(RELATIONS)))
def test_a_condition_is_a_face_only_when_it_names_each_cell_once(condition, expected):
    found = cases.face_of(condition)
    assert (label(found) if found else None) == expected


MOVE = "a relevant item moved from not-S to S (FN -> TP)"


def step(condition, result: str, how: str, case: str = MOVE):
    """A case step as the checkers make it: the sentence and the case as data."""
    shown = f"{case}, face {{0}}: {result} ({how})." if case else f"{condition}: {result} ({how})."
    return CaseStep(shown, (condition,) if case else (), case, condition, Sentence(result), how)


def sm_line(relations, result="improvement > 0 (sign rules on positive symbols)"):
    what, _, how = result.partition(" (")
    return step(relations, what, how.removesuffix(")"))


def relations(text: str):
    kinds = {"0": (sp.Eq, 0), ">0": (sp.Gt, 0), "1": (sp.Eq, 1), ">1": (sp.Gt, 1)}
    return tuple(kinds[e][0](cell, kinds[e][1], evaluate=False) for cell, e in zip((TP, FP, FN, TN), text.split()))


def test_a_run_of_faces_with_different_results_merges_per_result():
    lines = [sm_line(relations(f), "the measure is undefined there (excluded)" if f.startswith("0 0") else
                     "improvement > 0 (sign rules on positive symbols)") for f in CUBE_FN]
    rows = [(label(r.entries), r.how) for r in cases.face_rows([cases.case_line(line) for line in lines])]
    assert rows == [("0 0 ≥1 any", "excluded"), ("any >0 ≥1 any", "sign rules on positive symbols"),
                    (">0 0 ≥1 any", "sign rules on positive symbols")]


def test_conditions_that_are_not_faces_keep_their_sentences():
    odd = step((sp.Eq(TP, 0, evaluate=False), sp.Gt(FP, 0, evaluate=False)), "improvement > 0", "interval arithmetic")
    lines = [say("Start."), *(sm_line(relations(f)) for f in ("0 0 1 >0", "0 >0 1 >0", ">0 >0 1 >0")), odd,
             step("AP > 0, AN = 0", "defined", "exact arithmetic", case=""),
             step("AP = 0, AN > 0", "defined", "exact arithmetic", case=""), say("End.")]
    latex = tex_lines(lines)
    assert latex.startswith("Start.") and latex.endswith("End.")
    faces, conditions = latex.split(r"\begin{symconditions}")
    assert faces.count(r"\begin{symcases}") == 1 and "$0$ & $0$ & $1$ & $>0$" in faces \
        and "any & $>0$ & $1$ & $>0$" in faces
    # the odd face and the plain conditions are shown as written, with their results and methods
    assert r"\mathrm{TP} = 0, \mathrm{FP} > 0" in conditions and "interval arithmetic" in conditions
    assert "AP $>$ 0, AN = 0 & defined & exact arithmetic" in conditions
    assert "AP = 0, AN $>$ 0 & defined & exact arithmetic" in conditions
    terminal = [" ".join(line.split()) for line in prose_lines(lines)]
    assert terminal[0] == "Start." and terminal[-1] == "End."
    assert "any >0 1 >0 improvement > 0 sign rules on positive symbols" in terminal
    assert "TP = 0, FP > 0: improvement > 0 (interval arithmetic)." in terminal
    assert "AP > 0, AN = 0: defined (exact arithmetic)." in terminal


def test_a_short_piece_of_a_run_stays_sentences():
    left_out = say("Left out (defined reading): the zero patterns TP = 0, the other cells positive, where the "
                   "measure is undefined (re-checked exactly).")
    lines = [left_out, *(sm_line(relations(f)) for f in ("0 0 1 >0", "0 >0 1 >0", ">0 >0 1 >0"))]
    latex = tex_lines(lines)
    assert latex.startswith("Left out (defined reading): the zero patterns") and "symconditions" not in latex
    assert latex.count(r"\begin{symcases}") == 1


def test_fewer_than_three_cases_stay_sentences():
    lines = [sm_line(relations("0 0 1 >0")), sm_line(relations("0 >0 1 >0"))]
    assert "symcases" not in tex_lines(lines) and len(prose_lines(lines)) == 1


@pytest.mark.parametrize("test_sets, rows", [
    ("all", ["any any ≥1 any", "any ≥1 any any"]),                  # every face of each move: one row
    ("nondegenerate", ["any any ≥1 >0", "any >0 ≥1 0", "any ≥1 >0 any", ">0 ≥1 0 any"]),
])
def test_utility_strict_monotonicity_is_a_row_per_move(test_sets, rows):
    result = strict_monotonicity(measure("Utility"), test_sets=test_sets)
    segments = [s for s in cases.segments(result.proof) if isinstance(s, list)]
    assert len(segments) == 1 and [label(r.entries) for r in segments[0]] == rows
    faces = [line for line in result.proof if cases.case_line(line)]
    assert sum(len(expand(row)) for row in rows) == len(faces)
    latex = tex_lines(result.proof)
    # header, a heading per move, the rows, and under each row its decisive quantity (Utility's
    # improvement is the constant alpha or 1 on every face of a move: the faces still merge)
    assert latex.count(r"\Delta = \alpha") + latex.count(r"\Delta = 1") == len(rows)
    assert latex.count(r"\\") == 2 * len(rows) + 3


def test_show_prints_a_proof_by_cases_as_rows():
    from click.testing import CliRunner
    from symmetric.cli import main
    result = CliRunner().invoke(main, ["show", "sebastiani15.k.axioms"])
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.split()) for line in result.output.splitlines()]
    assert "the other cells positive" not in result.output and "TP FP FN TN result reason" in lines
    # MON: the zero patterns of each move merge where their improvement Δ is the same (one Δ per
    # row, under it), the moved cell (written 1 + c) at least 1 or exactly 1;
    # SDE: the 15 patterns of a non-empty table, each with its own certificate (the signs of its
    # denominators), so one row each, its Δ under it
    assert ">0 any >1 >0 the score strictly improves sign rules on positive symbols" in lines      # FN -> TP
    assert "Δ = 1/(TP + FN), positive: every factor has a known sign (positive coefficients) after " \
        "FN = u_FN + 1, u_FN > 0." in lines
    assert "any 1 >0 >0 the score strictly improves sign rules on positive symbols" in lines      # FP -> TN
    assert "Δ = 1/(TN + 1), positive: every factor has a known sign (positive coefficients)." in lines
    sde = lines.index("check: Defined on every zero pattern of the table:")
    rows = lines[sde + 2:sde + 2 + 2 * 15]
    assert [line.split(" defined ")[0] for line in rows[0:6:2]] == [">0 >0 >0 >0", "0 >0 >0 >0", ">0 0 >0 >0"]
    assert all(line.startswith(("(1) Δ = ", "Δ = ")) for line in rows[1::2])     # each denominator signed
    assert rows[1] == ("(1) Δ = FP + TN, positive: every factor has a known sign (sum of cells). "
                       "(2) Δ = TP + FN, positive: every factor has a known sign (sum of cells).")


def test_a_moved_cell_is_described_in_the_tables_own_counts():
    # MON writes the moved cell 1 + c: its zero pattern "c = 0" is the table's cell = 1, and the
    # row must say 1 (or > 1), never 0, under that cell; the other cells read 0 or > 0
    import dataclasses
    from symmetric.checks.cases import zero_patterns
    from symmetric.render.cases import CELL_NAMES, face_of
    from symmetric.space import CELLS, FN
    cases = list(zero_patterns(CELLS, allow_all_zero=True))
    assert len(cases) == 16
    for case in cases:
        face = face_of(dataclasses.replace(case, moved=FN).face())     # the pattern as data
        expected = tuple(frozenset({("1" if cell in case.zero else ">1") if cell == FN else
                                    ("0" if cell in case.zero else ">0")}) for cell in CELLS)
        assert face == expected, case.zero
    assert [c.name for c in CELLS] == list(CELL_NAMES)

