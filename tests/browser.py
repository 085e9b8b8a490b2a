"""A headless Chromium driven over the DevTools protocol, for tests of pages as a reader sees
them after their scripts ran. Works offline: the Debian `chromium` package and the small
`websocket-client` of the dev extra, nothing downloaded.

Where Chromium is missing a test using the `browser` fixture skips with the reason, except under
CI=true, where it fails: CI must run it.
"""

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-port=0",
)
START_TIMEOUT = 30.0
WIDTH, HEIGHT = 1280, 1600


class Browser:
    """One page of a headless Chromium, commanded over its DevTools websocket."""

    def __init__(self, process: subprocess.Popen[bytes], url: str) -> None:
        import websocket  # the dev extra's client; imported here so a skip needs no import

        self.process = process
        self.socket = websocket.create_connection(url, timeout=START_TIMEOUT)
        self.calls = 0
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=WIDTH,
            height=HEIGHT,
            deviceScaleFactor=1,
            mobile=False,
        )

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one DevTools command and return its result (events on the way are skipped)."""
        self.calls += 1
        self.socket.send(json.dumps({"id": self.calls, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.calls:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message["result"]
                return result

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited if a promise)."""
        reply = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in reply:
            raise RuntimeError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def open(self, path: Path) -> None:
        """Show a file and wait until it has loaded and its scripts ran."""
        self.call("Page.navigate", url=path.resolve().as_uri())
        deadline = time.monotonic() + START_TIMEOUT
        while self.evaluate("document.readyState") != "complete":
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path} did not load")
            time.sleep(0.05)

    def type_text(self, selector: str, text: str) -> None:
        """Focus an input and type into it as a user does (input events fire)."""
        self.evaluate(f"document.querySelector({json.dumps(selector)}).focus()")
        self.call("Input.insertText", text=text)

    def screenshot(self, path: Path) -> None:
        """A PNG of the whole page."""
        reply = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        path.write_bytes(base64.b64decode(reply["data"]))

    def close(self) -> None:
        """Close the connection and stop Chromium."""
        self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def chromium() -> str | None:
    """The Chromium executable on PATH, if any."""
    return next((found for name in CANDIDATES if (found := shutil.which(name))), None)


def missing(reason: str) -> None:
    """Skip for want of a tool, or fail under CI, where the test must run."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run this test: {reason}")
    pytest.skip(reason)


def page_socket(profile: Path, process: subprocess.Popen[bytes]) -> str:
    """The DevTools websocket of Chromium's first page, once it listens."""
    port_file = profile / "DevToolsActivePort"
    deadline = time.monotonic() + START_TIMEOUT
    while not port_file.is_file() or not port_file.read_text().strip():
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("chromium did not start its DevTools server")
        time.sleep(0.05)
    port = port_file.read_text().split()[0]
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as reply:
        pages = [target for target in json.load(reply) if target["type"] == "page"]
    return str(pages[0]["webSocketDebuggerUrl"])


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """A headless Chromium with a fresh profile, for the tests of one module."""
    executable = chromium()
    if executable is None:
        missing("chromium is not installed (Debian package `chromium`)")
    try:
        import websocket  # noqa: F401
    except ImportError:
        missing("websocket-client is not installed (pip install -e '.[dev]')")
    with tempfile.TemporaryDirectory(prefix="at-chromium-") as profile:
        process = subprocess.Popen(
            [str(executable), *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            page = Browser(process, page_socket(Path(profile), process))
        except BaseException:
            process.kill()
            process.wait()
            raise
        try:
            yield page
        finally:
            page.close()
