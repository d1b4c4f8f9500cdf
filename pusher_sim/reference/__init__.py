"""A 3-D reference model of the Pusher board in MuJoCo, to measure the 2-D model against.

Optional: it needs the ``mujoco`` package (``pip install '.[reference]'``). The game and the
window never import it. docs/physics.md, "The 3-D reference", has the reasoning.
"""
