"""The user guide's code works as printed: every ```java block of the guide pages runs, in order, in the project
kernel (one kernel per page, in a folder outside the project), so a renamed class or method fails here, not in a
reader's notebook. README's blocks are run by test_readme.py."""
from __future__ import annotations

import re

import pytest

import queuelab_notebooks as qn
from kernel_client import Kernel

GUIDE = ["docs/getting-started.md", "docs/extending.md"]
# other pages whose examples are whole (run too, so that they stay in step with the library)
EXAMPLES = GUIDE + ["docs/comparison.md", "docs/population.md"]


def java_blocks(page: str) -> list[str]:
    return re.findall(r"```java\n(.*?)```", (qn.ROOT / page).read_text(encoding="utf-8"), re.S)


BLOCKS = [(page, n, block) for page in EXAMPLES for n, block in enumerate(java_blocks(page), start=1)]


@pytest.mark.parametrize("page", GUIDE)
def test_guide_page_has_java_blocks(page):
    assert len(java_blocks(page)) >= 3, f"{page}: the guide shows its steps as ```java blocks"


def test_recipes_cover_the_ten_common_tasks():
    headings = re.findall(r"^## \d+\. (.+)$", (qn.ROOT / "docs/extending.md").read_text(encoding="utf-8"), re.M)
    assert len(headings) == 10, headings
    for topic in ["parameter", "policy", "population model", "sweep", "fluid and simulation", "LineChart",
                  "Estimate", "Export"]:
        assert any(topic.lower() in h.lower() for h in headings), f"no recipe on {topic!r}: {headings}"


def test_front_pages_are_short_and_history_has_a_home():
    for page, limit in [("README.md", 150), ("BENCHMARKS.md", 150)]:
        lines = (qn.ROOT / page).read_text(encoding="utf-8").count("\n")
        assert lines <= limit, f"{page}: {lines} lines; at most {limit} (narrative belongs in CHANGELOG.md)"
    assert "## Benchmark history" in (qn.ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    readme = (qn.ROOT / "README.md").read_text(encoding="utf-8")
    for page in GUIDE + ["docs/library.md", "BENCHMARKS.md", "CHANGELOG.md"]:
        assert page.split("/")[-1] in readme, f"README does not point to {page}"


@pytest.fixture(scope="module")
def kernels(tmp_path_factory, out_dir):
    started = {}

    def kernel_for(page):
        if page not in started:
            for k in started.values():
                k.close()
            started.clear()
            name = page.replace("/", "-")
            started[page] = Kernel(tmp_path_factory.mktemp(name), out_dir / f"{name}.kernel.log", out_dir)
        return started[page]

    yield kernel_for
    for k in started.values():
        k.close()


@pytest.mark.parametrize("page,number,block", BLOCKS, ids=[f"{p.split('/')[-1]}#{n}" for p, n, _ in BLOCKS])
def test_guide_block_runs_as_printed(kernels, page, number, block):
    r = kernels(page).run(block, timeout=600)
    assert r.status == "ok", f"{page}, block {number} failed: {r.error}\n{r.traceback}\n{r.text}\n---\n{block}"
