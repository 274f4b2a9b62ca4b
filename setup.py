"""Packaging: metadata and options live in setup.cfg; the package layout is here.

The shipped word lists sit in the top-level ``wordlists/`` folder of the project (with
their README and notice) and are installed as ``referee/wordlists/`` by mapping that
package to the folder, which setup.cfg alone cannot add to ``find:``. The lexicon looks
in ``referee/wordlists/`` first (an installed copy) and then in ``../wordlists/`` (a
checkout, an editable install), so both kinds of install find the same files.

The manual pages (``man/*.1``) are installed the same way, as ``referee/man/``:
``referee help GAME`` shows them where ``man`` is not installed (a phone), and ``pip
install .`` copies nothing outside the package.
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["referee", "referee.*"]) + ["referee.wordlists", "referee.man"],
    package_dir={"referee.wordlists": "wordlists", "referee.man": "man"},
)
