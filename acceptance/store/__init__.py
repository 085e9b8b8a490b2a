"""The grading store: every finished run kept the moment it ends (SQLite), under a key of digests
of all it depends on."""
