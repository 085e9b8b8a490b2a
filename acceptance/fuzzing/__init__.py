"""Fuzzing and shrinking: random games against the oracle, and the shortest script that still
shows a difference, kept as a new test."""
