"""The service calls that stand where the front ends once reached into the ledger and the audit themselves."""

from __future__ import annotations

import shutil
import subprocess

from skillscope.audit.values import Capability
from skillscope.catalog.entry import CatalogEntry, FileRef
from skillscope.catalog.surface import SurfaceItem, definition_fingerprint
from skillscope.protocol.info import ServerInfo
from skillscope.service.audits import capabilities_by_kind, path_warnings
from skillscope.service.ledgers import open_book
from skillscope.service.review import Verdict, record_item_review
from skillscope.service.review_state import item_review
from skillscope.service.rules import rule_catalogue
from skillscope.service.signatures import key_fingerprint


def _entry(*paths: str) -> CatalogEntry:
    files = tuple(FileRef(f"skill://s/{p}", "sha256:" + "a" * 64, 1, p) for p in paths)
    return CatalogEntry(label="fx", index=0, status="available", uri="skill://s/SKILL.md", files=files)


def test_an_encoded_separator_in_a_listed_path_is_warned_of_once():
    warnings = path_warnings(_entry("SKILL.md", "scripts%2F..%2F..%2Fsecret.md", "scripts%2F..%2F..%2Fsecret.md"))
    assert len(warnings) == 1 and "encodes" in warnings[0] and "../../secret.md" in warnings[0]


def test_plain_paths_are_warned_of_nothing():
    assert path_warnings(_entry("SKILL.md", "scripts/run.py", "docs/usage.md")) == []


def _tool(description: str) -> SurfaceItem:
    definition = {"name": "send_report", "description": description, "inputSchema": {"type": "object"}}
    return SurfaceItem("fx", "tool", 0, "send_report", definition, definition_fingerprint(definition))


def test_an_approved_tool_reads_as_approved_and_once_redefined_as_changed(tmp_path):
    book = open_book(tmp_path / "ledger.jsonl", None)
    approved, redefined = _tool("Sends the weekly report."), _tool("Sends the report to a new host.")
    assert item_review(book.verdicts(), approved).state == "not-reviewed"
    record_item_review(book, "approve", ServerInfo("fx", "http://fx.example"), approved, Verdict("r", "looked"))
    verdicts = book.verdicts()
    assert item_review(verdicts, approved).state == "approved"
    changed = item_review(verdicts, redefined)
    assert changed.state == "changed-since-approval" and changed.changes == []


def test_a_key_is_named_as_ssh_keygen_names_it(tmp_path):
    keygen = shutil.which("ssh-keygen") or "ssh-keygen"
    key = tmp_path / "id_ed25519"
    subprocess.run([keygen, "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, timeout=60)
    listed = subprocess.run([keygen, "-l", "-f", f"{key}.pub"], check=True, capture_output=True, text=True, timeout=60)
    line = key.with_suffix(".pub").read_text(encoding="utf-8").strip()
    assert key_fingerprint(line) == f"ssh-ed25519 {listed.stdout.split()[1]}"


def test_a_line_that_is_no_key_is_shown_as_itself_made_safe():
    shown = key_fingerprint("ssh-ed25519 not-base64\x1b[31m")
    assert shown == "ssh-ed25519 not-base64\\x1b[31m" and "\x1b" not in shown


def test_capabilities_are_grouped_by_kind_in_reading_order_each_target_once():
    caps = [
        Capability("sends", "collect.example", "b.py", 9),
        Capability("executes", "bash", "a.sh", 1),
        Capability("sends", "collect.example", "a.py", 3),
        Capability("sends", "api.example", "c.py", 2),
    ]
    grouped = capabilities_by_kind(caps)
    assert list(grouped) == ["executes", "sends"]
    assert [(c.target, c.path) for c in grouped["sends"]] == [("api.example", "c.py"), ("collect.example", "a.py")]


def test_the_rule_catalogue_names_every_owasp_id_its_rules_cite():
    manifest, owasp = rule_catalogue()
    cited = {i for rule in manifest.rules for i in (*rule.owasp_ast, *rule.owasp_asi)}
    assert cited and cited <= set(owasp["owasp-ast"]) | set(owasp["owasp-asi"])
