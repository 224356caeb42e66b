"""The packages the environments need (the extra ``pettingzoo``), imported once: a missing one
says which extra installs it."""

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle, seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - the tests install every extra
    raise ImportError(
        f'pencilbox.envs needs PettingZoo and Gymnasium ({e.name} is missing): '
        'pip install "pencilbox[pettingzoo]"'
    ) from e

__all__ = ["AECEnv", "EzPickle", "gymnasium", "np", "seeding", "spaces", "wrappers"]
