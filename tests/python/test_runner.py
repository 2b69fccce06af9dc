"""The notebook runner: the kernel dies with the runner (no orphan), the per-cell timeout is an option, the summary
quotes the failing line, printed text is one block per cell."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import nbformat
import psutil

import queuelab_notebooks as qn

KERNELSPEC = {"kernelspec": {"name": "queuelab", "display_name": "Java (queuelab)", "language": "java"}}


def notebook(path, *sources):
    nb = nbformat.v4.new_notebook(metadata=KERNELSPEC)
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    nbformat.write(nb, path)
    return path


def test_kernel_exits_when_the_runner_is_killed(tmp_path, out_dir):
    """kill -9 of the runner while a cell loops: the kernel (its child) must not keep computing."""
    marker = tmp_path / "looping"
    nb = notebook(tmp_path / "loops.ipynb",
                  f'java.nio.file.Files.writeString(java.nio.file.Path.of("{marker}"), "x");\n'
                  "long c = 0; while (true) { c++; }")
    runner = subprocess.Popen([sys.executable, str(qn.ROOT / "scripts" / "queuelab_notebooks.py"), "run",
                               "--out", str(out_dir / "orphan"), str(nb)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        kernel = None
        deadline = time.monotonic() + 120
        while not marker.exists() and time.monotonic() < deadline:  # the loop cell is running
            time.sleep(0.5)
        kids = [p for p in psutil.Process(runner.pid).children(recursive=True) if "java" in p.name()]
        kernel = kids[0] if kids and marker.exists() else None
        assert kernel is not None, "the kernel never started the busy cell"
        os.kill(runner.pid, signal.SIGKILL)
        runner.wait()
        gone, alive = psutil.wait_procs([kernel], timeout=15)
        assert kernel in gone, f"kernel {kernel.pid} still running 15 s after its parent was killed"
    finally:
        if runner.poll() is None:
            runner.kill()


def test_cell_timeout_is_an_option_and_the_failing_line_is_quoted(tmp_path, out_dir):
    nb = notebook(tmp_path / "slow.ipynb", "int x = 1;", "Thread.sleep(600_000);")
    start = time.monotonic()
    proc = subprocess.run([sys.executable, str(qn.ROOT / "scripts" / "queuelab_notebooks.py"), "run", "--out",
                           str(out_dir / "timeout"), "--cell-timeout", "5", str(nb)],
                          capture_output=True, text=True, timeout=300)
    took = time.monotonic() - start
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "FAILED" in proc.stdout and "cell 2: Thread.sleep(600_000);" in proc.stdout, proc.stdout
    assert took < 120, f"a 5 s cell timeout took {took:.0f} s to fail the run"


def test_summary_quotes_the_failing_line_of_a_long_cell(tmp_path, out_dir):
    path = notebook(tmp_path / "fails.ipynb",
                    "int a = 1;\nint b = 2;\nint[] xs = new int[2];\nint bad = xs[a + b];\nint never = 3;")
    result = qn.execute(path, out_dir / "failing-line", mode="quick")
    assert not result.ok and result.failed_cell == 1
    assert result.failed_line == "int bad = xs[a + b];", (result.failed_line, result.error)
    assert "failing line: int bad = xs[a + b];" in result.summary()


def test_printed_text_is_one_block_per_cell(tmp_path, out_dir):
    path = notebook(tmp_path / "prints.ipynb",
                    'for (int i = 0; i < 50; i++) { System.out.printf("%d ", i); }\nSystem.out.println();')
    result = qn.execute(path, out_dir / "prints", mode="quick")
    assert result.ok, result.summary()
    outputs = nbformat.read(result.executed, as_version=4).cells[0].outputs
    streams = [o for o in outputs if o.output_type == "stream"]
    assert len(streams) == 1, f"{len(streams)} stream blocks"
    assert streams[0].text.startswith("0 1 2 ") and "49" in streams[0].text


def test_summary_names_the_slowest_cells(tmp_path, out_dir):
    # 5 s: well above what the kernel's first cell (JShell warming up) takes on a loaded machine
    path = notebook(tmp_path / "timed.ipynb", "int quick = 1;", "Thread.sleep(5000);", "int alsoQuick = 2;")
    result = qn.execute(path, out_dir / "timed", mode="quick")
    assert result.ok, result.summary()
    assert [c.number for c in result.cell_seconds] == [1, 2, 3]
    slowest = result.slowest(1)[0]
    assert (slowest.number, slowest.first) == (2, "Thread.sleep(5000);") and slowest.seconds >= 4.9, result.cell_seconds
    assert "slowest cells: 2 " in result.summary()


def test_cells_carry_the_kernel_cpu_they_used(tmp_path, out_dir):
    """A cell that spins for 1.5 s of its thread's CPU time shows at least that much kernel CPU (the runner reads the
    kernel process, not itself); the notebook's kernel CPU covers its cells; out/timings.csv has a row per cell."""
    spin = ("var bean = java.lang.management.ManagementFactory.getThreadMXBean();\n"
            "long until = bean.getCurrentThreadCpuTime() + 1_500_000_000L;\n"
            "long spins = 0; while (bean.getCurrentThreadCpuTime() < until) spins++;")
    path = notebook(tmp_path / "cpu.ipynb", "int quick = 1;", spin)
    status = qn.cmd_run([path], out_dir / "cpu", "quick")
    assert status == 0
    rows = (out_dir / "cpu" / "timings.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "notebook,cell,seconds,cpu_seconds,first_line" and len(rows) == 4, rows
    cells = [r.split(",") for r in rows[1:]]
    assert [c[1] for c in cells] == ["1", "2", "all"], rows
    spin_cpu, total_cpu = float(cells[1][3]), float(cells[2][3])
    assert spin_cpu >= 1.5, f"the spinning cell shows {spin_cpu} s of kernel CPU"
    assert total_cpu >= spin_cpu + float(cells[0][3]), rows


def test_reproduce_runs_notebooks_at_once_with_jobs(tmp_path, out_dir, monkeypatch):
    """--jobs 2: each notebook waits for the other to have started, so they finish only if they ran at once;
    the summary still lists them in name order."""
    waits = []
    for name, other in (("1-first", "2-second"), ("2-second", "1-first")):
        waits.append(notebook(tmp_path / f"{name}.ipynb",
                              f'java.nio.file.Files.writeString(java.nio.file.Path.of("{tmp_path / name}.started"), "x");',
                              f'var other = java.nio.file.Path.of("{tmp_path / other}.started");\n'
                              "long until = System.currentTimeMillis() + 120_000;\n"
                              "while (!java.nio.file.Files.exists(other) && System.currentTimeMillis() < until) "
                              "Thread.sleep(100);\n"
                              'if (!java.nio.file.Files.exists(other)) throw new IllegalStateException("ran alone");'))
    monkeypatch.setattr(qn, "numbered_notebooks", lambda: waits)
    status = qn.cmd_reproduce(out_dir / "jobs", "quick", png=False, jobs=2)
    assert status == 0
    report = (out_dir / "jobs" / "report.md").read_text(encoding="utf-8")
    assert report.index("| 1-first | ok") < report.index("| 2-second | ok"), report
