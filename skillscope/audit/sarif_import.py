"""Read the SARIF 2.1.0 another scanner printed and turn its results into skillscope findings."""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from skillscope.audit.findings import AuditFinding, Severity, TextSpan
from skillscope.core.textsafe import safe_line

__all__ = ["SCANNER_PREFIX", "MAX_RESULTS", "ScanTarget", "SarifError", "scanner_id", "sarif_findings"]

SCANNER_PREFIX = "scanner/"
"""Every imported finding's id starts here, so no scanner can report under a built-in id."""
MAX_RESULTS = 5_000
"""Results kept per scanner and skill; a report of more says how many were left out."""

_LEVELS: dict[str, Severity] = {"error": "error", "warning": "warning", "note": "note", "none": "note"}
_NOT_PROBLEMS = ("pass", "notApplicable")
"""SARIF result kinds that report no problem."""
_MAX_BASE_DEPTH = 8
"""uriBaseIds resolved through at most this many others (a longer chain or a cycle resolves to nothing)."""
_UNSAFE_ID = re.compile(r"[^A-Za-z0-9._:/-]+")


class SarifError(ValueError):
    """The scanner's output is not SARIF skillscope can read; the message says what is wrong."""


@dataclass(frozen=True)
class ScanTarget:
    """Where one skill was written for a scanner, and how its files map back to skill:// URIs."""

    server: str
    skill: str
    skill_md_uri: str
    folder: str
    """The absolute path of the folder the scanner was given."""
    files: Mapping[str, str]
    """Relative path (as written) -> the file's skill:// URI."""
    workdir: str | None = None
    """The absolute path of the folder the scanner ran in: a relative URI may be relative to it (Cisco's are)."""


def scanner_id(name: str) -> str:
    """A tool or rule name made safe for a finding id: letters, digits and ``._:/-`` only, at most 100."""
    cleaned = _UNSAFE_ID.sub("-", name).strip("-./")
    return cleaned[:100] or "unnamed"


def sarif_findings(data: bytes, target: ScanTarget, *, tool: str) -> list[AuditFinding]:
    """The findings of every result in ``data``, each under ``scanner/<tool>/<ruleId>``.

    ``tool`` names the scanner when its SARIF does not (``runs[].tool.driver.name``).

    Raises:
        SarifError: ``data`` is not a SARIF 2.1.0 log.
    """
    try:
        log = json.loads(data)
    except (UnicodeDecodeError, ValueError) as exc:
        start = safe_line(data[:80].decode("utf-8", "replace"), limit=80)
        raise SarifError(f"the output is not JSON ({safe_line(str(exc), limit=120)}); it starts {start!r}") from None
    except RecursionError:
        raise SarifError("the output nests too deeply to be read") from None
    if not isinstance(log, dict) or not isinstance(log.get("runs"), list):
        raise SarifError("the output is JSON but not a SARIF log (no runs array)")
    if log.get("version") not in (None, "2.1.0"):
        raise SarifError(f"SARIF version {safe_line(log.get('version'), limit=40)} is not 2.1.0")
    out: list[AuditFinding] = []
    left_out = 0
    for run in log["runs"]:
        if not isinstance(run, dict):
            raise SarifError("a run is not an object")
        view = _view(run, tool)
        if (failure := _failed_invocation(run)) is not None:
            # A run that says it failed may list no results at all: that must not read as a clean skill.
            out.append(
                AuditFinding(
                    f"{SCANNER_PREFIX}{view.tool}",
                    "warning",
                    "content",
                    f"{target.skill}: scanner {view.tool} reports that its run did not succeed"
                    f"{': ' + failure if failure else ''}; its findings may be incomplete",
                    target.server,
                    target.skill,
                    target.skill_md_uri,
                )
            )
        results = run.get("results") or []
        if not isinstance(results, list):
            raise SarifError("results is not an array")
        for result in results:
            if not isinstance(result, dict):
                raise SarifError("a result is not an object")
            if result.get("kind") in _NOT_PROBLEMS or result.get("baselineState") == "absent":
                continue  # a rule that passed, did not apply, or a result gone since the baseline: no finding
            if len(out) >= MAX_RESULTS:
                left_out += 1
                continue
            out.append(_finding(result, view, target))
    if left_out:
        out.append(
            AuditFinding(
                f"{SCANNER_PREFIX}{tool}",
                "warning",
                "content",
                f"{target.skill}: scanner {tool} reported {left_out} more results than the {MAX_RESULTS:,} kept",
                target.server,
                target.skill,
                target.skill_md_uri,
            )
        )
    return out


def _dig(value: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


@dataclass(frozen=True)
class _RunView:
    """What a run's results refer to: its tool's name, rule descriptors, artifacts and URI bases."""

    tool: str
    rules: dict[str, dict[str, Any]]
    """Rule descriptors by id, the driver's and its extensions' (CodeQL keeps its rules in an extension)."""
    driver_rules: list[Any]
    """The driver's rules in order, for a result that names its rule only by ``ruleIndex``."""
    artifacts: list[Any]
    """``run.artifacts``, for a location that names its file only by ``index``."""
    bases: Mapping[str, str]


def _view(run: dict[str, Any], tool: str) -> _RunView:
    driver = _dig(run, "tool", "driver")
    name = scanner_id(driver["name"]) if isinstance(driver, dict) and isinstance(driver.get("name"), str) else tool
    extensions = _dig(run, "tool", "extensions")
    components = [driver, *(extensions if isinstance(extensions, list) else [])]
    rules: dict[str, dict[str, Any]] = {}
    for component in reversed(components):  # the driver's own descriptor wins over an extension's
        listed = _dig(component, "rules")
        if isinstance(listed, list):
            rules.update((r["id"], r) for r in listed if isinstance(r, dict) and isinstance(r.get("id"), str))
    driver_rules = _dig(driver, "rules")
    artifacts = run.get("artifacts")
    return _RunView(
        name,
        rules,
        driver_rules if isinstance(driver_rules, list) else [],
        artifacts if isinstance(artifacts, list) else [],
        _uri_bases(run.get("originalUriBaseIds")),
    )


def _failed_invocation(run: dict[str, Any]) -> str | None:
    """None when no invocation of the run says it failed; else the first error it notified ("" without one)."""
    invocations = run.get("invocations")
    for invocation in invocations if isinstance(invocations, list) else []:
        if isinstance(invocation, dict) and invocation.get("executionSuccessful") is False:
            notes = invocation.get("toolExecutionNotifications")
            for note in notes if isinstance(notes, list) else []:
                text = _dig(note, "message", "text")
                if isinstance(text, str) and _dig(note, "level") in (None, "error"):
                    return safe_line(text, limit=300)
            return ""
    return None


def _indexed(items: list[Any], index: Any) -> Any:
    """``items[index]`` for a SARIF index (a non-negative int in range), else None."""
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(items):
        return items[index]
    return None


def _message(result: dict[str, Any], rule: dict[str, Any], rule_id: str) -> str:
    """The result's text; else its rule's message string filled with the result's arguments; else the rule's title."""
    message = result.get("message")
    text = _dig(message, "text")
    if isinstance(text, str):
        return text
    message_id = _dig(message, "id")
    template = _dig(rule, "messageStrings", message_id, "text") if isinstance(message_id, str) else None
    if isinstance(template, str):
        given = _dig(message, "arguments")
        arguments = [a[:500] if isinstance(a, str) else "?" for a in given[:100]] if isinstance(given, list) else []

        def fill(match: re.Match[str]) -> str:
            number = int(match.group(1))
            return arguments[number] if number < len(arguments) else match.group(0)

        return re.sub(r"\{(\d{1,4})\}", fill, template[:2000])
    title = _dig(rule, "shortDescription", "text")
    return title if isinstance(title, str) else rule_id


def _finding(result: dict[str, Any], view: _RunView, target: ScanTarget) -> AuditFinding:
    rule_id = result.get("ruleId")
    if not isinstance(rule_id, str):
        rule_id = _dig(result, "rule", "id")
    if not isinstance(rule_id, str):
        rule_id = _dig(_indexed(view.driver_rules, result.get("ruleIndex")), "id")
    rule_id = rule_id if isinstance(rule_id, str) else "result"
    rule = view.rules.get(rule_id, {})
    severity = _severity(result, rule)
    tool = view.tool
    message = f"{target.skill}: {tool}: {safe_line(_message(result, rule, rule_id), limit=500)}"
    if _suppressed(result):
        # A scanner's suppression may come from a comment inside the audited skill: it is not the user's word.
        message += " (the scanner marks it suppressed; only a `skillscope suppress` leaves a finding out)"
    location = _dig(result, "locations")
    physical = _dig(location[0], "physicalLocation") if isinstance(location, list) and location else None
    uri, line, column, excerpt = target.skill_md_uri, None, None, None
    if isinstance(physical, dict):
        artifact = physical.get("artifactLocation")
        if not isinstance(_dig(artifact, "uri"), str):  # named only by its place in run.artifacts
            artifact = _dig(_indexed(view.artifacts, _dig(artifact, "index")), "location")
        spelled = _dig(artifact, "uri")
        base_id = _dig(artifact, "uriBaseId")
        base = view.bases.get(base_id) if isinstance(base_id, str) else None
        mapped = _map_path(spelled, target, base) if isinstance(spelled, str) else None
        if mapped is not None:
            uri = mapped
            region = physical.get("region")
            line, column = _position(region, "startLine"), _position(region, "startColumn")
            snippet = _dig(region, "snippet", "text")
            excerpt = safe_line(snippet, limit=200) if isinstance(snippet, str) else None
        elif isinstance(spelled, str):
            message += f" (reported at {safe_line(spelled, limit=200)!r}, which is not a file of the skill)"
    return AuditFinding(
        f"{SCANNER_PREFIX}{tool}/{scanner_id(rule_id)}",
        severity,
        "content",
        message,
        target.server,
        target.skill,
        uri,
        TextSpan(line, column, excerpt),
    )


def _position(region: Any, key: str) -> int | None:
    value = region.get(key) if isinstance(region, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def _severity(result: dict[str, Any], rule: dict[str, Any]) -> Severity:
    """The result's level; else a security-severity score (GitHub's convention); else the rule's default level.

    Scores map as code scanning ranks them: 7.0 and up (high, critical) an error, 4.0 up (medium)
    a warning, below that a note. Without any of them SARIF's default applies: a warning, or a
    note for a result whose kind says it is not a failure.
    """
    level = result.get("level")
    if isinstance(level, str) and level in _LEVELS:
        return _LEVELS[level]
    for holder in (result, rule):
        score = _score(_dig(holder, "properties", "security-severity"))
        if score is not None:
            return "error" if score >= 7.0 else "warning" if score >= 4.0 else "note"
    level = _dig(rule, "defaultConfiguration", "level")
    if isinstance(level, str) and level in _LEVELS:
        return _LEVELS[level]
    kind = result.get("kind")
    return "note" if isinstance(kind, str) and kind != "fail" else "warning"


def _score(value: Any) -> float | None:
    """A security-severity score (a string such as "8.1" in SARIF, sometimes a number), or None."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    try:
        score = float(value)
    except ValueError:
        return None
    return score if 0.0 <= score <= 10.0 else None


def _suppressed(result: dict[str, Any]) -> bool:
    suppressions = result.get("suppressions")
    if not isinstance(suppressions, list):
        return False
    return any(isinstance(s, dict) and s.get("status") not in ("rejected", "underReview") for s in suppressions)


def _uri_bases(declared: Any) -> dict[str, str]:
    """``run.originalUriBaseIds`` resolved to absolute local paths ("" for one that names no local folder)."""
    if not isinstance(declared, dict):
        return {}

    def resolve(base_id: str, depth: int) -> str | None:
        entry = declared.get(base_id)
        spelled = _dig(entry, "uri")
        if depth > _MAX_BASE_DEPTH or not isinstance(spelled, str):
            return None
        local = _local_path(spelled)
        if local is None:
            return None
        path = unquote(local)
        if path.startswith("/"):
            return path
        parent_id = _dig(entry, "uriBaseId")
        parent = resolve(parent_id, depth + 1) if isinstance(parent_id, str) else None
        return posixpath.join(parent, path) if parent else None

    return {key: resolve(key, 0) or "" for key in declared if isinstance(key, str)}


def _local_path(uri: str) -> str | None:
    """The path a ``file:`` URI or a plain path names; None for any other scheme (http:, skill:, ...)."""
    if uri.startswith("file:"):
        rest = uri[len("file:") :]
        if rest.startswith("//"):  # file://host/path: the host part is dropped
            rest = rest[2:]
            rest = rest[rest.find("/") :] if "/" in rest else ""
        return rest or None
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", uri):
        return None
    return uri


def _map_path(spelled: str, target: ScanTarget, base: str | None = None) -> str | None:
    """The skill:// URI of the file a SARIF artifact URI names, or None when it names none of the skill's files.

    Tried as written and percent-decoded once (SARIF URIs are encoded; the files were written
    with their URI spelling). An absolute path or ``file:`` URI must lie under the folder; a
    relative one is resolved against its declared uriBaseId when that names a local folder, else
    against the scanned folder and then the scanner's working folder (a base that is declared but names
    no local folder, "", resolves nothing). ``..`` never leaves the folder.
    """
    folder = posixpath.normpath(target.folder)
    roots = [base] if base else [] if base == "" else [folder] + ([target.workdir] if target.workdir else [])
    local = _local_path(spelled)  # the scheme is read as written: a decoded "a%3Ab.md" is a file name, not a URI
    if not local:
        return None
    for path in dict.fromkeys((local, unquote(local))):
        for absolute in [path] if path.startswith("/") else [posixpath.join(root, path) for root in roots]:
            inside = posixpath.relpath(posixpath.normpath(absolute), folder)
            if inside.startswith("../") or inside in (".", ".."):
                continue
            if inside in target.files:
                return target.files[inside]
    return None
