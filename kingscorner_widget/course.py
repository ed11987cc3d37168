"""The tutorial notebooks the package ships, in the order a learner takes them.

This list, not a folder's contents, is what travels: the wheel's ``tutorials/`` holds exactly
these files (``hatch_build.py`` reads the list), and ``kingscorner tutorials DIR`` copies exactly
these, so a checkpoint, an ``Untitled.ipynb`` or a learner's progress left in ``notebooks/``
never reaches a user. A new tutorial is one more name here (a test holds the list to the
notebooks git tracks).

>>> TUTORIALS[0]
'01-learn-the-rules.ipynb'
>>> len(TUTORIALS)
9
"""

from __future__ import annotations

__all__ = ["TUTORIALS"]

TUTORIALS: tuple[str, ...] = (
    "01-learn-the-rules.ipynb",
    "02-pile-transfer-combo.ipynb",
    "03-play-against-the-computer.ipynb",
    "04-exploring-positions.ipynb",
    "05-scoring-a-match.ipynb",
    "06-strategy-by-simulation.ipynb",
    "07-review-and-practice.ipynb",
    "08-write-your-own-player.ipynb",
    "09-for-teachers.ipynb",
)
"""The notebooks' file names in ``notebooks/`` (and in an installed package's ``tutorials/``)."""
