"""Signed review attestations for any front end: the policy in force, digested, and the envelopes."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from pathlib import Path
from typing import Any

from skillscope.audit.findings import CHECKS
from skillscope.ledger.export import Exportable
from skillscope.ledger.intoto import Attestations, ReviewPolicy, attest_approvals
from skillscope.ledger.signers import TrustRule
from skillscope.ledger.signing import load_signer
from skillscope.service.review_state import TrustChoice
from skillscope.service.suppressions import load_suppressions, today_utc

__all__ = ["export_attestations", "review_policy", "rules_digest"]


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def rules_digest() -> str:
    """SHA-256 of the built-in rule table: ``[id, severity, category]`` for every check (entry rules too), sorted."""
    return _digest(sorted([c.id, c.severity, c.category] for c in CHECKS.values()))


def review_policy(ledger: Path, choice: TrustChoice, rule: TrustRule, today: date | None = None) -> ReviewPolicy:
    """The rules, suppressions and allowed signers in force for ``ledger`` now, each as a digest.

    Suppressions count as ``audit`` counts them: signed by an allowed key and not expired.

    Raises:
        UsageError: the allowed signers file cannot be read.
        LocalFileError: the suppressions file cannot be read.
    """
    found = load_suppressions(ledger, choice).in_force(today or today_utc())
    suppressions = [[s.key, s.expires, s.reviewer, s.reason] for _, s in sorted(found.items())]
    return ReviewPolicy(rules_digest(), _digest(suppressions), rule.digest().hex())


def export_attestations(ledger: Path, choice: TrustChoice, rule: TrustRule, exportable: Exportable) -> Attestations:
    """One DSSE-signed in-toto Statement per approval ``exportable`` kept, signed with this machine's ledger key.

    Raises:
        UsageError: the signing key is not Ed25519 or cannot sign; the allowed signers cannot be read.
        LocalFileError: the suppressions file cannot be read, or no key exists and none can be made.
    """
    from skillscope import __version__

    policy = review_policy(ledger, choice, rule)
    return attest_approvals(exportable.approvals, load_signer(choice.signing_key), policy, version=__version__)
