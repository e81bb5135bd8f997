"""Reading a user's input file with bounds: the one way every command reads a file.

A path on the command line may name anything: ``/dev/zero`` (reads until memory runs out), a
FIFO (blocks forever on open), a directory, a huge file.  :func:`read_bounded` accepts only a
regular file of at most ``limit`` bytes, opens it without blocking (``O_NONBLOCK``, so a FIFO
is refused instead of waiting for a writer), reads at most ``limit + 1`` bytes (a file that
grows meanwhile cannot exceed the bound) and decodes it as UTF-8.  Every refusal is an
:class:`~symmetric.errors.InputError` naming the file: a byte-order mark is named as such (TOML
would otherwise report "Invalid statement at 1:1"), a byte that is not UTF-8 with its offset,
line and column.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import InputError

MAX_INPUT_BYTES = 16 * 2 ** 20     # far above any measure file or probability list in use
BOM = b"\xef\xbb\xbf"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bounded(path: str | os.PathLike, *, limit: int = MAX_INPUT_BYTES, allow_bom: bool = False,
                 what: str = "input file") -> str:
    """The text of the regular file ``path`` (UTF-8, at most ``limit`` bytes, newlines as in
    text mode).  ``allow_bom``: drop a leading UTF-8 byte-order mark instead of refusing it."""
    source = str(path)
    try:
        fd = os.open(Path(path).expanduser(), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError(f"cannot read {what}: not found", source=source) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or type(exc).__name__}", source=source) from None
    try:
        info = os.fstat(fd)         # of what was opened: no race between a check and the open
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"cannot read {what}: {_kind(info.st_mode)}, not a regular file", source=source)
        if info.st_size > limit:
            raise InputError(f"{what} is larger than {limit} bytes (it has {info.st_size})",
                             source=source)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or type(exc).__name__}", source=source) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise InputError(f"{what} is larger than {limit} bytes", source=source)
    if data.startswith(BOM):
        if not allow_bom:
            raise InputError("starts with a UTF-8 byte-order mark (BOM); save it as UTF-8 without BOM",
                             source=source, line=1, column=1)
        data = data[len(BOM):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(f"cannot read {what}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                         f"{exc.start}); it must be UTF-8 encoded", source=source, line=line, column=column) from None
    # the same newline handling as text mode (Path.read_text), so line numbers agree
    return text.replace("\r\n", "\n").replace("\r", "\n")
