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
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from ..errors import InputError
from ..evidence import PropertyResult
from . import codec

PACKAGE = Path(__file__).resolve().parent.parent
SOURCE_SUFFIXES = (".py", ".j2", ".tex", ".toml")


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

    def __init__(self, folder: str | Path | None, name: str = "--cache") -> None:
        """``name`` is how a message names the folder (the atlas's option, or another caller's)."""
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
        try:
            data = json.loads(self._path(cell, measure).read_text(encoding="utf-8"))
            return codec.decode_result(data["result"])
        except Exception:       # noqa: BLE001 - unreadable, damaged or foreign: a miss, recomputed and rewritten
            return None

    def put(self, cell, measure, result: PropertyResult) -> bool:
        """Store ``result``; False (and nothing stored) when it has no exact encoding."""
        if self.folder is None:
            return False
        try:
            data = {"cell": [cell.kind, cell.measure, cell.property, cell.reading], "version": version(),
                    "result": codec.encode_result(result)}
        except codec.Unencodable:
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
