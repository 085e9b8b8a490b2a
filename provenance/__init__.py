"""Why the oracle printed each line: the rule table, the recording of a run, the explanations."""
