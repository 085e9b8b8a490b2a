"""Running and comparing: the cases of a suite, a run's outcome as data, the byte-exact
comparison, the places a report names, the cause of a difference (the rule the program missed),
and the reports of `at run`. The programs themselves are started in `acceptance.processes`."""
