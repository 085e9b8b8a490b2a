"""How INPUT splits a typed line into answers, one per variable, and when it asks again.

PC-BASIC reads each answer from where the previous one stopped: leading spaces are skipped;
a string answer may be quoted (then commas are part of it and the closing quote ends it);
otherwise an answer runs to the next comma. In a number, spaces are ignored; in an unquoted
string, inner spaces are kept and trailing ones dropped. The answers are wrong (PC-BASIC prints
?Redo from start and asks again) when there are too few, too many, a number does not read, or
text follows a closing quote. At most 255 characters are read, and an answer that reaches 255
characters counts as followed by more text.
"""

from dataclasses import dataclass

from games.basic.numtext import input_number
from games.basic.single import Single

WHITESPACE = " \0\n"
END_OF_FILE = "\x1a"
LIMIT = 255
NUMBER, TEXT = "n", "s"


@dataclass
class _Reader:
    """A typed line read one character at a time ('' at its end)."""

    line: str
    position: int = 0

    def peek(self) -> str:
        return self.line[self.position : self.position + 1]

    def read(self) -> str:
        char = self.peek()
        self.position += len(char)
        return char


def read_answers(line: str, kinds: str) -> list[Single | str] | None:
    """The values for variables of the given kinds ('n' number, 's' string), or None to redo."""
    reader = _Reader(line.split(END_OF_FILE, 1)[0])
    values: list[Single | str] = []
    separators = []
    readable = True
    for kind in kinds:
        word, separator = _entry(reader, kind)
        separators.append(separator)
        if kind == TEXT:
            values.append(word)
            continue
        number = input_number(word)
        readable = readable and number is not None
        values.append(number if number is not None else word)
    if not readable or separators[-1] or "" in separators[:-1]:
        return None
    return values


def _entry(reader: _Reader, kind: str) -> tuple[str, str]:
    """One answer and the character that ended it ('' at the end of the line)."""
    last = ""
    while reader.peek() and reader.peek() in WHITESPACE:
        last = reader.read()
    char = reader.read()
    quoted = char == '"' and kind == TEXT and last not in ("\n", "\0")
    if quoted:
        char = reader.read()
    word, blanks = "", ""
    while char and (quoted or char != ","):
        if char == '"' and quoted:
            break
        if char == "\0":
            pass
        elif char in WHITESPACE and not quoted:
            if kind == TEXT:
                blanks += char
        else:
            word += blanks + char
            blanks = ""
        if len(word) + len(blanks) >= LIMIT:
            break
        char = reader.read()
    if (char and char in WHITESPACE) or (quoted and char == '"'):
        while reader.peek() == " ":
            reader.read()
        if reader.peek() in ("", ","):
            char = reader.read()
    return word, char
