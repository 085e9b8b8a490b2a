"""Planted bugs: mutants of model/'s rule functions run as a student's program
(`python -m tools.planted MUTANT`), and what the project measures with them: whether `oracle
-why` and `at run`'s causes name the function at fault (`make why-mutants`), how many the public
suite and `at fuzz` find (`make fuzz-power`, `make fuzz-power-timed`), how small `at shrink`
makes their failing tests."""
