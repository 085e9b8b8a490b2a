"""Code similarity of a class's submissions: every pair scored by the code they share, so that an
instructor knows which pairs to look at. The scores are leads, not findings.

Each source file is cut into tokens by Pygments' lexer for its name (Eiffel for `*.e`), dropping
what a disguise changes (comments, layout, identifiers, strings and numbers each one token). Runs
of K tokens are hashed and winnowed over windows of WINDOW runs, so that any run of K + WINDOW - 1
tokens two submissions share leaves them a fingerprint in common; the base's fingerprints and
those of more than `common` submissions are left out. An inverted index finds the pairs, so the
work grows with the fingerprints, not with the square of the class. A pair's score is
2|A∩B| / (|A| + |B|). What is compared and why: docs/how-to/integrity.md.
"""

import contextlib
import functools
import os
import stat
import zlib
from array import array
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from pygments.lexer import Lexer
from pygments.lexers import get_lexer_for_filename
from pygments.lexers.eiffel import EiffelLexer
from pygments.token import Comment, Literal, Name, String, _TokenType, is_token_subtype
from pygments.util import ClassNotFound

from acceptance.errors import HarnessError
from acceptance.marking.submissions import folder_names
from acceptance.processes.pools import pool_start
from acceptance.progress import SILENT, Progress, paused
from acceptance.running.cases import shown

K = 12  # tokens hashed together: shorter shared runs are what any two programs have
WINDOW = 12  # runs per window: a shared run of K + WINDOW - 1 tokens is always found
THRESHOLD = 0.3  # a pair at or above this score is flagged
COMMON = 10  # a fingerprint of more submissions than this is code everybody has
LARGEST = 1 << 20  # bytes: a larger file is not read (generated, or not code)
SKIPPED = frozenset({".git", "EIFGENs"})  # folders never read: git's and EiffelStudio's output
NOT_CODE = frozenset(  # Pygments lexers of prose and data, not counted as code
    {"text", "markdown", "rst", "json", "yaml", "xml", "toml", "ini", "csv", "html", "css"}
)
OCCURRENCES = 4  # places of one fingerprint in a file followed when matching fragments
REACH = K + WINDOW  # tokens between two fingerprints of one fragment, at most
STANDINGS = ((Comment, ""), (Name, "N"), (String, "S"), (Literal, "0"))  # "": not counted
Fingerprint = tuple[int, int]  # a kept hash and the token its run starts at


@dataclass(frozen=True)
class Source:
    """A file of a submission as similarity sees it: its path in the submission, the line of
    each of its tokens, and its fingerprints."""

    path: str
    lines: "array[int]"
    prints: tuple[Fingerprint, ...]


@dataclass(frozen=True)
class Code:
    """A submission's code: its name, folder, files and the set of its own fingerprints (the
    base's and the class's common ones left out)."""

    name: str
    folder: Path
    sources: tuple[Source, ...]
    own: frozenset[int]


@dataclass(frozen=True)
class Pair:
    """Two submissions (by number, a before b), their score and the fingerprints they share."""

    a: int
    b: int
    score: float
    shared: int


@dataclass(frozen=True)
class Similarity:
    """The code of a class and its pairs, most similar first, with the threshold of flagging."""

    codes: tuple[Code, ...]
    pairs: tuple[Pair, ...]
    threshold: float

    def flagged(self, pair: Pair) -> bool:
        """Whether a pair is flagged: its score is at or above the threshold."""
        return pair.score >= self.threshold


def lexer_for(path: Path) -> Lexer | None:
    """Pygments' lexer of a source file by its name (Eiffel for `*.e`); None for a file that is
    not code."""
    if path.suffix == ".e":
        return EiffelLexer()
    try:
        lexer: Lexer = get_lexer_for_filename(path.name)
    except ClassNotFound:
        return None
    return None if NOT_CODE & set(lexer.aliases) else lexer


@functools.cache
def standing(token: _TokenType) -> str | None:
    """What every token of a type counts as (of STANDINGS), or None if each counts as its text;
    cached, the types being few."""
    for parent, stands in STANDINGS:
        if is_token_subtype(token, parent):
            return stands
    return None


def kind(token: _TokenType, value: str) -> str | None:
    """What a token counts as: None for comments and layout, `N` for an identifier, `S` for a
    string, `0` for a number, else its text (lower case: Eiffel's keywords ignore case)."""
    stands = standing(token)
    text = value.strip()
    if stands == "" or not text:
        return None
    return text.lower() if stands is None else stands


def tokens(text: str, lexer: Lexer, ids: dict[str, int]) -> tuple[list[int], "array[int]"]:
    """A source's counted tokens, each as a stable number (the CRC of its kind), with the line
    each starts on."""
    numbers: list[int] = []
    lines = array("I")
    line = 1
    for _, token, value in lexer.get_tokens_unprocessed(text):
        counted = kind(token, value)
        if counted is not None:
            number = ids.get(counted)
            if number is None:
                number = ids[counted] = zlib.crc32(counted.encode("utf-8"))
            numbers.append(number)
            lines.append(line)
        line += value.count("\n")
    return numbers, lines


def hashes(numbers: Sequence[int]) -> list[int]:
    """The hash of every run of K tokens, in order."""
    return [hash(tuple(numbers[start : start + K])) for start in range(len(numbers) - K + 1)]


def winnow(runs: Sequence[int]) -> tuple[Fingerprint, ...]:
    """The fingerprints winnowing keeps: the rightmost smallest hash of each window of WINDOW
    runs (of all runs when there are fewer), each once."""
    kept: list[Fingerprint] = []
    window: deque[int] = deque()  # positions whose hashes increase from the left
    width = min(WINDOW, len(runs))
    for position, value in enumerate(runs):
        while window and runs[window[-1]] >= value:
            window.pop()
        window.append(position)
        if window[0] <= position - width:
            window.popleft()
        if position >= width - 1 and (not kept or kept[-1][1] != window[0]):
            kept.append((runs[window[0]], window[0]))
    return tuple(kept)


def code_files(folder: Path) -> list[tuple[Path, Lexer]]:
    """The code files of a folder, in name order, with their lexers (git's and EiffelStudio's
    folders, links, what is not a plain file and files over LARGEST bytes left out)."""
    found: list[tuple[Path, Lexer]] = []
    for top, folders, files in os.walk(folder):
        folders[:] = sorted(
            name
            for name in folders
            if name not in SKIPPED and not os.path.islink(os.path.join(top, name))
        )
        for name in sorted(files):
            path = Path(top, name)
            lexer = lexer_for(path)
            if lexer is not None and plain_file(path):
                found.append((path, lexer))
    return found


def plain_file(path: Path) -> bool:
    """Whether a path is a plain file (not a link, a pipe or a device) of at most LARGEST
    bytes."""
    status = path.lstat()
    return stat.S_ISREG(status.st_mode) and status.st_size <= LARGEST


def read_sources(folder: Path, ids: dict[str, int]) -> list[tuple[Source, list[int]]]:
    """The sources of a folder, each with the hashes of all its runs; a one-line error if the
    folder cannot be read."""
    if not folder.is_dir():
        raise HarnessError(f"{shown(folder)} is not a folder")
    read: list[tuple[Source, list[int]]] = []
    try:
        for path, lexer in code_files(folder):
            text = path.read_bytes().decode("utf-8", "replace")
            numbers, lines = tokens(text, lexer, ids)
            runs = hashes(numbers)
            read.append((Source(path.relative_to(folder).as_posix(), lines, winnow(runs)), runs))
    except OSError as error:
        raise HarnessError(f"cannot read {shown(folder)}: {error.strerror}") from None
    return read


def base_hashes(folders: Iterable[Path], ids: dict[str, int]) -> set[int]:
    """The hash of every run of the base's code: a fingerprint among them is not a student's."""
    given: set[int] = set()
    for folder in folders:
        for _, runs in read_sources(folder, ids):
            given.update(runs)
    return given


def pair_counts(owns: Sequence[frozenset[int]], common: int) -> tuple[Counter[int], set[int]]:
    """How many fingerprints each pair of submissions shares (pair a < b as a * n + b), from the
    inverted index of fingerprints; and the fingerprints of more than `common` submissions."""
    index: dict[int, list[int]] = {}
    for number, own in enumerate(owns):
        for value in own:
            index.setdefault(value, []).append(number)
    counts: Counter[int] = Counter()
    frequent: set[int] = set()
    size = len(owns)
    for value, holders in index.items():
        if len(holders) > common:
            frequent.add(value)
        elif len(holders) > 1:
            counts.update(a * size + b for i, a in enumerate(holders) for b in holders[i + 1 :])
    return counts, frequent


def submission_sources(folder: Path) -> list[Source]:
    """The sources of a submission's folder (in a process of its own, when several read)."""
    return [source for source, _ in read_sources(folder, {})]


def all_sources(
    folders: Sequence[Path], jobs: int, progress: Progress = SILENT
) -> list[list[Source]]:
    """The sources of every submission, read by `jobs` processes at once (lexing is most of the
    work, and each submission's is its own), counted on the progress line as they come."""
    with contextlib.ExitStack() as stack:
        read: Iterator[list[Source]] = map(submission_sources, folders)
        if jobs > 1 and len(folders) > 1:
            with paused():  # the pool's processes are forked at its first task: no thread to copy
                pool = ProcessPoolExecutor(min(jobs, len(folders)), pool_start())
                read = stack.enter_context(pool).map(submission_sources, folders, chunksize=4)
        every = []
        for sources in read:
            every.append(sources)
            progress.advance()
        return every


def similarity(
    folders: Sequence[Path],
    base: Sequence[Path] = (),
    threshold: float = THRESHOLD,
    common: int = COMMON,
    jobs: int = 1,
    progress: Progress = SILENT,
) -> Similarity:
    """Every pair of the submissions in `folders` (each once, named as `at grade` names them)
    that shares code, most similar first, `jobs` processes reading the submissions."""
    return named_similarity(folder_names(folders), base, threshold, common, jobs, progress)


def named_similarity(
    named: Mapping[Path, str],
    base: Sequence[Path] = (),
    threshold: float = THRESHOLD,
    common: int = COMMON,
    jobs: int = 1,
    progress: Progress = SILENT,
) -> Similarity:
    """Every pair of the submissions in `named` (folders with their names: a grading's own) that
    shares code, most similar first, `jobs` processes reading the submissions (its progress
    shown)."""
    progress.begin("reading submissions", "submission", len(named))
    given = base_hashes(base, {})
    read = all_sources(list(named), jobs, progress)
    progress.begin("comparing submissions")
    owns = [
        frozenset(value for source in sources for value, _ in source.prints) - given
        for sources in read
    ]
    counts, frequent = pair_counts(owns, common)
    owns = [own - frequent for own in owns]
    codes = tuple(
        Code(name, folder, tuple(sources), own)
        for (folder, name), sources, own in zip(named.items(), read, owns, strict=True)
    )
    size = len(codes)
    pairs = [
        Pair(
            key // size,
            key % size,
            2 * shared / (len(owns[key // size]) + len(owns[key % size])),
            shared,
        )
        for key, shared in counts.items()
    ]
    pairs.sort(key=lambda pair: (-pair.score, codes[pair.a].name, codes[pair.b].name))
    return Similarity(codes, tuple(pairs), threshold)


@dataclass
class Fragment:
    """Code a pair shares: in each of the two, a file (by number) and the first and last token
    of the runs matched there."""

    a_file: int
    a_first: int
    a_last: int
    b_file: int
    b_first: int
    b_last: int

    def extends(self, a_file: int, a_at: int, b_file: int, b_at: int) -> bool:
        """Whether a match follows this fragment closely in both files, and extends it if so."""
        if (a_file, b_file) != (self.a_file, self.b_file):
            return False
        if not (0 < a_at - self.a_last <= REACH and 0 < b_at - self.b_last <= REACH):
            return False
        self.a_last, self.b_last = a_at, b_at
        return True

    @property
    def size(self) -> int:
        """Its length in tokens, on the first side."""
        return self.a_last - self.a_first + K


def places(code: Code, wanted: frozenset[int]) -> dict[int, list[tuple[int, int]]]:
    """Where each wanted fingerprint stands in a submission: its file and token, the first
    OCCURRENCES of each."""
    found: dict[int, list[tuple[int, int]]] = {}
    for number, source in enumerate(code.sources):
        for value, at in source.prints:
            if value in wanted:
                where = found.setdefault(value, [])
                if len(where) < OCCURRENCES:
                    where.append((number, at))
    return found


def fragments(a: Code, b: Code) -> list[Fragment]:
    """The code two submissions share, as fragments matched in both, longest first."""
    shared = a.own & b.own
    in_b = places(b, shared)
    made: list[Fragment] = []
    for a_file, source in enumerate(a.sources):
        for value, a_at in source.prints:
            for b_file, b_at in in_b.get(value, ()):
                if not any(f.extends(a_file, a_at, b_file, b_at) for f in made[-OCCURRENCES:]):
                    made.append(Fragment(a_file, a_at, a_at, b_file, b_at, b_at))
    return sorted(made, key=lambda fragment: -fragment.size)


def line_span(source: Source, first: int, last: int) -> tuple[int, int]:
    """The first and last lines of the tokens of runs starting from `first` to `last`."""
    return source.lines[first], source.lines[min(last + K - 1, len(source.lines) - 1)]
