"""Grading a class, the orchestration: a grading's settings and steps, the grader's threads, worker
processes, the isolation chosen, stopping, explaining failures, and merging shards."""
