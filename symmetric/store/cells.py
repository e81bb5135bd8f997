"""The per-cell cache of property results: one JSON file per cell, holding the result as data
(:mod:`symmetric.store.codec`), never rendered text.  The atlas reads it, and so do the claims
whose shared property table is costly (Amigo et al.'s: `symmetric show` of one claim reads the
cells an earlier run computed instead of re-deriving them).

A cell is anything with the fields ``kind``, ``measure``, ``property`` and ``reading`` (the atlas's
:class:`~symmetric.atlas.plan.Cell`); the reading names everything else the result depends on
(the atlas's reading, or the claims' settings).  A cell's key is the SHA-256 of (the project's version, a hash of the package's source, the
measure's definition (its repr: name, formulas, parameters, conventions), the kind, property and
reading).  Any change to the code (a checker fixed, a property added) therefore invalidates every
cell, and a changed measure definition its own cells; a re-run computes only the cells whose key
has no file.  A file that cannot be read or decoded is a miss (recomputed and rewritten), never an
error.  Files are written atomically (a temporary file renamed over the target), so two runs
sharing a cache never see half a file.

A cached verdict is a claim, not a fact (issue 27).  The rule, the cheapest one that is sound:

* read bounded: only a regular file (``lstat``; a FIFO, a device or a link to ``/dev/zero`` is
  never opened) of at most :data:`ENTRY_LIMIT` bytes, its numbers bounded by the codec;
* checked against its key: the entry's own ``cell`` field must be the cell asked for, its
  version this version, and the result in it of the cell's measure and property;
* authenticated: every entry carries an HMAC-SHA256 of its content under a per-user secret
  (:func:`secret`, kept beside the default cache folder, mode 0600, never inside a ``--cache``
  folder), so an edited entry, one copied from another user's or machine's cache, or one written
  by anything but this code is rejected;
* re-checked on use: the caller's ``recheck`` (:mod:`symmetric.crosscheck.cached`) re-evaluates
  a ``fails`` entry's counterexample exactly on the measure's formula, and has the independent
  kernel re-verify a ``holds`` entry's certificates (its cross-check run again where a case has
  none); the caller's ``keep`` says what may be stored at all (a result the re-check could not
  re-check without recomputing it is recomputed every time instead).

A rejected entry is reported (``on_reject``: the interface prints it on stderr) and recomputed.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import stat
import tempfile
from collections.abc import Callable
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from ..errors import InputError
from ..evidence import PropertyResult
from . import codec

PACKAGE = Path(__file__).resolve().parent.parent
SOURCE_SUFFIXES = (".py", ".j2", ".tex", ".toml")
ENTRY_LIMIT = 4 << 20       # bytes: the largest cell result is a few kB


def secret_file() -> Path:
    """``$XDG_CACHE_HOME/symmetric/cache-key`` (beside the default ``cells`` folder)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "symmetric" / "cache-key"


_SECRET: dict[str, bytes] = {}


def secret() -> bytes:
    """The per-user key that authenticates cache entries; created (0600) on first use.  When it
    cannot be kept, a key for this process only: cells are then reused within the run only."""
    path = secret_file()
    if str(path) in _SECRET:
        return _SECRET[str(path)]
    key = None
    with contextlib.suppress(OSError, ValueError):
        data = _read_regular(path, 1024)
        key = bytes.fromhex(data.decode("ascii").strip()) if data is not None else None
    if not key:
        key = secrets.token_bytes(32)
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(key.hex() + "\n")
        with contextlib.suppress(OSError, ValueError):      # another process won the race: its key
            data = _read_regular(path, 1024)
            key = bytes.fromhex(data.decode("ascii").strip()) if data else key
    _SECRET[str(path)] = key
    return key


def _read_regular(path: Path, limit: int) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes, else None; a
    FIFO, a device, a link or a folder is never opened (``lstat`` first, ``O_NOFOLLOW``)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        return None
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):    # swapped since the lstat
            return None
        data = handle.read(limit + 1)
    return data if len(data) <= limit else None


def _mac(data: dict) -> str:
    body = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    return hmac.new(secret(), body, hashlib.sha256).hexdigest()


@lru_cache(maxsize=1)
def source_hash() -> str:
    """SHA-256 of every source file of the package (relative path and bytes, in sorted order)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in PACKAGE.rglob("*") if p.suffix in SOURCE_SUFFIXES and p.is_file()):
        digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@lru_cache(maxsize=1)
def version() -> str:
    try:
        return metadata.version("symmetric")
    except metadata.PackageNotFoundError:      # run from a source tree that is not installed
        return "unknown"


@lru_cache(maxsize=None)
def definition(measure) -> str:
    """The measure's definition as keyed on (its repr: printing its formulas takes milliseconds,
    once per measure, not once per cell)."""
    return repr(measure)


def key(cell, measure) -> str:
    fields = [version(), source_hash(), cell.kind, definition(measure), cell.property, cell.reading]
    return hashlib.sha256(json.dumps(fields).encode()).hexdigest()


class Cache:
    """The cache in ``folder`` (None: no cache; every cell is computed and nothing is kept)."""

    def __init__(self, folder: str | Path | None, name: str = "--cache",
                 recheck: Callable[[object, PropertyResult], str | None] | None = None,
                 on_reject: Callable[[str], None] | None = None,
                 keep: Callable[[object, PropertyResult], bool] | None = None) -> None:
        """``name`` is how a message names the folder (the atlas's option, or another caller's);
        ``recheck(measure, result)`` says why a cached result is wrong (None: it re-checks);
        ``on_reject`` hears every rejected entry (it is then recomputed); ``keep(measure, result)``
        says whether ``result`` may be stored (None: everything is)."""
        self.recheck = recheck
        self.keep = keep
        self.on_reject = on_reject
        self.rejected: list[str] = []
        self.folder = None if folder is None else Path(folder).expanduser()
        if self.folder is not None:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise InputError(f"{name} {self.folder}: cannot be created ({exc.strerror or exc})") from None
            if not os.access(self.folder, os.W_OK | os.X_OK):
                raise InputError(f"{name} {self.folder}: not writable (permission denied)")

    def _path(self, cell, measure) -> Path:
        return self.folder / f"{key(cell, measure)}.json"

    def get(self, cell, measure) -> PropertyResult | None:
        if self.folder is None:
            return None
        path = self._path(cell, measure)
        if not os.path.lexists(path):
            return None
        why, result = self._entry(path, cell, measure)
        if why is not None:
            self._reject(cell, path, why)
            return None
        return result

    def _entry(self, path: Path, cell, measure) -> tuple[str | None, PropertyResult | None]:
        try:
            raw = _read_regular(path, ENTRY_LIMIT)
        except OSError as exc:
            return f"unreadable ({exc.strerror or exc})", None
        if raw is None:
            return f"not a regular file of at most {ENTRY_LIMIT} bytes", None
        try:
            data = json.loads(raw.decode("utf-8"))
            mac = data.pop("mac", None)
            if data.get("cell") != [cell.kind, cell.measure, cell.property, cell.reading]:
                return "its cell field is not the cell of its key", None
            if data.get("version") != version():
                return "written by another version", None
            if not isinstance(mac, str) or not hmac.compare_digest(mac, _mac(data)):
                return "not authenticated (edited, or written by another user or machine)", None
            result = codec.decode_result(data["result"])
        except Exception as exc:    # noqa: BLE001 - damaged or foreign data: rejected, recomputed
            return f"cannot be decoded ({type(exc).__name__})", None
        # the result itself must be of the cell asked for (a bug writing another cell's result
        # under this key would pass everything above, and a certificate cannot tell)
        if (result.property, result.measure) != (cell.property, cell.measure):
            return f"it holds the result of {result.measure} {result.property}", None
        if self.recheck is not None:
            why = self.recheck(measure, result)
            if why is not None:
                return why, None
        return None, result

    def _reject(self, cell, path: Path, why: str) -> None:
        reading = cell.reading if len(cell.reading) <= 40 else cell.reading[:40] + "..."    # the claims' is long
        message = (f"cache entry {path.name[:12]} for {cell.measure} {cell.property} ({reading}) rejected: "
                   f"{why}; recomputed")
        self.rejected.append(message)
        if self.on_reject is not None:
            self.on_reject(message)

    def put(self, cell, measure, result: PropertyResult) -> bool:
        """Store ``result``; False (and nothing stored) when it has no exact encoding."""
        if self.folder is None or (self.keep is not None and not self.keep(measure, result)):
            return False
        try:
            data = {"cell": [cell.kind, cell.measure, cell.property, cell.reading], "version": version(),
                    "result": codec.encode_result(result)}
            data["mac"] = _mac(data)
        except (codec.Unencodable, ValueError):       # ValueError: an int too long for a string
            return False
        target = self._path(cell, measure)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle)
            os.replace(tmp, target)
        except OSError:         # a full disk loses a cache entry, not the run
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            return False
        return True
