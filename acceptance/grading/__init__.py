"""Grading a class: submissions run confined (the bubblewrap sandbox with its limits, or an
unprivileged user of their own), the grading store, points, the instructors' reports and class
page, the causes of failures, Gradescope and the merging of shards."""
