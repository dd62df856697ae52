"""Server-wide checks: the listing walk, the unknown-skill probe and the SEP-2164 not-found probe."""

from __future__ import annotations

from skillscope.audit.conformance import SuiteChecks
from skillscope.audit.run.results import ServerAudit
from skillscope.catalog.listing import Listing
from skillscope.core.errors import MethodError
from skillscope.core.spec import MODERN, PROBE_URI
from skillscope.core.textsafe import safe_line
from skillscope.protocol.connection import Connection, ServerInfo

__all__ = [
    "EMPTY_LISTING_CHECKS",
    "base_checks",
    "empty_listing_checks",
    "listing_checks",
    "probe_not_found",
    "probe_unknown_skill",
]

EMPTY_LISTING_CHECKS = (
    "sep-2640-skills-get-implemented",
    "sep-2640-skills-get-entry-shape",
    "sep-2640-skills-get-no-cursor",
    "sep-2640-skills-get-cache-attributes",
    "sep-2640-skillmd-required",
    "sep-2640-skillmd-frontmatter",
    "sep-2640-entry-frontmatter-identical",
)


def listing_checks(checks: SuiteChecks, listing: Listing, info: ServerInfo) -> None:
    """Pagination, entry atomicity across pages and the list result's cache fields."""
    repeated = listing.stop in ("repeated-cursor", "page-cap") or listing.pages > 50
    why = {"repeated-cursor": "repeated a cursor", "page-cap": f"kept paging past {listing.pages} pages"}.get(
        listing.stop or "", f"used {listing.pages} pages (more than 50)"
    )
    checks.check(
        "sep-2640-skills-list-pagination", not repeated, f"The listing does not end properly: the server {why}"
    )
    for uri in listing.duplicate_uris:
        checks.fail("sep-2640-skills-list-entry-atomic", f"{safe_line(uri)} appears on more than one page", uri=uri)
    checks.ran("sep-2640-skills-list-entry-atomic")
    if info.protocol == MODERN:
        checks.check(
            "sep-2640-skills-list-cache-attributes",
            not listing.missing_cache_fields,
            f"skills/list result lacks {', '.join(listing.missing_cache_fields)}",
        )
    else:
        checks.skip("sep-2640-skills-list-cache-attributes", f"not required on {info.protocol}")


def empty_listing_checks(checks: SuiteChecks) -> None:
    """What the checks that need an entry say when the listing has none that is usable."""
    for check in EMPTY_LISTING_CHECKS:
        checks.skip(check, "the listing has no usable entry")
    checks.ran("sep-2640-capability-commits-to-methods")
    checks.untestable("sep-2640-final-segment-equals-name", "no SKILL.md to read (the listing is empty)")
    for check in (
        "sep-2640-skillmd-mimetype",
        "sep-2640-skillmd-metadata-name",
        "sep-2640-skillmd-metadata-description",
        "sep-2640-meta-prefix",
    ):
        checks.untestable(check, "no SKILL.md to read (the listing is empty)")


async def probe_unknown_skill(conn: Connection, checks: SuiteChecks) -> None:
    """skills/get for a URI no server serves must answer -32602."""
    try:
        await conn.request("skills/get", {"uri": PROBE_URI})
    except MethodError as exc:
        checks.check(
            "sep-2640-skills-get-unknown-uri-invalid-params",
            exc.code == -32602,
            f"skills/get for an unknown URI answered error {exc.code} instead of -32602",
            uri=PROBE_URI,
        )
        return
    checks.fail(
        "sep-2640-skills-get-unknown-uri-invalid-params",
        "skills/get for an unknown URI succeeded instead of answering -32602",
        uri=PROBE_URI,
    )


async def probe_not_found(conn: Connection, audit: ServerAudit, checks: SuiteChecks) -> None:
    """SEP-2164: a read of a resource that does not exist answers -32602 and echoes the URI."""
    first = next((s.entry for s in audit.skills if s.entry.directory), None)
    probe = (
        f"{first.directory}/skillscope-nonexistent-9f3a2b.md"
        if first
        else "skill://skillscope-nonexistent-9f3a2b/SKILL.md"
    )
    try:
        result = await conn.read_resource(probe)
    except MethodError as exc:
        code = exc.code
        checks.check(
            "sep-2164-error-code",
            code == -32602,
            f"An unknown resource got error {code} instead of -32602"
            + (" (the old resource-not-found code)" if code == -32002 else ""),
            uri=probe,
        )
        data = exc.data
        checks.check(
            "sep-2164-data-uri",
            isinstance(data, dict) and data.get("uri") == probe,
            "The not-found error does not echo the URI in error.data.uri",
            uri=probe,
        )
    else:
        contents = result.contents
        checks.check(
            "sep-2164-no-empty-contents",
            bool(contents),
            "A read of an unknown resource returned empty contents",
            uri=probe,
        )
        checks.fail(
            "sep-2164-error-code", "A read of an unknown resource succeeded instead of answering -32602", uri=probe
        )


def base_checks(audit: ServerAudit, checks: SuiteChecks) -> None:
    """SEP-2164's empty-contents rule over every read the audit made (after the reads)."""
    for skill in audit.skills:
        report = skill.report
        if (
            report
            and report.failure
            and report.failure.check == "read"
            and "empty contents" in str(report.failure.actual)
        ):
            checks.fail(
                "sep-2164-no-empty-contents",
                f"{skill.entry.name}: resources/read returned empty contents",
                skill=skill.entry.name,
                uri=report.failure.uri,
            )
    checks.ran("sep-2164-no-empty-contents")
