"""The process machinery below the confinement: starting a program by posix_spawn, running it to
its end or its limits, and how a pool of the harness's own processes starts."""
