"""Batch physics experiments: plans over push and physics parameters, run on all cores or a
Dask cluster, written as Parquet or CSV tables and drawn as outcome maps.

From Python, a :class:`Spec` (what ``pusher experiment`` reads from a TOML file, docs/spec.md)
becomes a :class:`Job` by :func:`build_job`; :func:`run_point` pushes one point of its plan and
measures it (:data:`MEASURES`). The names are imported on first use: the physics and pyarrow load
only when an experiment runs.
"""

from __future__ import annotations

from pusher_sim.lazy import exports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pusher_sim.experiment.params import Grid, Sample, parse_grid, parse_sample
    from pusher_sim.experiment.plan import Plan
    from pusher_sim.experiment.plot import outcome_map
    from pusher_sim.experiment.prepare import build_job
    from pusher_sim.experiment.run import MEASURES, Job, run_point
    from pusher_sim.experiment.spec import Spec, load_spec

__all__ = [
    "MEASURES",
    "Grid",
    "Job",
    "Plan",
    "Sample",
    "Spec",
    "build_job",
    "load_spec",
    "outcome_map",
    "parse_grid",
    "parse_sample",
    "run_point",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = exports(__name__)
