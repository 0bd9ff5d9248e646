"""Survey files: one CSV row per deal, written as each deal finishes, read back to resume.

A survey of 1,000 deals at a minute a deal runs for days; its file holds every answer
given so far, so that a stop (an interrupt, a reboot) loses only the deals being
solved.  Each row is written in one piece and flushed; a row cut short by a stop is the
last line, without its line end, and is dropped when the file is read.  Resuming checks
every row against the survey it continues (its deals, the limits of each pass), so that
rows of another survey are never counted as this one's.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Collection
from types import TracebackType

import attrs

from ._errors import OptionError
from ._solver import SolveStatus
from ._survey_rows import (
    CSV_FIELDS,
    OLD_CSV_FIELDS,
    UNBUILT_CSV_FIELDS,
    Limits,
    SurveyRow,
    limits_text,
)

__all__ = ["SurveyFile", "SurveyWriter", "read_survey_file"]


@attrs.frozen
class SurveyFile:
    """The rows of a survey file, each with its line number."""

    rows: tuple[tuple[int, SurveyRow], ...]
    #: The file's columns: ``CSV_FIELDS``, or those of an earlier file
    #: (``UNBUILT_CSV_FIELDS``, ``OLD_CSV_FIELDS``).
    header: tuple[str, ...]
    #: Bytes of whole lines at the start of the file; what follows is a row cut short.
    size: int


def _read_bytes(path: str | os.PathLike[str]) -> bytes | None:
    try:
        with open(path, "rb") as file:
            return file.read()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise OptionError(f"cannot read {os.fspath(path)}: {error.strerror}") from None


def _parse(path: str | os.PathLike[str], data: bytes) -> SurveyFile:
    """The rows of the whole lines in ``data``; an empty file has none."""
    name = os.fspath(path)
    size = data.rfind(b"\n") + 1
    try:
        text = data[:size].decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise OptionError(f"{name}, line {line}: not UTF-8 text") from None
    lines = list(csv.reader(io.StringIO(text, newline="")))
    if not lines:
        return SurveyFile((), CSV_FIELDS, size)
    header = tuple(lines[0])
    if header not in (CSV_FIELDS, UNBUILT_CSV_FIELDS, OLD_CSV_FIELDS):
        raise OptionError(
            f"{name}, line 1: not the header of a survey file ({','.join(CSV_FIELDS)})"
        )
    rows = []
    for number, fields in enumerate(lines[1:], 2):
        if len(fields) != len(header):
            raise OptionError(
                f"{name}, line {number}: {len(fields)} fields where the header has {len(header)}"
            )
        try:
            rows.append((number, SurveyRow.parse(fields)))
        except OptionError as error:
            raise OptionError(f"{name}, line {number}: {error}") from None
    return SurveyFile(tuple(rows), header, size)


def read_survey_file(path: str | os.PathLike[str]) -> SurveyFile:
    """The rows of the survey file at ``path``, which must exist."""
    data = _read_bytes(path)
    if data is None:
        raise OptionError(f"cannot read {os.fspath(path)}: No such file or directory")
    return _parse(path, data)


def check_rows(
    name: str,
    rows: tuple[tuple[int, SurveyRow], ...],
    codes: Collection[str],
    first: Limits,
    rerun: Limits | None,
    *,
    attempts: int = 1,
) -> dict[tuple[str, int], SurveyRow]:
    """The rows of a file as answers of the survey of ``codes`` with these limits and
    up to ``attempts`` reruns a deal, keyed by code and pass (0 for the first pass, then
    1, 2 ... for the deal's reruns in the order of the lines); the first row that cannot
    be raises :class:`OptionError`."""
    answers: dict[tuple[str, int], SurveyRow] = {}
    # How many times each deal has been rerun on the lines so far.
    reruns: dict[str, int] = {}
    for number, row in rows:
        where = f"{name}, line {number}: {row.code}"
        tries = reruns.get(row.code, 0)
        if row.code not in codes:
            problem = "is not one of this survey's deals (other deals, rules or draw mode)"
        elif not row.rerun and (row.code, 0) in answers:
            problem = "has been answered on an earlier line"
        elif row.rerun and tries and answers[row.code, tries].status is not SolveStatus.UNKNOWN:
            problem = "was rerun, but an earlier rerun decides it"
        elif row.rerun and tries >= attempts:
            problem = (
                "has been rerun on an earlier line"
                if attempts == 1
                else f"has been rerun {tries} times on earlier lines, as often as this "
                "survey reruns a deal"
            )
        elif not row.rerun and row.limits != first:
            problem = (
                f"was solved with {limits_text(row.limits)} a deal, "
                f"and this survey's first pass has {limits_text(first)}"
            )
        elif row.rerun and rerun is None:
            problem = "was rerun, and this survey has no rerun"
        elif row.rerun and row.limits != rerun:
            assert rerun is not None
            problem = (
                f"was rerun with {limits_text(row.limits)} a deal, "
                f"and this survey's rerun has {limits_text(rerun)}"
            )
        elif row.rerun and (
            (row.code, 0) not in answers or answers[row.code, 0].status is not SolveStatus.UNKNOWN
        ):
            problem = "was rerun, but no earlier line leaves it unknown"
        else:
            if row.rerun:
                reruns[row.code] = tries = tries + 1
            answers[row.code, tries if row.rerun else 0] = row
            continue
        raise OptionError(f"{where} {problem}; resume a survey with the command that started it")
    return answers


class SurveyWriter:
    """The file of a survey, open for its new rows: ``done`` holds the rows already in
    it (read back when resuming, keyed as :func:`check_rows` keys them), ``write`` adds
    one and flushes it to the disk."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        codes: Collection[str],
        first: Limits,
        rerun: Limits | None,
        *,
        resume: bool,
        attempts: int = 1,
    ) -> None:
        name = os.fspath(path)
        data = _read_bytes(path) or b""
        headers = {",".join(h).encode() for h in (CSV_FIELDS, UNBUILT_CSV_FIELDS, OLD_CSV_FIELDS)}
        if not resume and data.strip() not in (b"", *headers):
            raise OptionError(
                f"{name} is not empty: continue the survey in it (--resume, resume=True) "
                "or write to another file"
            )
        survey = _parse(path, data)
        # A file with a header alone holds nothing to lose: it is written afresh.
        if survey.rows and survey.header == OLD_CSV_FIELDS:
            raise OptionError(
                f"{name} is a survey file of an earlier version, whose rows do not record "
                "their limits: it can be read (SurveyResult.read_csv) but not resumed"
            )
        if survey.rows and survey.header == UNBUILT_CSV_FIELDS:
            # Rows with and without the column cannot share a file.
            raise OptionError(
                f"{name} was written before survey files recorded the search's build: "
                "to resume it, write it again in the current form first, "
                "SurveyResult.read_csv(path).write_csv(path)"
            )
        self.done = check_rows(name, survey.rows, codes, first, rerun, attempts=attempts)
        self.name = name
        try:
            # Open until close(): the writer is the file's context manager.
            self._file = open(path, "r+b" if self.done else "wb")  # noqa: SIM115
            if self.done:
                self._file.truncate(survey.size)  # drop a row cut short by the stop
                self._file.seek(survey.size)
            else:
                self._line(CSV_FIELDS)
        except OSError as error:
            raise OptionError(f"cannot write {name}: {error.strerror}") from None

    def _line(self, fields: tuple[str, ...] | list[str]) -> None:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerow(fields)
        # One write a row, flushed: a stop leaves whole rows and at most one cut short.
        self._file.write(out.getvalue().encode("utf-8"))
        self._file.flush()
        os.fsync(self._file.fileno())

    def write(self, row: SurveyRow) -> None:
        """Append ``row`` to the file, on the disk before this returns."""
        try:
            self._line(row.as_csv())
        except OSError as error:
            raise OptionError(f"cannot write {self.name}: {error.strerror}") from None

    def close(self) -> None:
        """Close the file."""
        self._file.close()

    def __enter__(self) -> SurveyWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
