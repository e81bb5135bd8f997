"""The files of ``symmetric check``: the JSON report and the LaTeX report (one file per measure,
the summary ``check.tex`` and, when a TeX engine is present and asked for, ``check.pdf``).
``results`` is [(kind, measure, (PropertyResult, ...))]; what was written is said to ``say``, and
a JSON report for standard output is handed to ``echo``."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import check_report, files, texbuild
from . import json as json_render
from . import latex as latex_render
from .sketch import sketch_files


@dataclass(frozen=True)
class CheckOutputsWritten:
    pdf: Path | None
    pdf_error: str | None           # the PDF was asked for and could not be built


def json_report(results) -> str:
    return json.dumps(json_render.check_report([(kind.name, m, rs) for kind, m, rs in results]), indent=2,
                      default=str)


def write(results, outputs, say: Callable[[str], None], echo: Callable[[str], None]) -> CheckOutputsWritten:
    """Write the outputs ``outputs`` (a :class:`~symmetric.userinput.check_request.CheckOutputs`)
    asks for."""
    if outputs.json_file == "-":
        echo(json_report(results))
    elif outputs.json_file is not None:
        files.write_text(outputs.json_file, json_report(results) + "\n")
    outdir = Path(outputs.latex_dir)
    written = check_report.report_files([(k.name, m, rs) for k, m, rs in results], outdir)
    written[latex_render.MACROS] = (latex_render.TEMPLATES / latex_render.MACROS).read_text(encoding="utf-8")
    sketches = sketch_files([(k.name, m, rs) for k, m, rs in results],
                            [n for n in written if n.startswith("check-")]) if outputs.sketch else {}
    written.update(sketches)
    # earlier measures' reports and sketches stay (a paper may \\input each); only a stale check.pdf goes
    kept = {p.name for g in ("check-*.tex", "sketch-*.tex") for p in outdir.glob(g)} if outdir.is_dir() else set()
    built = texbuild.write_document(written, outdir, check_report.MAIN, command="check", force=outputs.force,
                                    pdf=outputs.pdf and bool(texbuild.tex_engine()), keep=kept)
    for (_, m, _), name in zip(results, [n for n in written if n.startswith("check-")]):
        say(f"LaTeX report of {m.name}: {outdir / name}")
    for name in sketches:
        say(f"Proof sketches: {outdir / name}")
    say(f"LaTeX written to {outdir / check_report.MAIN} (summary; \\inputs each measure's report)")
    return CheckOutputsWritten(built.pdf, built.pdf_error)
