"""Shared fixtures for the notebook-side tests (run by ./test after `mvn verify` has built the kernel classpath)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import queuelab_notebooks as qn  # noqa: E402


@pytest.fixture(scope="session")
def out_dir() -> Path:
    """Where the tests write: $QUEUELAB_OUT/test (default out/test), git-ignored."""
    out = Path(os.environ.get("QUEUELAB_OUT") or ROOT / "out") / "test"
    out.mkdir(parents=True, exist_ok=True)
    return out.resolve()


@pytest.fixture(scope="session", autouse=True)
def built_kernel():
    """The kernel classpath and jar must exist (mvn package); say how to get them instead of failing obscurely."""
    if not list(qn.KERNEL_LIB.glob("queuelab-notebook-*.jar")):
        pytest.exit(f"no kernel classpath in {qn.KERNEL_LIB}: run `mvn -B -ntp package -DskipTests` first", 2)
    if not list(qn.KERNEL_LIB.glob("rapaio-jupyter-kernel-*.jar")):
        pytest.exit("no kernel jar: run `mvn -B -ntp package -DskipTests` first", 2)
