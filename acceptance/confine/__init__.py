"""Confining a graded program, one module per mechanism: the jail interface, limits, the run users,
namespaces, bubblewrap, kept sandboxes and their fork servers, the spawner, an unprivileged user
alone, and what a run leaves behind."""
