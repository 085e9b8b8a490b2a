"""The benchmarks of `make bench`: the oracle, the BASIC games, the sandbox, grading, the reports
and the web page, each measured against its target."""
