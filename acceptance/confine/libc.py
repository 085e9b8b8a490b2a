"""The C library as the confining mechanisms call it (unshare, setns, mount, inotify, a thread's
own setresuid): one handle, errno kept, for every module of `confine` that runs in the grader."""

import ctypes

LIBC = ctypes.CDLL(None, use_errno=True)
