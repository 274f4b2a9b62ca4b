"""Packaging shim: everything lives in setup.cfg."""
from setuptools import setup

setup()
