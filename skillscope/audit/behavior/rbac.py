"""Kubernetes grants to everyone: a ClusterRoleBinding (or ``kubectl create clusterrolebinding``) that gives
``cluster-admin`` to a group every identity of a kind belongs to (``system:serviceaccounts``: every pod's account in
every namespace; ``system:authenticated``; ``system:unauthenticated``: anyone who can reach the API). Any workload,
or anyone, then controls the cluster. Binding a role to the accounts a skill names is how access is given."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx

__all__ = ["scan_rbac"]

_EVERYONE = re.compile(r"\bsystem:(?:serviceaccounts|authenticated|unauthenticated)\b(?!:)")
_ADMIN = re.compile(r"^\s*name:\s*[\"']?cluster-admin[\"']?\s*$", re.MULTILINE)
_BINDING = re.compile(r"^\s*kind:\s*ClusterRoleBinding\s*$", re.MULTILINE)
_COMMAND = re.compile(
    r"\bclusterrolebinding\b[^\n]*--clusterrole[= ]+[\"']?cluster-admin\b[^\n]*--group[= ]+[\"']?"
    r"(system:(?:serviceaccounts|authenticated|unauthenticated))\b(?!:)|"
    r"\bclusterrolebinding\b[^\n]*--group[= ]+[\"']?(system:(?:serviceaccounts|authenticated|unauthenticated))\b(?!:)"
    r"[^\n]*--clusterrole[= ]+[\"']?cluster-admin\b"
)
_WHO = {
    "system:serviceaccounts": "every service account in the cluster",
    "system:authenticated": "every authenticated user",
    "system:unauthenticated": "anyone who can reach the API server",
}


def scan_rbac(ctx: Ctx) -> None:
    """Bindings of cluster-admin to everyone, in a manifest or a kubectl command."""
    text = ctx.text
    if "system:" not in text or "cluster-admin" not in text:
        return
    offset = 0
    for document in re.split(r"(?m)^---[^\n]*$", text):
        start = text.find(document, offset) if document else offset
        offset = start + len(document)
        if not (_BINDING.search(document) and _ADMIN.search(document)):
            continue
        found = _EVERYONE.search(document, document.find("subjects"))
        if "subjects" not in document or found is None:
            continue
        _add(ctx, found.group(0), start + found.start(), start + found.end())
        return
    command = _COMMAND.search(text)
    if command is not None:
        group = command.group(1) or command.group(2)
        _add(ctx, group, command.start(), command.end())


def _add(ctx: Ctx, group: str, start: int, end: int) -> None:
    ctx.cap("grants", f"cluster-admin to {group}", start, end, "Kubernetes RBAC")
    ctx.add(
        "skillscope/permissions/privilege",
        f"binds cluster-admin to {group}, {_WHO[group]} (line {ctx.line(start)}): any of them then controls the cluster",
        start,
        end,
        "error",
    )
