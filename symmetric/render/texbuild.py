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
import re
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from . import outfolder
from .files import OutputError, copy_file

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


@dataclass(frozen=True)
class BuildReport:
    """What a finished build tells about its own typesetting (read by the CI gate).

    ``log`` is the last pass's log; ``contents`` the table of contents that pass printed
    (entry title -> page, from the ``.toc`` it read); ``labels`` the page of every label as
    that pass placed it (from the ``.aux`` it wrote).  A contents entry whose page differs from
    its label's page is a stale table of contents."""

    pdf: Path
    log: str
    contents: tuple[tuple[str, str], ...]
    labels: dict[str, str]

    def overfull(self, limit_pt: float = 0.0) -> list[tuple[str, float, str]]:
        """The overfull boxes wider than ``limit_pt``: (input file, points, source lines)."""
        return overfull_boxes(self.log, limit_pt)


# "(./amigo.table.properties.tex" opens an input file; TeX's overfull warnings name lines of
# the innermost file, and the claim files are input one after another (never nested), so the
# last opened ".tex" names the claim a box belongs to.
_LOG_EVENT = re.compile(r"\(\./([^()\s]+?\.tex)|Overfull \\hbox \(([\d.]+)pt too wide\)[^\n]*?lines? ([\d-]+)")
_TOC_LINE = re.compile(r"\\contentsline \{[a-z]+\}\{(.*)\}\{(\d+)\}\{[^{}]*\}%?$")
_LABEL_LINE = re.compile(r"\\newlabel\{([^{}]+)\}\{\{[^{}]*\}\{(\d+)\}")


def overfull_boxes(log: str, limit_pt: float = 0.0) -> list[tuple[str, float, str]]:
    # TeX wraps log lines at 79 characters: join them back before matching file names
    text = re.sub(r"(?m)^(.{79})\n", r"\1", log)
    current, out = "", []
    for match in _LOG_EVENT.finditer(text):
        if match.group(1):
            current = match.group(1)
        elif float(match.group(2)) > limit_pt:
            out.append((current, float(match.group(2)), match.group(3)))
    return out


def _contents(toc: str) -> tuple[tuple[str, str], ...]:
    return tuple((m.group(1), m.group(2)) for m in map(_TOC_LINE.match, toc.splitlines()) if m)


def _labels(aux: str) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in map(_LABEL_LINE.match, aux.splitlines()) if m}


def _compile(main: Path, scratch: Path, timeout: float) -> tuple[str, str]:
    """Run pdflatex in ``scratch`` until the contents and references are stable; return the
    last pass's log and the table of contents it read."""
    engine = tex_engine()
    if engine is None:
        raise TexBuildError("no TeX engine (pdflatex) on PATH")
    previous, toc_read, log = None, "", ""
    for _ in range(MAX_PASSES):
        toc_file = scratch / f"{main.stem}.toc"
        toc_read = toc_file.read_text(errors="replace") if toc_file.exists() else ""
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
        log_file = scratch / f"{main.stem}.log"
        log = log_file.read_text(errors="replace") if log_file.exists() else proc.stdout
        state = _stable_state(scratch, main.stem)
        if state == previous:
            break
        previous = state
    return log, toc_read


def build(main: Path, inputs: Iterable[Path] = (), *, timeout: float = PASS_SECONDS) -> BuildReport:
    """Compile ``main`` (with the other ``inputs`` it ``\\input``s, all from one folder) in a
    scratch folder in the system's temporary folder (never beside the output: a run killed
    there leaves nothing in the user's folders); the PDF replaces ``main``'s ``.pdf`` only when
    the build succeeded."""
    main = Path(main)
    if tex_engine() is None:
        raise TexBuildError("no TeX engine (pdflatex) on PATH")
    with tempfile.TemporaryDirectory(prefix="symmetric-tex-") as tmp:
        scratch = Path(tmp)
        for source in (main, *inputs):
            shutil.copyfile(source, scratch / Path(source).name)
        log, toc = _compile(main, scratch, timeout)
        aux = scratch / f"{main.stem}.aux"
        labels = _labels(aux.read_text(errors="replace")) if aux.exists() else {}
        built = scratch / f"{main.stem}.pdf"
        pdf = copy_file(built, main.with_suffix(".pdf"))
        return BuildReport(pdf, log, _contents(toc), labels)


def build_pdf(main: Path, inputs: Iterable[Path] = (), *, timeout: float = PASS_SECONDS) -> Path:
    """:func:`build`, for callers that want only the PDF."""
    return build(main, inputs, timeout=timeout).pdf


COPY_LIMIT = 256 << 20     # bytes: a paper's folder copied to the scratch folder, at most


def copy_plain_tree(source: Path, target: Path) -> None:
    """Copy the folders and regular files under ``source`` into ``target``; a symlink (to a file
    or a folder) or a special file (a FIFO, a device) is skipped, never followed: a link to
    ``/usr/share`` or ``/dev/zero`` inside a paper's folder would otherwise be copied whole."""
    total = 0
    for folder, dirs, names in os.walk(source, followlinks=False):
        here = Path(folder)
        into = target / here.relative_to(source)
        into.mkdir(parents=True, exist_ok=True)
        dirs[:] = [d for d in dirs if stat.S_ISDIR(os.lstat(here / d).st_mode)]     # a link to a folder is not entered
        for name in names:
            info = os.lstat(here / name)
            if not stat.S_ISREG(info.st_mode):
                continue
            total += info.st_size
            if total > COPY_LIMIT:
                raise TexBuildError(f"{source}: more than {COPY_LIMIT >> 20} MB of files to copy for the build")
            shutil.copyfile(here / name, into / name, follow_symlinks=False)


def build_folder(main: Path, *, timeout: float = PASS_SECONDS) -> BuildReport:
    """Compile ``main`` in a scratch copy of its whole folder (subfolders too: a paper that
    ``\\input``s ``latex_out/...``; symlinks and special files are not copied, see
    :func:`copy_plain_tree`); the PDF is copied back beside ``main``."""
    main = Path(main)
    if tex_engine() is None:
        raise TexBuildError("no TeX engine (pdflatex) on PATH")
    with tempfile.TemporaryDirectory(prefix="symmetric-tex-") as tmp:
        scratch = Path(tmp) / "paper"
        copy_plain_tree(main.parent, scratch)
        log, toc = _compile(main, scratch, timeout)
        aux = scratch / f"{main.stem}.aux"
        labels = _labels(aux.read_text(errors="replace")) if aux.exists() else {}
        pdf = copy_file(scratch / f"{main.stem}.pdf", main.with_suffix(".pdf"))
        return BuildReport(pdf, log, _contents(toc), labels)


@dataclass(frozen=True)
class DocumentWritten:
    """What :func:`write_document` did: the folder, the PDF (if built) or why it was not."""

    folder: Path
    pdf: Path | None = None
    pdf_error: TexBuildError | None = None


def write_document(document: Mapping[str, str], target: str | Path, main_name: str, *, pdf: bool,
                   timeout: float = PASS_SECONDS, command: str = "symmetric", force: bool = False,
                   keep: Iterable[str] = ()) -> DocumentWritten:
    """Write the files of ``document`` (name -> text) into ``target`` and, with ``pdf``, build
    ``main_name``'s PDF (in the system's temporary folder) and install it there, by the rules of
    :mod:`.outfolder`: only symmetric's files are added or replaced, the rest of the folder is
    left as it was; then what this ``command`` wrote before and did not write now (and ``keep``
    does not name: another claim's file that the main document still inputs) is removed.
    A failed PDF build does not stop the ``.tex`` files (``pdf_error`` says why)."""
    built, error = None, None
    pdf_name = Path(main_name).with_suffix(".pdf").name
    names = set(document) | ({pdf_name} if pdf else set())
    with outfolder.open_folder(target, command, force=force) as folder:
        folder._check(names)            # every name, the PDF's too, before the first write
        files: dict[str, str | bytes] = dict(document)
        if pdf:
            # built first, from a staging copy in the system's temporary folder, then installed
            # with the .tex files in one signal-held write: a run stopped during the (seconds
            # long) build leaves the folder all old, never new .tex beside an old PDF
            try:
                files[pdf_name] = _staged_pdf(document, main_name, folder, set(keep), timeout)
            except TexBuildError as exc:
                error = exc     # its message says the PDF was not changed: it is kept, not stale
                keep = {*keep, pdf_name}
        folder.write(files)
        if pdf_name in files:
            built = folder.path / pdf_name
        folder.remove_stale(set(keep))
    return DocumentWritten(Path(target), built, error)


def _staged_pdf(document: Mapping[str, str], main_name: str, folder, keep: set[str], timeout: float) -> bytes:
    """The PDF of ``main_name`` built from ``document`` and the ``keep`` files symmetric wrote
    in ``folder`` earlier (another claim's file that the main document still inputs)."""
    with tempfile.TemporaryDirectory(prefix="symmetric-stage-") as tmp:
        stage = Path(tmp)
        for name, text in document.items():
            (stage / name).write_text(text, encoding="utf-8")
        for name in sorted(keep & folder.owned() - set(document)):
            source = folder.path / name
            if name.endswith(".tex") and stat.S_ISREG(os.lstat(source).st_mode):   # never a link
                shutil.copyfile(source, stage / name)
        inputs = sorted(stage / n for n in os.listdir(stage) if n.endswith(".tex") and n != main_name)
        return build(stage / main_name, inputs, timeout=timeout).pdf.read_bytes()


def log_of_last_build(main: Path) -> str:
    """(For tests) the log of a fresh build of ``main``, e.g. to count overfull boxes."""
    engine = tex_engine()
    with tempfile.TemporaryDirectory(prefix="symmetric-tex-") as tmp:
        copy_plain_tree(Path(main).parent, Path(tmp))
        subprocess.run([engine, "-no-shell-escape", "-interaction=nonstopmode", Path(main).name], cwd=tmp,
                       capture_output=True, env=_environment(Path(tmp)), timeout=PASS_SECONDS)
        return (Path(tmp) / f"{Path(main).stem}.log").read_text(errors="replace")
