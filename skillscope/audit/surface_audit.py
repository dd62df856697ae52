"""Audit a server's tools, prompts, resources and templates: hidden content and instructions, review state, look-alikes."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.prose import scan_prose
from skillscope.audit.findings import AuditFinding, Hit, placed
from skillscope.audit.text_scan import hit_at, scan_string, scan_text
from skillscope.catalog.surface import Surface, SurfaceItem, split_item_name
from skillscope.core.textsafe import safe_line
from skillscope.core.unicode_policy import hidden_runs

__all__ = ["item_findings", "lookalike_of", "one_edit_apart", "skeleton", "surface_findings"]

# Letters of other scripts that look like ASCII ones (the usual homoglyph set), and digits that pass for letters.
_LOOKALIKE = str.maketrans(
    "аеорсухіјѕԁԛԝӏАВЕКМНОРСТХІЈЅαονιρκτΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdqwlABEKMHOPCTXIJSaovipktABEZHIKMNOPTYX",
)
_REVIEW_CHECK = {
    "not-reviewed": "skillscope/not-reviewed",
    "rejected": "skillscope/rejected",
    "changed-since-approval": "skillscope/changed-since-approval",
    "approved-untrusted": "skillscope/approval-untrusted",
    "revoked": "skillscope/not-reviewed",
}


def _finding(check: str | Hit, message: str, item: SurfaceItem, server: str, at: str | None = None) -> AuditFinding:
    """A finding at the item (or at ``at``, a file of a skill listing): of a check by its id, or of a hit in one of
    its texts (where, severity, host kept)."""
    place = at or item.uri or f"{item.kind}/{item.key if item.key is not None else '#' + str(item.index)}"
    return placed(Hit(check, message) if isinstance(check, str) else check, server, item.name, place, message=message)


def item_findings(item: SurfaceItem, server: str = "") -> list[AuditFinding]:
    """What the content checks find in an item: its key, and every description and title (schemas walked).

    The hidden-character and hidden-Markdown checks of skill files, then the instruction rules of
    the behaviour engine on the same prose; each finding names the field it is in. A skill listing's
    findings are placed at the file whose entry holds the text (its URI), not at the listing.
    """
    out: list[AuditFinding] = []
    if item.skill_listing is not None:
        # The listing's key is the skill's directory; each file's URI is what a host shows and loads.
        for file_uri in _listed_uris(item):
            for hit in scan_string(file_uri):
                out.append(_finding(hit, f"in the file's URI: {hit.message}", item, server, at=file_uri))
    elif item.key is not None:
        for hit in scan_string(item.key):
            out.append(_finding(hit, f"in the {item.kind}'s name: {hit.message}", item, server))
    for uri, path, text in item.placed_texts():
        for hit in scan_text(text, path, markdown=True):
            out.append(_finding(hit, f"{safe_line(path, limit=200)}: {hit.message}", item, server, at=uri))
        ctx = Ctx(text, 0, text, path)
        scan_prose(ctx)
        for raw in ctx.hits:
            # Placed as the behaviour engine places a skill's prose hits: the line, the excerpt, the rule's own severity.
            hit = replace(
                hit_at(raw.check, raw.message, text, raw.start, min(raw.end, len(text))), severity=raw.severity
            )
            out.append(_finding(hit, f"{safe_line(path, limit=200)}: {raw.message}", item, server, at=uri))
    return out


def _listed_uris(item: SurfaceItem) -> list[str]:
    """The file URIs a skill listing holds, in its order (by URI)."""
    entries = item.definition if isinstance(item.definition, list) else []
    return [e["uri"] for e in entries if isinstance(e, dict) and isinstance(e.get("uri"), str)]


def skeleton(name: str) -> str:
    """What a name looks like: NFKC, case-folded, hidden characters dropped, look-alike letters mapped to ASCII."""
    text = unicodedata.normalize("NFKC", name)
    hidden = [(run.start, run.end) for run in hidden_runs(text)]
    for start, end in reversed(hidden):
        text = text[:start] + text[end:]
    return text.translate(_LOOKALIKE).casefold()


def one_edit_apart(a: str, b: str) -> bool:
    """True when ``b`` is ``a`` with one character inserted, deleted, replaced, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1 :]


def lookalike_of(item: SurfaceItem, approved: Iterable[str]) -> str | None:
    """The approved item name (same server, same kind) that ``item``'s name is confusable with or one edit from."""
    if item.key is None:
        return None
    mine = skeleton(item.key)
    for name in approved:
        parsed = split_item_name(name)
        if parsed is None or parsed[0] != item.label or parsed[1] != item.kind or name == item.name:
            continue
        theirs = skeleton(parsed[2])
        if theirs == mine or one_edit_apart(theirs, mine):
            return name
    return None


def surface_findings(
    surface: Surface, reviews: Mapping[str, Any] | None, approved_names: Iterable[str] = (), server: str = ""
) -> list[AuditFinding]:
    """Every item's content findings, its review state, items that cannot be pinned, and look-alikes of approved items.

    ``approved_names`` are the item names the ledger holds an approval of (in force) on any server;
    only those of this server's label count for look-alikes.
    """
    approved = sorted(set(approved_names))
    out: list[AuditFinding] = []
    for item in surface.all_items():
        if not item.usable:
            out.append(
                _finding(
                    "skillscope/surface-unreviewable",
                    f"{safe_line(item.name, limit=200)} cannot be reviewed: "
                    f"{safe_line(item.problem or 'no fingerprint', limit=300)}",
                    item,
                    server,
                )
            )
        out.extend(item_findings(item, server))
        state = (reviews or {}).get(item.name)
        if state is None:
            continue
        if state.state in _REVIEW_CHECK:
            out.append(
                _finding(_REVIEW_CHECK[state.state], f"{safe_line(item.name, limit=200)}: {state.label}", item, server)
            )
        # A skill listing's key is its skill's directory: the skill's own review and checks judge that name.
        if state.state not in ("approved", "approved-untrusted") and item.skill_listing is None:
            twin = lookalike_of(item, approved)
            if twin is not None:
                out.append(
                    _finding(
                        "skillscope/surface-lookalike",
                        f"{safe_line(item.name, limit=200)} is not approved and its name looks like "
                        f"{safe_line(twin, limit=200)}, approved on this server: a renamed swap?",
                        item,
                        server,
                    )
                )
    return out
