"""The audit's rule catalogue for any front end: every rule it can report, read without loading the MCP SDK."""

from __future__ import annotations

from collections.abc import Mapping

from skillscope.audit.rule_manifest import OWASP_ASI, OWASP_AST, Manifest, load_manifest

__all__ = ["rule_catalogue"]


def rule_catalogue() -> tuple[Manifest, Mapping[str, Mapping[str, str]]]:
    """Every rule the audit can report (the shipped manifest), and the OWASP lists its ids name, each by id.

    Raises:
        ManifestError: the shipped manifest is malformed (a packaging or editing fault).
    """
    return load_manifest(), {"owasp-ast": OWASP_AST, "owasp-asi": OWASP_ASI}
