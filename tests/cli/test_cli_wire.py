"""The real command over real stdio and HTTP: JSON shapes, exit codes and every error path."""

from __future__ import annotations

import sys

import pytest

from skillscope.protocol.transport import MAX_JUNK_LINES
from tests.cli.conftest import run_cli, stdio
from tests.fixtures.samples import HELLO_WORLD_FINGERPRINT, HELLO_WORLD_MD
from tests.processes import children_of

LIST_KEYS = {"name", "uri", "status", "rule", "reason", "fingerprint", "file_count", "total_bytes"}
SHOW_FILE_KEYS = {"uri", "size", "digest", "status", "reason"}


def check_listing_shape(data):
    assert set(data) >= {"server", "skills", "warnings"}
    assert set(data["server"]) >= {"label", "target", "protocol", "extension"}
    for skill in data["skills"]:
        assert set(skill) >= LIST_KEYS
        assert skill["status"] in {"available", "unavailable", "malformed"}


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_list_over_stdio(era):
    run = run_cli("list", "--json", "--era", era, "--label", "fx", *stdio("samples"))
    assert run.code == 0, run.err
    data = run.json()
    check_listing_shape(data)
    assert data["server"]["protocol"] == ("2025-11-25" if era == "legacy" else "2026-07-28")
    assert data["server"]["extension"] == "declared"
    hello = next(s for s in data["skills"] if s["name"] == "fx:hello-world")
    assert hello["fingerprint"] == HELLO_WORLD_FINGERPRINT
    assert (hello["file_count"], hello["total_bytes"], hello["status"]) == (1, 58, "available")


@pytest.mark.parametrize("era", ["auto", "modern", "legacy"])
def test_list_and_show_over_http(http_server, era):
    url = http_server("samples")
    run = run_cli("list", url, "--json", "--era", era)
    assert run.code == 0, run.err
    data = run.json()
    check_listing_shape(data)
    assert data["server"]["label"] == "127.0.0.1" and data["server"]["target"] == url
    show = run_cli("show", "127.0.0.1:hello-world", url, "--json", "--era", era)
    assert show.code == 0, show.err
    result = show.json()
    assert result["verified"] is True and result["body"] == HELLO_WORLD_MD.decode()
    assert result["fingerprint"] == HELLO_WORLD_FINGERPRINT
    assert all(set(f) >= SHOW_FILE_KEYS and f["status"] == "verified" for f in result["files"])


def test_show_human_renders_verified_content():
    run = run_cli("show", "pdf-processing", "--all-files", *stdio("samples"))
    assert run.code == 0, run.err
    assert "verified" in run.out and "PDF processing" in run.out
    assert "references/FORMS.md" in run.out and "(binary, 19 bytes)" in run.out and "hex view" in run.out
    assert "9 │ # PDF processing" in run.out, "the exact source, frontmatter included, with line numbers"


@pytest.mark.parametrize(
    ("scenario", "check"),
    [("tampered-skill-md", "digest"), ("appended-skill-md", "size"), ("frontmatter-mismatch", "frontmatter")],
)
def test_failed_verification_json_has_no_body_and_exit_1(scenario, check):
    run = run_cli("show", "pdf-processing", "--all-files", "--json", *stdio(scenario))
    assert run.code == 1, run.err
    data = run.json()
    assert data["verified"] is False and "body" not in data
    assert data["failure"]["check"] == check
    assert set(data["failure"]) >= {"uri", "check", "expected", "actual"}
    assert [f["status"] for f in data["files"]][1:] == ["not-read"] * (len(data["files"]) - 1)
    assert "unchanged" in data["refresh"]


def test_failed_verification_human_output_shows_evidence_not_content(http_server):
    url = http_server("tampered-skill-md")
    run = run_cli("show", "pdf-processing", url)
    assert run.code == 1
    assert "Verification failed" in run.out and "digest" in run.out
    assert "expected" in run.out and "actual" in run.out
    assert "PDF processing" not in run.out, "content that failed verification must not be printed"


def test_unlisted_file_is_refused():
    run = run_cli("show", "pdf-processing", "--file", "../../etc/passwd", "--json", *stdio("samples"))
    assert run.code == 1
    assert run.json()["failure"]["check"] == "unlisted"


def test_skill_not_found_exits_4():
    run = run_cli("show", "nope", *stdio("samples"))
    assert run.code == 4
    assert "does not serve" in run.err


def test_escape_sequences_never_reach_the_terminal():
    listing = run_cli("list", *stdio("escapes"))
    assert listing.code == 0, listing.err
    for text in (listing.out, listing.err):
        assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "\\x1b]0;pwned\\x07" in listing.out and "\\u202e" in listing.out
    assert "[bold red]" in listing.out, "markup is shown literally, never interpreted"
    show = run_cli("show", "terminal-tricks", "--all-files", *stdio("escapes"))
    assert "\x1b" not in show.out and "\u202e" not in show.out


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["list", "--", "/nonexistent/server-binary"], 3, "Command not found: /nonexistent/server-binary"),
        (["list", "--", sys.executable, "-m", "tests.fixtures.run_server", "exit"], 3, "exited with status 3"),
        # No --timeout: a program that writes more than a banner of junk and nothing valid is named at once.
        (["list", "--", sys.executable, "-m", "tests.fixtures.run_server", "junk"], 3, "Not an MCP server"),
        (["list", "http://127.0.0.1:9/mcp"], 3, "Cannot reach http://127.0.0.1:9/mcp"),
        (["list", "--era", "legacy", *stdio("modern-only")], 3, "may still serve skills on 2026-07-28"),
        (["list", *stdio("declaration-true")], 3, "non-object value"),
        (["list", *stdio("huge-list")], 3, "larger than"),
    ],
)
def test_connection_errors_are_specific(args, code, words):
    run = run_cli(*args)
    assert run.code == code, (run.out, run.err)
    assert words in run.err
    assert "Traceback" not in run.err


@pytest.mark.parametrize("lines", [1, MAX_JUNK_LINES])
def test_a_server_that_prints_a_banner_before_json_rpc_still_works(lines):
    banner = [f"--banner=Starting the skills server, step {n} of {lines}" for n in range(1, lines + 1)]
    run = run_cli("list", "--json", "--", sys.executable, "-m", "tests.fixtures.run_server", *banner, "samples")
    assert run.code == 0, run.err
    assert any(skill["name"].endswith("hello-world") for skill in run.json()["skills"])


@pytest.mark.waits
def test_a_request_that_never_answers_is_named_as_a_timeout(http_server):
    # timing: skills/list never answers. Served from a thread of this process, so the short timeout meets
    # only that request, never a server process still starting on a busy machine.
    run = run_cli("list", "--timeout", "3", http_server("stall"))
    assert run.code == 3, (run.out, run.err)
    assert "no answer within the timeout" in run.err
    assert "Traceback" not in run.err


def test_server_stderr_tail_is_shown_on_exit_never_mixed_into_output():
    run = run_cli("list", "--", sys.executable, "-m", "tests.fixtures.run_server", "exit")
    assert "server stderr" in run.err
    assert run.out == ""


@pytest.mark.parametrize("era", ["modern", "legacy"])
def test_huge_read_over_http_is_refused(http_server, era):
    url = http_server("huge-read")
    run = run_cli("show", "hello-world", url, "--json", "--era", era)
    assert run.code == 3, run.err
    assert "larger than 67,108,864 bytes" in run.err
    assert run.out == ""


def test_unauthorised_http_says_so_and_never_prints_the_secret(http_server):
    url = http_server("samples", bearer_token="right-token")
    run = run_cli("list", url, "--header", "Authorization: Bearer wrong-s3cret")
    assert run.code == 3
    assert "Unauthorised" in run.err and "401" in run.err
    assert "wrong-s3cret" not in run.err + run.out
    ok = run_cli("list", url, "--json", "--header", "Authorization: Bearer ${TOKEN}", env={"TOKEN": "right-token"})
    assert ok.code == 0, ok.err
    assert "right-token" not in ok.out + ok.err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["list"], "Missing TARGET"),
        (["list", "--label", "bad label!", "http://x/mcp"], "not a valid label"),
        (["list", "http://x/mcp", "--header", "no-colon"], "--header takes"),
        (["list", "unknown-label"], "No server labelled 'unknown-label'"),
        (["list", "ftp://x"], "Only http:// and https://"),
        (["list", "http://x/mcp", "--", "cmd"], "not both"),
        (
            ["list", "--header", "Authorization: Bearer ${NOT_SET_ANYWHERE}", "http://x/mcp"],
            "NOT_SET_ANYWHERE is not set",
        ),
    ],
)
def test_usage_errors_exit_2(args, words, tmp_path):
    run = run_cli(*args, cwd=str(tmp_path), env={"XDG_CONFIG_HOME": str(tmp_path)})
    assert run.code == 2, (run.out, run.err)
    assert words in run.err


def test_help_documents_exit_codes_and_targets():
    run = run_cli("show", "--help")
    assert run.code == 0
    for words in ("Exit codes", "verification failed", "skill not found", "-- COMMAND", "--all-files"):
        assert words in run.out


def test_help_does_not_import_mcp_or_textual():
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from skillscope.cli import cli\n"
        "result = CliRunner().invoke(cli, ['list', '--help'])\n"
        "assert result.exit_code == 0\n"
        "print(sorted(m for m in ('mcp', 'textual', 'httpx2', 'yaml') if m in sys.modules))\n"
    )
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_sigterm_stops_the_stdio_server_too(tmp_path):
    import signal
    import subprocess
    import time

    from tests.fixtures.http import REPO_ROOT, stdio_command

    stalling = tmp_path / "stalling"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "skillscope",
            "list",
            "--timeout",
            "600",
            "--env",
            f"SKILLSCOPE_FIXTURE_STALLING={stalling}",
            "--",
            *stdio_command("stall"),
        ],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    # Polled with a generous bound: the server writes the marker once skills/list reaches it.
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not stalling.exists() and proc.poll() is None:
        time.sleep(0.1)
    assert stalling.exists(), "skillscope should be connected and waiting on skills/list"
    children = children_of(proc.pid)
    assert children, "the stdio server should be running"
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=300)
    from tests.processes import wait_until_gone

    assert not wait_until_gone(children), "a server process outlived skillscope"
    assert b"Traceback" not in proc.stderr.read()


@pytest.mark.parametrize("era", ["modern", "legacy"])
def test_a_3_mib_file_verifies_over_http_in_both_eras(era):
    # Legacy HTTP answers over SSE, where the SDK's default event cap is 1 MiB.
    from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
    from tests.fixtures.http import serve_http_in_thread

    big = bytes(range(256)) * (3 * 4096)
    skill = PublishedSkill(
        "big-assets",
        [
            SkillFile("SKILL.md", b"---\nname: big-assets\ndescription: Ships a 3 MiB file.\n---\nBig.\n"),
            SkillFile("assets/data.bin", big),
        ],
    )
    with serve_http_in_thread(build_server([skill])) as url:
        run = run_cli("show", "big-assets", url, "--all-files", "--json", "--era", era)
    assert run.code == 0, run.err
    data = run.json()
    assert data["verified"] and data["files"][1]["size"] == len(big) and data["files"][1]["status"] == "verified"
