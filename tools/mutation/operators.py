"""The mutation operators: one change at one point of a syntax tree (an operator swapped, a
constant changed). The blind spots' mutants (tools.mutation.blind_spots) and the planted bugs
(tools.planted.mutants) are both made of them."""

from __future__ import annotations

import ast

# One mutation of an operator: what it becomes.
OPERATORS: dict[type, type] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.And: ast.Or,
    ast.Or: ast.And,
}


def change_of(node: ast.AST) -> str | None:
    """What one mutation does to this node, if it is a mutation point."""
    if isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)) and type(node.op) in OPERATORS:
        return f"{type(node.op).__name__} -> {OPERATORS[type(node.op)].__name__}"
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in OPERATORS:
        return f"{type(node.ops[0]).__name__} -> {OPERATORS[type(node.ops[0])].__name__}"
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str)):
        return f"{node.value!r} -> {mutated_value(node.value)!r}"
    return None


def mutated_value(value: bool | int | float | str) -> bool | int | float | str:
    """A constant's mutant: a truth value negated, a number plus one, a string marked."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, str):
        return f"XX{value}XX"
    return value + 1


def change(node: ast.AST) -> None:
    """Apply a mutation point's change to its node, in place."""
    if isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
        node.op = OPERATORS[type(node.op)]()
    elif isinstance(node, ast.Compare):
        node.ops = [OPERATORS[type(node.ops[0])]()]
    elif isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str)):
        node.value = mutated_value(node.value)
