"""The kernel's outputs follow the Jupyter conventions: every result carries text/plain beside its rich forms (over
the protocol and as `jupyter console` shows it); kernel_info's language_info names no machine-specific version and
is what the committed notebooks hold, so opening and saving one changes nothing; an interrupted cell says
"Evaluator was interrupted" in one line (what README promises)."""
from __future__ import annotations

import json
import os
import subprocess

import nbformat
import pytest

import queuelab_notebooks as qn
from kernel_client import Kernel

ALL_NOTEBOOKS = sorted(qn.NOTEBOOKS.glob("*.ipynb"))
TABLE = ('tech.tablesaw.api.Table.create("t", tech.tablesaw.api.DoubleColumn.create("x", new double[] {1, 2}))')
FIGURE = ('tech.tablesaw.plotly.api.LinePlot.create("a line", ' + TABLE + ', "x", "x")')
RESULTS = {"integer": "4 + 4", "string": '"queue" + "lab"', "list": "java.util.List.of(1, 2)",
           "array": "new int[] {3, 4}", "table": TABLE, "figure": FIGURE}


@pytest.fixture(scope="module")
def kernel(tmp_path_factory, out_dir):
    k = Kernel(tmp_path_factory.mktemp("conventions"), out_dir / "conventions-kernel.log", out_dir)
    yield k
    k.close()


@pytest.mark.parametrize("name", RESULTS)
def test_every_result_carries_text_plain(kernel, name):
    r = kernel.run(RESULTS[name])
    results = [m["content"]["data"] for m in r.messages if m["msg_type"] == "execute_result"]
    assert r.status == "ok" and len(results) == 1, (r.status, r.error, r.outputs)
    assert results[0].get("text/plain", "").strip(), f"{name}: no text/plain beside {sorted(results[0])}"


def test_values_read_as_text(kernel):
    assert kernel.run("4 + 4").outputs[0]["text/plain"] == "8"
    assert kernel.run("java.util.List.of(1, 2)").outputs[0]["text/plain"] == "[1, 2]"
    assert kernel.run("new int[] {3, 4}").outputs[0]["text/plain"] == "[3, 4]"
    figure = kernel.run(FIGURE).outputs[0]
    assert figure["text/plain"] == "Plotly figure: a line" and qn.PLOTLY_MIME in figure, sorted(figure)


def test_language_info_is_stable_and_what_committed_notebooks_hold(kernel):
    info = kernel.request(kernel.kc.kernel_info)["language_info"]
    jdk = kernel.run('System.getProperty("java.version")').outputs[0]["text/plain"].strip('"')
    assert jdk and jdk not in json.dumps(info), f"language_info names this machine's JDK {jdk}: {info}"
    assert info["name"] == "java" and info["file_extension"] and info["mimetype"], info
    spec = json.loads((qn.KERNEL_DIR / "kernel.json").read_text(encoding="utf-8"))
    for path in ALL_NOTEBOOKS:
        meta = nbformat.read(path, as_version=4).metadata
        assert meta.get("language_info") == info, (f"{path.name}: language_info {meta.get('language_info')} differs "
                                                   f"from the kernel's {info}: opening it would modify it")
        assert meta["kernelspec"] == {"name": qn.KERNEL_NAME, "display_name": spec["display_name"],
                                      "language": spec["language"]}, f"{path.name}: kernelspec {meta['kernelspec']}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_committed_notebook_is_in_the_format_jupyterlab_saves(path):
    text = path.read_text(encoding="utf-8")
    assert nbformat.writes(nbformat.reads(text, as_version=4)) + "\n" == text, \
        f"{path.name}: saving it unchanged would rewrite it (nbformat's layout: indent 1, sorted keys)"


def test_interrupted_cell_says_evaluator_was_interrupted(kernel):
    r = kernel.run("Thread.sleep(60_000);", interrupt_after=0.5, timeout=60)
    errors = [m["content"] for m in r.messages if m["msg_type"] == "error"]
    assert r.status == "error" and len(errors) == 1, (r.status, errors)
    shown = "\n".join(errors[0]["traceback"])  # what JupyterLab and the console show
    readme = (qn.ROOT / "README.md").read_text(encoding="utf-8")
    assert 'reports "Evaluator was' in readme, "README says what an interrupted cell reports"
    assert "Evaluator was interrupted" in shown and len(errors[0]["traceback"]) == 1, shown
    assert "Thread.sleep" not in shown and "Exception" not in shown, f"a clean message, not a stack trace: {shown!r}"
    assert kernel.run("4 + 4").outputs[0]["text/plain"] == "8"


def test_jupyter_console_shows_results_as_text(tmp_path, out_dir):
    """`jupyter console --simple-prompt` fed by stdin: each result appears as Out[n]: <its text/plain>."""
    qn.kernel_environment("quick", out_dir)
    cells = ["4 + 4", "java.util.List.of(1, 2)", TABLE + ".rowCount()", FIGURE]
    console = qn.ROOT / ".venv" / "bin" / "jupyter"
    proc = subprocess.run([str(console), "console", f"--kernel={qn.KERNEL_NAME}", "--simple-prompt",
                           "--ZMQTerminalInteractiveShell.kernel_timeout=120"],
                          # a last cell that takes a moment, then an empty line: the console prints a result that
                          # reaches it after the cell's idle status (seen once for the figure) on that flush
                          input="\n".join(cells + ["Thread.sleep(1000)", ""]) + "\n", capture_output=True, text=True, timeout=300,
                          cwd=tmp_path, env=dict(os.environ))
    (out_dir / "console.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    for n, expected in enumerate(["8", "[1, 2]", "2", "Plotly figure: a line"], start=1):
        assert f"Out[{n}]: {expected}" in proc.stdout, f"Out[{n}] is not {expected!r}:\n{proc.stdout[-2000:]}"
