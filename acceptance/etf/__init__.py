"""The course's ETF_Test.py answered by the harness: its parameters file, read never run, and the
tests, warnings, logs and summary it gives."""
