"""A module of the package as it was at an earlier revision, loaded beside today's, so a
bench can time the code before and after a change in one run on the same cases (the
machine's load swings more between runs than most changes save)."""

import os
import subprocess
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def module_at(revision, path):
    """The module at ``path`` (e.g. ``referee/games/colors/hint.py``) as it was at
    ``revision`` (``git show``), or None without git or that revision."""
    package = os.path.dirname(path).replace("/", ".")
    stem = os.path.splitext(os.path.basename(path))[0]
    name = f"{package}._{stem}_" + revision.replace("~", "_").replace("^", "_")
    try:
        source = subprocess.run(["git", "-C", ROOT, "show", f"{revision}:{path}"],
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType(name)
    module.__package__ = package
    module.__file__ = f"{os.path.basename(path)}@{revision}"
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module
