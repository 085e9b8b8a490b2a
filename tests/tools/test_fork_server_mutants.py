"""The fork server's mutants (tools.mutation.blind_spots, ALONE): the script that runs on its own
(`python -I -S`) is mutated whole, each mutant is the file the spawner starts, its mutants are
drawn in the harness's stratified sample, and the fork server's tests kill a known one."""

import os
import subprocess
import sys
from pathlib import Path

from acceptance.confine import forkserver
from tests.acceptance.confine.test_sandbox_limits import need
from tools.mutation import stratified
from tools.mutation.blind_spots import Mutant, environment, module_mutants
from tools.mutation.run import PACKAGES, Worker, blind_files, modules, mutmut_table

SERVER = "acceptance.confine.forkserver"
SIGNAL_RESET = f"{SERVER}::DEFAULTED::0"  # the signals defaulted from 2 on: SIGHUP left out
SERVER_TESTS = "tests/acceptance/confine/test_fork_server.py"


def test_the_fork_server_is_mutated_whole_by_the_blind_spots_not_by_mutmut() -> None:
    mutants = module_mutants(SERVER)
    line = (
        Path(forkserver.__file__)
        .read_text(encoding="utf-8")
        .splitlines()
        .index("DEFAULTED = tuple(range(1, signal.NSIG))")
    )
    assert Mutant(SERVER, "DEFAULTED", 0, line + 1, "1 -> 2") in mutants
    assert {"unignored", "spawn", "serve", "main"} <= {mutant.place for mutant in mutants}
    acceptance = PACKAGES["acceptance"]
    assert Path(forkserver.__file__) in blind_files(acceptance)
    assert '"acceptance/confine/forkserver.py"' in mutmut_table(acceptance)  # do_not_mutate


def test_the_stratified_sample_draws_the_fork_servers_mutants_in_proportion() -> None:
    """A stratum of its own, among the harness's modules."""
    every = [mutant.name for mutant in module_mutants(SERVER)] + ["acceptance.cli.main.x_f"]
    drawn = stratified.draw(every, [SERVER, "acceptance.cli.main"], 11, seed=0)
    assert sum(name.startswith(f"{SERVER}::") for name in drawn) == 10
    assert SERVER in modules(PACKAGES["acceptance"])


def server_source(mutant: str, site: Path) -> str:
    """The source of the fork server the spawner starts, in a new process with the mutant on."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from acceptance.confine import spawner\n"
            "print(spawner.FORKSERVER.read_text(encoding='utf-8'))",
        ],
        env=environment(mutant, site),
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_the_spawner_starts_the_mutant_of_the_fork_server_as_a_file_of_its_own(
    tmp_path: Path,
) -> None:
    assert "range(1, signal.NSIG)" in server_source("", tmp_path)
    mutated = server_source(SIGNAL_RESET, tmp_path)
    assert "range(2, signal.NSIG)" in mutated and "range(1, signal.NSIG)" not in mutated


def test_the_signal_reset_from_signal_2_is_killed_by_the_fork_servers_tests(
    tmp_path: Path,
) -> None:
    """SIGHUP left as the grader had it: a run's signals are not all at their default."""
    need("" if os.geteuid() == 0 else "the fork server's runs as other users need root")
    arguments = ["-x", "-q", "-p", "no:cacheprovider", SERVER_TESTS, "-k", "every_signal"]
    worker = Worker(arguments, tmp_path / "site", {"CI": "true"})
    try:
        assert worker.verdict("", 300) == "survived"
        assert worker.verdict(SIGNAL_RESET, 300) == "killed"
    finally:
        worker.close()


def test_a_mutant_of_the_server_is_the_server_the_grader_starts(tmp_path: Path) -> None:
    """Its reply 'ready' misspelt: the grader cannot use the servers the tests start."""
    need("" if os.geteuid() == 0 else "the fork server's runs as other users need root")
    ready = next(m for m in module_mutants(SERVER) if m.change == "'ready' -> 'XXreadyXX'")
    arguments = ["-x", "-q", "-p", "no:cacheprovider", SERVER_TESTS, "-k", "every_signal"]
    worker = Worker(arguments, tmp_path / "site", {"CI": "true"})
    try:
        assert worker.verdict(ready.name, 300) == "killed"
    finally:
        worker.close()
