"""A minimal DevTools-protocol driver for a headless Debian ``chromium`` (no playwright, no
websocket package): the browser is started with ``--remote-debugging-pipe`` and speaks JSON
messages, each ended by a NUL byte, on file descriptors 3 (its input) and 4 (its output).

The driver opens a page, collects what the page reports as errors (uncaught exceptions,
console.error/console.assert, and the browser's own log entries of level error, e.g. a resource
that failed to load), evaluates expressions and takes a screenshot of the full page."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


def executable() -> str | None:
    """Debian's chromium (or a chromium-browser) on PATH, if any."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(RuntimeError):
    pass


class Chromium:
    """One headless browser with one page; use as a context manager."""

    def __init__(self, exe: str, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self._profile = tempfile.mkdtemp(prefix="symmetric-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # above 9, so that moving them to 3 and 4 in the child overwrites neither of them
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser_r, from_browser_w)]
        for fd in (to_browser_r, from_browser_w):
            os.close(fd)
        to_browser_r, from_browser_w = high
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--hide-scrollbars",
                "--window-size=1280,900", f"--user-data-dir={self._profile}", "--remote-debugging-pipe",
                "about:blank"]

        def pipe_at_3_and_4() -> None:     # in the child, before exec: the protocol's fds
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)
        self.process = subprocess.Popen([exe, *args], pass_fds=(3, 4), preexec_fn=pipe_at_3_and_4,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []
        self.session = ""

    def __enter__(self) -> "Chromium":
        targets = self.call("Target.getTargets", session=False)["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        target = page["targetId"] if page else self.call("Target.createTarget", {"url": "about:blank"},
                                                         session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.call("Browser.close", session=False)
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_browser, self._from_browser):
            os.close(fd)
        shutil.rmtree(self._profile, ignore_errors=True)

    # ---------------------------------------------------------------- the protocol
    def _send(self, message: dict) -> None:
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self._to_browser, data):]

    def _receive(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                raise BrowserError("no answer from chromium in time")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise BrowserError("chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, params: dict | None = None, session: bool = True) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self._send(message)
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            if "method" in answer:
                self.events.append(answer)

    def wait_for(self, method: str) -> dict:
        deadline = time.monotonic() + self.timeout
        while True:
            for k, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(k)
            answer = self._receive(deadline)
            if "method" in answer:
                self.events.append(answer)

    # ---------------------------------------------------------------- what a test uses
    def open(self, path: Path) -> None:
        """Load a file and wait for its load event (its scripts have run)."""
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": path.resolve().as_uri()})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str):
        """A JavaScript expression's value (JSON-able); an exception in it is a BrowserError."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def errors(self) -> list[str]:
        """Every error the pages reported so far: exceptions, console errors, error log entries."""
        out = []
        for event in self.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                out.append(f"exception: {params['exceptionDetails']}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                out.append(f"console.{params['type']}: {[a.get('value') for a in params.get('args', [])]}")
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                out.append(f"log: {params['entry'].get('text')} {params['entry'].get('url', '')}")
        return out

    def screenshot(self, path: Path) -> Path:
        """A PNG of the whole page (beyond the window), written to ``path``."""
        size = self.call("Page.getLayoutMetrics")["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
        path.write_bytes(base64.b64decode(data["data"]))
        return path
