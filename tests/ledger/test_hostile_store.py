"""A hostile repository's ledger: links and FIFOs in the store of approved bytes, and lines built to crash readers."""

from __future__ import annotations

import hashlib
import os
from dataclasses import replace
from pathlib import Path

import pytest

from skillscope.demo.publisher import build_server
from skillscope.ledger.core.record import FileEntry
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.team.objects import store_dir
from tests.cli.conftest import run_cli
from tests.cli.test_cli_ledger import changed_pdf, isolated_env
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.samples import pdf_processing


@pytest.fixture
def env(tmp_path):
    return isolated_env(tmp_path)


def rehash(line: bytes) -> bytes:
    """A line's hash recomputed after an edit, as anyone who can write the file can."""
    body = line[len(b'{"hash":"sha256:') + 64 + 2 :]
    return b'{"hash":"sha256:' + hashlib.sha256(b"{" + body).hexdigest().encode() + b'",' + body


def stored_name(data: bytes) -> tuple[str, str]:
    digest = hashlib.sha256(data).hexdigest()
    return digest[:2], digest[2:]


@pytest.mark.parametrize("where", ["file", "folder", "store"])
def test_a_committed_link_in_the_store_is_never_written_through(env, tmp_path, where):
    home = tmp_path / "home"
    home.mkdir()
    profile = home / ".bash_profile"
    profile.write_text("export PATH=/usr/bin\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    store = store_dir(Path(env["SKILLSCOPE_LEDGER"]))
    skill = pdf_processing()
    sub, name = stored_name(skill.files[0].data)  # the bytes approve keeps: SKILL.md as the server serves it
    if where == "file":
        (store / sub).mkdir(parents=True)
        (store / sub / name).symlink_to(profile)
    elif where == "folder":
        store.mkdir()
        (store / sub).symlink_to(elsewhere)
    else:
        store.symlink_to(elsewhere)
    with serve_http_in_thread(build_server([skill])) as url:
        run = run_cli("approve", "--yes", "pdf-processing", url, "--label", "srv", env=env)
    assert run.code == 5, run.err
    assert "symbolic link" in run.err and "Traceback" not in run.err
    assert profile.read_text() == "export PATH=/usr/bin\n"
    assert list(elsewhere.iterdir()) == []
    assert not Path(env["SKILLSCOPE_LEDGER"]).exists()  # nothing recorded: the approval names bytes the store lacks


def test_approved_bytes_are_kept_and_read_back(env):
    skill = pdf_processing()
    with serve_http_in_thread(build_server([skill])) as url:
        assert run_cli("approve", "--yes", "pdf-processing", url, "--label", "srv", env=env).code == 0
    store = store_dir(Path(env["SKILLSCOPE_LEDGER"]))
    for file in skill.files:
        sub, name = stored_name(file.data)
        assert (store / sub / name).read_bytes() == file.data
    assert not [p for p in store.rglob("*") if p.name.endswith(".tmp")]


def approve_then_forge_files(env, forged_digest: str) -> None:
    """Approve pdf-processing, then sign an approval whose FORMS.md digest is ``forged_digest``."""
    with serve_http_in_thread(build_server([pdf_processing()])) as url:
        assert run_cli("approve", "--yes", "pdf-processing", url, "--label", "srv", env=env).code == 0
    ledger = Ledger(env["SKILLSCOPE_LEDGER"], signer=load_signer())
    (honest,) = ledger.records()
    files = tuple(replace(f, digest=forged_digest) if f.uri.endswith("FORMS.md") else f for f in honest.files)
    ledger.append(replace(honest, files=files, sig="", key="", nonce="", seq=0, hash=""))


def diff_against_changed(env):
    with serve_http_in_thread(build_server([changed_pdf()])) as url:
        return run_cli("diff", "pdf-processing", url, "--label", "srv", env=env)


@pytest.mark.parametrize("digest", ["sha256:../x", "sha256:" + "A" * 64, "sha256:/etc/passwd"])
def test_a_record_digest_that_is_not_a_digest_never_becomes_a_path(env, tmp_path, digest):
    approve_then_forge_files(env, digest)
    diff = diff_against_changed(env)
    assert diff.code == 5, diff.out + diff.err
    assert "not a sha256: digest of 64 hex digits" in diff.err and "Traceback" not in diff.err


def test_a_fifo_in_the_store_is_refused_not_read(env):
    fake = "sha256:" + "ab" * 32
    approve_then_forge_files(env, fake)
    store = store_dir(Path(env["SKILLSCOPE_LEDGER"]))
    (store / "ab").mkdir(exist_ok=True)
    os.mkfifo(store / "ab" / ("ab" * 31))  # a reader that opened it for reading would wait for a writer forever
    diff = diff_against_changed(env)
    assert diff.code == 5, diff.out + diff.err
    assert "not a regular file" in diff.err


def test_a_honest_changed_skill_still_diffs(env):
    with serve_http_in_thread(build_server([pdf_processing()])) as url:
        assert run_cli("approve", "--yes", "pdf-processing", url, "--label", "srv", env=env).code == 0
    diff = diff_against_changed(env)
    assert diff.code == 0, diff.err
    assert "+# Forms, rewritten" in diff.out


# -- lines built to crash a reader --------------------------------------------------------------------


HOSTILE = {
    "a lone surrogate in a signed review": lambda line: line.replace(b'"note":"', b'"note":"\\ud800', 1),
    "a 5,000-digit number": lambda line: line.replace(b'"note":"', b'"big":' + b"9" * 5000 + b',"note":"', 1),
    "a value nested 100,000 deep": lambda line: line.replace(
        b'"note":"', b'"deep":' + b"[" * 100_000 + b"]" * 100_000 + b',"note":"', 1
    ),
    "a file size of 1e400": lambda line: line.replace(b'"size":', b'"size":1e400,"x":', 1),
}


@pytest.fixture
def hostile_ledger(env):
    """A signed ledger of two records: line 2 is replaced by each hostile variant in turn."""
    path = Path(env["SKILLSCOPE_LEDGER"])
    ledger = Ledger(path, signer=load_signer())
    for n in range(2):
        ledger.append(_record(n))
    return path, path.read_bytes().splitlines()


def _record(n: int):
    from tests.ledger.helpers import record

    return record(name=f"srv:skill-{n}", n=n)


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_a_hostile_line_is_damage_named_by_its_line_never_a_crash(env, hostile_ledger, tmp_path, what):
    path, lines = hostile_ledger
    bad = rehash(HOSTILE[what](lines[1]))
    assert bad != lines[1]
    path.write_bytes(lines[0] + b"\n" + bad + b"\n")
    other = tmp_path / "other.jsonl"
    other.write_bytes(lines[0] + b"\n")
    for args in (
        ["ledger", "verify"],
        ["export"],
        ["ledger", "list"],
        ["ledger", "repair"],
        ["ledger", "merge", str(other), str(other), str(path)],
    ):
        run = run_cli(*args, env=env)
        assert run.code == 5, (args, run.err)
        assert "line 2" in run.err and "Traceback" not in run.err, (args, run.err)
    assert other.read_bytes() == lines[0] + b"\n"  # the merge wrote nothing


def test_honest_non_ascii_and_emoji_reviews_still_verify(env):
    path = Path(env["SKILLSCOPE_LEDGER"])
    ledger = Ledger(path, signer=load_signer())
    ledger.append(
        replace(
            _record(0),
            note="revisé ✓ 😀 (a pair of surrogates once escaped)",
            files=(FileEntry("skill://x/SKILL.md", "sha256:" + "3" * 64, 10**15),),
        )
    )
    assert b"\\ud83d\\ude00" in path.read_bytes()
    assert run_cli("ledger", "verify", env=env).code == 0
    assert run_cli("ledger", "list", env=env).code == 0


# -- a little fuzzing: any edit of a line, rehashed so it passes the chain, is damage or a record, never a crash

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

TOKENS = [
    b"\\ud800",
    b"\\udfff",
    b"\\ud83d\\ude00",
    b"9" * 5000,
    b"-" + b"9" * 4400,
    b"[" * 5000,
    b"{" * 5000,
    b"1e400",
    b"-1e400",
    b"NaN",
    b"Infinity",
    b'"',
    b"\\",
    b"\\u0000",
    b"{}",
    b"[]",
    b"null",
    b"true",
    b"0.5",
    b"-0",
    b",",
    b":",
    b"\xff",
    b"\xed\xa0\x80",
    b"\n",
    b'"review":{}',
    b'"v":2',
    b'"files":[{"uri":1,"digest":[],"size":"x"}]',
    b'"sig":"',
    b'"key":"',
    b'"fingerprint":1',
    b'"action":"approve"',
    b'"seq":99999999999999',
]


@st.composite
def mutations(draw):
    line = draw(st.integers(0, 2))
    edits = draw(
        st.lists(
            st.tuples(st.floats(0, 1), st.integers(0, 40), st.one_of(st.sampled_from(TOKENS), st.binary(max_size=8))),
            min_size=1,
            max_size=3,
        )
    )
    return line, edits, draw(st.booleans())


@pytest.fixture(scope="module")
def signed_lines(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "ledger.jsonl"
    with pytest.MonkeyPatch.context() as patch:  # the key is made before any test's own data dir exists
        patch.setenv("XDG_DATA_HOME", str(path.parent / "data"))
        signer = load_signer()
    ledger = Ledger(path, signer=signer)
    ledger.append(_record(0))
    ledger.append(replace(_record(1), action="revoke"))
    ledger.append(_record(2))
    return path.read_bytes().splitlines()


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(mutations())
def test_fuzzed_lines_are_damage_or_records_never_a_crash(signed_lines, tmp_path_factory, mutation):
    from skillscope.core.errors import SkillscopeError
    from skillscope.ledger.book import ReviewBook
    from skillscope.ledger.team.merge import merge_ledgers

    which, edits, keep_hash = mutation
    lines = list(signed_lines)
    line = lines[which]
    for where, cut, token in edits:
        at = 82 + int(where * (len(line) - 82))  # past the hash: the body is what a forger edits
        line = line[:at] + token + line[at + cut :]
    lines[which] = rehash(line) if keep_hash else line
    folder = tmp_path_factory.mktemp("case")
    path = folder / "ledger.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    base = folder / "base.jsonl"
    base.write_bytes(signed_lines[0] + b"\n")
    book = ReviewBook(path)
    try:
        check = book.check()
        if check.ok:
            book.exportable(check, include_unsigned=True)
    except SkillscopeError:
        pass
    for call in (book.verdicts, lambda: merge_ledgers(base, path), lambda: book.ledger.records()):
        try:
            call()
        except SkillscopeError:
            pass


def test_a_symlink_committed_in_a_cloned_repository_is_never_written_through(env, tmp_path):
    import subprocess

    def git(*args: str, cwd: Path) -> None:
        done = subprocess.run(
            ["git", *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "GIT_CONFIG_GLOBAL": env["GIT_CONFIG_GLOBAL"], "GIT_CONFIG_NOSYSTEM": "1"},
        )
        assert done.returncode == 0, done.stderr

    profile = tmp_path / "home" / ".bash_profile"
    profile.parent.mkdir()
    profile.write_text("export PATH=/usr/bin\n")
    hostile = tmp_path / "hostile"
    skill = pdf_processing()
    sub, name = stored_name(skill.files[0].data)
    (hostile / "reviews" / "ledger.objects" / sub).mkdir(parents=True)
    (hostile / "reviews" / "ledger.objects" / sub / name).symlink_to(profile)
    git("init", "-q", "-b", "main", cwd=hostile)
    git("add", "-A", cwd=hostile)
    git("commit", "-qm", "reviews", cwd=hostile)
    git("clone", "-q", str(hostile), str(tmp_path / "clone"), cwd=tmp_path)
    assert (tmp_path / "clone" / "reviews" / "ledger.objects" / sub / name).is_symlink()
    env = {**env, "SKILLSCOPE_LEDGER": str(tmp_path / "clone" / "reviews" / "ledger.jsonl")}
    with serve_http_in_thread(build_server([skill])) as url:
        run = run_cli("approve", "--yes", "pdf-processing", url, "--label", "srv", env=env)
    assert run.code == 5 and "symbolic link" in run.err, run.err
    assert profile.read_text() == "export PATH=/usr/bin\n"
    assert not Path(env["SKILLSCOPE_LEDGER"]).exists()


@pytest.mark.parametrize("field", [b'"name":"srv:skill-', b'"fingerprint":"sha256:', b'"prev":"sha256:'])
def test_a_raw_non_ascii_byte_in_a_head_field_is_damage_not_a_crash(tmp_path, field):
    # Found by the fuzzer: the fast path decoded these fields as ASCII before anything rejected the line.
    from skillscope.core.errors import LedgerDamaged
    from skillscope.ledger.book import ReviewBook

    path = tmp_path / "ledger.jsonl"
    ledger = Ledger(path, signer=load_signer())
    ledger.append(_record(0))
    ledger.append(_record(1))
    first, second = path.read_bytes().splitlines()
    at = second.index(field) + len(field)
    path.write_bytes(first + b"\n" + rehash(second[:at] + b"\x80" + second[at + 1 :]) + b"\n")
    book = ReviewBook(path)
    assert [p.line for p in book.check(learn=False).result.problems][0] == 2
    with pytest.raises(LedgerDamaged):
        book.verdicts()
