"""The `at` command line: one module per command (`main`: the parser, `at run`, `regen` and
`new`), and the options they share. It parses, calls the harness and prints; it holds no rule."""
