"""The one writer of output folders (check --latex, verify --latex, prove --out, atlas --out, theory-map --out).

The rules (README, "Output folders"):

* A folder is written by adding and replacing only the files symmetric owns, listed in a
  manifest it keeps there (``.symmetric-manifest.json``: file name -> the command that wrote
  it).  The folder itself is never deleted, renamed or swapped, so everything else in it --
  other files, dotfiles such as ``.git/`` and ``.env``, its mode, symlinks -- stays as it was.
* A folder that exists, is not empty and has no manifest is not symmetric's: it is refused
  (exit 2) unless the command is given ``--force``.  A new or empty folder is accepted.
* A name symmetric wants to write that is a symlink (or not a regular file) in the folder is
  refused (exit 2) before anything is written: a link is never followed, replaced or copied.
* Each file is written atomically (a temporary file in the folder, then ``os.replace``; the
  temporary file is removed on failure) with mode ``0666 & ~umask`` (0644 usually), whatever
  wrote it (a PDF built elsewhere included).  Writing the ``.tex`` files holds SIGINT/SIGTERM
  for the few milliseconds it takes, so a run stopped there leaves them all old or all new.
* Two runs into one folder take turns: an exclusive ``flock`` on the folder itself (nothing
  is left behind by the lock).
* Stale outputs -- a file that an earlier run *of the same command* wrote and this run did
  not (a PDF after a ``--no-pdf`` run, another measure's report) -- are removed, but only when
  the manifest says symmetric wrote them and the file is still a regular file.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from .files import OutputError, file_mode, signals_deferred

MANIFEST = ".symmetric-manifest.json"
TEMP_PREFIX = ".symmetric-tmp-"
MANIFEST_LIMIT = 1 << 20        # bytes: a manifest lists file names, never more than this


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _manifest(folder: Path) -> dict[str, str] | None:
    """The manifest's files (name -> command), None when there is none.  Read only when it is a
    regular file under the size cap; an unreadable or malformed one counts as an empty list
    (the folder is still symmetric's, but nothing in it is removed as stale)."""
    path = folder / MANIFEST
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OutputError(f"{path}: cannot be read ({_reason(exc)})") from None
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(f"{path}: is not a regular file (a symlink or a device); remove it or give another folder")
    if info.st_size > MANIFEST_LIMIT:
        return {}
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            data = json.loads(handle.read(MANIFEST_LIMIT + 1))
    except (OSError, ValueError, RecursionError):
        return {}
    found = data.get("files") if isinstance(data, dict) else None
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str) and _plain(k)}


def _plain(name: str) -> bool:
    return bool(name) and name not in (".", "..") and "/" not in name and "\0" not in name and name != MANIFEST


def accept(path: str | Path, *, force: bool = False, locked: bool = False) -> Path:
    """Refuse, before any work, a folder that is not symmetric's (see the module's rules).
    Unless ``locked`` (the check :func:`open_folder` repeats under the folder's lock), a file of
    ours in the making (``TEMP_PREFIX``) does not count: a run that has just created the folder
    writes its manifest through one, and a second run started then was refused, exit 2 (seen
    with two ``prove`` runs into one folder on a loaded machine).  The check under the lock is
    strict, and it comes before anything in the folder is changed."""
    path = Path(path).expanduser()
    if not path.exists():
        return path
    if not path.is_dir():
        raise OutputError(f"{path}: exists and is not a directory")
    if force or _manifest(path) is not None:
        return path
    try:
        with os.scandir(path) as entries:
            occupied = any(locked or not entry.name.startswith(TEMP_PREFIX) for entry in entries)
    except OSError as exc:
        raise OutputError(f"{path}: cannot be read ({_reason(exc)})") from None
    if occupied:
        raise OutputError(f"{path}: is not empty and has no {MANIFEST}, so it is not a folder symmetric wrote; "
                          "give a new or empty folder, or --force to add symmetric's files to it "
                          "(nothing else in it is changed)")
    return path


class Folder:
    """An output folder open for one run (see :func:`open_folder`)."""

    def __init__(self, path: Path, command: str, previous: dict[str, str]):
        self.path = path
        self.command = command
        self.previous = previous
        self.written: list[str] = []

    def owned(self) -> set[str]:
        """Every file the manifest and this run say symmetric wrote here."""
        return set(self.previous) | set(self.written)

    def _check(self, names: Iterable[str]) -> None:
        for name in names:
            if not (_plain(name) or name == MANIFEST):
                raise OutputError(f"{self.path}: {name!r} cannot name a file in it")
            target = self.path / name
            try:
                info = os.lstat(target)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise OutputError(f"{target}: cannot be written ({_reason(exc)})") from None
            if stat.S_ISLNK(info.st_mode):
                raise OutputError(f"{target}: is a symlink; symmetric does not write through or replace links "
                                  "(remove it, or give another folder)")
            if not stat.S_ISREG(info.st_mode):
                raise OutputError(f"{target}: exists and is not a regular file (remove it, or give another folder)")

    def _install(self, name: str, fill) -> Path:
        target = self.path / name
        try:
            fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=self.path)
        except OSError as exc:
            raise OutputError(f"{target}: could not be written ({_reason(exc)})") from None
        try:
            with os.fdopen(fd, "wb") as handle:
                fill(handle)
                handle.flush()
                os.fchmod(handle.fileno(), file_mode())
                os.fsync(handle.fileno())
            self._check([name])         # still not a link: checked again just before the rename
            os.replace(tmp, target)
        except BaseException as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            if isinstance(exc, OSError):
                raise OutputError(f"{target}: could not be written ({_reason(exc)}); "
                                  "the previous file is unchanged") from None
            raise
        if name not in self.written:
            self.written.append(name)
        return target

    def write(self, files: Mapping[str, str | bytes]) -> None:
        if MANIFEST in files:
            raise OutputError(f"{self.path}: {MANIFEST} is symmetric's own manifest, not an output")
        """Write every file (name -> text); every name is checked before the first is written,
        and SIGINT/SIGTERM wait until all are (milliseconds), so they are all old or all new."""
        self._check(files)
        with signals_deferred():
            for name, text in files.items():
                data = text.encode("utf-8") if isinstance(text, str) else text
                self._install(name, lambda handle, data=data: handle.write(data))
            self.save_manifest()        # in the same block: the manifest never lags the files

    def remove_stale(self, keep: Iterable[str] = ()) -> list[str]:
        """Remove what an earlier run of this command wrote and this run did not (and ``keep``
        does not name); only regular files, only if the manifest lists them."""
        keep = set(keep) | set(self.written)
        removed = []
        for name, command in sorted(self.previous.items()):
            if command != self.command or name in keep:
                continue
            target = self.path / name
            with contextlib.suppress(OSError):
                if stat.S_ISREG(os.lstat(target).st_mode):
                    os.unlink(target)
                    removed.append(name)
            self.previous.pop(name)
        return removed

    def save_manifest(self) -> None:
        files = {name: cmd for name, cmd in self.previous.items() if os.path.lexists(self.path / name)}
        files.update({name: self.command for name in self.written})
        text = json.dumps({"symmetric": 1, "files": dict(sorted(files.items()))}, indent=1) + "\n"
        self._install(MANIFEST, lambda handle: handle.write(text.encode("utf-8")))
        self.written.remove(MANIFEST)   # the manifest is not one of the outputs it lists


def _lock(path: Path):
    try:
        import fcntl
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except (ImportError, OSError):
        return None
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def _clear_temporaries(path: Path) -> None:
    """Temporary files a killed run (SIGKILL) left: ours by their prefix; only regular files."""
    with contextlib.suppress(OSError), os.scandir(path) as entries:
        for entry in entries:
            if entry.name.startswith(TEMP_PREFIX) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


@contextlib.contextmanager
def open_folder(path: str | Path, command: str, *, force: bool = False) -> Iterator[Folder]:
    """Open ``path`` for writing (created if missing), locked for this run; on leaving, the
    manifest records what was written (also after a failure: those files are symmetric's)."""
    path = accept(path, force=force)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{path}: could not be created ({_reason(exc)})") from None
    fd = _lock(path)
    try:
        accept(path, force=force, locked=True)     # again under the lock: another run may have filled it
        _clear_temporaries(path)
        previous = _manifest(path)
        folder = Folder(path, command, dict(previous or {}))
        if previous is None:    # marks the folder as symmetric's at once: a second run started now
            folder.save_manifest()      # finds a manifest, not a folder of unknown files
        try:
            yield folder
        finally:
            if folder.written:
                folder.save_manifest()
    finally:
        if fd is not None:
            os.close(fd)
