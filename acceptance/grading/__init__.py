"""Grading a class, the orchestration: a grading's settings and steps, its runs on threads, worker
processes, the isolation chosen, stopping, explaining failures, and merging shards."""
