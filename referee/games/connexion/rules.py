"""Kept for ``bench/replay_bench.py`` alone, which reads ``rules.legal_letters`` and is
not this package's to change. The rules of Cosmic ConneXion live by topic: placing.py,
claims.py, celestial.py, contests.py, bonus.py, ending.py, corrections.py and turns.py
(moves.py declares each move's check and effect)."""

from referee.games.connexion.placing import legal_letters  # noqa: F401 (the bench)
