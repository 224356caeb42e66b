"""pencilbox: exact solvers, graders and strong bots for pencil-and-paper grid games.

Modules:

- ``pencilbox.dots``: Dots-and-Boxes (exact values, endgames, playing engines), on OpenSpiel's
  line strings.
- ``pencilbox.slither``: Slitherlink (solve with proof of uniqueness, grade on Loopy's scale,
  explain step by step, generate).
- ``pencilbox.islands``: the Islands game (boards, legal moves, the referee's verdict, bots).
- ``pencilbox.walls``: the Wall Making Game (Sprague-Grundy values, winning moves, play).
- ``pencilbox.openspiel``: a ``pyspiel.Bot`` and exact values of OpenSpiel states (extra
  ``openspiel``).
- ``pencilbox.envs``: PettingZoo environments (extra ``pettingzoo``).

Bad input raises :class:`InputError`, a :class:`ValueError` with the engine's message.
"""

from pencilbox._native import InputError, __version__
from pencilbox import dots, islands, slither, walls

__all__ = ["InputError", "__version__", "dots", "islands", "slither", "walls"]
