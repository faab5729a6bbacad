"""The extras stand alone: each front-end module imports only its extra's
packages, and a missing one raises ImportError naming the extra to install.
Simulated here by hiding a package (None in sys.modules halts its import);
.ci/python-extras.sh checks the same with real venvs of one extra each."""

import importlib
import sys

import pytest

# (module, a package it needs, the extra that installs it)
NEEDS = [
    ("sowing.vector", "gymnasium", "vector"),
    ("sowing.vector", "numpy", "vector"),
    ("sowing.gymnasium", "gymnasium", "gymnasium"),
    ("sowing.gymnasium", "numpy", "gymnasium"),
    ("sowing.pettingzoo", "pettingzoo", "pettingzoo"),
    ("sowing.pettingzoo", "gymnasium", "pettingzoo"),
    ("sowing.openspiel", "pyspiel", "openspiel"),
]

# (module, a package of another extra that it must import without)
WITHOUT = [
    ("sowing.vector", "pettingzoo"),
    ("sowing.vector", "pyspiel"),
    ("sowing.gymnasium", "pettingzoo"),
    ("sowing.gymnasium", "pyspiel"),
    ("sowing.pettingzoo", "pyspiel"),
    ("sowing.openspiel", "pettingzoo"),
    ("sowing.openspiel", "gymnasium"),
]


@pytest.fixture(autouse=True)
def keep_package_attributes():
    """A fresh import of ``sowing.x`` rebinds the package's attribute ``x``
    (which monkeypatch's sys.modules restore does not undo): put them back,
    so that later tests see one module under both."""
    import sowing

    saved = dict(vars(sowing))
    yield
    for name in set(vars(sowing)) - set(saved):
        delattr(sowing, name)
    for name, value in saved.items():
        setattr(sowing, name, value)


def fresh_import(monkeypatch, module, hidden):
    """Imports ``module`` anew with ``hidden`` (and its submodules)
    unimportable; monkeypatch puts sys.modules back afterwards."""
    for name in list(sys.modules):
        if name == hidden or name.startswith(hidden + "."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, hidden, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    return importlib.import_module(module)


@pytest.mark.parametrize("module,package,extra", NEEDS, ids=lambda v: str(v))
def test_missing_dependency_names_the_extra(monkeypatch, module, package, extra):
    pytest.importorskip(package)
    with pytest.raises(ImportError) as caught:
        fresh_import(monkeypatch, module, package)
    message = str(caught.value)
    assert f"pip install \"sowing[{extra}]\"" in message
    assert message.startswith(f"{module} needs ")
    # A ModuleNotFoundError, as before, naming the missing package, with
    # the original failure chained.
    assert isinstance(caught.value, ModuleNotFoundError)
    assert caught.value.name == package
    assert isinstance(caught.value.__cause__, ImportError)


def test_pyspiel_named_by_its_distribution(monkeypatch):
    pytest.importorskip("pyspiel")
    with pytest.raises(ImportError, match=r"needs open_spiel \(the module pyspiel\)"):
        fresh_import(monkeypatch, "sowing.openspiel", "pyspiel")


@pytest.mark.parametrize("module,other", WITHOUT, ids=lambda v: str(v))
def test_module_imports_without_other_extras(monkeypatch, module, other):
    # Needs its own extra's packages (all installed in the test venv).
    for _, package, _ in NEEDS:
        if _ == module:
            pytest.importorskip(package)
    fresh_import(monkeypatch, module, other)


def test_core_imports_without_any_extra(monkeypatch):
    for package in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
        monkeypatch.setitem(sys.modules, package, None)
    for name in [n for n in sys.modules if n == "sowing" or n.startswith("sowing.")]:
        if name != "sowing._sowing":  # an extension module loads once a process
            monkeypatch.delitem(sys.modules, name)
    sowing = importlib.import_module("sowing")
    pos = sowing.Position("sadeqa-iii").play(1)
    assert pos.legal_moves()
    # The lists the bulk calls return without NumPy.
    assert len(sowing.playouts("sadeqa-ii", 2, seed=1)) == 2


def test_shared_names_keep_their_paths():
    pz = pytest.importorskip("sowing.pettingzoo")
    from sowing import _common

    assert pz.DEFAULT_LAP_LIMIT == _common.DEFAULT_LAP_LIMIT == 10_000
    assert pz.board_text is _common.board_text
