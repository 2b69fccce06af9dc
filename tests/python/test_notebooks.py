"""Every notebooks/[0-9]*.ipynb executes headless in quick mode without an error (the failing cell is named)."""
from __future__ import annotations

import re

import nbformat
import pytest

import queuelab_notebooks as qn


@pytest.mark.parametrize("path", qn.numbered_notebooks(), ids=lambda p: p.name)
def test_notebook_runs(path, out_dir):
    result = qn.execute(path, out_dir, mode="quick")
    EXECUTED_THIS_SESSION.add(path.name)
    print(result.summary())
    assert result.ok, result.summary()
    nb = nbformat.read(result.executed, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.get("execution_count") for c in code), "every code cell ran"
    checks = out_dir / "checks" / f"{path.stem}.csv"
    assert checks.exists(), f"{path.name} recorded no checks: end it with Checks...assertAllPass() ({checks})"
    wide = tolerances_covering_their_value(checks)
    assert not wide, (f"{path.name}: {len(wide)} checks have a tolerance ≥ the value they guard (ours = 0 would "
                      "pass) and no reason in the 'because' column:\n  " + "\n  ".join(wide))


def tolerances_covering_their_value(checks_csv) -> list[str]:
    """Rows of a notebook's checks table whose tolerance covers the value they guard — tolerance ≥ |reference| for
    an absolute check (a reference of 0 included, an exact-equality check of tolerance 0 not), ≥ 1 for a relative one — and that give no reason. Computed from
    the numbers, not from the table's own "tolerance covers value" column."""
    import csv
    import math
    found = []
    with checks_csv.open(newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            try:
                reference, tolerance = float(r["reference"]), float(r["tolerance"])
            except (KeyError, ValueError):
                continue
            if math.isnan(tolerance):
                continue
            covers = (r["kind"] == "abs" and tolerance != 0 and not tolerance < abs(reference)) or \
                     (r["kind"] == "rel" and not tolerance < 1)
            if covers and not r.get("because", "").strip():
                found.append(f"{r['figure']} / {r['quantity']}: reference {r['reference']}, tolerance {r['tolerance']}"
                             f" ({r['kind']})")
    return found


EXECUTED_THIS_SESSION: set[str] = set()


def executed_getting_started(out_dir):
    """The executed 00 notebook of this test session (test_notebook_runs makes it; else it is made here)."""
    executed = out_dir / "notebooks" / "00-getting-started.ipynb"
    if executed.name not in EXECUTED_THIS_SESSION:
        qn.execute(qn.NOTEBOOKS / "00-getting-started.ipynb", out_dir)
        EXECUTED_THIS_SESSION.add(executed.name)
    return executed


def test_getting_started_shows_table_and_figure(out_dir):
    executed = executed_getting_started(out_dir)
    outputs = [o for c in nbformat.read(executed, as_version=4).cells if c.cell_type == "code" for o in c.outputs]
    html = ["".join(o["data"]["text/html"]) if isinstance(o["data"]["text/html"], list) else o["data"]["text/html"]
            for o in outputs if "text/html" in o.get("data", {})]
    assert any('<table class="queuelab-table">' in h for h in html), "a Table rendered as HTML"
    figures = [o["data"] for o in outputs if qn.PLOTLY_MIME in o.get("data", {})]
    assert len(figures) >= 2, "both figures are Plotly JSON outputs"
    for f in figures:
        assert isinstance(f[qn.PLOTLY_MIME], dict) and f[qn.PLOTLY_MIME]["data"], "a JSON object with traces"
        assert qn.FIGURE_MARKER in f["text/html"], "with an HTML fallback for exports"
    inlined = [h.count(qn.PLOTLY_INLINE_MARKER) for h in html]
    assert sum(inlined) == 1 and inlined.index(1) == html.index(next(h for h in html if qn.FIGURE_MARKER in h)), \
        "plotly.js inlined once, with the session's first figure"
    plotly_size = len(qn.plotly_min_js().encode())
    assert executed.stat().st_size < plotly_size + 1_000_000, \
        f"one plotly.js copy at most: {executed.stat().st_size} bytes"
    assert all(o.get("output_type") != "stream" or o.get("name") != "stderr" for o in outputs), \
        "no stderr output (e.g. the SLF4J warning)"


def test_html_export_is_offline_and_lean(out_dir):
    page = qn.export_html(executed_getting_started(out_dir), out_dir)
    text = page.read_text(encoding="utf-8")
    assert not re.search(r'<script[^>]*src="https?://', text), "no script from a CDN (require.js, MathJax)"
    assert text.count("plotly.js v") == 1, "one minified plotly.js in the page"
    assert page.stat().st_size < 6_000_000, f"{page.stat().st_size} bytes"


def test_a_failing_cell_fails_the_run_and_is_named(tmp_path, out_dir):
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "queuelab", "display_name": "Java (queuelab)",
                                                            "language": "java"}})
    nb.cells = [nbformat.v4.new_markdown_cell("a failing notebook"),
                nbformat.v4.new_code_cell("int answer = 42;"),
                nbformat.v4.new_code_cell("throw new IllegalStateException(\"boom \" + answer);"),
                nbformat.v4.new_code_cell("int never = 1;")]
    path = tmp_path / "99-fails.ipynb"
    nbformat.write(nb, path)
    result = qn.execute(path, out_dir / "failing", mode="quick")
    assert not result.ok
    assert result.failed_cell == 3
    assert "IllegalStateException" in result.error and "boom 42" in result.error
    assert "cell 3: throw new IllegalStateException" in result.summary()
    executed = nbformat.read(result.executed, as_version=4)
    assert executed.cells[3].get("execution_count") is None, "cells after the failure do not run"


def test_wide_tolerance_scan_flags_rows_without_a_reason(tmp_path):
    csv_file = tmp_path / "checks.csv"
    csv_file.write_text(
        "figure,quantity,reference,ours,error,tolerance,kind,passes when,pass,note,tolerance covers value,because\n"
        "ode,setup t = 40,4.0E-4,4.28E-4,2.8E-5,0.001,abs,x,true,,yes,\n"          # covers: flagged
        "ode,setup t = 30,0.0032,0.00316,4E-5,0.001,abs,x,true,,,\n"               # tolerance below the value
        "sim,off,0.0,1.4E-4,1.4E-4,0.0063,abs,x,true,,yes,an exact zero bounded\n"  # covers, with a reason
        "resume,max diff,0.0,0.0,0.0,0.0,abs,x,true,,,\n"                          # exact equality
        "W,100 %,2.0,0.1,0.95,1.0,rel,x,true,,yes,\n"                              # relative ≥ 1: flagged
        "ode,setup t = 40,4.0E-4,4.28E-4,2.8E-5,,shown,x,true,,,printed to 4 decimals\n"
        "bound,b,1e-9,1e-12,0.0,,≤,x,true,,,\n", encoding="utf-8")
    found = tolerances_covering_their_value(csv_file)
    assert [f.split(":")[0] for f in found] == ["ode / setup t = 40", "W / 100 %"], found


def test_quick_mode_verdicts_agree_with_the_recorded_full_mode_verdicts(out_dir):
    """For every claim quick mode decides (REPRODUCED, PARTLY, NOT REPRODUCED), the verdict that ./reproduce --full
    recorded in data/verdicts-full-mode.csv is the same or undecided (docs/claims.md §4). A claim without a
    recorded verdict (a new id) and a register changed since the recording are reported, not failed."""
    import warnings
    import queuelab_claims as qc
    quick = [c.row for c in qc.read_claims(out_dir) if f"{c.notebook}.ipynb" in EXECUTED_THIS_SESSION]
    if not quick:
        pytest.skip("no notebook ran in this session: run with the notebook tests (tests/python/test_notebooks.py)")
    recorded = qc.read_recorded()
    if recorded is None:
        warnings.warn(f"no {qc.FULL_VERDICTS.name}: run ./reproduce --full to record the full-mode verdicts")
        return
    result = qc.compare_modes(quick, recorded)
    for line in result.stale + result.missing:
        warnings.warn(line)
    print(f"{result.compared} claims decided in both modes")
    assert not result.contradictions, ("quick mode decides these claims otherwise than full mode:\n  "
                                       + "\n  ".join(result.contradictions))


def test_the_report_of_this_run_lists_every_claim_in_short_cells(out_dir):
    """out/report.md and report.html made from the notebooks run in this session (figures and tables exported as
    ./reproduce does): every claim in a table row linking to its detail section, no cell over 120 characters,
    nothing loaded from the network (docs/claims.md §4)."""
    import queuelab_claims as qc
    ran = [out_dir / "notebooks" / name for name in sorted(EXECUTED_THIS_SESSION)]
    if not any((out_dir / "claims" / f"{p.stem}.csv").exists() for p in ran):
        pytest.skip("no notebook with a claims register ran in this session: run with the notebook tests")
    for executed in ran:
        qn.export_figures(executed, out_dir)
    qn.rebuild_report(out_dir)
    problems = qc.report_problems(out_dir)
    assert not problems, "\n".join(problems[:20])
