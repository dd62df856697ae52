"""Signed review attestations for any front end: the policy in force, digested, and the envelopes."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from pathlib import Path
from typing import Any

from skillscope.audit.findings import CHECKS
from skillscope.core.errors import SkillscopeError
from skillscope.ledger.core.signers import AllowedSigners, TrustRule
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.intoto import Attestations, ReviewPolicy, attest_approvals
from skillscope.ledger.team.export import Exportable
from skillscope.service.review_state import TrustChoice
from skillscope.service.suppressions import load_suppressions, today_utc

__all__ = ["approval_policy", "export_attestations", "review_policy", "rules_digest", "suppressions_digest"]


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
    return ReviewPolicy(rules_digest(), suppressions_digest(ledger, choice, today), rule.digest().hex())


def suppressions_digest(ledger: Path, choice: TrustChoice, today: date | None = None) -> str:
    """SHA-256 of the suppressions in force beside ``ledger``: ``[key, expires, reviewer, reason]``, sorted by key.

    In force as ``audit`` counts them: signed by a key ``choice`` allows, and not expired.

    Raises:
        UsageError: the allowed signers file cannot be read.
        LocalFileError: the suppressions file cannot be read.
    """
    found = load_suppressions(ledger, choice).in_force(today or today_utc())
    return _digest([[s.key, s.expires, s.reviewer, s.reason] for _, s in sorted(found.items())])


def approval_policy(ledger: Path, choice: TrustChoice) -> dict[str, str]:
    """The digests an approval record keeps (``policy_digests``): the rules, and the suppressions in force now.

    The suppressions are left out when they cannot be read (the audit then applied none, and says so);
    an attestation of the approval then gives the export-time digest, labelled as such.
    """
    kept = {"rules": rules_digest()}
    try:
        kept["suppressions"] = suppressions_digest(ledger, choice)
    except SkillscopeError:
        pass
    return kept


def export_attestations(
    ledger: Path, choice: TrustChoice, signers: AllowedSigners, exportable: Exportable
) -> Attestations:
    """One DSSE-signed in-toto Statement per approval ``exportable`` kept, signed with this machine's ledger key.

    ``signers`` are the allowed signers the ledger's check applied (``LedgerCheck.trust``); unsigned approvals
    count as ``choice`` says.

    Raises:
        UsageError: the signing key is not Ed25519 or cannot sign; the allowed signers cannot be read.
        LocalFileError: the suppressions file cannot be read, or no key exists and none can be made.
    """
    from skillscope import __version__

    policy = review_policy(ledger, choice, TrustRule(signers, choice.include_unsigned))
    return attest_approvals(exportable.approvals, load_signer(choice.signing_key), policy, version=__version__)
