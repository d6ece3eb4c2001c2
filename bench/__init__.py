"""Benchmarks (``make bench``, ``make bench-analyse``). Not part of the test suite."""
