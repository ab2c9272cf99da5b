"""Builds the bots' compiled solver core; everything else is declared in pyproject.toml.

``pip install -e .`` compiles game/bots/solver/_core.c in place (gcc and the Python
headers are all it needs).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "game.bots.solver._core",
            sources=["game/bots/solver/_core.c"],
            extra_compile_args=["-O3", "-std=gnu11"],
        )
    ]
)
