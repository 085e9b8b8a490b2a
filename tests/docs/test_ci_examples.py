"""The CI jobs of examples/ for a student's repository (GitHub Actions, GitLab CI): their command
lines run in a scratch repository, with `at` of this checkout installed and `pip install` stood
in for, run the public suite on the student's program and write the JUnit report; a wrong
program makes the job fail."""

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = '"$(dirname "$(dirname "$2")")/expected/$(basename "$2" .txt).expected.txt"'
PROGRAMS = {
    "right": f"#!/bin/sh\ncat {EXPECTED}\n",
    "wrong": f"#!/bin/sh\nsed '1s/$/ /' {EXPECTED}\n",
}
# `pip install` of the package the job names: here a check that it is named, `at` being installed.
Job = Callable[[], tuple[dict[str, str], list[str]]]
PIP = '#!/bin/sh\n[ "$1" = install ] && [ -n "$2" ] && echo "installed $2"\n'


def github_job() -> tuple[dict[str, str], list[str]]:
    """The environment and the `run` lines of the GitHub Actions job."""
    workflow = yaml.safe_load((ROOT / "examples" / "github-actions.yml").read_text())
    (job,) = workflow["jobs"].values()
    return job["env"], [step["run"] for step in job["steps"] if "run" in step]


def gitlab_job() -> tuple[dict[str, str], list[str]]:
    """The variables and the script lines of the GitLab CI job."""
    job = yaml.safe_load((ROOT / "examples" / "gitlab-ci.yml").read_text())["acceptance"]
    return job["variables"], job["script"]


def run_job(job: tuple[dict[str, str], list[str]], repository: Path) -> int:
    """Run a job's command lines in a repository as its CI would (stop at the first that fails);
    the exit status of the last one run."""
    variables, lines = job
    bin_folder = repository.parent / "bin"
    bin_folder.mkdir(exist_ok=True)
    (bin_folder / "pip").write_text(PIP)
    (bin_folder / "pip").chmod(0o755)
    path = os.pathsep.join([str(bin_folder), str(Path(sys.executable).parent), os.environ["PATH"]])
    environment = {**os.environ, **variables, "PATH": path}
    for line in lines:
        status = subprocess.run(
            ["bash", "-e", "-c", line], cwd=repository, env=environment
        ).returncode
        if status:
            return status
    return 0


def student(tmp_path: Path, kind: str) -> Path:
    """A student's repository with its program (no Makefile: nothing to build)."""
    repository = tmp_path / "repository"
    repository.mkdir()
    (repository / "space_defender_2").write_text(PROGRAMS[kind])
    (repository / "space_defender_2").chmod(0o755)
    return repository


@pytest.mark.parametrize("job", [github_job, gitlab_job], ids=["github", "gitlab"])
def test_the_job_runs_the_public_suite_and_writes_the_junit_report(
    tmp_path: Path, job: Job
) -> None:
    repository = student(tmp_path, "right")
    assert run_job(job(), repository) == 0
    suite = ElementTree.parse(repository / "acceptance.xml").getroot()
    assert int(suite.get("tests", "0")) == len(list((ROOT / "at").glob("*.txt")))
    assert suite.get("failures") == suite.get("errors") == "0"


@pytest.mark.parametrize("job", [github_job, gitlab_job], ids=["github", "gitlab"])
def test_a_wrong_program_fails_the_job_with_its_failures_reported(tmp_path: Path, job: Job) -> None:
    repository = student(tmp_path, "wrong")
    assert run_job(job(), repository) == 1
    suite = ElementTree.parse(repository / "acceptance.xml").getroot()
    assert suite.get("failures") == suite.get("tests") != "0"
