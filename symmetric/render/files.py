"""Writing outputs so that nothing is ever half-written.

* :func:`write_text` writes a file atomically: into a temporary file beside it, flushed to disk,
  then renamed over the target.  A full disk, a file-size limit or a signal leaves the old file
  as it was.
* :func:`replace_folder` stages a whole output folder (every file of one run) and swaps it in
  with two renames, so readers see all old files or all new ones; files the run does not
  produce (a PDF from an earlier run, say) are carried over.
* :func:`check_writable` is asked *before* the work: a path that cannot be written is refused
  at once (exit 2), not after minutes of checking.
* :func:`check_stream` asks the same of standard output (closed, or ``/dev/full``) and
  :func:`output_errors` turns a write to it that fails anyway (a full disk, a closed pipe) into
  one line and exit status 1 instead of a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path

from ..errors import InputError, SymmetricError


class OutputError(InputError):
    """An output path that cannot be written (named, with the reason)."""


class StreamError(SymmetricError):
    """Standard output cannot be written (closed, full, a broken pipe): one line, exit 1."""


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def check_writable(path: str | Path, *, directory: bool = False, inputs: tuple = (), replaced: bool = False) -> Path:
    """Refuse an output path that cannot be written, before any work is done.  ``replaced``: the
    folder will be replaced as a unit, so it must not be the current folder or contain it."""
    if str(path) == "":
        raise OutputError("an output path must not be empty")
    path = Path(path).expanduser()
    resolved = path.resolve()
    for source in inputs:
        if Path(source).expanduser().resolve() == resolved:
            raise OutputError(f"{path}: the output would overwrite an input file")
    if directory:
        if replaced and (resolved == Path.cwd().resolve() or resolved in Path.cwd().resolve().parents):
            raise OutputError(f"{path}: is the current folder or contains it; it would be replaced as a whole "
                              "(give a folder of its own, such as latex_out)")
        if path.exists() and not path.is_dir():
            raise OutputError(f"{path}: exists and is not a directory")
        parent = path if path.exists() else _existing_ancestor(path)
    else:
        if path.is_dir():
            raise OutputError(f"{path}: is a directory")
        if path.exists() and not path.is_file():    # a device or FIFO would be replaced by a file
            raise OutputError(f"{path}: is not a regular file (for standard output give '-')")
        if path.exists() and not os.access(path, os.W_OK):
            raise OutputError(f"{path}: not writable (permission denied)")
        parent = path.parent if path.parent.exists() else None
        if parent is None:
            raise OutputError(f"{path}: the folder {path.parent} does not exist")
    if parent is not None and not parent.is_dir():
        raise OutputError(f"{path}: {parent} is not a directory")
    if parent is not None and not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"{path}: cannot write in {parent} (permission denied)")
    return path


def _existing_ancestor(path: Path) -> Path:
    for parent in path.absolute().parents:
        if parent.exists():
            return parent
    return Path("/")


def _umask() -> int:
    try:        # Linux: read it without changing it (os.umask is process-wide, not thread-safe)
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def file_mode() -> int:
    return 0o666 & ~_umask()


def _kept_mode(path: Path) -> int:
    """A replaced file keeps its mode (a user's 0600 report stays private); a new one gets the
    mode any new file gets (not mkstemp's 0600)."""
    try:
        info = os.stat(path)
    except OSError:
        return file_mode()
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else file_mode()


def write_text(path: str | Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically (mode 0666 & ~umask, as a new file gets)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fchmod(handle.fileno(), _kept_mode(path))
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OutputError(f"{path}: could not be written ({_reason(exc)}); the previous file is unchanged") from None
        raise
    return path


def copy_file(source: Path, target: Path) -> Path:
    """Copy atomically (the target is replaced only once the copy is complete)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        shutil.copyfile(source, tmp)
        os.chmod(tmp, file_mode())     # mkstemp's 0600 would make the PDF unlike the other outputs
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target


@contextlib.contextmanager
def staged_folder(target: str | Path) -> Iterator[Path]:
    """A scratch folder beside ``target``: write a run's files into it; on normal exit it
    replaces ``target`` as a unit (see :func:`replace_folder`), on any exception or signal it is
    removed and ``target`` is untouched."""
    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
    except OSError as exc:
        raise OutputError(f"{target}: could not be written ({_reason(exc)})") from None
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(stage, 0o777 & ~umask)     # mkdtemp's 0700 would otherwise become the folder's mode
    try:
        yield stage
        try:
            replace_folder(stage, target)
        except OSError as exc:          # a failed swap puts the old folder back (replace_folder)
            raise OutputError(f"{target}: could not be replaced ({_reason(exc)}); the previous folder "
                              "is unchanged") from None
    finally:
        shutil.rmtree(stage, ignore_errors=True)


_DEFERRED = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP until the block is done (they are delivered right after),
    so that a swap of two renames is never cut between them.  Main thread on POSIX only."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _DEFERRED)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def folder_lock(target: Path) -> Iterator[None]:
    """An exclusive lock for replacing ``target``, taken on its parent folder (flock on a
    directory: no lock file is left behind): two runs into one folder replace it one after the
    other, each as a unit, never interleaved."""
    try:
        import fcntl
        fd = os.open(target.parent, os.O_RDONLY)
    except (ImportError, OSError):      # not POSIX: no lock (each swap is still all-or-nothing)
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)                    # closing releases the lock


def replace_folder(stage: Path, target: Path) -> None:
    """Swap ``stage`` in for ``target`` (under :func:`folder_lock`, signals held during the
    swap); files only ``target`` has are carried over."""
    with folder_lock(target), signals_deferred():
        _replace_folder(stage, target)


def _replace_folder(stage: Path, target: Path) -> None:
    if target.exists():
        for entry in target.iterdir():
            if not (stage / entry.name).exists() and not entry.name.startswith("."):
                if entry.is_dir():
                    shutil.copytree(entry, stage / entry.name, symlinks=True)
                else:
                    shutil.copy2(entry, stage / entry.name)
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        os.replace(target, old / target.name)
        try:
            os.replace(stage, target)
        except BaseException:
            os.replace(old / target.name, target)     # put the old folder back
            raise
        finally:
            shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(stage, target)


def write_files(files: Mapping[str, str], target: str | Path) -> Path:
    """Write several files (name -> text) into ``target`` as one unit."""
    with staged_folder(target) as stage:
        for name, text in files.items():
            (stage / name).write_text(text, encoding="utf-8")
    return Path(target)


def _full_device() -> int | None:
    try:
        return os.stat("/dev/full").st_rdev
    except OSError:
        return None


def check_stream(stream=None, name: str = "standard output") -> None:
    """Refuse, before the work, a stream that cannot take output: closed, or ``/dev/full``."""
    stream = sys.stdout if stream is None else stream
    if stream is None or getattr(stream, "closed", False):     # python started with fd 1 closed
        raise StreamError(f"{name} is closed; nothing could be printed")
    try:
        fd = stream.fileno()
    except (AttributeError, io.UnsupportedOperation):
        return                  # not an OS stream (a test's capture): nothing to check
    try:
        info = os.fstat(fd)
    except OSError:
        raise StreamError(f"{name} is closed; nothing could be printed") from None
    if stat.S_ISCHR(info.st_mode) and info.st_rdev == _full_device():
        raise StreamError(f"{name} is /dev/full (no space left on device)")


@contextlib.contextmanager
def output_errors(stream=None, name: str = "standard output") -> Iterator[None]:
    """Run a block that prints; a failed write to ``stream`` becomes a StreamError.  The stream
    is flushed inside the block, and after a failure its file descriptor is pointed at
    /dev/null so that Python's own flush at exit does not print a second error."""
    stream = sys.stdout if stream is None else stream
    try:
        try:
            yield
        finally:                # also on SystemExit: what is buffered must reach the stream now
            if stream is not None and not getattr(stream, "closed", False):
                stream.flush()
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG):
            raise
        with contextlib.suppress(OSError, ValueError, AttributeError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno())
            os.close(null)
        raise StreamError(f"{name} could not be written ({_reason(exc)})") from None
