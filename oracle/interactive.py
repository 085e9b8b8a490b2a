"""`oracle -i`: commands typed one line at a time after the prompt, errors reported per line."""

from __future__ import annotations

from typing import TextIO

from model.session import Session
from oracle.calls import ScriptError
from oracle.declarations import DECLARATIONS
from oracle.parser import BLANKS, parse
from oracle.runner import run_step, state
from oracle.typecheck import check_calls

PROMPT = "->"
QUIT = "quit"
MAN = "man"


def interact(stdin: TextIO, stdout: TextIO, echo: bool = False) -> int:
    """Print the initial state, then answer each line after the prompt until `quit` or end of
    input; with `echo` (input that is no terminal) each line is printed after the prompt as a
    terminal would have shown it, so that each answer keeps its own line."""
    session = Session()
    stdout.write(state(session))
    while True:
        stdout.write(PROMPT)
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return 0
        if echo:
            stdout.write(line.removesuffix("\n") + "\n")
        answer = reply(line, session)
        if answer is None:
            return 0
        stdout.write(answer)


def reply(line: str, session: Session) -> str | None:
    """What a typed line prints (the manual, its error or the states), or None for `quit`;
    the web page's console answers through it too."""
    typed = line.strip(BLANKS + "\n")
    if typed == QUIT:
        return None
    return manual() if typed == MAN else respond(line, session)


def respond(line: str, session: Session) -> str:
    """What one typed line prints: its error, or the state after each of its commands.

    The line's first command is not echoed (the user just typed it); any further command on the
    same line is, so a transcript reads like batch output.
    """
    try:
        steps = check_calls(parse(line.rstrip("\n")))
    except ScriptError as error:
        return error.report()
    if not steps:
        return ""
    first, *rest = steps
    first.command.apply(session)
    return state(session) + "".join(run_step(step, session) for step in rest)


def manual() -> str:
    """The commands as declared, with the two words only interactive mode knows."""
    lines = ["Commands (several may share a line; arguments as in move(A,8)):"]
    lines += [f"  {declaration}" for declaration in DECLARATIONS.values()]
    lines += [f"  {MAN}: print this manual", f"  {QUIT}: end the session"]
    return "\n".join(lines) + "\n"
