"""Builds the compiled cores; everything else is declared in pyproject.toml.

``pip install -e .`` compiles game/bots/solver/_core.c (the strong computer player's
solver) in place, and in a checkout that has bench/, the sparring partner's
bench/sparring/ismcts/_mcts.c (gcc and the Python headers are all they need). The site
never imports the latter, and an image built from game/ alone (Dockerfile) leaves it out.
"""

from pathlib import Path

from setuptools import Extension, setup

SPARRING_CORE = Path("bench/sparring/ismcts/_mcts.c")

extensions = [
    Extension(
        "game.bots.solver._core",
        sources=["game/bots/solver/_core.c"],
        extra_compile_args=["-O3", "-std=gnu11"],
    ),
]
if SPARRING_CORE.exists():
    extensions.append(
        Extension(
            "bench.sparring.ismcts._mcts",
            sources=[str(SPARRING_CORE)],
            extra_compile_args=["-O3", "-std=gnu11"],
            libraries=["m"],
        )
    )

setup(ext_modules=extensions)
