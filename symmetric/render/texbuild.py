"""Building a PDF with pdflatex, safely.

* In a scratch folder: the ``.tex`` files are copied there, pdflatex runs there, and only the
  finished PDF is copied back (atomically): an interrupted build leaves no truncated PDF and no
  stale ``.aux`` that would break the next run, and two builds at once do not share files.
* Locked down: ``-no-shell-escape``, and kpathsea's ``openin_any``/``openout_any`` set to
  ``p`` (paranoid: no absolute paths, no parent folders, no dot files), so a document cannot
  read ``/etc/hostname`` or write outside its folder even if text from a user reached it.
* Bounded: every pass has a time limit; a document that loops ends in a one-line error.
* Complete: pdflatex reruns until the table of contents and references are stable (at most
  ``MAX_PASSES`` passes), so page numbers in the contents are right.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .files import OutputError, copy_file, staged_folder

MAX_PASSES = 4
PASS_SECONDS = 120


class TexBuildError(OutputError):
    """pdflatex failed or ran out of time (one line, with the log's first error)."""


def tex_engine() -> str | None:
    return shutil.which("pdflatex")


def _environment(scratch: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"openin_any": "p", "openout_any": "p", "shell_escape": "f", "TEXMFOUTPUT": str(scratch)})
    return env


def _first_error(log: str) -> str:
    for line in log.splitlines():
        if line.startswith("!"):
            return line[1:].strip()
    return "see the log"


def _stable_state(scratch: Path, stem: str) -> tuple[bytes, ...]:
    return tuple((scratch / f"{stem}{ext}").read_bytes() if (scratch / f"{stem}{ext}").exists() else b""
                 for ext in (".aux", ".toc", ".out"))


def build_pdf(main: Path, inputs: Iterable[Path] = (), *, timeout: float = PASS_SECONDS) -> Path:
    """Compile ``main`` (with the other ``inputs`` it ``\\input``s, all from one folder) in a
    scratch folder; the PDF replaces ``main``'s ``.pdf`` only when the build succeeded."""
    engine = tex_engine()
    if engine is None:
        raise TexBuildError("no TeX engine (pdflatex) on PATH")
    main = Path(main)
    with tempfile.TemporaryDirectory(prefix="symmetric-tex-") as tmp:
        scratch = Path(tmp)
        for source in (main, *inputs):
            shutil.copyfile(source, scratch / Path(source).name)
        previous = None
        for _ in range(MAX_PASSES):
            try:
                proc = subprocess.run(
                    [engine, "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", main.name],
                    cwd=scratch, capture_output=True, text=True, errors="replace", timeout=timeout,
                    env=_environment(scratch), stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                raise TexBuildError(f"{main}: pdflatex did not finish within {timeout:g} s "
                                    "(the PDF was not changed)") from None
            if proc.returncode != 0:
                raise TexBuildError(f"{main}: pdflatex failed: {_first_error(proc.stdout)} "
                                    "(the PDF was not changed)")
            state = _stable_state(scratch, main.stem)
            if state == previous:
                break
            previous = state
        return copy_file(scratch / f"{main.stem}.pdf", main.with_suffix(".pdf"))


@dataclass(frozen=True)
class Written:
    """What :func:`write_document` did: the folder, the PDF (if built) or why it was not."""

    folder: Path
    pdf: Path | None = None
    pdf_error: TexBuildError | None = None


def write_document(document: Mapping[str, str], target: str | Path, main_name: str, *, pdf: bool,
                   timeout: float = PASS_SECONDS) -> Written:
    """Write the files of ``document`` (name -> text) and, with ``pdf``, build ``main_name``'s PDF,
    all in a staged copy of ``target`` that then replaces it as a unit: an interrupted run (a
    signal, a failed write) leaves ``target`` all old, a finished one all new -- the PDF
    included -- and two runs at once each replace it whole (see :func:`.files.replace_folder`).
    A failed PDF build does not stop the ``.tex`` files (``pdf_error`` says why)."""
    built, error = None, None
    with staged_folder(target) as stage:
        for name, text in document.items():
            try:
                (stage / name).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise OutputError(f"{Path(target) / name}: could not be written ({exc.strerror or exc}); "
                                  f"{target} is unchanged") from None
        if pdf:
            main = stage / main_name
            try:
                build_pdf(main, sorted(p for p in stage.glob("*.tex") if p != main), timeout=timeout)
                built = Path(target) / main.with_suffix(".pdf").name
            except TexBuildError as exc:
                error = TexBuildError(str(exc).replace(str(stage), str(target)))
    return Written(Path(target), built, error)


def log_of_last_build(main: Path) -> str:
    """(For tests) the log of a fresh build of ``main``, e.g. to count overfull boxes."""
    engine = tex_engine()
    with tempfile.TemporaryDirectory(prefix="symmetric-tex-") as tmp:
        shutil.copytree(Path(main).parent, tmp, dirs_exist_ok=True)
        subprocess.run([engine, "-no-shell-escape", "-interaction=nonstopmode", Path(main).name], cwd=tmp,
                       capture_output=True, env=_environment(Path(tmp)), timeout=PASS_SECONDS)
        return (Path(tmp) / f"{Path(main).stem}.log").read_text(errors="replace")
