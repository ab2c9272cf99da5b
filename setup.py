"""Builds the bots' compiled cores; everything else is declared in pyproject.toml.

``pip install -e .`` compiles game/bots/solver/_core.c and game/bots/ismcts/_mcts.c in
place (gcc and the Python headers are all they need).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "game.bots.solver._core",
            sources=["game/bots/solver/_core.c"],
            extra_compile_args=["-O3", "-std=gnu11"],
        ),
        Extension(
            "game.bots.ismcts._mcts",
            sources=["game/bots/ismcts/_mcts.c"],
            extra_compile_args=["-O3", "-std=gnu11"],
            libraries=["m"],
        ),
    ]
)
