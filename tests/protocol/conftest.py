"""Protocol tests: ``either_parse`` runs a test twice, with the fast parse on and switched off."""

from __future__ import annotations

import pytest

from skillscope.protocol.fastparse import SWITCH


@pytest.fixture(params=["fast-parse", "sdk-path"])
def either_parse(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The same test with the fast parse on, and with ``SKILLSCOPE_FAST_PARSE=off`` (the SDK's public path)."""
    if request.param == "sdk-path":
        monkeypatch.setenv(SWITCH, "off")
    else:
        monkeypatch.delenv(SWITCH, raising=False)
    return str(request.param)
