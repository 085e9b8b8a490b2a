"""The acceptance harness `at`: run scripts through the oracle or a student's program, and grade."""
