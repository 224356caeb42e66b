"""PettingZoo environments of the games (the extra ``pettingzoo``): ``islands_v0``."""

from pencilbox.envs import islands_v0

__all__ = ["islands_v0"]
