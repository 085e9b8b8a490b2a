"""Courses as steps (lines 3110-3140): whole courses are the eight directions, fractions
interpolate, 9 is 1, and only 1 <= course < 9 is accepted."""

import pytest

from games.basic.single import sng
from games.super_star_trek.course import course_vector, normal_course, valid_course


@pytest.mark.parametrize(
    ("course", "row", "col"),
    [
        ("1", 0, 1),
        ("2", -1, 1),
        ("3", -1, 0),
        ("4", -1, -1),
        ("5", 0, -1),
        ("6", 1, -1),
        ("7", 1, 0),
        ("8", 1, 1),
        ("1.5", -0.5, 1),
        ("2.5", -1, 0.5),
        ("8.5", 0.5, 1),
        ("6.25", 1, -0.75),
    ],
)
def test_course_vector_interpolates_between_whole_courses(
    course: str, row: float, col: float
) -> None:
    assert course_vector(sng(course)) == (row, col)


def test_course_nine_is_course_one() -> None:
    assert normal_course(sng("9")) == 1
    assert normal_course(sng("8.99")) == sng("8.99")


@pytest.mark.parametrize(
    ("course", "valid"),
    [("1", True), ("8.99", True), ("0.99", False), ("9", False), ("0", False), ("-3", False)],
)
def test_valid_course_is_one_up_to_nine(course: str, valid: bool) -> None:
    assert valid_course(sng(course)) is valid
