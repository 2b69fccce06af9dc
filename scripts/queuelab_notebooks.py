"""Headless execution of the project's notebooks and what ./reproduce makes from them.

Used by scripts/run-notebook, ./reproduce and the pytest suite (tests/python). Run with the project venv's python:

    .venv/bin/python scripts/queuelab_notebooks.py run [--mode quick|full] [--out DIR] [--cell-timeout S] NOTEBOOK...
    .venv/bin/python scripts/queuelab_notebooks.py reproduce [--mode quick|full] [--out DIR] [--cell-timeout S] [--jobs N]

Each notebook runs in the project kernel (notebooks/jupyter/kernels/queuelab) with its working directory in
notebooks/, QUEUELAB_MODE and QUEUELAB_OUT set. The executed copy goes to <out>/notebooks/ (also when a cell fails,
with the error in it); a failing cell stops the notebook and is named in the summary (its number, its first line and
the line that failed). A cell running longer than --cell-timeout seconds (default: 900 quick, 7200 full) fails the
run. The kernel exits by itself when this process dies, however it dies.
"""
from __future__ import annotations

import argparse
import csv
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
JUPYTER_PATH = NOTEBOOKS / "jupyter"
KERNEL_NAME = "queuelab"
KERNEL_DIR = JUPYTER_PATH / "kernels" / KERNEL_NAME
KERNEL_LIB = KERNEL_DIR / "lib"  # the kernel and its classpath (mvn package); the kernel finds it from its kernelspec
PLOTLY_FILE = "plotly.min.js"   # from the pinned plotly PyPI package (requirements.txt)
PLOTLY_MIME = "application/vnd.plotly.v1+json"
FIGURE_MARKER = 'class="queuelab-figure'
PLOTLY_INLINE_MARKER = 'class="queuelab-plotlyjs"'  # the kernel inlines plotly.js with a session's first figure
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"]


def numbered_notebooks() -> list[Path]:
    """notebooks/[0-9]*.ipynb in name order: the notebooks the pipeline runs."""
    return sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


def default_out() -> Path:
    return Path(os.environ.get("QUEUELAB_OUT") or ROOT / "out")


def kernel_environment(mode: str, out: Path) -> None:
    """Environment seen by jupyter_client and inherited by the kernel."""
    paths = [str(JUPYTER_PATH)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))  # project kernelspec first, no duplicates
    os.environ["QUEUELAB_MODE"] = mode
    os.environ["QUEUELAB_OUT"] = str(out)
    os.environ.setdefault("QUEUELAB_DATA", str(ROOT / "data"))
    install_plotly_js()


def install_plotly_js() -> Path | None:
    """Copies the pinned plotly package's plotly.min.js into the kernelspec's lib folder (git-ignored, kept by
    `mvn package`), where the kernel finds it to inline with a session's first figure; None without a built kernel."""
    if not KERNEL_LIB.is_dir():
        return None
    target = KERNEL_LIB / PLOTLY_FILE
    js = plotly_min_js()
    if not target.exists() or target.stat().st_size != len(js.encode("utf-8")):
        target.write_text(js, encoding="utf-8")
    return target


class CellTiming(NamedTuple):
    """One executed code cell: its 1-based number among all cells, wall-clock seconds (nbclient's timestamps), the
    kernel process's CPU seconds over it (all its threads; None where the process could not be read) and its first
    line."""
    number: int
    seconds: float
    cpu: float | None
    first: str


@dataclass
class RunResult:
    notebook: Path
    ok: bool
    seconds: float
    executed: Path | None = None
    failed_cell: int | None = None          # 1-based number among all cells
    failed_source: str = ""
    failed_line: str = ""                   # the line of the cell that failed, when the error names it
    error: str = ""
    kernel_log: Path | None = None
    figures: list[Path] = field(default_factory=list)
    cell_seconds: list[CellTiming] = field(default_factory=list)
    kernel_cpu: float | None = None         # CPU seconds of the kernel process from its start to its last cell

    def slowest(self, count: int = 3) -> list[CellTiming]:
        """The cells that ran longest, slowest first."""
        return sorted(self.cell_seconds, key=lambda c: -c.seconds)[:count]

    def summary(self) -> str:
        status = "ok" if self.ok else "FAILED"
        line = f"{status:6} {self.seconds:7.1f} s  {self.notebook.name}"
        if self.kernel_cpu is not None:
            line += f"  (kernel CPU {self.kernel_cpu:.1f} s)"
        if self.cell_seconds:
            line += "\n         slowest cells: " + "; ".join(
                f"{c.number} {c.seconds:.1f} s{'' if c.cpu is None else f' (CPU {c.cpu:.1f} s)'} ({c.first[:40]})"
                for c in self.slowest())
        if not self.ok:
            where = f"cell {self.failed_cell}" if self.failed_cell else "before any cell (kernel start?)"
            first = self.failed_source.strip().splitlines()[0] if self.failed_source.strip() else ""
            line += f"  -- {where}: {first[:100]}"
            if self.failed_line and self.failed_line != first:
                line += f"\n         failing line: {self.failed_line[:160]}"
            line += f"\n{indent(self.error)}"
            if self.kernel_log:
                line += f"\n         kernel log: {self.kernel_log}"
        return line


def indent(text: str, prefix: str = "         ") -> str:
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)  # the kernel colours its tracebacks
    lines = text.strip().splitlines()
    if len(lines) > 40:
        lines = lines[:40] + [f"... ({len(lines) - 40} more lines)"]
    return "\n".join(prefix + ln for ln in lines)


def default_cell_timeout(mode: str) -> int:
    return 900 if mode == "quick" else 7200


def failing_line(source: str, error_text: str) -> str:
    """The line of a cell's source that the kernel's error names: the snippet it quotes, or the longest cell line
    found in the error text (the kernel reports the failing statement, not a line number)."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", error_text)
    lines = [ln.strip() for ln in source.splitlines() if ln.strip() and not ln.strip().startswith("//")]
    found = [ln for ln in lines if ln in text]
    if found:
        return max(found, key=len)
    # a statement spread over lines: the first line whose leading code appears in the error
    for ln in lines:
        head = ln[:40]
        if len(head) >= 8 and head in text:
            return ln
    return ""


def cell_seconds(nb, cpu: dict[int, float] | None = None) -> list[CellTiming]:
    """Every code cell that ran, its wall-clock seconds from the execution timestamps nbclient records in each
    cell's metadata (record_timing), its kernel CPU seconds from `cpu` (cell index → seconds)."""
    from datetime import datetime
    timed = []
    for i, cell in enumerate(nb.cells):
        ex = cell.get("metadata", {}).get("execution", {}) if cell.cell_type == "code" else {}
        start, end = ex.get("iopub.execute_input"), ex.get("shell.execute_reply")
        if start and end:
            took = (datetime.fromisoformat(end.replace("Z", "+00:00"))
                    - datetime.fromisoformat(start.replace("Z", "+00:00"))).total_seconds()
            first = next((ln.strip() for ln in cell.source.splitlines() if ln.strip()), "")
            timed.append(CellTiming(i + 1, took, (cpu or {}).get(i), first))
    return timed


class KernelCpu:
    """The kernel process's CPU time (user + system, all threads) read before and after each cell: nbclient hooks,
    psutil. A process that cannot be read (gone, another host) gives no figures rather than wrong ones."""

    def __init__(self) -> None:
        self.client = None
        self.before: dict[int, float] = {}
        self.per_cell: dict[int, float] = {}
        self.last: float | None = None

    def read(self) -> float | None:
        try:
            import psutil
            times = psutil.Process(self.client.km.provisioner.pid).cpu_times()
            return times.user + times.system
        except Exception:  # noqa: BLE001 -- no provisioner pid, no such process, no psutil: no figure
            return None

    def cell_started(self, cell_index: int, **_) -> None:
        now = self.read()
        if now is not None:
            self.before[cell_index] = now

    def cell_done(self, cell_index: int, **_) -> None:
        now = self.read()
        if now is not None:
            self.last = now
            if cell_index in self.before:
                self.per_cell[cell_index] = now - self.before[cell_index]


def merge_streams(nb) -> None:
    """Consecutive stream outputs of a cell (every printf is its own message) become one block per stream."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        merged = []
        for o in cell.get("outputs", []):
            if (o.get("output_type") == "stream" and merged and merged[-1].get("output_type") == "stream"
                    and merged[-1].get("name") == o.get("name")):
                merged[-1]["text"] = "".join(merged[-1]["text"]) + "".join(o["text"])
            else:
                merged.append(o)
        cell.outputs = merged


def execute(notebook: Path, out: Path, mode: str = "quick", cell_timeout: int | None = None,
            startup_timeout: int = 180) -> RunResult:
    """Executes one notebook headless; writes <out>/notebooks/<name>.ipynb; never raises on a cell error."""
    import nbformat
    from nbclient import NotebookClient

    notebook = notebook.resolve()
    kernel_environment(mode, out)
    (out / "notebooks").mkdir(parents=True, exist_ok=True)
    for stale_file in (out / "checks" / f"{notebook.stem}.csv", out / "claims" / f"{notebook.stem}.csv"):
        if stale_file.exists():
            stale_file.unlink()
    nb = nbformat.read(notebook, as_version=4)
    timeout = cell_timeout if cell_timeout is not None else default_cell_timeout(mode)
    cpu = KernelCpu()
    client = NotebookClient(nb, kernel_name=KERNEL_NAME, timeout=timeout, startup_timeout=startup_timeout,
                            allow_errors=False, record_timing=True, coalesce_streams=True,
                            on_cell_execute=cpu.cell_started, on_cell_executed=cpu.cell_done,
                            resources={"metadata": {"path": str(notebook.parent)}})
    cpu.client = client
    start = time.monotonic()
    result = RunResult(notebook, ok=True, seconds=0.0)
    (out / "logs").mkdir(parents=True, exist_ok=True)
    kernel_log = out / "logs" / f"{notebook.stem}.kernel.log"
    try:
        with kernel_log.open("w", encoding="utf-8") as log:  # the kernel's own chatter, kept out of the summary
            client.execute(stdout=log, stderr=log)
    except Exception as e:  # noqa: BLE001 -- a cell error, a timeout, a dead or missing kernel: all fail the run
        result.ok = False
        result.error = f"{type(e).__name__}: {e}"
        for i, cell in enumerate(nb.cells):
            if cell.cell_type == "code" and any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
                result.failed_cell, result.failed_source = i + 1, cell.source
                err = next(o for o in cell.outputs if o.get("output_type") == "error")
                result.error = f"{err.get('ename')}: {err.get('evalue')}\n" + "\n".join(err.get("traceback", []))
                result.failed_line = failing_line(cell.source, result.error)
                break
        else:
            # a timeout or a dead kernel leaves no error output: name the last cell that started
            started = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
                       and c.get("metadata", {}).get("execution", {}).get("iopub.execute_input")]
            if started:
                result.failed_cell, result.failed_source = started[-1] + 1, nb.cells[started[-1]].source
    result.seconds = time.monotonic() - start
    result.kernel_log = kernel_log
    result.cell_seconds = cell_seconds(nb, cpu.per_cell)
    result.kernel_cpu = cpu.last
    merge_streams(nb)
    executed = out / "notebooks" / notebook.name
    sign(nb)
    nbformat.write(nb, executed)
    result.executed = executed
    return result


def sign(nb) -> None:
    """Marks the executed notebook trusted for this user (figures draw without it: they are Plotly JSON)."""
    try:
        from nbformat.sign import NotebookNotary
        NotebookNotary().sign(nb)
    except Exception:  # noqa: BLE001 -- trust is a convenience; an unsigned copy is still correct
        pass


# ----------------------------------------------------------------------------------------------- exports

_CDN_SCRIPT = re.compile(r'<script[^>]*\bsrc="https?://[^"]*"[^>]*>\s*</script>\s*', re.I)
_MATHJAX_CONFIG = re.compile(r'<script type="text/x-mathjax-config">.*?</script>\s*', re.S)


def plotly_min_js() -> str:
    """The minified plotly.js of the pinned plotly package (the version its JupyterLab extension draws with)."""
    from importlib.resources import files
    return files("plotly").joinpath("package_data", PLOTLY_FILE).read_text(encoding="utf-8")


def export_html(executed: Path, out: Path) -> Path:
    """nbconvert HTML export, offline and lean: figures are drawn from their JSON by one minified plotly.js (the one
    the kernel inlined with the first figure, else one put in the page's head); no script is loaded from a CDN (require.js, MathJax are dropped)."""
    import nbformat
    from nbconvert import HTMLExporter
    nb = nbformat.read(executed, as_version=4)
    body, _ = HTMLExporter().from_notebook_node(nb)
    body = _MATHJAX_CONFIG.sub("", _CDN_SCRIPT.sub("", body))
    if FIGURE_MARKER in body and PLOTLY_INLINE_MARKER not in body:  # the kernel's own copy serves, if there
        plotly = plotly_min_js().replace("</script", "<\\/script")
        body = body.replace("</head>", f'<script type="text/javascript">{plotly}</script>\n</head>', 1)
    target = out / "html" / (executed.stem + ".html")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(body, encoding="utf-8")
    return target


def plotly_js(out: Path) -> Path:
    """plotly.min.js copied once into <out>/figures/, for the standalone figure pages."""
    target = out / "figures" / PLOTLY_FILE
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(plotly_min_js(), encoding="utf-8")
    return target


def figure_outputs(executed: Path):
    """(cell number, output number, html) for every figure output of an executed notebook."""
    for ci, oi, body, _ in exhibit_outputs(executed, tables=False):
        yield ci, oi, body


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else (value or "")


def exhibit_outputs(executed: Path, tables: bool = True):
    """(cell number, output number, html, title) for every figure output of an executed notebook (its title from
    the figure's Plotly layout) and, with `tables`, every table output (its title from the table's caption)."""
    import nbformat
    nb = nbformat.read(executed, as_version=4)
    for ci, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for oi, output in enumerate(cell.get("outputs", [])):
            data = output.get("data", {})
            body = _text(data.get("text/html"))
            if body and FIGURE_MARKER in body:
                title = (data.get(PLOTLY_MIME) or {}).get("layout", {}).get("title") if isinstance(
                    data.get(PLOTLY_MIME), dict) else None
                title = title.get("text") if isinstance(title, dict) else title
                yield ci + 1, oi + 1, body, html.unescape(re.sub(r"<[^>]+>", "", title or ""))
            elif tables and body and TABLE_MARKER in body:
                caption = re.search(r"<caption[^>]*>(.*?)(?:<span|</caption>)", body, re.S)
                title = html.unescape(re.sub(r"<[^>]+>", "", caption.group(1))).strip() if caption else ""
                yield ci + 1, oi + 1, body, title


TABLE_MARKER = 'class="queuelab-table"'
TABLE_CSS = ("body{margin:8px;font-family:sans-serif}table{border-collapse:collapse;font-size:13px}"
             "th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#f2f2f2}"
             "caption{font-weight:600;margin-bottom:4px}")


def export_figures(executed: Path, out: Path) -> list[Path]:
    """Every figure as a standalone HTML page in <out>/figures/<notebook>/cellNN-K.html, sharing one plotly.js
    copy; every table whose caption names a place of the work ("Table 2, …", "Figure 3 (left): …") as a page beside
    them; and <out>/figures/<notebook>/index.csv listing both (page, kind, title) for the report, which ties them to
    claims by the place their title starts with (scripts/queuelab_claims.py). Returns the figure pages."""
    import queuelab_claims as qc
    plotly_js(out)
    folder = out / "figures" / executed.stem
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    pages, index = [], []
    for ci, oi, body, title in exhibit_outputs(executed):
        is_figure = FIGURE_MARKER in body
        if not is_figure and not qc.places_of_title(title):
            continue
        page = folder / f"cell{ci:02d}-{oi}.html"
        head = (f"<script src=\"../{PLOTLY_FILE}\"></script>" if is_figure else f"<style>{TABLE_CSS}</style>")
        page.write_text(
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title or executed.stem + ' cell ' + str(ci))}</title>"
            f"{head}</head>\n"
            "<body style=\"margin:8px;font-family:sans-serif\">\n" + body + "</body></html>\n",
            encoding="utf-8")
        index.append([page.name, "figure" if is_figure else "table", title])
        if is_figure:
            pages.append(page)
    with (folder / "index.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["page", "kind", "title"])
        w.writerows(index)
    return pages


def screenshot_size(page: Path) -> tuple[int, int]:
    """(width, height) of the window for a figure page: the figure's own layout size (a row of figures is at most
    1000 px wide, a single figure fills the width) plus the page margins and room for the legend below a row."""
    heights = [float(h) for h in re.findall(r'"height":([0-9.]+)', page.read_text(encoding="utf-8"))]
    return 1040, max(520, int(max(heights, default=450)) + 40)


def chromium() -> str | None:
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def screenshot(page: Path, png: Path, width: int = 1100, height: int = 520, budget_ms: int = 8000) -> bool:
    """PNG of a local HTML page with headless Chromium (the usual headless flags)."""
    exe = chromium()
    if exe is None:
        return False
    with tempfile.TemporaryDirectory(prefix="ql-chromium-") as profile:
        cmd = [exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
               f"--virtual-time-budget={budget_ms}", f"--screenshot={png}", page.resolve().as_uri()]
        try:
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, check=False)
        except subprocess.TimeoutExpired:
            return False
    return png.exists() and png.stat().st_size > 0


# ----------------------------------------------------------------------------------------------- report

REPORT_COLUMNS = ["figure", "quantity", "reference", "ours", "error", "tolerance", "kind", "pass", "note"]


def write_timings(out: Path, results: list[RunResult]) -> Path:
    """<out>/timings.csv: one row per executed code cell (wall-clock and kernel CPU seconds), then one per notebook
    (cell "all": the whole run, the kernel's CPU from its start)."""
    path = out / "timings.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["notebook", "cell", "seconds", "cpu_seconds", "first_line"])
        for res in results:
            for c in res.cell_seconds:
                w.writerow([res.notebook.stem, c.number, f"{c.seconds:.3f}", "" if c.cpu is None else f"{c.cpu:.3f}",
                            c.first[:80]])
            w.writerow([res.notebook.stem, "all", f"{res.seconds:.3f}",
                        "" if res.kernel_cpu is None else f"{res.kernel_cpu:.3f}", ""])
    return path


def collect_report(out: Path, results: list[RunResult]) -> tuple[int, int]:
    """<out>/report.csv (every notebook's check rows, from <out>/checks/*.csv), <out>/report.md and its HTML twin
    <out>/report.html (the claims of every work, then the notebooks' status; scripts/queuelab_claims.py); returns
    (passed, failed) check counts."""
    rows = []
    for f in sorted((out / "checks").glob("*.csv")):
        with f.open(newline="", encoding="utf-8") as fh:
            for r in csv.DictReader(fh):
                rows.append({"notebook": f.stem, **{k: r.get(k, "") for k in REPORT_COLUMNS}})
    with (out / "report.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["notebook", *REPORT_COLUMNS])
        w.writeheader()
        w.writerows(rows)
    passed = sum(1 for r in rows if r["pass"].strip().lower() == "true")
    failed = len(rows) - passed
    table = []
    for res in results:
        mine = [r for r in rows if r["notebook"] == res.notebook.stem]
        ok = sum(1 for r in mine if r["pass"].strip().lower() == "true")
        status = "ok" if res.ok else f"FAILED (cell {res.failed_cell})"
        if res.ok and not mine:
            status += ", no checks recorded"
        cpu = "" if res.kernel_cpu is None else f"{res.kernel_cpu:.1f}"
        table.append([res.notebook.stem, status, f"{res.seconds:.1f}", cpu, str(ok), str(len(mine) - ok)])
    write_report_files(out, passed, failed, table)
    return passed, failed


def write_report_files(out: Path, passed: int, failed: int, table: list[list[str]]) -> None:
    import queuelab_claims as qc
    head = ["notebook", "status", "seconds", "kernel CPU s", "checks passed", "checks failed"]
    md = [f"Notebooks and their checks: {passed} checks passed, {failed} failed (the rows: `checks/<notebook>.csv`, "
          "all in `report.csv`).", "", "| " + " | ".join(head) + " |", "|---|---|---:|---:|---:|---:|"]
    md += ["| " + " | ".join(r) + " |" for r in table]
    qc.write_report(out, os.environ.get("QUEUELAB_MODE", "quick"), md, [[(c, None) for c in r] for r in table])


def rebuild_report(out: Path) -> None:
    """The report again from an existing <out> (no notebook runs): exports each executed notebook's figures and
    tables first where <out>/figures/<notebook>/index.csv is missing; the notebooks' times from timings.csv."""
    executed = sorted((out / "notebooks").glob("*.ipynb"))
    for nb in executed:
        if not (out / "figures" / nb.stem / "index.csv").exists():
            export_figures(nb, out)
    seconds = {}
    if (out / "timings.csv").exists():
        with (out / "timings.csv").open(newline="", encoding="utf-8") as fh:
            seconds = {r["notebook"]: r for r in csv.DictReader(fh) if r["cell"] == "all"}
    checks = {}
    for f in sorted((out / "checks").glob("*.csv")):
        with f.open(newline="", encoding="utf-8") as fh:
            passes = [r.get("pass", "").strip().lower() == "true" for r in csv.DictReader(fh)]
        checks[f.stem] = (sum(passes), len(passes) - sum(passes))
    table = []
    for nb in executed:
        t = seconds.get(nb.stem, {})
        ok, bad = checks.get(nb.stem, (0, 0))
        table.append([nb.stem, "executed (earlier run)", f"{float(t['seconds']):.1f}" if t.get("seconds") else "",
                      f"{float(t['cpu_seconds']):.1f}" if t.get("cpu_seconds") else "", str(ok), str(bad)])
    write_report_files(out, sum(c[0] for c in checks.values()), sum(c[1] for c in checks.values()), table)


# ----------------------------------------------------------------------------------------------- commands

def cmd_run(notebooks: list[Path], out: Path, mode: str, cell_timeout: int | None = None) -> int:
    results = []
    for nb in notebooks:
        if not nb.exists():
            print(f"error: no notebook {nb}", file=sys.stderr)
            return 2
        res = execute(nb, out, mode, cell_timeout)
        results.append(res)
        print(res.summary(), flush=True)
        if res.ok:
            print(f"         executed copy: {res.executed}", flush=True)
    write_timings(out, results)
    failed = [r for r in results if not r.ok]
    print(f"notebooks: {len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


def cmd_reproduce(out: Path, mode: str, png: bool, cell_timeout: int | None = None, jobs: int = 1) -> int:
    """Executes every numbered notebook, `jobs` at a time (each in its own kernel; threads of this process, so
    every kernel still exits with it), then exports and reports them in name order."""
    notebooks = numbered_notebooks()
    if not notebooks:
        print("no notebooks/[0-9]*.ipynb found", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    for stale in ("checks", "claims", "notebooks", "html", "figures"):
        shutil.rmtree(out / stale, ignore_errors=True)
    kernel_environment(mode, out)   # once, before any thread starts: the environment is shared
    results = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        running = [pool.submit(execute, nb, out, mode, cell_timeout) for nb in notebooks]
        for future in running:      # in name order, each as soon as it and those before it are done
            res = future.result()
            export(res, out, png)
            results.append(res)
            print(res.summary() + (f"  ({len(res.figures)} figures)" if res.ok else ""), flush=True)
    passed, failed_checks = collect_report(out, results)
    write_timings(out, results)
    failed = [r for r in results if not r.ok]
    print(f"report: {out / 'report.md'} and {out / 'report.html'} ({passed} checks passed, {failed_checks} failed)")
    cpu = [r.kernel_cpu for r in results if r.kernel_cpu is not None]
    if cpu:
        print(f"kernel CPU: {sum(cpu):.0f} s over {len(cpu)} notebooks (per cell: {out / 'timings.csv'})")
    print(f"notebooks: {len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


def export(res: RunResult, out: Path, png: bool) -> None:
    """HTML export, standalone figure pages and (with Chromium) their PNG screenshots of one executed notebook."""
    if res.executed is None:
        return
    export_html(res.executed, out)
    res.figures = export_figures(res.executed, out)
    if png:
        for page in res.figures:
            screenshot(page, page.with_suffix(".png"), *screenshot_size(page))


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="execute notebooks headless")
    r.add_argument("notebooks", nargs="+", type=Path)
    rp = sub.add_parser("reproduce", help="execute every notebooks/[0-9]*.ipynb and export everything")
    rp.add_argument("--no-png", action="store_true", help="skip PNG screenshots of figures")
    rp.add_argument("--jobs", type=int, default=1, metavar="N",
                    help="notebooks executed at once, each in its own kernel (default: 1)")
    for s in (r, rp):
        s.add_argument("--mode", choices=["quick", "full"], default=os.environ.get("QUEUELAB_MODE") or "quick")
        s.add_argument("--out", type=Path, default=None)
        s.add_argument("--cell-timeout", type=int, default=None, metavar="SECONDS",
                       help="fail a cell that runs longer (default: 900 in quick mode, 7200 in full mode)")
    a = p.parse_args(argv)
    out = (a.out or default_out()).resolve()
    if a.command == "run":
        return cmd_run([nb.resolve() for nb in a.notebooks], out, a.mode, a.cell_timeout)
    return cmd_reproduce(out, a.mode, png=not a.no_png and chromium() is not None, cell_timeout=a.cell_timeout,
                         jobs=a.jobs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
