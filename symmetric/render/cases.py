"""Proofs by cases as compact tables: the structure shared by the LaTeX and the terminal.

A proof by cases is a run of case steps (:class:`symmetric.evidence.CaseStep`: a sentence that
also carries its case, condition, result and method as data, read here; the prose is never
parsed).  Where the condition is a *face* of the contingency table (each cell 0 or positive,
a moved cell 1 or more than 1) the cases are rows of a table with one column per cell, and
faces with the same case, result and method that differ in exactly one cell are merged into
one row where that cell is "any" (0 or positive) or "at least 1" (1 or more), repeatedly until
nothing merges: the first step of Quine-McCluskey, kept disjoint so that every face of the
proof is in exactly one row and the rows stand for exactly the faces proved.  A condition that
does not read as a face keeps the plain three-column table (condition, result, how).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..evidence import CaseStep, Sentence
from .certificates import delta

CELL_NAMES = ("TP", "FP", "FN", "TN")       # the columns, in the order the project prints them

# Fewer case sentences in a row than this are left as sentences.
CASE_TABLE_MIN_ROWS = 3

# A relation of a face, (relation type, right-hand side) -> what it says of its cell.
RELATION_ATOMS = {(sp.Equality, 0): "0", (sp.StrictGreaterThan, 0): ">0",
                  (sp.Equality, 1): "1", (sp.StrictGreaterThan, 1): ">1"}
# The entries of a row (a set of what the merged faces say of the cell) -> (LaTeX, Unicode).
# An entry of two atoms is a merge: two faces differing only there are one row.
ENTRY_LABELS = {
    frozenset({"0"}): ("$0$", "0"),
    frozenset({">0"}): ("$>0$", ">0"),
    frozenset({"1"}): ("$1$", "1"),
    frozenset({">1"}): ("$>1$", ">1"),
    frozenset({"0", ">0"}): ("any", "any"),
    frozenset({"1", ">1"}): (r"$\geq 1$", "≥1"),
}

Entries = tuple[frozenset, ...]


@dataclass(frozen=True)
class CaseLine:
    """A case sentence taken apart: the named case ("" if none), the condition (a tuple of
    sympy relations, or plain text), what holds there and how it was decided."""

    case: str
    condition: object
    result: Sentence
    how: str
    certificate: object = None       # symmetric.certificate; its Δ is shown under the row


@dataclass(frozen=True)
class FaceRow:
    """A row of a table of faces: its case, one entry per cell, the result and the method; the
    certificate its faces share (faces merge only with the same certificate: one Δ per row)."""

    case: str
    entries: Entries
    result: Sentence
    how: str
    certificate: object = None
    condition: object = ()           # the condition of the row's first face (Δ's variables)


def case_line(line) -> CaseLine | None:
    """The parts of a case step; None for any other line."""
    if not isinstance(line, CaseStep):
        return None
    return CaseLine(line.case, line.condition, line.result, line.how, line.certificate)


def face_of(condition) -> Entries | None:
    """A condition as one entry per cell (TP, FP, FN, TN); None unless it names every cell
    exactly once as 0, > 0, = 1 or > 1 (then the condition is shown as it is)."""
    found: dict[str, str] = {}
    if isinstance(condition, tuple):
        for relation in condition:
            cell, atom = _cell_atom(relation)
            if cell is None or cell in found:
                return None
            found[cell] = atom
    if set(found) != set(CELL_NAMES):
        return None
    return tuple(frozenset({found[name]}) for name in CELL_NAMES)


def _cell_atom(relation) -> tuple[str | None, str | None]:
    if not isinstance(relation, sp.Rel) or not isinstance(relation.lhs, sp.Symbol) \
            or relation.lhs.name not in CELL_NAMES or not relation.rhs.is_Integer:
        return None, None
    atom = RELATION_ATOMS.get((type(relation), int(relation.rhs)))
    return (relation.lhs.name, atom) if atom else (None, None)


def merge_faces(faces: list[Entries]) -> list[tuple[Entries, tuple[int, ...]]]:
    """Rows standing for exactly ``faces``, each face in one row: two rows that differ in one
    cell only, where together they say "any" or "at least 1", become one, until none do.
    Each row comes with the indices of its faces; rows are in the order of their first face."""
    rows = [(face, (k,)) for k, face in enumerate(faces)]
    merged = True
    while merged:
        merged = False
        for cell in range(len(CELL_NAMES)):
            rows, changed = _merge_at(rows, cell)
            merged = merged or changed
    return sorted(rows, key=lambda row: min(row[1]))


def _merge_at(rows, cell: int):
    out, changed = [], False
    for entries, faces in rows:
        for k, (other, other_faces) in enumerate(out):
            together = entries[cell] | other[cell]
            if (entries[:cell] + entries[cell + 1:] == other[:cell] + other[cell + 1:]
                    and not entries[cell] & other[cell] and together in ENTRY_LABELS):
                out[k] = (other[:cell] + (together,) + other[cell + 1:], other_faces + faces)
                changed = True
                break
        else:
            out.append((entries, faces))
    return out, changed


def face_rows(lines: list[CaseLine]) -> list[FaceRow]:
    """Case lines whose conditions are faces as merged rows: faces merge only with faces of
    the same case, result and method; rows in the order of their first face."""
    groups: dict[tuple, list[tuple[int, Entries]]] = {}
    for k, line in enumerate(lines):
        groups.setdefault((line.case, line.result, line.how, line.certificate), []).append((k, face_of(line.condition)))
    rows = []
    for (case, result, how, certificate), faces in groups.items():
        for entries, members in merge_faces([face for _, face in faces]):
            first = min(faces[m][0] for m in members)
            rows.append((first, FaceRow(case, entries, result, how, certificate, lines[first].condition)))
    return [row for _, row in sorted(rows, key=lambda r: r[0])]


def segments(lines):
    """Sentences read one after another, cut into what each renderer shows: a line of text
    (a sentence or str; a proved step without a condition is followed by its Δ), a list of :class:`FaceRow` (a table of faces) or a list of
    :class:`CaseLine` (conditions that are not faces: the plain table)."""
    run: list = []

    def flush():
        # a run is cut where its conditions change from faces to others; a piece with fewer
        # than CASE_TABLE_MIN_ROWS cases stays sentences (a lone "Left out ...: ..." line)
        blocks: list[list] = []
        for line, parsed in run:
            if blocks and (face_of(blocks[-1][-1][1].condition) is None) == (face_of(parsed.condition) is None):
                blocks[-1].append((line, parsed))
            else:
                blocks.append([(line, parsed)])
        for block in blocks:
            if len(block) < CASE_TABLE_MIN_ROWS:
                yield from (line for line, _ in block)
            else:
                yield _block([parsed for _, parsed in block])
        run.clear()

    for line in lines:
        if not line:
            continue
        parsed = case_line(line)
        if parsed is None or not parsed.condition:
            # a proved step without a condition (a derivative identically 0, a trivial output's
            # score) is a line of the argument, its Δ said right under it
            yield from flush()
            yield line
            shown = None if parsed is None else delta(parsed.certificate, ())
            if shown is not None:
                yield shown
        else:
            run.append((line, parsed))
    yield from flush()


def _block(lines: list[CaseLine]) -> list:
    if face_of(lines[0].condition) is None:
        return list(lines)
    try:
        return face_rows(lines)
    except TypeError:       # a result whose slots cannot be compared (unhashable): as written
        return list(lines)
