"""The Python version setup.cfg promises is the one the code needs (issue 18 item 15).

`python_requires = >=3.9` let a 3.9 user install cleanly and crash at the first `hint` or
`find` (``int.bit_count`` is 3.10). vermin reads the source and says which versions each
construct needs, so the promise is checked, not remembered.
"""

import configparser
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("vermin")


def _setup_cfg():
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    return config


def _declared():
    text = _setup_cfg()["options"]["python_requires"].strip()
    assert text.startswith(">="), text
    major, minor = text[2:].split(".")[:2]
    return int(major), int(minor)


def _vermin(target):
    """vermin's verdict on referee/ for the target versions (exit 0: they are met)."""
    code = "import sys, vermin; sys.argv[0] = 'vermin'; sys.exit(vermin.main())"
    return subprocess.run(
        [sys.executable, "-c", code, "--no-tips", "--violations", f"-t={target}-", str(ROOT / "referee")],
        capture_output=True, text=True, timeout=300)


def test_issue18_item15_python_requires_is_the_version_the_code_needs():
    major, minor = _declared()
    met = _vermin(f"{major}.{minor}")
    assert met.returncode == 0, met.stdout + met.stderr
    # and no lower: the line says what the code needs, not a guess on the safe side
    below = _vermin(f"{major}.{minor - 1}")
    assert below.returncode != 0, f"the code runs on {major}.{minor - 1} too: lower python_requires"


def test_issue18_item15_classifiers_list_the_versions_from_the_minimum():
    major, minor = _declared()
    classifiers = _setup_cfg()["metadata"]["classifiers"]
    listed = {line.strip() for line in classifiers.splitlines() if line.strip()}
    for version in range(minor, sys.version_info.minor + 1):
        assert f"Programming Language :: Python :: {major}.{version}" in listed
    assert not any(line.endswith(f":: {major}.{minor - 1}") for line in listed)
