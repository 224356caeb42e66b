"""PettingZoo environments of the games (the extra ``pettingzoo``): ``dots_v0``, ``islands_v0``."""

from pencilbox.envs import dots_v0, islands_v0

__all__ = ["dots_v0", "islands_v0"]
