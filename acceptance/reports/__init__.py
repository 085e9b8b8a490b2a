"""The instructors' reports of a graded class: grades, the class page, the slips failures share and
the tests nobody passes; with the HTML every page shares."""
