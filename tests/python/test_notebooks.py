"""Every notebooks/[0-9]*.ipynb executes headless in quick mode without an error (the failing cell is named)."""
from __future__ import annotations

import nbformat
import pytest

import queuelab_notebooks as qn


@pytest.mark.parametrize("path", qn.numbered_notebooks(), ids=lambda p: p.name)
def test_notebook_runs(path, out_dir):
    result = qn.execute(path, out_dir, mode="quick")
    print(result.summary())
    assert result.ok, result.summary()
    nb = nbformat.read(result.executed, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.get("execution_count") for c in code), "every code cell ran"
    checks = out_dir / "checks" / f"{path.stem}.csv"
    assert checks.exists(), f"{path.name} recorded no checks: end it with Checks...assertAllPass() ({checks})"


def test_getting_started_shows_table_and_figure(out_dir):
    executed = out_dir / "notebooks" / "00-getting-started.ipynb"
    if not executed.exists():
        qn.execute(qn.NOTEBOOKS / "00-getting-started.ipynb", out_dir)
    outputs = [o for c in nbformat.read(executed, as_version=4).cells if c.cell_type == "code" for o in c.outputs]
    html = ["".join(o["data"]["text/html"]) if isinstance(o["data"]["text/html"], list) else o["data"]["text/html"]
            for o in outputs if "text/html" in o.get("data", {})]
    assert any('<table class="queuelab-table">' in h for h in html), "a Table rendered as HTML"
    figures = [h for h in html if qn.FIGURE_MARKER in h]
    assert len(figures) >= 2, "both figures rendered"
    assert "window.define = undefined" in figures[0], "the first figure carries plotly.js"
    assert all("window.define = undefined" not in h for h in figures[1:]), "plotly.js is sent once per session"
    assert all(o.get("output_type") != "stream" or o.get("name") != "stderr" for o in outputs), \
        "no stderr output (e.g. the SLF4J warning)"


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


def test_reset_makes_the_next_figure_carry_plotly_again(tmp_path, out_dir):
    """Notebook.reset() in a cell reaches the display provider (same class, same session state in the kernel)."""
    figure = ('org.queuelab.plot.LineChart.titled("t").line("a", new double[] {1, 2}, new double[] {1, 2}, '
              'org.queuelab.plot.Style.solid("#1f77b4")).build()')
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "queuelab", "display_name": "Java (queuelab)",
                                                            "language": "java"}})
    nb.cells = [nbformat.v4.new_code_cell(figure), nbformat.v4.new_code_cell(figure),
                nbformat.v4.new_code_cell("org.queuelab.notebook.Notebook.reset();"),
                nbformat.v4.new_code_cell(figure)]
    path = tmp_path / "reset.ipynb"
    nbformat.write(nb, path)
    result = qn.execute(path, out_dir / "reset", mode="quick")
    assert result.ok, result.summary()
    cells = nbformat.read(result.executed, as_version=4).cells
    carries = ["window.define = undefined" in "".join(o.get("data", {}).get("text/html", ""))
               for i in (0, 1, 3) for o in cells[i].outputs if "text/html" in o.get("data", {})]
    assert carries == [True, False, True]
