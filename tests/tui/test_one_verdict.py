"""The TUI shows the verdicts every other reader shows: by content across labels, untrusted approvals as such."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skillscope.tui.app import make_app
from tests.cli.conftest import run_cli, stdio
from tests.cli.test_cli_ledger import isolated_env
from tests.cli.test_cli_one_verdict import keygen
from tests.tui.helpers import running, screen_text, select, settings_for, stdio_seed, wait_until

pytestmark = pytest.mark.anyio


@pytest.fixture
def reviewed_under_a(tmp_path):
    """A ledger (the one ``settings_for`` uses) whose reviews were recorded by the CLI under label a:
    hello-world approved with this machine's key, pdf-processing with a key the team never allowed."""
    env = isolated_env(tmp_path)
    attacker = keygen(tmp_path / "attacker_key")
    assert run_cli("approve", "--yes", "hello-world", "--label", "a", *stdio("samples"), env=env).code == 0
    signed_by_attacker = {**env, "SKILLSCOPE_SIGNING_KEY": str(attacker)}
    assert (
        run_cli("approve", "--yes", "pdf-processing", "--label", "a", *stdio("samples"), env=signed_by_attacker).code
        == 0
    )
    own_key = Path(os.environ["XDG_DATA_HOME"]) / "skillscope" / "signing_key.pub"  # made by the first approval
    (tmp_path / "allowed_signers").write_text(f"rita@example.com {own_key.read_text()}")


async def test_a_verdict_under_another_label_is_named_and_an_untrusted_approval_does_not_count(
    tmp_path, reviewed_under_a
):
    app = make_app(settings_for([stdio_seed("samples", label="b")], tmp_path))
    async with running(app) as pilot:
        hello = await select(pilot, "hello-world", server="b")
        assert hello.review.state == "approved" and hello.review.label == "approved under a"
        await wait_until(
            pilot, lambda: "approved under a" in screen_text(app), what="the label the approval was recorded under"
        )
        pdf = await select(pilot, "pdf-processing", server="b")
        assert pdf.review.state == "approved-untrusted"
        await wait_until(
            pilot, lambda: "approved under a, signature not trusted" in screen_text(app), what="the untrusted approval"
        )
        text = screen_text(app)
        # Since the tui-state merge a row is the verdict glyph column, the name, then its states in short words.
        assert "signed by a key not allowed for its reviewer" in text and "◌· pdf-processing  untrusted" in text
        # An untrusted approval waits for a reviewer, so the status line counts it.
        await wait_until(
            pilot,
            lambda: "◌1 untrusted" in str(app.main_screen.query_one("#catalog-status").content),
            what="the status line counts the untrusted approval",
        )
