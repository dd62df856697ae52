"""The steps every front end shares (targets, catalog, approvals, review state), with no UI imports."""

from __future__ import annotations

from typing import Any

from skillscope.core.lazy import load_export

__all__ = [
    "ApprovalPlan",
    "Refusal",
    "Invocation",
    "LedgerSnapshot",
    "ServerSeed",
    "approval_plan",
    "audit_for_approval",
    "attach_problem",
    "client_seeds",
    "entry_review",
    "find_entry",
    "ledger_for",
    "load_catalog",
    "load_verdicts",
    "offline_revocation",
    "open_named",
    "read_ledger",
    "resolve_name",
    "resolve_target",
    "review_refusal",
    "review_states",
    "seed_from_form",
    "server_policy",
    "server_seeds",
    "unique_label",
    "verdict_record",
]

_HOME = {
    "ApprovalPlan": "approvals", "Refusal": "approvals", "approval_plan": "approvals", "audit_for_approval": "approvals", "offline_revocation": "approvals",
    "review_refusal": "approvals", "verdict_record": "approvals",
    "find_entry": "catalog", "load_catalog": "catalog", "open_named": "catalog", "resolve_name": "catalog",
    "LedgerSnapshot": "review_state", "entry_review": "review_state", "load_verdicts": "review_state",
    "read_ledger": "review_state", "review_states": "review_state",
    "Invocation": "targets", "ServerSeed": "targets", "attach_problem": "targets", "client_seeds": "targets",
    "ledger_for": "targets", "resolve_target": "targets", "seed_from_form": "targets", "server_policy": "targets",
    "server_seeds": "targets", "unique_label": "targets",
}


def __getattr__(name: str) -> Any:
    # Loaded on first use: the CLI imports this package while parsing, and --help must not import the SDK.
    return load_export(__name__, _HOME, name)
