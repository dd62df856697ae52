"""A local folder is someone else's content: links, FIFOs, devices, bad names and oversize files are refused, never read."""

from __future__ import annotations

import json
import os
import socket
import stat

import pytest

from tests.cli.conftest import run_cli
from tests.cli.test_cli_folders import write_skill

SECRET = "outside-secret-7f3a"


@pytest.fixture
def env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


@pytest.fixture
def skills(tmp_path):
    root = tmp_path / "skills"
    write_skill(root, "invoice-review")
    return root


def everything(root, env) -> str:
    """Every output a reviewer can ask for about the folder's skills."""
    runs = [
        run_cli("list", str(root), "--json", env=env),
        run_cli("show", "invoice-review", str(root), "--all-files", "--json", env=env),
        run_cli("audit", str(root), "--format", "json", "--fail-on", "never", env=env),
        run_cli("approve", "invoice-review", str(root), "--yes", env=env),
    ]
    return "\n".join(r.out + r.err for r in runs)


def file_reason(root, env, rel: str) -> tuple[int, dict]:
    show = run_cli("show", "invoice-review", str(root), "--file", rel, "--json", env=env)
    files = {f["path"]: f for f in show.json()["files"]}
    return show.code, files[rel]


def test_a_link_leaving_the_folder_is_refused_and_its_target_never_read(skills, env, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text(SECRET)
    (skills / "invoice-review" / "notes.md").symlink_to(outside)
    code, notes = file_reason(skills, env, "notes.md")
    assert code == 1 and notes["status"] == "failed"
    assert "symbolic link leaving the folder" in json.dumps(notes)
    assert SECRET not in everything(skills, env)
    # Refused content is not approvable as if it were fine.
    assert run_cli("approve", "invoice-review", str(skills), "--yes", env=env).code != 0


def test_a_linked_folder_outside_is_never_entered(skills, env, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    write_skill(elsewhere, "stolen", body=SECRET + "\n")
    (skills / "linked").symlink_to(elsewhere)
    run = run_cli("list", str(skills), "--json", env=env)
    assert [s["name"] for s in run.json()["skills"]] == ["skills:invoice-review"]
    assert SECRET not in everything(skills, env)


def test_a_link_to_an_outside_fifo_does_not_hang(skills, env, tmp_path):
    os.mkfifo(tmp_path / "outside.fifo")
    (skills / "invoice-review" / "data.txt").symlink_to(tmp_path / "outside.fifo")
    code, data = file_reason(skills, env, "data.txt")
    assert code == 1 and "symbolic link leaving the folder" in json.dumps(data)


def test_a_fifo_in_the_folder_is_never_opened(skills, env):
    os.mkfifo(skills / "invoice-review" / "pipe")
    code, pipe = file_reason(skills, env, "pipe")
    assert code == 1 and "FIFO" in json.dumps(pipe)


def test_a_socket_is_not_a_file(skills, env):
    path = skills / "invoice-review" / "sock"
    with socket.socket(socket.AF_UNIX) as listener:
        try:
            listener.bind(str(path))
        except OSError as exc:  # a tmp path too long for a socket name
            pytest.skip(f"cannot bind a unix socket here: {exc}")
        code, sock = file_reason(skills, env, "sock")
    assert code == 1 and "a socket" in json.dumps(sock)


def test_a_device_node_is_never_opened(skills, env):
    path = skills / "invoice-review" / "dev"
    try:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(0, 0))  # no driver: nothing real behind it
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    code, dev = file_reason(skills, env, "dev")
    assert code == 1 and "a device" in json.dumps(dev)


def test_a_name_that_is_not_utf8_is_refused(skills, env):
    with open(os.path.join(os.fsencode(skills / "invoice-review"), b"bad\xff.txt"), "wb") as handle:
        handle.write(SECRET.encode())
    listing = run_cli("list", str(skills), "--json", env=env)
    assert "bad%EF%BF%BD.txt" in json.dumps(listing.json())  # shown with U+FFFD where the bad byte was
    show = run_cli("show", "invoice-review", str(skills), "--all-files", "--json", env=env)
    assert show.code == 1 and "not valid UTF-8" in show.out + show.err
    assert SECRET not in everything(skills, env)


def test_a_skill_folder_whose_name_is_not_utf8_is_malformed(skills, env):
    folder = os.path.join(os.fsencode(skills), b"bad\xfe")
    os.mkdir(folder)
    with open(os.path.join(folder, b"SKILL.md"), "wb") as handle:
        handle.write(b"---\nname: bad\ndescription: Bad name.\n---\n")
    listing = run_cli("list", str(skills), "--json", env=env)
    bad = [s for s in listing.json()["skills"] if s["status"] != "available"]
    assert len(bad) == 1 and bad[0]["status"] == "malformed" and "bad%EF%BF%BD" in bad[0]["uri"]


def test_a_file_past_16_mib_makes_the_skill_unavailable_without_reading_it(skills, env):
    with open(skills / "invoice-review" / "big.bin", "wb") as handle:
        handle.truncate(17 * 1024 * 1024)  # sparse: its size is what counts, nothing is read
    listing = run_cli("list", str(skills), "--json", env=env)
    entry = listing.json()["skills"][0]
    assert entry["status"] == "unavailable" and "16 MiB" in entry["reason"]


def test_more_than_512_files_makes_the_skill_unavailable(skills, env):
    extra = skills / "invoice-review" / "many"
    extra.mkdir()
    for number in range(512):
        (extra / f"{number}.txt").write_text("x")
    listing = run_cli("list", str(skills), "--json", env=env)
    entry = listing.json()["skills"][0]
    assert entry["status"] == "unavailable" and "512" in entry["reason"]


def test_an_honest_folder_has_nothing_refused(skills, env):
    (skills / "invoice-review" / "refs").mkdir()
    (skills / "invoice-review" / "refs" / "a.md").write_text("# A\n")
    show = run_cli("show", "invoice-review", str(skills), "--all-files", "--json", env=env)
    assert show.code == 0 and all(f["status"] == "verified" for f in show.json()["files"])


def test_files_under_a_folder_whose_name_is_not_utf8_are_refused(skills, env):
    folder = os.path.join(os.fsencode(skills / "invoice-review"), b"dir\xff")
    os.mkdir(folder)
    with open(os.path.join(folder, b"inner.txt"), "wb") as handle:
        handle.write(SECRET.encode())
    show = run_cli("show", "invoice-review", str(skills), "--all-files", "--json", env=env)
    assert show.code == 1 and "not valid UTF-8" in show.out + show.err
    assert SECRET not in everything(skills, env)


def test_a_link_inside_the_folder_is_refused_too(skills, env):
    (skills / "invoice-review" / "real.md").write_text("# Real\n")
    (skills / "invoice-review" / "alias.md").symlink_to("real.md")
    code, alias = file_reason(skills, env, "alias.md")
    assert code == 1 and "symbolic link inside the folder" in json.dumps(alias)


def test_a_skill_md_that_links_outside_is_malformed_and_never_read(tmp_path, env):
    outside = tmp_path / "outside.md"
    outside.write_text(f"---\nname: linked\ndescription: {SECRET}\n---\n")
    (tmp_path / "skills" / "linked").mkdir(parents=True)
    (tmp_path / "skills" / "linked" / "SKILL.md").symlink_to(outside)
    listing = run_cli("list", str(tmp_path / "skills"), "--json", env=env)
    assert listing.json()["skills"][0]["status"] == "malformed"
    assert SECRET not in listing.out + listing.err
