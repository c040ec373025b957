"""The data the command ships with: the suite's baselines and the guide catalogue. Found
through the installed package (importlib.resources), so every command works from a checkout,
after `pip install ./tools` and after `cmake --install` (which installs the tools too).
In a checkout, cuconform_tools/data/ links to the files the suite keeps (fixtures/baselines/,
docs/catalog.md); an installed package carries copies.
"""

import os

try:
    from importlib.resources import files as _files
except ImportError:  # Python < 3.9
    _files = None


def _data_dir():
    if _files is not None:
        try:
            return str(_files("cuconform_tools") / "data")
        except (ModuleNotFoundError, TypeError):
            pass
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def data_path(*parts):
    """A path under the package's data folder (it may not exist)."""
    return os.path.join(_data_dir(), *parts)


def suite_baselines_dir():
    """The folder of the suite's baselines and accepted findings, or None."""
    d = data_path("baselines")
    return d if os.path.isdir(d) else None


def suite_accepted_file():
    """The suite's accepted-findings file (cuconform.accepted/1), or None."""
    d = suite_baselines_dir()
    p = os.path.join(d, "accepted-findings.json") if d else None
    return p if p and os.path.isfile(p) else None


def catalog_file():
    """The guide catalogue (Markdown) the coverage page is made from, or None."""
    p = data_path("catalog.md")
    return p if os.path.isfile(p) else None
