"""The games the harness knows: the registry (one `Game` entry each) and what plugs a game in (its
scripts cut into commands, its oracle's lines explained, PC-BASIC for the BASIC games)."""
