"""Read the SARIF 2.1.0 another scanner printed and turn its results into skillscope findings."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from skillscope.audit.findings import AuditFinding, Severity
from skillscope.core.textsafe import safe_line

__all__ = ["SCANNER_PREFIX", "MAX_RESULTS", "ScanTarget", "SarifError", "scanner_id", "sarif_findings"]

SCANNER_PREFIX = "scanner/"
"""Every imported finding's id starts here, so no scanner can report under a built-in id."""
MAX_RESULTS = 5_000
"""Results kept per scanner and skill; a report of more says how many were left out."""

_LEVELS: dict[str, Severity] = {"error": "error", "warning": "warning", "note": "note", "none": "note"}
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
        raise SarifError(f"the output is not JSON ({safe_line(str(exc), limit=120)})") from None
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
        driver = _dig(run, "tool", "driver")
        name = scanner_id(driver["name"]) if isinstance(driver, dict) and isinstance(driver.get("name"), str) else tool
        rules = _rules(driver)
        results = run.get("results") or []
        if not isinstance(results, list):
            raise SarifError("results is not an array")
        for result in results:
            if not isinstance(result, dict):
                raise SarifError("a result is not an object")
            if len(out) >= MAX_RESULTS:
                left_out += 1
                continue
            out.append(_finding(result, rules, name, target))
    if left_out:
        out.append(AuditFinding(f"{SCANNER_PREFIX}{tool}", "warning", "content",
                                f"{target.skill}: scanner {tool} reported {left_out} more results than the {MAX_RESULTS:,} kept",
                                target.server, target.skill, target.skill_md_uri))
    return out


def _dig(value: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def _rules(driver: Any) -> dict[str, dict[str, Any]]:
    """The driver's rule descriptors by id (for a result that names only its rule's default level)."""
    rules = driver.get("rules") if isinstance(driver, dict) else None
    if not isinstance(rules, list):
        return {}
    return {r["id"]: r for r in rules if isinstance(r, dict) and isinstance(r.get("id"), str)}


def _finding(result: dict[str, Any], rules: dict[str, dict[str, Any]], tool: str, target: ScanTarget) -> AuditFinding:
    rule_id = result.get("ruleId")
    if not isinstance(rule_id, str):
        rule_id = _dig(result, "rule", "id")
    rule_id = rule_id if isinstance(rule_id, str) else "result"
    rule = rules.get(rule_id, {})
    level = result.get("level")
    if not isinstance(level, str):
        level = _dig(rule, "defaultConfiguration", "level")
    severity = _LEVELS.get(level, "warning") if isinstance(level, str) else "warning"  # SARIF's default level
    text = _dig(result, "message", "text")
    if not isinstance(text, str):
        text = _dig(rule, "shortDescription", "text")
    message = f"{target.skill}: {tool}: {safe_line(text if isinstance(text, str) else rule_id, limit=500)}"
    location = _dig(result, "locations")
    physical = _dig(location[0], "physicalLocation") if isinstance(location, list) and location else None
    uri, line, column, excerpt = target.skill_md_uri, None, None, None
    if isinstance(physical, dict):
        spelled = _dig(physical, "artifactLocation", "uri")
        mapped = _map_path(spelled, target) if isinstance(spelled, str) else None
        if mapped is not None:
            uri = mapped
            region = physical.get("region")
            line, column = _position(region, "startLine"), _position(region, "startColumn")
            snippet = _dig(region, "snippet", "text")
            excerpt = safe_line(snippet, limit=200) if isinstance(snippet, str) else None
        elif isinstance(spelled, str):
            message += f" (reported at {safe_line(spelled, limit=200)!r}, which is not a file of the skill)"
    return AuditFinding(f"{SCANNER_PREFIX}{tool}/{scanner_id(rule_id)}", severity, "content", message,
                        target.server, target.skill, uri, line, column, excerpt)


def _position(region: Any, key: str) -> int | None:
    value = region.get(key) if isinstance(region, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def _map_path(spelled: str, target: ScanTarget) -> str | None:
    """The skill:// URI of the file a SARIF artifact URI names, or None when it names none of the skill's files.

    Tried as written and percent-decoded once (SARIF URIs are encoded; the files were written
    with their URI spelling), absolute paths and ``file://`` URIs under the folder made relative.
    """
    folder = target.folder.rstrip("/") + "/"
    for candidate in dict.fromkeys((spelled, unquote(spelled))):
        path = candidate
        if path.startswith("file://"):
            path = path[len("file://"):]
            path = path[path.find("/"):] if not path.startswith("/") and "/" in path else path  # drop a host part
        if path.startswith("/"):
            if not path.startswith(folder):
                continue
            path = path[len(folder):]
        while path.startswith("./"):
            path = path[2:]
        if path in target.files:
            return target.files[path]
    return None
