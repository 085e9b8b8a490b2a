"""Courses 1 to 9 as steps across the sectors (lines 3110-3140 and 4850-4860)."""

from games.basic.functions import INT
from games.basic.single import Single
from games.super_star_trek import tables


def valid_course(course: Single) -> bool:
    """Lines 2310 and 4780: a course from 1 up to (not including) 9, once 9 is made 1."""
    return course >= 1 and course < 9


def normal_course(course: Single) -> Single:
    """Lines 2300 and 4760: course 9 is course 1."""
    return Single(1) if course == 9 else course


def course_vector(course: Single) -> tuple[Single, Single]:
    """X1, X2: the row and column steps, interpolated between the two nearest whole courses
    (subscripts truncated, as the 1978 interpreter did)."""
    whole = INT(course)
    index = int(whole)
    fraction = course - whole
    (row, col), (next_row, next_col) = tables.COURSE_VECTORS[index - 1 : index + 1]
    return (
        row + (next_row - row) * fraction,
        col + (next_col - col) * fraction,
    )
