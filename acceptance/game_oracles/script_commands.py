"""Space Defender 2 scripts as the shrinker sees them: one command per unit, and the simpler
forms of a command (smaller numbers, earlier rows), all within the declared types."""

from oracle.calls import ScriptError
from oracle.declarations import DECLARATIONS, Argument, ArgumentType, Enumeration, call_text
from oracle.parser import parse


def commands_of(text: str) -> list[str] | None:
    """A script's commands, one per unit as the echo writes them; None if it does not parse."""
    try:
        calls = parse(text)
    except ScriptError:
        return None
    return [call_text(call.name, call.arguments) for call in calls]


def lower(kind: ArgumentType, argument: Argument) -> list[Argument]:
    """Smaller values of an argument within its type, smallest first: the lowest and halfway."""
    if isinstance(kind, Enumeration):
        if argument not in kind.items:
            return []
        position = kind.items.index(str(argument))
        return [kind.items[index] for index in sorted({0, position // 2}) if index < position]
    if not isinstance(argument, int) or not kind.low <= argument <= kind.high:
        return []
    return [value for value in sorted({kind.low, (kind.low + argument) // 2}) if value < argument]


def simpler_commands(unit: str) -> list[str]:
    """Simpler forms of one command, simplest first: every argument at its lowest, then one
    argument lowered at a time. None for a command without arguments or not well typed."""
    try:
        (call,) = parse(unit)
    except (ScriptError, ValueError):
        return []
    declaration = DECLARATIONS.get(call.name)
    if declaration is None or len(call.arguments) != len(declaration.parameters):
        return []
    options = [
        lower(parameter.type, argument)
        for parameter, argument in zip(declaration.parameters, call.arguments, strict=True)
    ]
    lowest = tuple(
        values[0] if values else argument
        for values, argument in zip(options, call.arguments, strict=True)
    )
    forms = [lowest] if lowest != call.arguments else []
    for index, values in enumerate(options):
        forms += [
            call.arguments[:index] + (value,) + call.arguments[index + 1 :] for value in values
        ]
    return list(dict.fromkeys(call_text(call.name, form) for form in forms))
