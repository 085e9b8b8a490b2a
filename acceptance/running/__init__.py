"""Running and comparing: the cases of a suite, a script's output (a game's clone in process, an
external program), the byte-exact comparison, the places a report names, the cause of a
difference (the rule the program missed), and the reports of `at run` and `at regen`."""
