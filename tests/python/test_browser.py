"""Browser test: JupyterLab on 127.0.0.1, headless Debian Chromium driven by Playwright, opens the getting-started
notebook, runs all cells, and the Plotly figure is drawn in the page; a screenshot is saved in out/test/browser/."""
from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import queuelab_notebooks as qn

NOTEBOOK = "00-getting-started.ipynb"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except Exception:  # noqa: BLE001 -- the server is still starting
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


@pytest.fixture
def lab(tmp_path, out_dir):
    """A JupyterLab server on a copy of the notebook (the committed file is never touched)."""
    root = tmp_path / "lab"
    root.mkdir()
    shutil.copy(qn.NOTEBOOKS / NOTEBOOK, root / NOTEBOOK)
    settings = tmp_path / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')  # no news pop-up, no fetch
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_PATH=str(qn.JUPYTER_PATH), QUEUELAB_MODE="quick",
               QUEUELAB_OUT=str(out_dir / "browser"), QUEUELAB_DATA=str(qn.ROOT / "data"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
               JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "lab-settings"))
    log = (out_dir / "browser").joinpath("jupyterlab.log")
    log.parent.mkdir(parents=True, exist_ok=True)
    cmd = [str(Path(sys.executable).parent / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
           "--ServerApp.allow_root=True"]
    with log.open("w") as fh:
        server = subprocess.Popen(cmd, env=env, stdout=fh, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{base}/api/status?token={token}", 90)
        yield base, token
    finally:
        try:  # shut the kernels down through the server, then the server itself
            with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=10) as r:
                for k in json.load(r):
                    req = urllib.request.Request(f"{base}/api/kernels/{k['id']}?token={token}", method="DELETE")
                    urllib.request.urlopen(req, timeout=30).close()
        except Exception:  # noqa: BLE001 -- best effort; the server is terminated below anyway
            pass
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_jupyterlab_draws_the_getting_started_figure(lab, tmp_path, out_dir):
    chromium = qn.chromium()
    if chromium is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run installs it: apt-get install chromium)")
        pytest.skip("chromium is not installed (Debian/Ubuntu: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    base, token = lab
    shot = out_dir / "browser" / "00-getting-started.png"
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=chromium, headless=True,
            args=[f for f in qn.CHROMIUM_FLAGS if f != "--headless"], viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}", timeout=120_000)
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel",
                                   timeout=120_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            # the last cell prints the checks table: all cells ran
            page.wait_for_selector("text=checks: 00-getting-started", timeout=300_000)
            figure = page.locator(".js-plotly-plot").first
            figure.wait_for(state="attached", timeout=60_000)
            figure.scroll_into_view_if_needed()
            page.wait_for_selector(".js-plotly-plot .main-svg .scatterlayer .trace", timeout=60_000)
            drawn = page.locator(".js-plotly-plot").count()
            errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
            page.screenshot(path=str(shot))
        finally:
            context.close()
    assert drawn >= 1, "no Plotly figure in the page"
    assert errors == 0, f"{errors} error outputs in the page"
    assert shot.exists() and shot.stat().st_size > 10_000
    print(f"{drawn} Plotly figure(s) drawn; screenshot {shot}")
