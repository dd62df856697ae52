"""Open a skill: read SKILL.md, verify it, then read and verify the requested files."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import anyio

from skillscope.catalog.entry import CatalogEntry, Policy, validate_entry
from skillscope.catalog.names import check_relative_request
from skillscope.core.errors import (
    ConnectionFailed,
    MethodError,
    PathRefused,
    ProtocolViolation,
    RequestTimedOut,
    SkillNotFound,
    Unauthorised,
)
from skillscope.core.spec import MAX_TOTAL_BYTES, SDK_REQUEST_TIMEOUT
from skillscope.core.textsafe import safe_line
from skillscope.protocol.values import GetResult, ReadResult
from skillscope.verify.content import ReadError, Served, normalisation_hint, served_bytes, sha256_digest
from skillscope.verify.frontmatter import (
    FrontmatterError,
    KeyDifference,
    frontmatter_differences,
    parse_frontmatter,
    split_frontmatter,
)

__all__ = ["FileStatus", "FileResult", "Failure", "ReadCause", "SkillReport", "Reader", "open_skill"]

FileStatus = Literal["verified", "failed", "not-read", "refused", "unverified", "unreadable"]
Check = Literal["size", "digest", "frontmatter", "read", "unlisted"]
ReadCause = Literal["timed-out", "connection-closed", "server-error"]
"""Why a file could not be read at all: no bytes came, so nothing was compared."""


class Reader(Protocol):
    """What opening a skill needs from a connection."""

    async def read_resource(self, uri: str) -> ReadResult: ...

    async def get_skill(self, uri: str) -> GetResult: ...


@dataclass
class FileResult:
    """The outcome for one file of the skill."""

    uri: str
    path: str
    size: int | None
    digest: str | None
    status: FileStatus = "not-read"
    reason: str | None = None
    served: Served | None = None
    """The bytes, kept only when the file verified (or, for dynamic skills, was read)."""

    def as_json(self) -> dict[str, Any]:
        """The file in ``show --json`` form."""
        return {
            "uri": self.uri,
            "path": self.path,
            "size": self.size,
            "digest": self.digest,
            "status": self.status,
            "reason": self.reason,
        }


@dataclass
class Failure:
    """What differed, precisely, when verification failed."""

    uri: str
    check: Check
    expected: Any
    actual: Any
    message: str
    hint: str | None = None
    differences: list[KeyDifference] = field(default_factory=list)
    cause: ReadCause | None = None
    """Set when the file could not be read (a timeout, a closed connection, an error answer): no bytes
    were compared, so this is not evidence of tampering, and nothing is vouched for either."""

    refused: bool = False
    """Set when the local-folder publisher refused the path on purpose (a link, a FIFO, a device, a bad
    name): nothing was read, by design, and the skill fails as refused content, not as an unanswered read."""

    @property
    def unreadable(self) -> bool:
        """True when no bytes came to compare (the read failed), as opposed to bytes that did not match."""
        return self.cause is not None

    @property
    def heading(self) -> str:
        """What happened, in two or three words, for the head of a report."""
        return "Could not read" if self.unreadable else "Refused" if self.refused else "Verification failed"

    def as_json(self) -> dict[str, Any]:
        """The failure in ``show --json`` form."""
        out: dict[str, Any] = {
            "uri": self.uri,
            "check": self.check,
            "cause": self.cause,
            "expected": self.expected,
            "actual": self.actual,
            "message": self.message,
            "hint": self.hint,
        }
        if self.differences:
            out["differences"] = [d.as_json() for d in self.differences]
        return out


@dataclass
class SkillReport:
    """Everything known after opening a skill; content only where it verified."""

    entry: CatalogEntry
    files: list[FileResult]
    failure: Failure | None = None
    body: str | None = None
    """The SKILL.md text, set only when SKILL.md verified."""
    instructions: str | None = None
    """The SKILL.md text after its frontmatter block, set only when SKILL.md verified."""
    file_frontmatter: dict[str, Any] | None = None
    refresh: str | None = None
    """After a failure: what a fresh ``skills/get`` said about the entry."""
    refreshed_entry: CatalogEntry | None = None

    @property
    def verified(self) -> bool:
        """True when SKILL.md and every file that was read verified."""
        return self.failure is None and self.body is not None

    @property
    def unreadable(self) -> bool:
        """True when opening stopped because a file could not be read, not because its bytes differed."""
        return self.failure is not None and self.failure.unreadable

    def skill_md(self) -> FileResult:
        """The SKILL.md file result."""
        return self.files[0]


async def open_skill(
    reader: Reader,
    entry: CatalogEntry,
    *,
    paths: list[str] | None = None,
    all_files: bool = False,
    policy: Policy = Policy(),
) -> SkillReport:
    """Verify and read a skill in the only safe order.

    SKILL.md is read first and checked for size, then digest, then frontmatter.
    Only if it verifies are the requested files read, one at a time, each checked
    the same way. The first failure stops all reading; the entry is then fetched
    again with ``skills/get`` to tell whether the server's entry itself changed.

    Args:
        reader: the connection.
        entry: an available catalog entry.
        paths: relative paths of files to read after SKILL.md.
        all_files: read every listed file.
        policy: used to validate the refreshed entry.
    """
    assert entry.uri is not None and entry.parsed is not None
    directory = entry.parsed.directory
    results: list[FileResult] = []
    by_uri: dict[str, FileResult] = {}
    for ref in entry.files or ():
        result = FileResult(ref.uri, ref.path, ref.size, ref.digest)
        results.append(result)
        by_uri[ref.uri] = result
    if entry.dynamic:
        results.append(FileResult(entry.uri, "SKILL.md", None, None))
        by_uri[entry.uri] = results[-1]
    # SKILL.md first in every report.
    skill_md = by_uri[entry.uri]
    results.remove(skill_md)
    results.insert(0, skill_md)
    report = SkillReport(entry=entry, files=results)

    wanted: list[FileResult] = []
    for rel in paths or []:
        problem = check_relative_request(rel)
        uri = f"{directory}/{rel}"
        if problem is None and not entry.dynamic and uri not in by_uri:
            problem = "not listed in the entry, nothing was read"
            listed = [r.path for r in results if r.path]
            close = difflib.get_close_matches(rel, listed, n=1, cutoff=0.6)
            if close:
                problem += f"; the closest listed path is {close[0]!r}"
        if problem is not None:
            refused = FileResult(uri, rel, None, None, status="refused", reason=problem)
            report.files.append(refused)
            if report.failure is None:
                report.failure = Failure(
                    uri, "unlisted", "a file the entry lists", rel, f"Refused {safe_line(rel)!r}: {problem}"
                )
            continue
        if uri not in by_uri:
            by_uri[uri] = FileResult(uri, rel, None, None)
            report.files.append(by_uri[uri])
        if by_uri[uri] is not skill_md and by_uri[uri] not in wanted:
            wanted.append(by_uri[uri])
    if report.failure is not None:
        for result in report.files:
            if result.status == "not-read":
                result.reason = "not read: a requested path was refused"
        return report
    if all_files:
        wanted = [r for r in results if r is not skill_md]

    budget = [MAX_TOTAL_BYTES]
    for result in [skill_md, *wanted]:
        if not await _read_and_check(reader, report, result, entry, budget):
            # After a timeout or a closed connection a fresh skills/get would only wait or fail the same way;
            # a refused path is the folder's fixed answer, and its entry was made once, when it was loaded.
            failure = report.failure
            if failure is None or (failure.cause not in ("timed-out", "connection-closed") and not failure.refused):
                await _refresh(reader, report, policy)
            break
    return report


async def _read_and_check(
    reader: Reader, report: SkillReport, result: FileResult, entry: CatalogEntry, budget: list[int]
) -> bool:
    is_skill_md = result.uri == entry.uri
    started = anyio.current_time()
    try:
        raw = await reader.read_resource(result.uri)
        served = served_bytes(raw, result.uri)
    except PathRefused as exc:
        # skillscope's own publisher (a local folder, a well-known index) refused the path, its message naming
        # the path and why: the file is refused content, never "could not read".
        _fail(
            report,
            result,
            "read",
            "a regular file of the folder, or a well-known entry whose digest matched",
            "refused by skillscope's own publisher",
            f"{exc.message}; nothing of it was read",
        )
        assert report.failure is not None
        report.failure.refused = True
        return False
    except ConnectionFailed as exc:
        if isinstance(exc, ProtocolViolation | Unauthorised) and not isinstance(exc, MethodError):
            raise  # the transport refused what came (over the size cap, an encoding not offered): a protocol error
        # No bytes came: a timeout, a closed connection or an error answer is its own finding, never a mismatch.
        cause, said = _why_unread(exc, anyio.current_time() - started, getattr(reader, "timeout", None))
        return _unreadable(report, result, cause, said)
    except ReadError as exc:
        return _fail(
            report,
            result,
            "read",
            "a contents item with the file's bytes",
            str(exc),
            f"Reading {safe_line(result.uri)!r} failed: {exc}",
        )
    data = served.data
    if entry.dynamic:
        budget[0] -= len(data)
        if budget[0] < 0:
            return _fail(
                report,
                result,
                "size",
                f"at most {MAX_TOTAL_BYTES:,} bytes in all",
                len(data),
                "The dynamic skill's reads exceed the 16 MiB bound",
            )
    else:
        if len(data) != result.size:
            return _fail(
                report,
                result,
                "size",
                result.size,
                len(data),
                f"Size mismatch for {safe_line(result.path)!r}: the entry lists {result.size:,} bytes, the server sent {len(data):,}",
                hint=normalisation_hint(data, result.digest or ""),
            )
        actual = sha256_digest(data)
        if actual != result.digest:
            return _fail(
                report,
                result,
                "digest",
                result.digest,
                actual,
                f"Digest mismatch for {safe_line(result.path)!r}: the entry lists {result.digest}, the bytes hash to {actual}",
                hint=normalisation_hint(data, result.digest or ""),
            )
    if is_skill_md:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _fail(
                report,
                result,
                "frontmatter",
                "UTF-8 text",
                f"invalid byte at offset {exc.start}",
                "SKILL.md is not valid UTF-8",
            )
        try:
            block, instructions = split_frontmatter(text)
            parsed = parse_frontmatter(block)
        except FrontmatterError as exc:
            return _fail(
                report,
                result,
                "frontmatter",
                "a valid frontmatter block",
                str(exc),
                f"SKILL.md frontmatter refused: {exc}",
            )
        differences = frontmatter_differences(entry.frontmatter or {}, block, parsed)
        if differences:
            keys = ", ".join(safe_line(d.key, limit=60) for d in differences)
            hint = None
            if all(d.yaml_typing for d in differences):
                hint = "The values differ only in YAML typing (YAML 1.1 vs 1.2); hosts on the npm yaml parser may accept this"
            failure_ok = _fail(
                report,
                result,
                "frontmatter",
                {d.key: d.entry for d in differences if d.entry_has},
                {d.key: d.file for d in differences if d.file_has},
                f"SKILL.md frontmatter differs from the entry in: {keys}",
                hint=hint,
            )
            assert report.failure is not None
            report.failure.differences = differences
            return failure_ok
        report.body = text
        report.instructions = instructions
        report.file_frontmatter = parsed
    result.served = served
    result.status = "unverified" if entry.dynamic else "verified"
    result.reason = "dynamic skill: no digest to check" if entry.dynamic else None
    return True


def _why_unread(exc: ConnectionFailed, waited: float, timeout: object) -> tuple[ReadCause, str]:
    """Name why a read brought no bytes: it timed out, the connection closed, or the server answered an error."""
    if isinstance(exc, MethodError):
        limit = timeout if isinstance(timeout, int | float) else None
        # The SDK gives up on a silent request with -32001; a server may send that code itself, faster.
        if exc.code == SDK_REQUEST_TIMEOUT and (limit is None or waited >= limit):
            return "timed-out", f"timed out: no answer within {limit if limit is not None else round(waited):g} s"
        return "server-error", f"the server answered error {exc.code}: {safe_line(exc.server_message, limit=300)}"
    if isinstance(exc, RequestTimedOut):
        return "timed-out", f"timed out: {safe_line(exc.message, limit=300)}"
    return "connection-closed", f"the connection was lost during the read: {safe_line(exc.message, limit=300)}"


def _unreadable(report: SkillReport, result: FileResult, cause: ReadCause, said: str) -> bool:
    """Record a file that could not be read: nothing was compared, and nothing of the skill is kept."""
    message = f"Could not read {safe_line(result.path or result.uri)!r}: {said} (nothing was compared)"
    _fail(report, result, "read", "an answer with the file's bytes", said, message)
    result.status = "unreadable"
    assert report.failure is not None
    report.failure.cause = cause
    for other in report.files:
        if other.status == "not-read" and other.reason == "not read: verification failed earlier":
            other.reason = "not read: an earlier file could not be read"
    return False


def _fail(
    report: SkillReport,
    result: FileResult,
    check: Check,
    expected: Any,
    actual: Any,
    message: str,
    *,
    hint: str | None = None,
) -> bool:
    """Record the failure; nothing of the skill's content is kept after it."""
    result.status = "failed"
    result.reason = message
    report.failure = Failure(result.uri, check, expected, actual, message, hint)
    # A failed file retires the whole skill: drop SKILL.md's text and every verified file's bytes.
    report.body = report.instructions = None
    for other in report.files:
        other.served = None
        if other.status == "not-read" and other.reason is None:
            other.reason = "not read: verification failed earlier"
    return False


async def _refresh(reader: Reader, report: SkillReport, policy: Policy) -> None:
    entry = report.entry
    assert entry.uri is not None
    try:
        result = await reader.get_skill(entry.uri)
    except SkillNotFound:
        report.refresh = "The server no longer serves this skill (skills/get answered -32602)"
        return
    except Exception as exc:  # a failed refresh only lowers what we can say
        report.refresh = f"Could not re-read the entry with skills/get: {safe_line(getattr(exc, 'message', str(exc)))}"
        return
    fresh = validate_entry(
        result.skill,
        label=entry.label,
        index=entry.index,
        policy=Policy(allow_dynamic=True, enforce_limits=policy.enforce_limits),
    )
    report.refreshed_entry = fresh
    if fresh.status == "malformed":
        report.refresh = f"skills/get returned a malformed entry ({fresh.rule}: {fresh.reason})"
    elif fresh.uri != entry.uri:
        report.refresh = "skills/get returned an entry for another URI"
    elif fresh.fingerprint == entry.fingerprint and fresh.frontmatter == entry.frontmatter:
        if report.failure is not None and report.failure.unreadable:
            report.refresh = "The server's entry is unchanged since it was listed"
        elif report.failure is not None and report.failure.check == "read":
            report.refresh = "The server's entry is unchanged: the file could not be read (nothing was compared)"
        else:
            report.refresh = "The server's entry is unchanged: the served content does not match the server's own entry"
    else:
        report.refresh = (
            f"The server's entry changed since it was listed (fingerprint now {fresh.fingerprint or 'none'}); "
            "list again and re-open to verify the current entry"
        )
