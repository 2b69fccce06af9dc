"""The project kernel starts reliably: 20 starts in a row, each answering a cell (rapaio 3.0.1 start-up races)."""
from __future__ import annotations

import os
import time

import queuelab_notebooks as qn

STARTS = 20


def test_kernel_starts_twenty_times_in_a_row(out_dir):
    from jupyter_client.manager import KernelManager

    qn.kernel_environment("quick", out_dir)
    logs = out_dir / "kernel-starts"
    logs.mkdir(parents=True, exist_ok=True)
    failures, seconds = [], []
    for n in range(1, STARTS + 1):
        km = KernelManager(kernel_name=qn.KERNEL_NAME)
        start = time.monotonic()
        with (logs / f"start-{n:02d}.log").open("w") as log:
            km.start_kernel(cwd=str(qn.NOTEBOOKS), stdout=log, stderr=log)
            kc = km.client()
            kc.start_channels()
            try:
                kc.wait_for_ready(timeout=120)
                collect = Collector()
                reply = kc.execute_interactive("Math.addExact(20, 22)", timeout=120, output_hook=collect)
                took = time.monotonic() - start
                if reply["content"]["status"] != "ok" or "42" not in collect.text:
                    failures.append(f"start {n}: status {reply['content']['status']}, output {collect.text!r}")
                seconds.append(took)
            except Exception as e:  # noqa: BLE001 -- every failed start is recorded, then the test fails
                failures.append(f"start {n}: {type(e).__name__}: {e}")
            finally:
                kc.stop_channels()
                km.shutdown_kernel(now=False)
        if km.is_alive():
            failures.append(f"start {n}: the kernel did not shut down")
    if seconds:
        print(f"kernel start + first cell: {len(seconds)} ok, mean {sum(seconds) / len(seconds):.1f} s, "
              f"max {max(seconds):.1f} s")
    assert not failures, f"{len(failures)} of {STARTS} starts failed:\n" + "\n".join(failures) + f"\nlogs: {logs}"


class Collector:
    """Gathers the text of execute_result / display_data / stream messages."""

    def __init__(self):
        self.text = ""

    def __call__(self, msg):
        content = msg.get("content", {})
        data = content.get("data") or {}
        self.text += "".join(str(v) for v in data.values()) + content.get("text", "")
