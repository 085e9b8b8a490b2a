"""A small re-implementation of the course's regression-testing/ETF_Test.py, from its documented
behaviour, for the tests of `at etf` to run side by side with it (the original is course material
and is not shipped). It imports ETF_Test_Parameters from the folder it is run from, as the
original does, and runs the oracle and the program through the shell."""

import os
import shutil
import subprocess
import sys
from itertools import zip_longest

import ETF_Test_Parameters as settings  # type: ignore[import-not-found]


def scripts_under(paths: list[str], warnings: list[str]) -> list[str]:
    """Each listed file named NAME.txt (not NAME.expected.txt); folders are walked by name."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            out += scripts_under(sorted(entry.path for entry in os.scandir(path)), warnings)
            continue
        name = os.path.basename(path)
        if name.endswith(".txt") and not name.endswith(".expected.txt"):
            if os.path.isfile(path):
                out.append(path)
            else:
                warnings.append(f"Warning: File {path} is listed but can not be found")
    return out


def once_each(paths: list[str], warnings: list[str]) -> list[str]:
    """The paths without repeats, each repeat warned about."""
    seen: list[str] = []
    for path in paths:
        if path in seen:
            warnings.append(f"Warning: File {path} already in list")
        else:
            seen.append(path)
    return seen


def planned(paths: list[str], warnings: list[str]) -> list[tuple[str, str, str, str]]:
    """(script, expected source, expected log, actual log) of each test; log folders renewed."""
    tests = []
    for path in paths:
        script = os.path.normpath(path)
        folder, name = os.path.dirname(script), os.path.basename(script).split(".")[0]
        sub = os.path.relpath(folder, start=settings.root)
        for junk in ("../", "~/", "./"):
            sub = sub.replace(junk, "")
        log = os.path.join("log", sub)
        if os.path.exists(log):
            shutil.rmtree(log)
        os.makedirs(log)
        source = os.path.join(folder, name + ".expected.txt")
        if settings.is_expected and not os.path.isfile(source):
            warnings.append(f"Warning: File {script} is listed but {source} can not be found")
            continue
        tests.append(
            (
                os.path.relpath(script),
                source,
                os.path.join(log, name + ".expected.txt"),
                os.path.join(log, name + ".actual.txt"),
            )
        )
    return tests


def same(actual: str, expected: str) -> bool:
    """Byte for byte, or line by line in words with blank lines dropped when tolerant."""
    if not settings.is_tolerant_on_white_spaces:
        with open(actual, "rb") as left, open(expected, "rb") as right:
            return left.read() == right.read()
    with open(actual) as left, open(expected) as right:
        kept = [[line for line in side if line.strip()] for side in (left, right)]
    return all(a.split() == e.split() for a, e in zip_longest(*kept, fillvalue=""))


def main() -> None:
    """Warn, produce the expected and actual outputs, compare, and print the summary."""
    warnings: list[str] = []
    listed = scripts_under(
        [os.path.join(settings.root, p) for p in settings.acceptance_tests], warnings
    )
    tests = planned(once_each(listed, warnings), warnings)
    if warnings:
        print("\n".join(warnings))
        if not settings.ignore_warnings:
            print(
                "System exit: to proceed fix warnings or enabled ignore_warnings in"
                " ETF_Test_Parameters.py"
            )
            sys.exit(1)
    for script, source, expected, _ in tests:
        if settings.is_expected:
            shutil.copyfile(source, expected)
        else:
            subprocess.run(
                f"{os.path.normpath(settings.oracle)} -b {script} > {expected}", shell=True
            )
    for script, _, _, actual in tests:
        subprocess.run(f"{os.path.normpath(settings.executable)} -b {script} >{actual}", shell=True)
    results = []
    for _, _, expected, actual in tests:
        if same(actual, expected):
            if not settings.print_only_errors:
                results.append(f"Success: {actual} and {expected} are identical.")
        elif settings.format_for_diff:
            results.append(" ".join([settings.format_for_diff.strip(), actual, expected, "&"]))
        else:
            results.append(f"Error: {actual} and {expected} do not match.")
    failed = sum(not line.startswith("Success: ") for line in results)
    head = f"Test Results: {len(tests) - failed}/{len(tests)} passed."
    rule = "=" * len(head)
    print("\n".join([rule, head, rule, *(results or ["All tests pass!!!"]), rule, head, rule]))


if __name__ == "__main__":
    main()
