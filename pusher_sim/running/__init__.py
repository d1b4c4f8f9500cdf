"""Shared running of work: the process pool, the chunked runner (local or Dask), the dataset a
run writes, its provenance and the lock on its output. Experiments, validations and tournaments
use it from above; it knows none of them."""
