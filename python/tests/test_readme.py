"""The README's Python examples run as written."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def python_blocks():
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_readme_has_python_examples():
    assert len(python_blocks()) == 3


@pytest.mark.parametrize("index", range(3))
def test_readme_example_runs(index, capsys):
    block = python_blocks()[index]
    if "pyspiel" in block:
        pytest.importorskip("pyspiel")
    exec(compile(block, f"README.md python block {index + 1}", "exec"), {})
    out = capsys.readouterr().out
    assert out
    if index == 0:
        assert "move 4 is not legal: pit 4 is empty" in out
        assert "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0 [1, 2, 3, 6, 7, 8]" in out
