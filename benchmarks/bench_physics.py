"""Physics benchmark: the same as ``pusher bench`` (see pusher_sim/benchmarking.py).

Run: ``.venv/bin/python benchmarks/bench_physics.py [--json] [--seconds S] [--workers 1,2]``.
"""

from pusher_sim.benchmarking import main

if __name__ == "__main__":
    raise SystemExit(main())
