"""A headless Chromium driven through the DevTools protocol (a websocket), and a static file
server: what the web page's test and `make bench` use to open the page as a user would, offline.

Chromium is started with a fresh profile and nothing that calls home; every console error,
uncaught exception and failed load of the page is kept in `errors`.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import websocket

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--remote-debugging-port=0",
)
START_SECONDS = 30.0


class BrowserError(Exception):
    """Chromium could not be started or did not answer; the message says what happened."""


def chromium() -> str | None:
    """The Chromium executable on this machine, or None."""
    return next((path for name in CHROMIUM_NAMES if (path := shutil.which(name))), None)


class Browser:
    """One headless Chromium with one page, answering DevTools commands one at a time."""

    def __init__(self, executable: str, width: int = 1200, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-")
        self.process = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.errors: list[str] = []
        self.next_id = 0
        try:
            # No Origin header: Chromium refuses a DevTools websocket that names one it was not
            # told to allow (`--remote-allow-origins`), as Debian's Chromium 150 does.
            self.socket = websocket.create_connection(
                self._page_socket(), timeout=START_SECONDS, suppress_origin=True
            )
            for domain in ("Page", "Runtime", "Log"):
                self.send(f"{domain}.enable")
            self.resize(width, height)
        except Exception:
            self.close()
            raise

    def _page_socket(self) -> str:
        """The websocket address of the page Chromium opened, once it listens."""
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + START_SECONDS
        while not port_file.is_file() or not port_file.read_text().strip():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise BrowserError("chromium did not start its DevTools server")
            time.sleep(0.05)
        port = port_file.read_text().split()[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as answer:
            targets = json.load(answer)
        return str(next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page"))

    def send(self, method: str, timeout: float = 60.0, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its result, keeping the events that come meanwhile."""
        self.next_id += 1
        self.socket.settimeout(timeout)
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error'].get('message')}")
                return dict(message.get("result", {}))
            self._keep_error(message)

    def _keep_error(self, event: dict[str, Any]) -> None:
        """Keep a console error, an uncaught exception or a logged failure of the page."""
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
            words = [str(arg.get("value", arg.get("description", ""))) for arg in params["args"]]
            self.errors.append("console: " + " ".join(words))
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            self.errors.append(f"exception: {text}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            entry = params["entry"]
            self.errors.append(f"log: {entry.get('text')} {entry.get('url', '')}".rstrip())

    def evaluate(self, expression: str, timeout: float = 120.0) -> Any:
        """The value of a JavaScript expression in the page (a promise is awaited)."""
        result = self.send(
            "Runtime.evaluate",
            timeout,
            expression=expression,
            awaitPromise=True,
            returnByValue=True,
        )
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise BrowserError(f"script failed: {text}")
        return result["result"].get("value")

    def wait_for(self, condition: str, timeout: float = 120.0) -> Any:
        """Wait until a JavaScript expression is truthy in the page; its value."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(condition, timeout)
            if value:
                return value
            time.sleep(0.05)
        raise BrowserError(f"timed out after {timeout:.0f} s waiting for: {condition}")

    def open(self, url: str) -> None:
        """Load an address in the page, from scratch."""
        self.send("Page.navigate", url="about:blank")
        self.send("Page.navigate", url=url)
        self.wait_for(f"location.href === {json.dumps(url)} && document.readyState !== 'loading'")

    def type(self, text: str, *keys: str) -> None:
        """Type text into the focused element, then press these keys (Enter, ArrowUp...)."""
        self.send("Input.insertText", text=text)
        for key in keys:
            code = {"Enter": 13, "ArrowUp": 38, "ArrowDown": 40}[key]
            for kind in ("keyDown", "keyUp"):
                self.send(
                    "Input.dispatchKeyEvent",
                    type=kind,
                    key=key,
                    code=key,
                    windowsVirtualKeyCode=code,
                    text="\r" if key == "Enter" and kind == "keyDown" else "",
                )

    def resize(self, width: int, height: int, mobile: bool = False) -> None:
        """Show the page in a viewport of this size (mobile: as a phone lays it out)."""
        self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    def screenshot(self, path: Path, full_page: bool = True) -> None:
        """Save a PNG of the page (the whole page, not only the viewport, when full_page)."""
        shot = self.send("Page.captureScreenshot", format="png", captureBeyondViewport=full_page)
        path.write_bytes(base64.b64decode(shot["data"]))

    def close(self) -> None:
        """Quit Chromium and remove its profile."""
        socket = getattr(self, "socket", None)
        if socket is not None:
            socket.close()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class Server(http.server.ThreadingHTTPServer):
    """A static file server that counts the bytes of files it has sent."""

    sent = 0


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that does not log each request, and counts what it sends."""

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing: a test's output stays its own."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send a file, counting its bytes."""
        super().copyfile(source, outputfile)
        if isinstance(self.server, Server):
            self.server.sent += source.tell()


@dataclass(frozen=True)
class Site:
    """A folder being served: its address and its server."""

    address: str
    server: Server

    def sent(self) -> int:
        """The bytes of files sent so far."""
        return self.server.sent


@contextmanager
def serving(folder: Path) -> Iterator[Site]:
    """Serve a folder on 127.0.0.1 on a free port, as `python3 -m http.server` does."""
    handler = functools.partial(QuietHandler, directory=os.fspath(folder))
    server = Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_address[1]}/", server)
    finally:
        server.shutdown()
        server.server_close()
