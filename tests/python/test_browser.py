"""Browser tests: JupyterLab on 127.0.0.1 (started by scripts/lab, so also as root), headless Debian Chromium driven
by Playwright, one server and one browser for the module:

* a notebook opened shows the kernel "Idle" before any cell runs;
* Run All draws the getting-started figures; re-running a figure cell, saving and reloading the page shows the
  figure drawn again, with no cell run after the reload;
* Interrupt on a running cell stops it, the cell says so, the next cell gives 8;
* an executed notebook made elsewhere (untrusted here) shows its figures;
* a new notebook at the server root imports the library;
* the HTML export draws its figures with the network blocked.
Screenshots go to out/test/browser/."""
from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

import queuelab_notebooks as qn

NOTEBOOK = "00-getting-started.ipynb"
TRACE = ".js-plotly-plot svg.main-svg"  # a figure drawn by plotly.js
LAB_FIGURE = ".jp-Notebook .jp-OutputArea-output svg.main-svg"  # a figure drawn in a notebook output
CELL_PLOTLY = ".jp-OutputArea-output.jp-RenderedPlotly"  # the plotly JupyterLab extension's output element
KERNELSPEC = {"kernelspec": {"name": "queuelab", "display_name": "Java (queuelab)", "language": "java"}}


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


@pytest.fixture(scope="module")
def chromium():
    exe = qn.chromium()
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run installs it: apt-get install chromium)")
        pytest.skip("chromium is not installed (Debian/Ubuntu: apt-get install chromium)")
    return exe


@pytest.fixture(scope="module")
def lab(tmp_path_factory, out_dir, chromium):
    """scripts/lab on a temporary root holding a copy of the notebook (the committed file is never touched)."""
    tmp = tmp_path_factory.mktemp("browser")
    root = tmp / "lab"
    root.mkdir()
    shutil.copy(qn.NOTEBOOKS / NOTEBOOK, root / NOTEBOOK)
    settings = tmp / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')  # no news pop-up, no fetch
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ, QUEUELAB_MODE="quick", QUEUELAB_OUT=str(out_dir / "browser"),
               QUEUELAB_DATA=str(qn.ROOT / "data"), JUPYTER_CONFIG_DIR=str(tmp / "config"),
               JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), JUPYTER_DATA_DIR=str(tmp / "data"),  # own trust database
               JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"), JUPYTERLAB_SETTINGS_DIR=str(tmp / "lab-settings"))
    log = out_dir / "browser" / "jupyterlab.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    cmd = [str(qn.ROOT / "scripts" / "lab"), "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True"]
    with log.open("w") as fh:
        server = subprocess.Popen(cmd, env=env, stdout=fh, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{base}/api/status?token={token}", 120)
        yield base, token, root
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


@pytest.fixture(scope="module")
def browser(chromium, tmp_path_factory):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=chromium, headless=True,
            args=[f for f in qn.CHROMIUM_FLAGS if f != "--headless"], viewport={"width": 1280, "height": 900})
        try:
            yield context
        finally:
            context.close()


CURRENT = "window.jupyterapp.shell.currentWidget"


def open_notebook(page, base, token, name, kernel=True):
    """Opens a notebook alone (?reset: no tabs restored from earlier pages) and waits for it (and its kernel)."""
    page.goto(f"{base}/lab/tree/{name}?token={token}&reset", timeout=120_000)
    page.wait_for_function(f"() => window.jupyterapp && {CURRENT} && {CURRENT}.context"
                           f" && {CURRENT}.context.path === {json.dumps(name)} && {CURRENT}.content"
                           f" && {CURRENT}.content.widgets.length > 0", timeout=120_000)
    if kernel:
        page.wait_for_function(f"() => {CURRENT}.sessionContext && {CURRENT}.sessionContext.session"
                               f" && {CURRENT}.sessionContext.session.kernel", timeout=120_000)


def show_cell(page, index):
    """Scrolls a cell into view (JupyterLab renders only the cells near the viewport)."""
    page.wait_for_function(f"() => {CURRENT} && {CURRENT}.content && {CURRENT}.content.widgets.length > {index}",
                           timeout=120_000)
    page.evaluate(f"async () => {{ {CURRENT}.content.activeCellIndex = {index};"
                  f" await {CURRENT}.content.scrollToItem({index}, 'center'); }}")


def figure_cells(path) -> list[int]:
    """Indexes of the cells of a notebook file with a Plotly output."""
    cells = nbformat.read(path, as_version=4).cells
    return [i for i, c in enumerate(cells) if c.cell_type == "code"
            and any(qn.PLOTLY_MIME in o.get("data", {}) for o in c.get("outputs", []))]


def wait_idle(page, timeout_ms=90_000):
    page.wait_for_function(f"() => {CURRENT}.sessionContext.kernelDisplayStatus === 'idle'", timeout=timeout_ms)


def open_when_idle(page, base, token, name):
    """Opens a notebook and waits until its kernel shows idle. A page opened on a kernel that another page started
    has, once in about ten CI runs, never received the kernel's status (JupyterLab's connection race: the status
    stays unknown while the kernel answers); after 45 s the page is reloaded once, as a user would.
    test_status_is_idle_before_any_cell_runs checks the status of a first page without this help."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    open_notebook(page, base, token, name)
    try:
        wait_idle(page, 45_000)
    except PlaywrightTimeout:
        print(f"{name}: no idle status after 45 s; reloading the page once")
        open_when_idle(page, base, token, name)


def run_cell(page, index):
    """Starts a cell and returns at once. (The command's promise settles when the cell ends: awaiting it, as
    page.evaluate does with a returned promise, hung the Interrupt test inside a cell that never ends.)"""
    page.evaluate(f"() => {{ {CURRENT}.content.activeCellIndex = {index};"
                  " void window.jupyterapp.commands.execute('notebook:run-cell'); }")


def add_cell(page, source) -> int:
    """Appends a code cell and returns its index."""
    return page.evaluate(f"""() => {{
        const nb = {CURRENT}.content;
        const n = nb.model.cells.length;
        nb.model.sharedModel.insertCell(n, {{cell_type: 'code', source: {json.dumps(source)}}});
        return n; }}""")


def cell_text(page, index) -> str:
    return page.evaluate(f"() => {CURRENT}.content.widgets[{index}].node.querySelector('.jp-OutputArea')"
                         "?.innerText || ''")


def test_status_is_idle_before_any_cell_runs(lab, browser, out_dir):
    base, token, _ = lab
    page = browser.new_page()
    try:
        open_notebook(page, base, token, NOTEBOOK)
        start = time.monotonic()
        wait_idle(page)  # nothing has run: the kernel's idle status alone must reach the page
        print(f"Idle {time.monotonic() - start:.1f} s after the kernel appeared")
        assert page.evaluate(f"() => {CURRENT}.content.widgets.every(w => !w.model.executionCount)")
    finally:
        page.close()


def test_rerun_figure_save_reload_draws_the_figure(lab, browser, out_dir):
    base, token, root = lab
    page = browser.new_page()
    try:
        open_when_idle(page, base, token, NOTEBOOK)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector("text=checks: 00-getting-started", timeout=300_000)
        page.wait_for_selector(TRACE, state="attached", timeout=60_000)
        figure_cell = page.evaluate(f"() => {CURRENT}.content.widgets.findIndex("
                                    "w => w.node.querySelector('.js-plotly-plot'))")
        assert figure_cell >= 0
        model = f"{CURRENT}.content.widgets[{figure_cell}].model"
        before = page.evaluate(f"() => {model}.executionCount")
        run_cell(page, figure_cell)  # re-run it, as after editing a parameter; run_cell returns at once
        page.wait_for_function(f"() => {model}.executionCount !== null && {model}.executionCount !== {before}"
                               f" && {model}.outputs.toJSON().some(o => o.data && o.data[{json.dumps(qn.PLOTLY_MIME)}])",
                               timeout=120_000)
        wait_idle(page)
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(f"() => !{CURRENT}.context.model.dirty", timeout=30_000)
        page.reload()
        page.wait_for_function(f"() => window.jupyterapp && {CURRENT} && {CURRENT}.context"
                               f" && {CURRENT}.context.path === {json.dumps(NOTEBOOK)}", timeout=120_000)
        saved = figure_cells(root / NOTEBOOK)
        assert figure_cell in saved, f"the saved notebook has Plotly outputs in cells {saved}, not {figure_cell}"
        page.wait_for_function(f"() => {CURRENT}.context.isReady", timeout=120_000)
        show_cell(page, figure_cell)
        # drawn again after the reload, with no cell run: in that cell's output, the plotly renderer's live plot
        # (plotly.js's SVG) or the image of it that the renderer saved and shows first (a loaded, non-empty PNG).
        # A blank figure ("plotly.js is not loaded in this page") has neither.
        drawn = (f"() => {{ const out = {CURRENT}.content.widgets[{figure_cell}].node"
                 f".querySelector({json.dumps(CELL_PLOTLY)}); if (!out) return false;"
                 " if (out.querySelector('.js-plotly-plot svg.main-svg')) return true;"
                 " const img = out.querySelector('img.plot-img');"
                 " return !!img && img.complete && img.naturalWidth > 100 && img.naturalHeight > 100; }")
        try:
            page.wait_for_function(drawn, timeout=60_000)
        finally:
            page.screenshot(path=str(out_dir / "browser" / "00-after-reload.png"))
    finally:
        page.close()


INTERRUPTED_CELLS = {"busy loop": "long c = 0; while (true) { c++; }", "sleep": "Thread.sleep(600_000);"}


def test_interrupt_button_stops_a_running_cell(lab, browser, out_dir):
    """The toolbar's Interrupt (POST /api/kernels/<id>/interrupt; jupyter_server sends interrupt_request on the
    kernel's control channel, as kernelspec's interrupt_mode "message" asks) stops a busy loop and a sleep; each
    cell says it was interrupted and the next cell gives 8."""
    base, token, root = lab
    nb = nbformat.v4.new_notebook(metadata=KERNELSPEC)
    for code in INTERRUPTED_CELLS.values():
        nb.cells += [nbformat.v4.new_code_cell(code), nbformat.v4.new_code_cell("4 + 4")]
    nbformat.write(nb, root / "interrupt.ipynb")
    page = browser.new_page()
    try:
        open_when_idle(page, base, token, "interrupt.ipynb")
        for n, name in enumerate(INTERRUPTED_CELLS):
            cell, after = 2 * n, 2 * n + 1
            run_cell(page, cell)
            page.wait_for_function(f"() => {CURRENT}.sessionContext.kernelDisplayStatus === 'busy'"
                                   f" && {CURRENT}.content.widgets[{cell}].model.executionCount === null",
                                   timeout=30_000)
            time.sleep(1.5)  # well inside the running cell
            assert page.evaluate(f"() => {CURRENT}.sessionContext.kernelDisplayStatus") == "busy", name
            with page.expect_response(lambda r: r.request.method == "POST" and r.url.split("?")[0].endswith(
                    "/interrupt"), timeout=30_000) as response:
                page.get_by_title("Interrupt the kernel").first.click(timeout=10_000)  # the toolbar button
            assert response.value.ok, f"{name}: POST interrupt answered {response.value.status}"
            page.wait_for_function(f"() => {CURRENT}.content.widgets[{cell}].model.executionCount !== null",
                                   timeout=30_000)
            wait_idle(page, 30_000)
            assert "interrupted" in cell_text(page, cell).lower(), f"{name}: {cell_text(page, cell)!r}"
            run_cell(page, after)
            page.wait_for_function(f"() => {CURRENT}.content.widgets[{after}].model.outputs.toJSON()"
                                   ".some(o => o.output_type === 'execute_result')", timeout=60_000)
            outputs = page.evaluate(f"() => {CURRENT}.content.widgets[{after}].model.outputs.toJSON()")
            # the value as shown: rapaio's display may answer text/html only ("8"), as it does here
            results = ["".join(o["data"].get("text/plain", o["data"].get("text/html", "")))
                       for o in outputs if o["output_type"] == "execute_result"]
            errors = [o for o in outputs if o["output_type"] == "error"]
            assert results == ["8"] and not errors, f"after the {name}: {outputs!r}"
        page.screenshot(path=str(out_dir / "browser" / "interrupt.png"))
    finally:
        page.close()


def test_executed_notebook_from_elsewhere_draws_without_trust(lab, browser, out_dir):
    base, token, root = lab
    result = qn.execute(qn.NOTEBOOKS / NOTEBOOK, out_dir / "browser-executed")
    assert result.ok, result.summary()
    shutil.copy(result.executed, root / "executed.ipynb")  # signed in another trust database: untrusted here
    page = browser.new_page()
    try:
        open_notebook(page, base, token, "executed.ipynb", kernel=False)
        show_cell(page, figure_cells(root / "executed.ipynb")[0])
        page.wait_for_function(f"() => document.querySelectorAll({json.dumps(LAB_FIGURE)}).length > 0",
                               timeout=60_000)
    finally:
        page.close()


def test_new_notebook_at_the_server_root_imports_the_library(lab, browser):
    base, token, root = lab
    nbformat.write(nbformat.v4.new_notebook(metadata=KERNELSPEC), root / "Untitled.ipynb")
    page = browser.new_page()
    try:
        open_when_idle(page, base, token, "Untitled.ipynb")
        index = add_cell(page, "import org.queuelab.report.RunMode;\nRunMode.fromEnvironment()")
        run_cell(page, index)
        page.wait_for_function(f"() => {CURRENT}.content.widgets[{index}].model.outputs.length > 0",
                               timeout=60_000)
        text = cell_text(page, index)
    finally:
        page.close()
    assert "QUICK" in text.upper() and "error" not in text.lower(), text


def test_html_export_draws_offline(browser, out_dir):
    result = qn.execute(qn.NOTEBOOKS / NOTEBOOK, out_dir / "browser-export")
    assert result.ok, result.summary()
    page_file = qn.export_html(result.executed, out_dir / "browser-export")
    page = browser.new_page()
    requests = []
    page.route("**/*", lambda route: (requests.append(route.request.url), route.abort())
               if not route.request.url.startswith("file:") else route.continue_())
    try:
        page.goto(page_file.resolve().as_uri(), timeout=60_000)
        page.wait_for_selector(TRACE, state="attached", timeout=60_000)
        drawn = page.locator(".js-plotly-plot").count()
        page.screenshot(path=str(out_dir / "browser" / "export.png"), full_page=False)
    finally:
        page.close()
    assert drawn >= 2
    assert not requests, f"the export reached for the network: {requests}"


def test_default_template_html_export_draws_every_figure_offline(browser, out_dir):
    """`jupyter nbconvert --to html` with nbconvert's default template (what JupyterLab's File › Save and Export
    Notebook As › HTML runs): every figure is drawn with the network blocked — plotly.js comes inline with the
    session's first figure; the template's require.js and MathJax (from a CDN) are blocked and not needed."""
    work = out_dir / "browser-default-export"
    result = qn.execute(qn.NOTEBOOKS / NOTEBOOK, work)
    assert result.ok, result.summary()
    expected = sum(qn.PLOTLY_MIME in o.get("data", {}) for c in nbformat.read(result.executed, as_version=4).cells
                   if c.cell_type == "code" for o in c.outputs)
    assert expected >= 2
    subprocess.run([str(qn.ROOT / ".venv" / "bin" / "jupyter"), "nbconvert", "--to", "html", "--output-dir",
                    str(work / "default-html"), str(result.executed)], check=True, capture_output=True, timeout=300)
    page_file = work / "default-html" / (result.executed.stem + ".html")
    page = browser.new_page()
    blocked = []
    page.route("**/*", lambda route: (blocked.append(route.request.url), route.abort())
               if not route.request.url.startswith("file:") else route.continue_())
    try:
        page.goto(page_file.resolve().as_uri(), timeout=60_000)
        page.wait_for_function(f"() => document.querySelectorAll({json.dumps(TRACE)}).length >= {expected}",
                               timeout=60_000)
        plots = page.locator(".js-plotly-plot").count()
        drawn = page.evaluate("() => [...document.querySelectorAll('.js-plotly-plot')]"
                              ".filter(p => p.querySelectorAll('svg.main-svg .scatterlayer .trace').length > 0).length")
        page.locator(".js-plotly-plot").first.screenshot(path=str(out_dir / "browser" / "default-export.png"))
    finally:
        page.close()
    assert plots == expected and drawn == expected, f"{drawn} of {expected} figures drawn ({plots} plot divs)"
    print(f"default-template export: {drawn} figures drawn offline; blocked requests: {blocked}")


def test_open_and_save_a_committed_notebook_changes_nothing(lab, browser):
    """Opening a committed notebook in JupyterLab (the kernel starts and sends its language_info) and saving it
    without running a cell leaves the file byte for byte as committed."""
    base, token, root = lab
    name = "07-sweeps.ipynb"
    committed = (qn.NOTEBOOKS / name).read_bytes()
    (root / name).write_bytes(committed)
    page = browser.new_page()
    try:
        open_when_idle(page, base, token, name)
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(f"() => !{CURRENT}.context.model.dirty", timeout=30_000)
        time.sleep(1)
    finally:
        page.close()
    saved = (root / name).read_bytes()
    assert saved == committed, "saving changed the notebook:\n" + "\n".join(
        __import__("difflib").unified_diff(committed.decode().splitlines(), saved.decode().splitlines(), lineterm="",
                                           n=1))
