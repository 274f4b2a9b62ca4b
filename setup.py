"""Packaging: metadata and options live in setup.cfg; the package layout is here.

The shipped word lists sit in the top-level ``wordlists/`` folder of the project (with
their README and notice) and are installed as ``referee/wordlists/`` by mapping that
package to the folder, which setup.cfg alone cannot add to ``find:``. The lexicon looks
in ``referee/wordlists/`` first (an installed copy) and then in ``../wordlists/`` (a
checkout, an editable install), so both kinds of install find the same files.
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["referee", "referee.*"]) + ["referee.wordlists"],
    package_dir={"referee.wordlists": "wordlists"},
)
