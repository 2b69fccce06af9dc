"""The README's snippets work as pasted: every ```java block runs in the project kernel (in a folder outside the
project), and the JupyterLab line is a script that works as root too."""
from __future__ import annotations

import re

import pytest

import queuelab_notebooks as qn
from kernel_client import Kernel

README = qn.ROOT / "README.md"
JAVA_BLOCKS = re.findall(r"```java\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_java_snippets():
    assert JAVA_BLOCKS, "the README's taste of the library is a ```java block"


@pytest.fixture(scope="module")
def kernel(tmp_path_factory, out_dir):
    k = Kernel(tmp_path_factory.mktemp("readme"), out_dir / "readme-kernel.log", out_dir)
    yield k
    k.close()


@pytest.mark.parametrize("block", JAVA_BLOCKS, ids=lambda b: b.strip().splitlines()[0][:40])
def test_java_block_runs_as_pasted(kernel, block):
    r = kernel.run(block, timeout=600)
    assert r.status == "ok", f"README snippet failed: {r.error}\n{r.traceback}\n{r.text}\n---\n{block}"


def test_jupyterlab_line_is_the_lab_script_and_it_allows_root():
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Working in JupyterLab"):text.index("## Notebooks are committed without outputs")]
    assert "scripts/lab" in section
    script = (qn.ROOT / "scripts" / "lab").read_text(encoding="utf-8")
    assert '[[ "$(id -u)" == 0 ]] && args+=(--allow-root)' in script
