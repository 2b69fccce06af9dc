"""A small client for the project kernel over the Jupyter protocol (jupyter_client), shared by the kernel tests."""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import queuelab_notebooks as qn


@dataclass
class CellResult:
    status: str                       # execute_reply status: ok, error, aborted
    text: str = ""                    # stream text and text/plain (or text/html) of results and displays
    error: str = ""                   # "ename: evalue" of an error output
    traceback: str = ""               # the error's traceback lines (compiler diagnostics, stack), ANSI codes removed
    outputs: list = field(default_factory=list)
    messages: list = field(default_factory=list)  # every iopub message of the request before its idle status
    seconds: float = 0.0


class Kernel:
    """One running kernel (started in {cwd}); run() executes a cell and can interrupt it after a delay."""

    def __init__(self, cwd, log_path, env_out):
        from jupyter_client.manager import KernelManager
        qn.kernel_environment("quick", env_out)
        self.km = KernelManager(kernel_name=qn.KERNEL_NAME)
        self._log = open(log_path, "w")
        self.km.start_kernel(cwd=str(cwd), stdout=self._log, stderr=self._log)
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=120)

    def shell_reply(self, msg_id: str, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            reply = self.kc.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
            if reply["parent_header"].get("msg_id") == msg_id:
                return reply

    def run(self, code: str, interrupt_after: float | None = None, timeout: float = 120) -> CellResult:
        start = time.monotonic()
        msg_id = self.kc.execute(code)
        result = CellResult(status="")
        if interrupt_after is not None:
            self._wait_started(msg_id, result, timeout)
            time.sleep(interrupt_after)
            self.km.interrupt_kernel()
        reply = self.shell_reply(msg_id, timeout)
        result.status = reply["content"]["status"]
        self._drain(msg_id, result, timeout)
        result.seconds = time.monotonic() - start
        return result

    def _wait_started(self, msg_id, result, timeout):
        deadline = time.monotonic() + timeout
        while True:
            msg = self.kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") == msg_id:
                self._collect(msg, result)
                if msg["msg_type"] == "execute_input":
                    return

    def _drain(self, msg_id, result, timeout):
        """iopub messages of this request up to its idle status."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self.kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return
            self._collect(msg, result)

    @staticmethod
    def _collect(msg, result):
        content, kind = msg["content"], msg["msg_type"]
        result.messages.append(msg)
        if kind == "stream":
            result.text += content["text"]
        elif kind in ("execute_result", "display_data"):
            data = content.get("data", {})
            result.text += data.get("text/plain") or data.get("text/html") or ""
            result.outputs.append(data)
        elif kind == "error":
            result.error = f"{content['ename']}: {content['evalue']}"
            result.traceback = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(content.get("traceback", [])))

    def request(self, send, timeout: float = 30) -> dict:
        """Sends a shell request (a bound KernelClient method) and returns its reply's content."""
        return self.shell_reply(send(), timeout)["content"]

    def close(self):
        try:
            self.kc.stop_channels()
            self.km.shutdown_kernel(now=False)
        finally:
            self._log.close()
