"""The Microsoft-BASIC runtime shared by the BASIC games: numbers, functions, console, errors.

`single` (the Single number type), `functions` (BASIC's built-in functions), `rnd` (RND and
RANDOMIZE), `console` (PRINT and INPUT), `direct` (the interpreter's direct mode after the
program stops) and `errors` (hard and soft runtime errors); `program` runs a game on them.
"""
