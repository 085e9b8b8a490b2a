"""The integrity review: code similarity between submissions, pairs alone printing the same wrong
output, their page and the section a grading's report ends with."""
