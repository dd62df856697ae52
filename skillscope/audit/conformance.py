"""The official suite's SEP-2640 server checks, evaluated over every entry instead of the first."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from skillscope.audit.findings import CHECKS, AuditFinding, CheckOutcome
from skillscope.catalog.names import is_reg_name
from skillscope.core.spec import (
    ENUMERATION_ENTRY_CHECKS,
    ENVELOPE_KEYS,
    MAX_FILES,
    MAX_TOTAL_BYTES,
    MODERN,
    RESERVED_METADATA_PREFIX,
    RESOURCE_ARRAY_CHECKS,
)
from skillscope.core.textsafe import safe_line
from skillscope.protocol.values import GetResult, ListedFile, ReadResult, SkillEntry, parse_entry
from skillscope.verify.frontmatter import FrontmatterError, parse_frontmatter, split_frontmatter

__all__ = [
    "META_PREFIX_RE",
    "SuiteChecks",
    "declaration_checks",
    "entry_checks",
    "get_checks",
    "meta_key_problems",
    "skill_md_checks",
    "suite_frontmatter_equal",
]

SUITE_NAME_RE = re.compile(r"^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$")
META_PREFIX_RE = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+/")
_SEGMENT_RE = re.compile(r"/([^/]+)/SKILL\.md$")


class SuiteChecks:
    """Outcomes per check id, and a finding for every failure with its place."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.outcomes: dict[str, CheckOutcome] = {}
        self.findings: list[AuditFinding] = []

    def ran(self, check: str) -> None:
        """Note that a check ran; it passes unless a failure is recorded."""
        self.outcomes.setdefault(check, CheckOutcome(check, "pass"))

    def fail(self, check: str, message: str, *, skill: str | None = None, uri: str | None = None) -> None:
        """Record a failure (a warning for warning-level checks) at a place."""
        info = CHECKS[check]
        outcome = self.outcomes.setdefault(check, CheckOutcome(check, "pass"))
        if outcome.status in ("pass", "skip"):
            outcome.status = "fail" if info.severity == "error" else "warning"
        outcome.count += 1
        if skill:
            outcome.entries.append(skill)
        self.findings.append(AuditFinding(check, info.severity, "conformance", message, self.server, skill, uri))

    def skip(self, check: str, why: str) -> None:
        """A check that does not apply (the suite's SKIPPED)."""
        self.outcomes.setdefault(check, CheckOutcome(check, "skip", why))

    def untestable(self, check: str, why: str) -> None:
        """A check that could not be tested: reported apart from defects, never as one."""
        outcome = self.outcomes.setdefault(check, CheckOutcome(check, "untestable", why))
        if outcome.status == "pass":
            outcome.status, outcome.detail = "untestable", why

    def check(self, check: str, ok: bool, message: str, *, skill: str | None = None, uri: str | None = None) -> None:
        """Record one evaluation of a check."""
        self.ran(check)
        if not ok:
            self.fail(check, message, skill=skill, uri=uri)


def _name_of(raw: Any, index: int, label: str) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("uri"), str):
        return safe_line(raw["uri"], limit=200)
    return f"{label}:#{index}"


def entry_checks(checks: SuiteChecks, raw_entries: Sequence[Any], label: str, *, repeated: Sequence[Any] = ()) -> None:
    """The enumeration scenario's per-entry checks, with the suite's own (looser) semantics.

    Entries may be raw or already read (``SkillEntry``); the catalog's verdicts judge the same
    reading. ``repeated`` are entries a later page listed again; like the suite, their names
    count again towards name uniqueness.
    """
    if not raw_entries:
        for check in ENUMERATION_ENTRY_CHECKS + RESOURCE_ARRAY_CHECKS:
            checks.skip(check, "the listing is empty")
        return
    names: Counter[str] = Counter()
    any_static = False
    for index, value in enumerate(raw_entries):
        read = parse_entry(value)
        where = _name_of(read.raw, index, label)
        uri = read.uri
        checks.check(
            "sep-2640-entry-uri-required", uri is not None, f"Entry #{index} has no non-empty string uri", skill=where
        )
        front = read.frontmatter
        front_ok = bool(read.name) and bool(read.description)
        checks.check(
            "sep-2640-entry-frontmatter-required",
            front_ok,
            f"{where}: frontmatter lacks a non-empty name or description",
            skill=where,
            uri=_raw_uri(read),
        )
        uri_s = uri or ""
        segment_match = _SEGMENT_RE.search(uri_s)
        segment = segment_match.group(1) if segment_match else None
        name = front.get("name") if front is not None else None
        checks.check(
            "sep-2640-entry-uri-matches-frontmatter-name",
            segment is not None and segment == name,
            f"{where}: the URI's final segment {safe_line(segment)!r} does not equal frontmatter.name {safe_line(name)!r}",
            skill=where,
            uri=uri_s or None,
        )
        if uri_s:
            checks.check(
                "sep-2640-skill-uri-scheme",
                uri_s.startswith("skill://"),
                f"{where}: served under a scheme other than skill://",
                skill=where,
                uri=uri_s,
            )
            checks.check(
                "sep-2640-name-naming-rules",
                segment is not None and bool(SUITE_NAME_RE.fullmatch(segment)),
                f"{where}: name segment {safe_line(segment)!r} breaks the naming rules",
                skill=where,
                uri=uri_s,
            )
            authority = uri_s.split("://", 1)[1].split("/", 1)[0] if "://" in uri_s else ""
            checks.check(
                "sep-2640-authority-reg-name",
                is_reg_name(authority),
                f"{where}: authority {safe_line(authority)!r} is not a reg-name",
                skill=where,
                uri=uri_s,
            )
        if front is not None and isinstance(front.get("metadata"), dict):
            reserved = [k for k in front["metadata"] if isinstance(k, str) and k.startswith(RESERVED_METADATA_PREFIX)]
            checks.check(
                "sep-2640-metadata-reserved-prefix",
                not reserved,
                f"{where}: reserved metadata keys {', '.join(map(safe_line, reserved))}",
                skill=where,
                uri=uri_s or None,
            )
        else:
            checks.ran("sep-2640-metadata-reserved-prefix")
        if read.name:
            names[read.name] += 1
        checks.check(
            "sep-2640-entry-resources-required",
            read.resources is not None,
            f'{where}: resources is neither an array nor "dynamic"',
            skill=where,
            uri=uri_s or None,
        )
        if read.files is not None:
            any_static = True
            _resource_checks(checks, read.files, uri_s, where)
    for value in repeated:
        again = parse_entry(value).name
        if again:
            names[again] += 1
    for name, count in names.items():
        checks.check(
            "sep-2640-names-should-be-unique",
            count == 1,
            f"The name {safe_line(name)!r} is served at {count} URIs",
            skill=name,
        )
    checks.ran("sep-2640-names-should-be-unique")
    if not any_static:
        for check in RESOURCE_ARRAY_CHECKS:
            checks.skip(check, "every entry is dynamic or has no file list")


def _raw_uri(read: SkillEntry) -> str | None:
    value = read.raw.get("uri") if isinstance(read.raw, dict) else None
    return value if isinstance(value, str) else None


def _item_uri(item: ListedFile) -> Any:
    """The item's uri exactly as sent, for messages."""
    return item.raw.get("uri") if isinstance(item.raw, dict) else None


def _resource_checks(checks: SuiteChecks, files: tuple[ListedFile, ...], uri: str, where: str) -> None:
    directory = uri[: -len("/SKILL.md")] if uri.endswith("/SKILL.md") else uri
    uris = [_item_uri(item) for item in files if isinstance(item.raw, dict)]
    dupes = sorted({u for u in uris if isinstance(u, str) and uris.count(u) > 1})
    checks.check(
        "sep-2640-resources-complete",
        uri in uris and not dupes,
        f"{where}: the file list {'omits the SKILL.md' if uri not in uris else 'lists ' + ', '.join(map(safe_line, dupes)) + ' twice'}",
        skill=where,
        uri=uri or None,
    )
    total = 0
    for item in files:
        item_uri = _item_uri(item)
        at = item_uri if isinstance(item_uri, str) else None
        inside = isinstance(item_uri, str) and (item_uri == uri or item_uri.startswith(directory + "/"))
        checks.check(
            "sep-2640-resources-uri-within-skill",
            inside,
            f"{where}: file {safe_line(item_uri)!r} is outside {safe_line(directory)!r}",
            skill=where,
            uri=at,
        )
        raw_digest = item.raw.get("digest") if isinstance(item.raw, dict) else None
        checks.check(
            "sep-2640-resources-digest-format",
            item.digest_valid,
            f"{where}: file {safe_line(item_uri)!r} has digest {safe_line(raw_digest)!r}",
            skill=where,
            uri=at,
        )
        size = item.size.value
        checks.check(
            "sep-2640-resources-size-required",
            size is not None,
            f"{where}: file {safe_line(item_uri)!r} has size {safe_line(item.size.raw)!r}",
            skill=where,
            uri=at,
        )
        total += size or 0
    checks.check(
        "sep-2640-limit-resources-per-skill",
        len(files) <= MAX_FILES,
        f"{where}: lists {len(files)} files, more than {MAX_FILES}",
        skill=where,
        uri=uri or None,
    )
    checks.check(
        "sep-2640-limit-total-size",
        total <= MAX_TOTAL_BYTES,
        f"{where}: files total {total:,} bytes, more than 16 MiB",
        skill=where,
        uri=uri or None,
    )


def declaration_checks(checks: SuiteChecks, info: Any) -> None:
    """The capability checks: object value, inline settings, resources declared."""
    if info.extension == "malformed":
        checks.fail("sep-2640-capability-empty-object", "The skills extension is declared with a non-object value")
        return
    checks.ran("sep-2640-capability-empty-object")
    wrapped = [k for k in ENVELOPE_KEYS if k in (info.settings or {})]
    checks.check(
        "sep-2640-capability-declaration-inline",
        not wrapped,
        f"Extension settings are wrapped in an envelope ({', '.join(wrapped)})",
    )
    checks.check(
        "sep-2640-capability-requires-resources",
        info.has_resources,
        "Skills are declared but the resources capability is not",
    )


def _suite_equal(a: Any, b: Any) -> bool:
    """Node's isDeepStrictEqual on JSON values, where 1 and 1.0 are the same number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_suite_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_suite_equal(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def suite_frontmatter_equal(entry: dict[str, Any], parsed: dict[str, Any]) -> list[str]:
    """Keys that differ under the suite's rule (a missing key counts as null)."""
    return [k for k in sorted(set(entry) | set(parsed), key=str) if not _suite_equal(entry.get(k), parsed.get(k))]


def skill_md_checks(
    checks: SuiteChecks,
    where: str,
    uri: str,
    entry_front: dict[str, Any],
    result: ReadResult,
    *,
    parsed: dict[str, Any] | None = None,
) -> str | None:
    """skillmd-required, skillmd-frontmatter and entry-frontmatter-identical on one read result.

    ``parsed`` is the frontmatter verification already parsed from these bytes, if it did.
    Returns the name parsed from the file, for the manifest scenario's final-segment check.
    """
    item = result.item(uri)
    text = item.text if item is not None else None
    checks.check(
        "sep-2640-skillmd-required",
        isinstance(text, str),
        f"{where}: SKILL.md was not returned as a text item"
        + (" (it came as a blob)" if item is not None and item.has_blob else ""),
        skill=where,
        uri=uri,
    )
    if not isinstance(text, str):
        return None
    if parsed is None:
        try:
            block, _ = split_frontmatter(text)
            parsed = parse_frontmatter(block)
        except FrontmatterError as exc:
            checks.fail("sep-2640-skillmd-frontmatter", f"{where}: {exc}", skill=where, uri=uri)
            return None
    name, description = parsed.get("name"), parsed.get("description")
    checks.check(
        "sep-2640-skillmd-frontmatter",
        isinstance(name, str) and bool(name) and isinstance(description, str) and bool(description),
        f"{where}: the file's frontmatter lacks a non-empty name or description",
        skill=where,
        uri=uri,
    )
    differing = suite_frontmatter_equal(entry_front, parsed)
    checks.check(
        "sep-2640-entry-frontmatter-identical",
        not differing,
        f"{where}: the file's frontmatter differs from the entry in {', '.join(map(safe_line, differing))}",
        skill=where,
        uri=uri,
    )
    return name if isinstance(name, str) else None


def get_checks(checks: SuiteChecks, where: str, uri: str, protocol: str, result: GetResult | None, error: Any) -> None:
    """skills/get checks for one listed URI."""
    if error is not None:
        checks.fail(
            "sep-2640-skills-get-implemented",
            f"{where}: skills/get failed: {safe_line(error, limit=200)}",
            skill=where,
            uri=uri,
        )
        checks.fail("sep-2640-capability-commits-to-methods", f"skills/get failed for {where}", skill=where, uri=uri)
        return
    checks.ran("sep-2640-skills-get-implemented")
    checks.ran("sep-2640-capability-commits-to-methods")
    skill = result.skill if result is not None else None
    # The same reading the catalog judges: a size of 1.5 or a bad digest breaks the shape here too.
    shape_ok = (
        skill is not None
        and skill.is_object
        and skill.raw.get("uri") == uri
        and skill.frontmatter is not None
        and (
            skill.dynamic
            or (
                skill.files is not None
                and all(f.uri is not None and f.digest_valid and f.size.value is not None for f in skill.files)
            )
        )
    )
    checks.check(
        "sep-2640-skills-get-entry-shape",
        bool(shape_ok),
        f"{where}: skills/get returned an entry that does not echo the uri or has an invalid shape",
        skill=where,
        uri=uri,
    )
    checks.check(
        "sep-2640-skills-get-no-cursor",
        not (result is not None and result.has_cursor),
        f"{where}: skills/get result carries a nextCursor",
        skill=where,
        uri=uri,
    )
    if protocol == MODERN:
        missing = list(result.missing_cache_fields) if result is not None else ["ttlMs", "cacheScope"]
        checks.check(
            "sep-2640-skills-get-cache-attributes",
            not missing,
            f"{where}: skills/get result lacks {', '.join(missing)}",
            skill=where,
            uri=uri,
        )
    else:
        checks.skip("sep-2640-skills-get-cache-attributes", f"not required on {protocol}")


def meta_key_problems(meta: Any) -> list[str]:
    """_meta keys that lack a reverse-DNS prefix."""
    if not isinstance(meta, dict):
        return []
    return [k for k in meta if not (isinstance(k, str) and META_PREFIX_RE.match(k))]
