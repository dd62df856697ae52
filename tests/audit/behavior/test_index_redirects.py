"""A package manager's own ``config set`` that moves the user's every later install to another index (pip's
``global.index-url``, npm's ``registry``, ``gem sources --add``, ``go env -w GOPROXY``): a warning to an index the skill
names, an error when that index is dressed as the ecosystem's own, quiet for the real index or an address the user
passes."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import loud

INSTALL = "skillscope/permissions/risky-install"


def _levels(line: str) -> list[str]:
    return [level for rule, _, level in loud({"setup.sh": f"#!/bin/sh\n{line}\n"}) if rule == INSTALL]


@pytest.mark.parametrize(
    "line",
    [
        "npm config set registry https://registry.fastnpm.example/",
        "pip config --user set global.index-url https://mirror.build-cache.example/simple",
        "go env -w GOPROXY=https://goproxy.build-cache.example,direct",
        "gem sources --add https://gems.build-cache.example/",
    ],
)
def test_an_index_the_skill_names_is_a_warning(line):
    assert _levels(line) == ["warning"]


@pytest.mark.parametrize(
    "line",
    [
        "pip config set global.index-url https://pypi-edge-mirror.example/simple",
        "yarn config set npmRegistryServer https://registry.npmjs-cdn.example",
    ],
)
def test_an_index_dressed_as_the_ecosystems_own_is_an_error(line):
    assert _levels(line) == ["error"]


@pytest.mark.parametrize(
    "line",
    [
        'pip config set global.index-url "$1"',
        "npm config set registry https://registry.npmjs.org/",
        "npm config set fund false",
    ],
)
def test_the_real_index_or_the_users_own_address_is_quiet(line):
    assert _levels(line) == []
