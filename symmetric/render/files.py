"""Writing outputs so that nothing is ever half-written.

* :func:`write_text` writes a file atomically: into a temporary file beside it, flushed to disk,
  then renamed over the target.  A full disk, a file-size limit or a signal leaves the old file
  as it was.
* Output folders are written by :mod:`.outfolder` (files added and replaced, never the folder
  swapped); :func:`signals_deferred` is the piece of it that lives here.
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
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError, SymmetricError


class OutputError(InputError):
    """An output path that cannot be written (named, with the reason)."""


class StreamError(SymmetricError):
    """Standard output cannot be written (closed, full, a broken pipe): one line, exit 1."""


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def check_writable(path: str | Path, *, directory: bool = False, inputs: tuple = ()) -> Path:
    """Refuse an output path that cannot be written, before any work is done."""
    if str(path) == "":
        raise OutputError("an output path must not be empty")
    path = Path(path).expanduser()
    resolved = path.resolve()
    for source in inputs:
        if Path(source).expanduser().resolve() == resolved:
            raise OutputError(f"{path}: the output would overwrite an input file")
    if directory:
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


_DEFERRED = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP until the block is done (they are delivered right after),
    so that a set of files written together is never cut halfway.  Main thread on POSIX only."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _DEFERRED)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


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
