"""SVG snapshots of issue 18's new states (items 4-9), each at 80×24 and at 160×45.

Update after an intended change with ``pytest tests/tui/test_layout_snapshots.py --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

import pytest

from tests.tui.helpers import add_server_ready, audited, findings_focused, select, wait_until
from tests.tui.test_snapshots import demo, demo_listed, here, highlighted, opened, pressed, shows  # noqa: F401 - here is a fixture

SIZES = pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])


def audited_step(name: str):
    async def step(pilot) -> None:
        view = await select(pilot, name)
        await audited(pilot, view)

    return step


def tabbed(times: int, area: str):
    async def step(pilot) -> None:
        for _ in range(times):
            await pilot.press("tab")
        await wait_until(pilot, lambda: pilot.app.main_screen.focus_area() == area)
        await pilot.pause()

    return step


@SIZES
def test_wrapped_skill_md_with_yaml_frontmatter_and_the_detail_footer(snap_compare, here, size):  # noqa: F811
    """Issue 18: lines cut at the pane edge, wraps read as new lines, frontmatter coloured as a heading."""
    assert snap_compare(demo(here), terminal_size=size, run_before=shows(opened("pdf-processing"), tabbed(1, "detail")))


@SIZES
def test_servers_area_footer_keeps_help_and_quit(snap_compare, here, size):  # noqa: F811
    """Issue 18: at 80 columns the footer lost ? Help and q Quit; its hints ignored the focused pane."""
    assert snap_compare(demo(here), terminal_size=size, run_before=shows(demo_listed, tabbed(2, "servers")))


@SIZES
def test_digests_dialog_shows_each_digest_unbroken(snap_compare, here, size):  # noqa: F811
    """Issue 18: digests were cut or broken mid-hash."""
    assert snap_compare(
        demo(here),
        terminal_size=size,
        run_before=shows(highlighted("pdf-processing"), pressed("f", until=lambda app: app.screen.query("#facts"))),
    )


@SIZES
def test_remove_asks_first(snap_compare, here, size):  # noqa: F811
    """Issue 18: del removed a server without asking."""
    assert snap_compare(
        demo(here),
        terminal_size=size,
        run_before=shows(demo_listed, pressed("delete", until=lambda app: app.screen.query("#confirm"))),
    )


@SIZES
def test_add_server_dialog_says_how_to_switch_and_submit(snap_compare, here, size):  # noqa: F811
    assert snap_compare(
        demo(here),
        terminal_size=size,
        run_before=shows(demo_listed, pressed("n", until=add_server_ready)),
    )


@SIZES
def test_findings_are_a_list_to_open(snap_compare, here, size):  # noqa: F811
    assert snap_compare(
        demo(here), terminal_size=size, run_before=shows(audited_step("pdf-processing"), findings_focused)
    )


@SIZES
def test_enter_on_a_finding_shows_its_file_at_the_line(snap_compare, here, size):  # noqa: F811
    """Issue 18: findings did not lead to the evidence."""

    def at_line(app) -> bool:
        viewer = app.main_screen.detail.query_one("FileViewer")
        return viewer.source is not None and viewer.source.marked is not None and app.focused is viewer

    assert snap_compare(
        demo(here),
        terminal_size=size,
        run_before=shows(
            audited_step("pdf-processing"), findings_focused, pressed("j", "j", "j", "enter", until=at_line)
        ),
    )


@pytest.fixture
def fixed_key(here, monkeypatch):  # noqa: F811
    """A signing key made from fixed bytes: ed25519 signs deterministically, so the ledger and its
    signer's key fingerprint are the same on every run."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
    path = here / "snapshot_key"
    path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption())
    )
    path.chmod(0o600)
    monkeypatch.setenv("SKILLSCOPE_SIGNING_KEY", str(path))
    return path


def _ledger_checked(app) -> bool:
    return bool(app.screen.query("LedgerTable")) and getattr(app.screen, "signatures", None) is not None


@SIZES
def test_ledger_lists_every_record_with_its_signature(snap_compare, here, fixed_key, size):  # noqa: F811
    """Issue 18: the ledger screen showed the latest verdict only, cut notes, pushed the fingerprint off screen."""
    assert snap_compare(
        demo(here), terminal_size=size, run_before=shows(demo_listed, pressed("l", until=_ledger_checked))
    )


@SIZES
def test_ledger_record_in_full(snap_compare, here, fixed_key, size):  # noqa: F811
    assert snap_compare(
        demo(here),
        terminal_size=size,
        run_before=shows(
            demo_listed,
            pressed("l", until=_ledger_checked),
            pressed("enter", until=lambda app: app.screen.query("#facts")),
        ),
    )


@pytest.fixture
def someone_else_allowed(here, fixed_key):  # noqa: F811
    """An allowed signers file naming only another fixed key: the demo's approvals, signed with ``fixed_key``, do not count."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    other = Ed25519PrivateKey.from_private_bytes(bytes(range(32, 64))).public_key()
    line = other.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH).decode()
    path = here / "allowed_signers"
    path.write_text(f"rita@example.org {line}\n")
    return path


@SIZES
def test_an_approval_by_a_key_not_allowed_reads_untrusted_and_waits_for_review(
    snap_compare,
    here,  # noqa: F811
    someone_else_allowed,
    size,
):
    """Issue 18: an approval whose signature does not count is no verdict: the row, the roll-ups and the status line say untrusted."""
    from skillscope.service.review_state import TrustChoice

    app = demo(here)
    app.settings.trust = TrustChoice(allowed_signers=str(someone_else_allowed))
    assert snap_compare(app, terminal_size=size, run_before=shows(demo_listed, highlighted("hello-world")))
