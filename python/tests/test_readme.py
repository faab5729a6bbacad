"""The Python guide's examples (docs/PYTHON.md) run as written."""

import pathlib
import re

import pytest

GUIDE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "PYTHON.md"


def python_blocks():
    text = GUIDE.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_guide_has_python_examples():
    assert len(python_blocks()) == 5


@pytest.mark.parametrize("index", range(4))
def test_readme_example_runs(index, capsys):
    block = python_blocks()[index]
    if "pyspiel" in block:
        pytest.importorskip("pyspiel")
    exec(compile(block, f"docs/PYTHON.md python block {index + 1}", "exec"), {})
    out = capsys.readouterr().out
    assert out
    if index == 0:
        assert "move 4 is not legal: pit 4 is empty" in out
        assert "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0 [1, 2, 3, 6, 7, 8]" in out
