"""Policy checks on the notebooks as committed: no outputs, the project kernel, valid nbformat."""
from __future__ import annotations

import nbformat
import pytest

import queuelab_notebooks as qn

ALL_NOTEBOOKS = sorted(qn.NOTEBOOKS.glob("*.ipynb"))


def test_there_is_a_getting_started_notebook():
    assert (qn.NOTEBOOKS / "00-getting-started.ipynb") in qn.numbered_notebooks()


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    dirty = [i + 1 for i, c in enumerate(nb.cells)
             if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, (f"{path.name}: cells {dirty} have outputs or execution counts; clear them before committing "
                       f"(.venv/bin/jupyter nbconvert --clear-output --inplace {path.relative_to(qn.ROOT)})")


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_uses_the_project_kernel(path):
    spec = nbformat.read(path, as_version=4).metadata.get("kernelspec", {})
    assert spec.get("name") == qn.KERNEL_NAME, f"{path.name}: kernelspec {spec!r}; expected name '{qn.KERNEL_NAME}'"
