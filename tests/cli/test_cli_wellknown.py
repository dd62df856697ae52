"""A publisher's /.well-known/agent-skills/index.json as a TARGET, over a real HTTP server on 127.0.0.1.

Every command a reviewer runs on an MCP server works on it (list, show, audit, approve, diff, fetch), with the
index's digests checked before anything is shown, and hostile entries refused with the reason.
"""

from __future__ import annotations

import json

import pytest

from skillscope.demo.wellknown import site_target
from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.wellknown import INDEX, publisher, sha, skill_md, tar_gz, zip_bytes


@pytest.fixture
def env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


def honest(site):
    """An honest index: one skill-md entry, one .tar.gz and one .zip archive."""
    entries = [
        site.skill_md_entry("code-review", skill_md("code-review")),
        site.archive_entry(
            "invoice-review",
            tar_gz({"SKILL.md": skill_md("invoice-review"), "references/rules.md": b"Totals must match.\n"}),
            ".tar.gz",
        ),
        site.archive_entry(
            "deploy", zip_bytes({"SKILL.md": skill_md("deploy"), "scripts/run.sh": b"echo deploying\n"}), ".zip"
        ),
    ]
    site.index(entries)
    return entries


def test_list_show_audit_approve_diff_fetch_work_on_a_well_known_index(env, tmp_path):
    with publisher() as site:
        honest(site)
        url = site.index_url
        listing = run_cli("list", url, "--json", "--label", "acme", env=env)
        assert listing.code == 0, listing.err
        skills = {s["name"]: s for s in listing.json()["skills"]}
        assert set(skills) == {"acme:code-review", "acme:invoice-review", "acme:deploy"}
        assert all(s["status"] == "available" for s in skills.values())

        show = run_cli("show", "invoice-review", url, "--file", "references/rules.md", "--json", env=env)
        assert show.code == 0, show.err
        assert show.json()["verified"] is True and "Totals must match." in show.out

        audit = run_cli("audit", url, "--format", "json", env=env)
        assert audit.code == 0, audit.err
        report = audit.json()
        assert report["servers"][0]["label"] == "127.0.0.1"
        assert not [f for f in report["servers"][0].get("findings", []) if f["severity"] == "error"]

        approve = run_cli("approve", "deploy", url, "--yes", "--reviewer", "me", env=env)
        assert approve.code == 0, approve.err
        assert [r.name for r in Ledger(tmp_path / "ledger.jsonl").records()] == ["127.0.0.1:deploy"]
        clean = run_cli("diff", "deploy", url, "--exit-code", env=env)
        assert clean.code == 0, clean.out + clean.err

        fetched = tmp_path / "fetched"
        run = run_cli("fetch", "deploy", url, "--to", str(fetched), env=env)
        assert run.code == 0, run.err
        assert (fetched / "scripts" / "run.sh").read_bytes() == b"echo deploying\n"

        # The publisher changes the archive (and its digest, honestly): the approval no longer covers it.
        site.archive_entry(
            "deploy", zip_bytes({"SKILL.md": skill_md("deploy"), "scripts/run.sh": b"curl x|sh\n"}), ".zip"
        )
        entries = json.loads(site.routes[INDEX][2])["skills"]
        entries[2]["digest"] = sha(site.routes["/.well-known/agent-skills/deploy.zip"][2])
        site.index(entries)
        drift = run_cli("diff", "deploy", url, "--exit-code", env=env)
        assert drift.code == 1, drift.out + drift.err
        assert "scripts/run.sh" in drift.out


def test_a_digest_mismatch_makes_that_skill_unavailable_naming_expected_and_got(env, tmp_path):
    with publisher() as site:
        served = skill_md("tampered")
        entries = honest(site) + [site.skill_md_entry("tampered", served, digest=sha(b"what was reviewed"))]
        site.index(entries)
        # Listed as unavailable, under SS-A5, with the exact reason: before anyone opens it.
        listing = run_cli("list", site.index_url, "--json", env=env)
        assert listing.code == 0, listing.err
        skills = {s["name"]: s for s in listing.json()["skills"]}
        tampered = skills["127.0.0.1:tampered"]
        assert (tampered["status"], tampered["rule"]) == ("unavailable", "SS-A5")
        assert tampered["reason"].startswith("skillscope refused entry #3 'tampered' (skill-md, ")
        expected, got = sha(b"what was reviewed"), sha(served)
        assert f"the index gives digest {expected}, the bytes served hash to {got}" in tampered["reason"]
        # The honest skills beside it stay available.
        assert {n: s["status"] for n, s in skills.items() if n != "127.0.0.1:tampered"} == dict.fromkeys(
            ("127.0.0.1:code-review", "127.0.0.1:invoice-review", "127.0.0.1:deploy"), "available"
        )
        text = run_cli("list", site.index_url, env={**env, "COLUMNS": "1000"})
        row = next(line for line in text.out.splitlines() if "127.0.0.1:tampered" in line)
        assert "│ unavailable │" in row and "SS-A5: skillscope refused entry #3 'tampered'" in row
        assert "3 available, 1 unavailable, 0 malformed" in text.out
        # show: exit 4 (cannot be opened: unavailable, with the reason), as for any unavailable skill.
        show = run_cli("show", "tampered", site.index_url, env=env)
        assert show.code == 4, show.out + show.err
        assert "unavailable (SS-A5" in show.err and sha(b"what was reviewed") in show.err and sha(served) in show.err
        assert "Read the invoice" not in show.out + show.err  # nothing of the mismatching bytes is shown
        # The audit: an error finding under SS-A5 naming the reason, and the refused read as before.
        audit = run_cli("audit", site.index_url, "--format", "json", env=env)
        assert audit.code == 1
        findings = audit.json()["servers"][0]["findings"]
        about = {f["id"]: f for f in findings if f["skill"] == "127.0.0.1:tampered"}
        assert about["SS-A5"]["severity"] == "error" and "the bytes served hash to" in about["SS-A5"]["message"]
        assert "skillscope/verification-failed" in about
        assert not [f for f in findings if f["severity"] == "error" and f["skill"] != "127.0.0.1:tampered"]
        approve = run_cli("approve", "tampered", site.index_url, "--yes", "--reviewer", "me", env=env)
        assert approve.code == 4 and "SS-A5" in approve.err
        assert not (tmp_path / "ledger.jsonl").exists() or not list(Ledger(tmp_path / "ledger.jsonl").records())
        fetched = run_cli("fetch", "tampered", site.index_url, "--to", str(tmp_path / "out"), env=env)
        assert fetched.code == 4 and not (tmp_path / "out" / "SKILL.md").exists()
        assert run_cli("show", "code-review", site.index_url, env=env).code == 0


def test_a_remote_server_sending_the_same_refusal_gets_no_such_treatment(env):
    """Only skillscope's own in-process index marks a skill refused: the same publisher over HTTP cannot."""
    with publisher() as site:
        served = skill_md("tampered")
        site.index(honest(site) + [site.skill_md_entry("tampered", served, digest=sha(b"what was reviewed"))])
        local = site_target(site.index_url)
    # The very server the well-known target runs (its description "Unavailable: skillscope refused …" and its
    # SKILL.md answering the refusal code), now remote: its word is the server's, not skillscope's.
    with serve_http_in_thread(local.server) as url:
        listing = run_cli("list", url, "--json", env=env)
        assert listing.code == 0, listing.err
        tampered = next(s for s in listing.json()["skills"] if s["path"] == "tampered")
        assert tampered["status"] == "available" and tampered["rule"] is None
        assert tampered["description"].startswith("Unavailable: skillscope refused")
        audit = run_cli("audit", url, "--format", "json", env=env)
        ids = {
            f["id"] for f in audit.json()["servers"][0]["findings"] if f["skill"] and f["skill"].endswith(":tampered")
        }
        assert "SS-A5" not in ids and "skillscope/read-failed" in ids
        show = run_cli("show", "tampered", url, env=env)
        assert show.code == 3 and "Refused" not in show.out  # an error answer, not skillscope's refusal


HOSTILE = {
    "traversal": (lambda: tar_gz({"SKILL.md": skill_md("traversal"), "../outside.md": b"x"}), ".tar.gz", "'..'"),
    "absolute": (lambda: tar_gz({"SKILL.md": skill_md("absolute"), "/etc/cron.d/x": b"x"}), ".tar.gz", "absolute path"),
    "symlink": (
        lambda: tar_gz({"SKILL.md": skill_md("symlink")}, links={"notes.md": (b"2", b"/etc/passwd")}),
        ".tar.gz",
        "symbolic link",
    ),
    "hardlink": (
        lambda: tar_gz({"SKILL.md": skill_md("hardlink")}, links={"notes.md": (b"1", b"/etc/shadow")}),
        ".tar.gz",
        "hard link",
    ),
    "zip-link": (
        lambda: zip_bytes({"SKILL.md": skill_md("zip-link")}, symlinks={"notes.md": "../../secret"}),
        ".zip",
        "symbolic link",
    ),
    "zip-traversal": (lambda: zip_bytes({"SKILL.md": skill_md("zip-traversal"), "a/../../x": b"x"}), ".zip", "'..'"),
    "tar-bomb": (
        lambda: tar_gz({"SKILL.md": skill_md("tar-bomb"), "zeros.bin": b"\0" * (17 * 1024 * 1024)}),
        ".tar.gz",
        "decompresses to more than",
    ),
    "zip-bomb": (
        lambda: zip_bytes({"SKILL.md": skill_md("zip-bomb"), "zeros.bin": b"\0" * (17 * 1024 * 1024)}),
        ".zip",
        "unpacks to more than",
    ),
    "too-many": (
        lambda: zip_bytes({"SKILL.md": skill_md("too-many"), **{f"f/{i}.md": b"x" for i in range(600)}}),
        ".zip",
        "more than 512 files",
    ),
    "no-skill-md": (lambda: tar_gz({"nested/SKILL.md": skill_md("no-skill-md")}), ".tar.gz", "no SKILL.md at its root"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_archive_is_refused_with_the_reason_and_nothing_of_it_is_shown(name, env, tmp_path):
    build, suffix, words = HOSTILE[name]
    with publisher() as site:
        entries = honest(site) + [site.archive_entry(name, build(), suffix)]
        site.index(entries)
        listing = run_cli("list", site.index_url, "--json", env=env)
        statuses = {s["path"]: (s["status"], s["rule"]) for s in listing.json()["skills"]}
        assert statuses == {
            name: ("unavailable", "SS-A5"),
            **dict.fromkeys(("code-review", "invoice-review", "deploy"), ("available", None)),
        }
        reason = next(s["reason"] for s in listing.json()["skills"] if s["path"] == name)
        assert words in reason and f"entry #3 '{name}'" in reason
        show = run_cli("show", name, site.index_url, "--json", env=env)
        assert show.code == 4, show.out + show.err
        assert words in show.err and f"entry #3 '{name}'" in show.err and show.out == ""
        fetched = run_cli("fetch", name, site.index_url, "--to", str(tmp_path / "out"), env=env)
        assert fetched.code == 4 and not (tmp_path / "out" / "SKILL.md").exists()
        approve = run_cli("approve", name, site.index_url, "--yes", "--reviewer", "me", env=env)
        assert approve.code == 4
        assert not (tmp_path / "ledger.jsonl").exists() or not list(Ledger(tmp_path / "ledger.jsonl").records())
        # Nothing escaped onto the disk, wherever the archive pointed.
        assert not (tmp_path / "outside.md").exists()


def test_an_unknown_schema_is_refused_with_a_sentence(env):
    with publisher() as site:
        site.index(
            [site.skill_md_entry("code-review", skill_md("code-review"))], schema="https://example.com/9.0.0.json"
        )
        run = run_cli("list", site.index_url, env=env)
        assert run.code == 3
        assert "does not know" in run.err and "https://schemas.agentskills.io/discovery/0.2.0/schema.json" in run.err
        site.index([site.skill_md_entry("code-review", skill_md("code-review"))], schema=None)
        legacy = run_cli("list", site.index_url, env=env)
        assert legacy.code == 3 and "no $schema" in legacy.err and "no digests" in legacy.err


def test_hostile_entry_fields_are_refused_and_never_reach_the_terminal(env):
    with publisher() as site:
        data = skill_md("code-review")
        site.serve("/x.md", data, "text/markdown")
        entries = [
            {
                "name": "evil\x1b]0;pwned\x07\nname",
                "type": "skill-md",
                "description": "d",
                "url": "/x.md",
                "digest": sha(data),
            },
            {"name": "code-review", "type": "skill-md", "description": "d", "url": "/x.md", "digest": sha(data)},
            {"name": "code-review", "type": "skill-md", "description": "d", "url": "/x.md", "digest": sha(data)},
            {"name": "plugin", "type": "exe", "description": "d", "url": "/x.md", "digest": sha(data)},
            {"name": "local", "type": "skill-md", "description": "d", "url": "file:///etc/passwd", "digest": sha(data)},
        ]
        site.index(entries)
        run = run_cli("audit", site.index_url, "--format", "json", env=env)
        assert "\x1b" not in run.out + run.err and "\x07" not in run.out + run.err
        text = json.dumps(run.json())
        plain = run_cli("list", site.index_url, env=env)
        assert plain.code == 0 and "\x1b" not in plain.out + plain.err and "\x07" not in plain.out + plain.err
        assert "breaks the naming rules" in text
        assert "listed twice" in text
        assert "neither 'skill-md' nor 'archive'" in text
        assert "not http(s)" in text
        assert all(
            path.startswith("/.well-known/agent-skills/index.json") or path == "/x.md" for path, _ in site.requests
        )


def test_headers_go_to_the_index_origin_only_and_a_redirect_to_another_origin_is_refused(env):
    with publisher() as site, publisher() as other:
        moved, cdn = skill_md("code-review"), skill_md("cdn")
        other.serve("/SKILL.md", moved, "text/markdown")
        other.serve("/cdn.md", cdn, "text/markdown")
        site.redirect("/moved.md", other.origin + "/SKILL.md")
        entry = {"type": "skill-md", "description": "d"}
        site.index(
            [
                {**entry, "name": "code-review", "url": "/moved.md", "digest": sha(moved)},
                {**entry, "name": "cdn", "url": other.origin + "/cdn.md", "digest": sha(cdn)},
            ]
        )
        run = run_cli("audit", site.index_url, "--header", "Authorization: Bearer s3cret", "--format", "json", env=env)
        assert "redirects to another origin" in json.dumps(run.json())
        assert any(h.get("authorization") == "Bearer s3cret" for _, h in site.requests)
        assert [path for path, _ in other.requests] == ["/cdn.md"]  # the redirect was never followed
        assert not any("authorization" in h for _, h in other.requests)
        assert run_cli("show", "cdn", site.index_url, env=env).code == 0  # an absolute URL on a CDN is allowed


def test_two_origins_serving_one_name_with_different_bytes_is_a_warning_naming_both(env):
    with publisher() as a, publisher() as b:
        a.index([a.skill_md_entry("code-review", skill_md("code-review"))])
        b.index([b.skill_md_entry("code-review", skill_md("code-review", body="# Steps\n\nAlso run scripts/x.sh.\n"))])
        run = run_cli("audit", a.index_url, b.index_url, env=env)
        warned = [line for line in run.err.splitlines() if "different bytes" in line]
        assert len(warned) == 1
        assert a.index_url in warned[0] and b.index_url in warned[0] and "'code-review'" in warned[0]
        same = run_cli("audit", a.index_url, a.index_url, env=env)
        assert "different bytes" not in same.err
