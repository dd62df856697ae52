"""The documented JSON shapes of ``list``, ``show`` and ``diff`` (``ledger list`` gives each record's ``summary_json``)."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the opener and the connection load the SDK; the JSON shapes need their types only
    from skillscope.catalog.entry import CatalogEntry
    from skillscope.catalog.listing import Listing
    from skillscope.ledger.core.values import ReviewState
    from skillscope.protocol.info import ServerInfo
    from skillscope.verify.opener import SkillReport

__all__ = ["entry_json", "listing_json", "report_json", "review_json"]


def review_json(state: ReviewState | None) -> dict[str, Any] | None:
    """A review state: ``approved``, ``rejected``, ``not-reviewed``, ``changed-since-approval``, ..."""
    return None if state is None else state.as_json()


def entry_json(entry: CatalogEntry, review: ReviewState | None = None) -> dict[str, Any]:
    """One catalog entry."""
    return {
        **entry.as_json(),
        "files": [{"uri": f.uri, "path": f.path, "digest": f.digest, "size": f.size} for f in entry.files or ()],
        "warnings": [{"rule": w.rule, "message": w.message} for w in entry.warnings],
        "review": review_json(review),
    }


def listing_json(
    info: ServerInfo, listing: Listing, reviews: Mapping[str, ReviewState | None], ledger_warning: str | None
) -> dict[str, Any]:
    """The whole catalog of one server."""
    warnings = [{"rule": w.rule, "message": w.message} for w in listing.warnings]
    if info.serves_no_skills and not any(w.message == info.no_skills_words() for w in listing.warnings):
        warnings.insert(0, {"rule": "no-skills-served", "message": info.no_skills_words()})
    if ledger_warning:
        warnings.append({"rule": "ledger", "message": ledger_warning})
    return {
        "server": info.as_json(),
        "skills_served": not info.serves_no_skills,
        "skills": [entry_json(e, reviews.get(e.name) if e.status != "malformed" else None) for e in listing.entries],
        "warnings": warnings,
        "complete": listing.complete,
        "pages": listing.pages,
    }


def report_json(info: ServerInfo, report: SkillReport, review: ReviewState | None = None) -> dict[str, Any]:
    """A skill after opening it; ``body`` only when everything read verified."""
    entry = report.entry
    out: dict[str, Any] = {
        "server": info.as_json(),
        "name": entry.name,
        "uri": entry.uri,
        "verified": report.verified,
        "fingerprint": entry.fingerprint,
        "frontmatter": entry.frontmatter,
        "files": [f.as_json() for f in report.files],
        "failure": report.failure.as_json() if report.failure else None,
        "refresh": report.refresh,
        "review": review_json(review),
    }
    if report.verified:
        from skillscope.service.audits import capabilities_of

        out["body"] = report.body
        out["capabilities"] = [c.as_json() for c in capabilities_of(report)]
        for shown, result in zip(out["files"], report.files, strict=True):
            if result.served is not None:
                shown.update(_content_json(result.served.data))
    return out


def _content_json(data: bytes) -> dict[str, str]:
    """A verified file's whole content: ``text`` when it is UTF-8, else ``base64``."""
    try:
        return {"text": data.decode("utf-8")}
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(data).decode("ascii")}
