"""Canfield for reinforcement learning: a Gymnasium environment.

Needs the ``gym`` extra (``pip install "pycanfield[gym]"``, which brings Gymnasium and
NumPy).  Importing this module registers :class:`CanfieldEnv` with Gymnasium as
``"pycanfield/Canfield-v0"``, so either of these works:

.. code-block:: python

   import gymnasium
   import pycanfield.gym

   env = gymnasium.make("pycanfield/Canfield-v0", draw=1)
   env = gymnasium.make("pycanfield.gym:pycanfield/Canfield-v0")  # imports this module

A masked random agent:

>>> env = CanfieldEnv(max_steps=50)
>>> obs, info = env.reset(seed=7)
>>> done = False
>>> while not done:
...     action = env.action_space.sample(mask=info["action_mask"])
...     obs, reward, terminated, truncated, info = env.step(action)
...     assert not info["illegal"]
...     done = terminated or truncated
"""

from __future__ import annotations

import gymnasium

from ._gym_env import ENV_ID, CanfieldEnv, action_mask_array, observe_array

__all__ = ["ENV_ID", "CanfieldEnv", "action_mask_array", "observe_array"]

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="pycanfield.gym:CanfieldEnv")
