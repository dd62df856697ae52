"""Values JSON allows but no honest entry holds make that one entry malformed, with its reason."""

from __future__ import annotations

import base64
import json

import pytest

from tests.fixtures.hostile import rewrite_bad_values

from .conftest import run_cli

EXPECTED = {
    "#1": ("SS-E15", "has no valid size (got a number of about 401 digits)"),
    "#2": ("SS-E19", "lone UTF-16 surrogate (not valid Unicode) in the entry → frontmatter → description"),
    "#3": ("SS-E6", "breaks the naming rules"),
    "#4": ("SS-E14", "has no valid sha256 digest"),
}


@pytest.fixture
def bad_values_url(http_server):
    return http_server("bad-values", rewrite=rewrite_bad_values)


def test_each_bad_value_makes_only_its_entry_malformed(bad_values_url):
    done = run_cli("list", "--json", "--timeout", "120", bad_values_url)
    assert done.code == 0, done.err
    skills = done.json()["skills"]
    by_name = {s["name"].split(":", 1)[1]: s for s in skills}
    assert by_name["hello-world"]["status"] == "available" and by_name["pdf-processing"]["status"] == "available"
    for index, (rule, words) in EXPECTED.items():
        entry = by_name[index]
        assert entry["status"] == "malformed" and entry["rule"] == rule, entry
        assert words in entry["reason"], entry["reason"]


def test_list_text_and_audit_survive_them(bad_values_url, tmp_path):
    listed = run_cli("list", "--timeout", "120", bad_values_url)
    assert listed.code == 0 and "Traceback" not in listed.err
    assert "pdf-processing" in listed.out and "SS-E15" in listed.out
    report = tmp_path / "audit.json"
    audited = run_cli(
        "audit", "--format", "json", "-o", str(report), "--fail-on", "never", "--timeout", "120", bad_values_url
    )
    assert audited.code == 0, audited.err
    server = json.loads(report.read_text())["servers"][0]
    assert server["error"] is None
    verified = {s["name"] for s in server["skills"] if s["verified"]}
    assert {name.split(":", 1)[1] for name in verified} == {"hello-world", "pdf-processing"}


def test_a_read_with_both_text_and_blob_is_refused(http_server):
    def both(method, status, headers, body):
        if method != "resources/read":
            return None
        answer = json.loads(body)
        for item in answer["result"]["contents"]:
            data = item.get("text", "").encode() or base64.b64decode(item.get("blob", ""))
            item["text"], item["blob"] = data.decode("latin-1"), base64.b64encode(b"other bytes").decode()
        return status, headers, json.dumps(answer).encode()

    done = run_cli("show", "hello-world", http_server("samples", rewrite=both))
    assert done.code == 1
    assert "both text and blob" in done.err + done.out
