"""The benchmarks of `make bench`: the oracle, the BASIC games, the sandbox, grading and how it
scales with the jobs, the reports and the web page, each measured against its target; and the
integrity review's generated class (`similarity`)."""
