"""Fixtures of the browser tests: a `poda serve` on a free port, headless Chromium.

The server binary is PODA_BIN (scripts/browser-tests.sh builds it); the browser is Debian's
chromium (/usr/bin/chromium), driven by Playwright, which downloads no browser of its own.
"""

import os
import re
import subprocess
import tempfile

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("PODA_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def start_server(*extra):
    """Starts `poda serve --port 0` and returns (process, base URL)."""
    binary = os.environ.get("PODA_BIN", "target/release/poda")
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--max-searches", "2", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    line = process.stdout.readline()
    match = re.search(r"open (http://\S+)", line)
    if not match:
        process.kill()
        raise RuntimeError(f"poda serve did not start: {line!r}")
    return process, match.group(1).rstrip("/")


@pytest.fixture(scope="session")
def server():
    process, url = start_server()
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def tournament_server():
    """A server showing a small `poda tournament` run made for the test."""
    binary = os.environ.get("PODA_BIN", "target/release/poda")
    out = tempfile.mkdtemp(prefix="poda-tournament-")
    subprocess.run(
        [binary, "tournament", "connect4", "random", "greedy", "alphabeta(depth=2)",
         "--games-per-pair", "2", "--threads", "1", "--out", out],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    process, url = start_server("--tournament", out)
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 950})
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"
