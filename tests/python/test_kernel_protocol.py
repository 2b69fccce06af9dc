"""The project kernel through the real Jupyter protocol: Interrupt stops a busy loop, a sleep and a long library call,
the cell says it was interrupted and the next cell runs (20 rounds in one kernel); history, completion and inspection
answer; the library is found from a working directory outside the project."""
from __future__ import annotations

import time

import pytest

from kernel_client import Kernel

ROUNDS = 20
INTERRUPT_AFTER = 0.3  # seconds after the cell started

BUSY_LOOP = "long c = 0; while (true) { c++; }"
SLEEP = "Thread.sleep(60_000);"
# one long simulation on the cell's own thread (about 10^9 events: a minute; within the default event budget), no
# interruption checks in it
LIBRARY_CALL = """
org.queuelab.sim.Ctmc.of(new org.queuelab.model.AlbaModel(0.7, new org.queuelab.policy.PowerOfD(2), 100,
        org.queuelab.policy.Scaling.asynchronous(new org.queuelab.policy.BlindTheta(0.06), 0.05), 0.1, 0.025), 1000)
    .run(org.queuelab.sim.RunWindow.until(1_000_000).withInitial(org.queuelab.sim.InitialOccupancy.coldAndIdle(0.3))
        .withGrid(org.queuelab.result.TimeGrid.of(1_000_000, 1_000_000)), 42L);
"""
CELL_THREADS_LEFT = ('Thread.getAllStackTraces().keySet().stream()'
                     '.filter(t -> t.getName().startsWith("queuelab-cell-") && t != Thread.currentThread())'
                     '.count()')


@pytest.fixture(scope="module")
def kernel(tmp_path_factory, out_dir):
    # the working directory is outside the project: the kernel finds the library from its kernelspec
    k = Kernel(tmp_path_factory.mktemp("elsewhere"), out_dir / "kernel-protocol.log", out_dir)
    yield k
    k.close()


def test_library_imports_from_any_working_directory(kernel):
    r = kernel.run("import org.queuelab.report.RunMode;\nRunMode.fromEnvironment()")
    assert r.status == "ok" and "QUICK" in r.text.upper(), (r.status, r.text, r.error)


@pytest.mark.parametrize("name,code", [("busy loop", BUSY_LOOP), ("sleep", SLEEP), ("library call", LIBRARY_CALL)])
def test_interrupt_then_next_cell_runs(kernel, name, code):
    for n in range(1, ROUNDS + 1):
        r = kernel.run(code, interrupt_after=INTERRUPT_AFTER, timeout=60)
        assert r.status == "error" and "interrupted" in r.error.lower(), \
            f"{name}, round {n}: status {r.status}, error {r.error!r}, text {r.text!r}"
        after = kernel.run("4 + 4", timeout=60)
        assert after.status == "ok" and after.text.strip() == "8", \
            f"{name}, round {n}: next cell gave {after.status} {after.text!r} {after.error!r}"
    # Thread.stop is asynchronous: a stopped thread unwinds its stack before it ends, so allow it a few seconds
    for _ in range(20):
        left = kernel.run(CELL_THREADS_LEFT)
        if left.text.strip() == "0":
            break
        time.sleep(0.5)
    assert left.text.strip() == "0", f"{name}: cell threads still running 10 s after the interrupts: {left.text}"


def test_history_completion_inspection_answer(kernel):
    history = kernel.request(lambda: kernel.kc.history(hist_access_type="tail", n=10))
    assert history["status"] == "ok" and "history" in history
    complete = kernel.request(lambda: kernel.kc.complete("Math.ab", 7))
    assert complete["status"] == "ok" and "abs(" in complete["matches"]
    inspect = kernel.request(lambda: kernel.kc.inspect("String s = \"x\"; s.length()", 25))
    assert inspect["status"] == "ok"
    info = kernel.request(kernel.kc.kernel_info)
    assert info["language_info"]["name"] == "java"


# a replicated simulation of a few seconds: 40 runs of the ALBA CTMC at N = 300, on 2 threads
REPLICATED = """
org.queuelab.model.AlbaModel m = new org.queuelab.model.AlbaModel(0.7, new org.queuelab.policy.PowerOfD(2), 100,
        org.queuelab.policy.Scaling.asynchronous(new org.queuelab.policy.BlindTheta(0.06), 0.05), 0.1, 0.025);
org.queuelab.sim.Ctmc.of(m, 300).replicate(org.queuelab.sim.RunWindow.until(200)
        .withInitial(org.queuelab.sim.InitialOccupancy.coldAndIdle(0.3))
        .withGrid(org.queuelab.result.TimeGrid.of(200, 1.0)).withWarmup(100),
        42L, 40).estimates().toTable().rowCount()
"""


def test_replications_show_one_progress_output_updated_in_place(kernel):
    msg_id = kernel.kc.execute(REPLICATED)
    received = []  # (arrival time, message): iopub read as it comes, so the arrival times show the update rate
    deadline = time.monotonic() + 300
    while True:
        msg = kernel.kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            break
        received.append((time.monotonic(), msg))
    assert kernel.shell_reply(msg_id)["content"]["status"] == "ok", [m["content"] for _, m in received][-3:]
    shown = [(t, m) for t, m in received if m["msg_type"] == "display_data"
             and "queuelab-progress" in m["content"]["data"].get("text/html", "")]
    updates = [(t, m) for t, m in received if m["msg_type"] == "update_display_data"]
    assert len(shown) == 1, f"one progress output per cell, got {len(shown)}"
    display_id = shown[0][1]["content"]["transient"]["display_id"]
    assert updates and all(m["content"]["transient"]["display_id"] == display_id for _, m in updates)
    final = updates[-1][1]["content"]["data"]
    assert "40/40" in final["text/plain"] and "(100 %)" in final["text/html"], final
    # at most 5 updates a second; the first output and the final state go out at once (allow for arrival jitter)
    span = updates[-1][0] - shown[0][0]
    assert len(updates) <= 2 + 5 * (span + 0.5), f"{len(updates)} updates in {span:.1f} s"
    print(f"progress: 1 output, {len(updates)} updates in {span:.1f} s; final {final['text/plain']!r}")


# 4 replications of the ALBA CTMC to t = 10^6 on the library's worker threads (issue 33: before the simulation loops
# polled the interrupt, the workers kept both cores busy for about a minute after the cell returned)
LONG_REPLICATIONS = """
org.queuelab.sim.Ctmc.of(new org.queuelab.model.AlbaModel(0.7, new org.queuelab.policy.PowerOfD(2), 100,
        org.queuelab.policy.Scaling.asynchronous(new org.queuelab.policy.BlindTheta(0.06), 0.05), 0.1, 0.025), 300)
    .replicate(org.queuelab.sim.RunWindow.until(1_000_000).withInitial(org.queuelab.sim.InitialOccupancy.coldAndIdle(0.3))
        .withGrid(org.queuelab.result.TimeGrid.of(1_000_000, 1_000_000)), 42L, 4);
"""
# the threads of the kernel (but the cell's own) that used more than 2 % of a core over 0.5 s, with their share
BUSY_THREADS = """
java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
long self = Thread.currentThread().getId();
java.util.Map<Long, Long> c0 = new java.util.HashMap<>();
for (long id : mx.getAllThreadIds()) { c0.put(id, mx.getThreadCpuTime(id)); }
long t0 = System.nanoTime(); Thread.sleep(500);
StringBuilder busy = new StringBuilder();
for (long id : mx.getAllThreadIds()) {
    Long before = c0.get(id); long now = mx.getThreadCpuTime(id);
    if (id == self || before == null || before < 0 || now < 0) continue;
    double share = (now - before) / (double) (System.nanoTime() - t0);
    java.lang.management.ThreadInfo info = mx.getThreadInfo(id);
    if (share > 0.02 && info != null) busy.append(info.getThreadName()).append('=').append(String.format("%.3f", share)).append(';');
}
"[" + busy + "]"
"""


def test_interrupted_replications_leave_no_busy_thread(kernel):
    r = kernel.run(LONG_REPLICATIONS, interrupt_after=1.5, timeout=60)
    assert r.status == "error" and "interrupted" in r.error.lower(), (r.status, r.error, r.text)
    time.sleep(1.0)
    busy = kernel.run(BUSY_THREADS, timeout=60).text.strip()
    print(f"interrupted replications: threads above 2 % of a core 1 s later: {busy}")
    assert "queuelab" not in busy, f"library threads still busy 1 s after the interrupt: {busy}"
