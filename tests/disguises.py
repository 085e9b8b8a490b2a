"""The corpus of the similarity tests: the programs of tests/similarity/ made into submissions
(the ETF base beside each program's own files), and copies of one disguised as a student hiding
a copy would: identifiers renamed, comments rewritten, files renamed, routines reordered."""

import re
import shutil
from collections.abc import Callable
from pathlib import Path

CORPUS = Path(__file__).parent / "similarity"
BASE = CORPUS / "base"
PROGRAMS = ("alpha", "beta", "gamma", "delta")  # written independently to one brief
KEYWORDS = frozenset(
    "across agent alias all and as assign attribute attached check class convert create current"
    " debug deferred detachable do else elseif end ensure expanded export external false feature"
    " from frozen if implies inherit inspect invariant like local loop not note obsolete old once"
    " none or precursor redefine rename require rescue result retry select separate some then true"
    " undefine until variant void when xor".split()
)
IDENTIFIER = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'|\b[A-Za-z][A-Za-z0-9_]*\b")  # or a literal
COMMENT = re.compile(r"--.*$", re.MULTILINE)


def submission(program: str, folder: Path) -> Path:
    """A submission of one program: the base's files, the program's own on top."""
    shutil.copytree(BASE, folder)
    shutil.copytree(CORPUS / program, folder, dirs_exist_ok=True)
    return folder


def rename_identifiers(text: str) -> str:
    """Every identifier but the keywords and the base's (ETF_ names) renamed consistently, the
    literals kept."""

    def renamed(match: re.Match[str]) -> str:
        word = match.group()
        if word[0] in "'\"" or word.lower() in KEYWORDS or word.lower().startswith("etf_"):
            return word
        return f"Q{word[::-1]}" if word.isupper() else f"v_{word[::-1].lower()}"

    return IDENTIFIER.sub(renamed, text)


def rewrite_comments(text: str) -> str:
    """Every comment rewritten in other words, and a new one before each feature clause."""
    text = COMMENT.sub(lambda match: f"-- note {len(match.group())}: see the brief", text)
    return re.sub(r"^feature", "-- the student's own work\nfeature", text, flags=re.MULTILINE)


def reorder_routines(text: str) -> str:
    """The routines of every feature clause in reverse order (a routine starts on a line
    indented by one tab)."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    block: list[list[str]] = []

    def flush() -> None:
        out.extend(line for routine in reversed(block) for line in routine)
        block.clear()

    inside = False
    for line in lines:
        if inside and line.startswith("\t") and not line.startswith("\t\t"):
            block.append([line])
        elif block and (line.startswith("\t\t") or not line.strip()):
            block[-1].append(line)
        elif inside and not line.strip():
            out.append(line)
        else:
            flush()
            out.append(line)
            inside = line.startswith("feature")
    flush()
    return "".join(out)


def rename_files(folder: Path) -> None:
    """The program's own files moved into a sub-folder under other names (the base's kept)."""
    inner = folder / "src" / "game_logic"
    inner.mkdir(parents=True)
    for path in sorted(folder.glob("*.e")):
        if not (BASE / path.name).exists() or path.name == "etf_model.e":
            path.rename(inner / f"my_{path.stem}_class.e")


def edit_texts(folder: Path, edit: Callable[[str], str]) -> None:
    """Apply an edit to the text of every Eiffel file of a submission."""
    for path in folder.rglob("*.e"):
        path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")


def disguised(program: str, disguise: str, folder: Path) -> Path:
    """A copy of a program's submission under a disguise: renamed, recommented, moved,
    reordered, or all four."""
    submission(program, folder)
    if disguise in ("renamed", "all"):
        edit_texts(folder, rename_identifiers)
    if disguise in ("recommented", "all"):
        edit_texts(folder, rewrite_comments)
    if disguise in ("reordered", "all"):
        edit_texts(folder, reorder_routines)
    if disguise in ("moved", "all"):
        rename_files(folder)
    return folder


DISGUISES = ("renamed", "recommented", "moved", "reordered", "all")
