"""The integrity review a grading's report.html ends with when asked (`at grade --similar`, `at
report --similar`): the code similarity of the submissions graded, named as the grading names
them, and the pairs alone printing the same wrong output. The code compared must be the code
graded, so that the shared code shown is what earned the grades. Pairs to look at, not
findings."""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.integrity.page import integrity_section
from acceptance.integrity.same_output import same_outputs
from acceptance.integrity.similarity import COMMON, THRESHOLD, named_similarity
from acceptance.progress import SILENT, Progress
from acceptance.running.cases import shown
from acceptance.store.database import GradingPlan, Store, StoredSubmission
from acceptance.store.digests import folder_digest


@dataclass(frozen=True)
class Review:
    """The settings of a grading's integrity review: the base (folders of code every submission
    was given), the score from which a pair is flagged, and in how many submissions code counts
    as everybody's."""

    base: tuple[Path, ...] = ()
    threshold: float = THRESHOLD
    common: int = COMMON

    def record(self) -> str:
        """What the review reads besides the grading, as JSON: its settings and the base's
        content, so that reports are written again when either changes."""
        base = [[str(folder), folder_digest(folder)] for folder in self.base]
        return json.dumps({"base": base, "threshold": self.threshold, "common": self.common})


def changed(pupils: Sequence[StoredSubmission]) -> list[StoredSubmission]:
    """The submissions whose folder no longer holds the code graded (edited since, or gone, as
    a deadline's snapshots are once graded)."""
    return [pupil for pupil in pupils if folder_digest(pupil.submission.folder) != pupil.content]


def review_section(
    review: Review | None, store: Store, graded: GradingPlan, jobs: int, progress: Progress = SILENT
) -> str:
    """The integrity section of a grading's report.html (nothing without a review), its
    submissions read by `jobs` processes (shown on the progress line); a one-line error if their
    code is not the code graded."""
    if review is None:
        return ""
    moved = changed(graded.submissions)
    if moved:
        others = f" (and {len(moved) - 1} more)" if len(moved) > 1 else ""
        raise HarnessError(
            f"--similar compares the code graded, but {shown(moved[0].submission.folder)}"
            f"{others} has changed or is gone since it was graded: grade again with --similar"
            " (the store keeps the runs)"
        )
    named = {pupil.submission.folder: pupil.name for pupil in graded.submissions}
    result = named_similarity(
        named, review.base, review.threshold, review.common, jobs, progress=progress
    )
    return integrity_section(result, same_outputs(store, graded))
