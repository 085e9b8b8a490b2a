"""Gradescope: a submission's results.json and the autograder bundle an instructor uploads."""
