"""``--scheduler ADDRESS`` checked before the work (issue 27): an empty address no longer runs
locally in silence, a wrong scheme or port is named, an address nobody listens on is refused
within seconds, and a service that is not a Dask scheduler is recognised from its first bytes
instead of letting Dask read them as a frame length (3 EiB for numpy to allocate).

A Dask scheduler speaks first: on a new TCP connection it writes its handshake, a frame whose
first 8 bytes are the little-endian length of what follows (a few hundred bytes).  An HTTP or
SSH server, a database, sends nothing or a text banner; either is refused.  TLS (``tls://``) and
the other transports are checked for reachability only (the handshake is encrypted)."""

from __future__ import annotations

import socket
import struct
from urllib.parse import urlsplit

from ..errors import InputError

SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")
PROBE_SECONDS = 3.0
MAX_HANDSHAKE = 1 << 20     # bytes: a scheduler's handshake frame is far smaller


def _refuse(address: str, why: str) -> InputError:
    return InputError(f"--scheduler {address!r}: {why}")


def split(address: str) -> tuple[str, str, int | None]:
    """(scheme, host, port) of ``address``; ``host:port`` means tcp."""
    if not address.strip():
        raise _refuse(address, "must not be empty (leave the option out to run locally)")
    text = address if "://" in address else f"tcp://{address}"
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        raise _refuse(address, f"unknown scheme {scheme!r} (one of: {', '.join(SCHEMES)})")
    if scheme == "inproc":
        return scheme, "", None
    try:
        port = parts.port
    except ValueError:
        raise _refuse(address, "the port must be a number from 1 to 65535") from None
    if not parts.hostname or port is None or not 1 <= port <= 65535:
        raise _refuse(address, "give HOST:PORT, e.g. tcp://10.0.0.5:8786")
    return scheme, parts.hostname, port


def check(address: str, timeout: float = PROBE_SECONDS) -> None:
    """Refuse (InputError, exit 2) an address that is malformed, unreachable or not Dask's."""
    scheme, host, port = split(address)
    if scheme == "inproc":
        raise _refuse(address, "an in-process scheduler cannot be reached from the command line")
    try:
        conn = socket.create_connection((host, port), timeout=timeout)
    except OSError as exc:
        raise _refuse(address, f"cannot connect ({exc.strerror or exc})") from None
    with conn:
        if scheme != "tcp":
            return
        try:
            head = _read(conn, 8)
        except (OSError, TimeoutError):
            head = b""
        if len(head) < 8:
            raise _refuse(address, f"not a Dask scheduler (no handshake within {timeout:g} s)")
        (length,) = struct.unpack("<Q", head)
        if not 0 < length <= MAX_HANDSHAKE:
            shown = head.decode("ascii", "replace").encode("unicode_escape").decode("ascii")
            raise _refuse(address, f"not a Dask scheduler (it sent {shown!r}, not a Dask handshake)")


def _read(conn: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data
