"""Speed figures, printed by ``make bench`` (``python -m bench``): benchmarks, not timed tests.

Each module ``bench/bench_*.py`` exposes ``run() -> None``, which prints its figures.
"""
