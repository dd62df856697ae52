"""Approved skills as Cedar policies in ToolHive's authorisation config (``cedarv1``)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from skillscope.ledger.core.record import Record

__all__ = ["GET_SKILL", "READ_RESOURCE", "cedar_policies", "cedar_string", "toolhive_authz_config"]

GET_SKILL = 'Action::"get_skill"'
"""ToolHive's action for ``skills/get`` on ``Skill::"<uri>"``; it filters ``skills/list`` entries by the same check."""
READ_RESOURCE = 'Action::"read_resource"'
"""ToolHive's action for ``resources/read`` on ``Resource::"<uri>"``; it filters ``resources/list`` the same way."""

# ToolHive refuses a config without a policy; when nothing is approved, this one keeps it loadable and permits nothing.
_INERT = f"permit(principal, action == {GET_SKILL}, resource) when {{ false }};"


def cedar_string(value: str) -> str:
    """``value`` as a Cedar string literal that decodes to exactly ``value`` and can only ever be a string.

    Quotes and backslashes are escaped, and every character outside printable ASCII is written as
    ``\\u{…}``: a quote, newline or ``*`` from a server can neither end the literal nor start a statement.
    """
    out = ['"']
    for char in value:
        if char in ('"', "\\"):
            out.append("\\" + char)
        elif " " <= char <= "~":
            out.append(char)
        else:
            out.append(f"\\u{{{ord(char):x}}}")
    out.append('"')
    return "".join(out)


def cedar_policies(approvals: Iterable[Record]) -> list[str]:
    """Two policies per approved skill: ``get_skill`` on its SKILL.md URI, ``read_resource`` on its files.

    The files are those the approved entry listed, so a file the server adds later is not readable through
    these policies. Approvals of tools, prompts or resources (``surface``), and entries with no fingerprint
    or URI, give none. Annotations carry the name, fingerprint, label and reviewer, for people: ToolHive's
    entities carry no digest, so no policy can compare one (docs/enforcement.md).
    """
    chosen = sorted(
        (r for r in approvals if r.uri and r.fingerprint and "surface" not in r.extra),
        key=lambda r: (r.label, r.name, r.uri, r.fingerprint or ""),
    )
    policies: list[str] = []
    seen: set[tuple[str, str]] = set()
    for record in chosen:
        key = (record.uri, record.fingerprint or "")
        if key in seen:
            continue
        seen.add(key)
        notes = "".join(
            f"@{tag}({cedar_string(value)})\n"
            for tag, value in (
                ("skill", record.name),
                ("fingerprint", record.fingerprint or ""),
                ("label", record.label),
                ("reviewer", record.reviewer),
                ("approved", record.time),
            )
        )
        policies.append(
            f"{notes}permit(principal, action == {GET_SKILL}, resource == Skill::{cedar_string(record.uri)});"
        )
        files = sorted({f.uri for f in record.files} | {record.uri})
        listed = ", ".join(f"Resource::{cedar_string(uri)}" for uri in files)
        policies.append(
            f"{notes}permit(principal, action == {READ_RESOURCE}, resource) when {{ [{listed}].contains(resource) }};"
        )
    return policies


def toolhive_authz_config(approvals: Iterable[Record]) -> str:
    """ToolHive's ``--authz-config`` file (JSON, ``cedarv1``) whose policies permit the approved skills only."""
    policies = cedar_policies(approvals) or [_INERT]
    document = {"version": "1.0", "type": "cedarv1", "cedar": {"policies": policies, "entities_json": "[]"}}
    return json.dumps(document, indent=2, ensure_ascii=True) + "\n"
