"""The benchmarks, run as scripts (python benchmarks/NAME.py): a package only so that the
import contracts (pyproject.toml) check them."""
