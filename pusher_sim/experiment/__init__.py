"""Batch physics experiments: plans over push and physics parameters, run on all cores or a
Dask cluster, written as Parquet or CSV tables and drawn as outcome maps."""
