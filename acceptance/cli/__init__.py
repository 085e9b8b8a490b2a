"""The `at` command line: one module per command (`main`: the parser, `at run` and `regen`;
`regen`: the expected files and new scripts they write), and the options they share. It parses,
calls the harness and prints; it holds no rule."""
