"""Running and comparing: the cases of a suite, a script's output (a game's clone in process, an
external program, PC-BASIC for the BASIC games), the byte-exact comparison, the places a report
names, Space Defender 2 scripts cut into commands, and the reports of `at run` and `at regen`."""
