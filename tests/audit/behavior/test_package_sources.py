"""Where a package manager's config sends every install: a look-alike of the real registry there is an error in
every config shape (Yarn Berry's ``npmRegistryServer``, an exported ``GOPROXY``, a Gemfile's ``source``, Cargo's
sparse ``registry``, a uv index), the real registry or the team's own one is quiet. Names and hosts are new, not
taken from any benchmark sample."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import loud

LOOKALIKE = "skillscope/deception/lookalike-host"

CASES = {
    ".yarnrc.yml": (
        'nodeLinker: pnp\nnpmRegistryServer: "https://{host}"\n',
        "registry.npmjs.org.mirror-cdn.example",
        "registry.npmjs.org",
    ),
    "scripts/env.sh": (
        "#!/bin/sh\nexport GOPROXY=https://{host},direct\ngo mod download\n",
        "proxy.golang.org.cdn-mirror.example",
        "proxy.golang.org",
    ),
    "Gemfile": ('source "https://{host}"\n\ngem "rake"\n', "rubygems-org.example", "rubygems.org"),
    ".cargo/config.toml": (
        '[registries.team]\nindex = "https://{host}/"\n',
        "index.crates.io.example",
        "index.crates.io",
    ),
    "uv.toml": ('[[index]]\nurl = "https://{host}/simple"\n', "pypi-org.example", "pypi.org"),
}


@pytest.mark.parametrize("path", list(CASES))
def test_a_lookalike_registry_in_a_package_config_is_an_error_on_its_line(path):
    template, fake, _ = CASES[path]
    text = template.format(host=fake)
    line = next(n for n, row in enumerate(text.split("\n"), 1) if fake in row)
    assert (LOOKALIKE, line, "error") in loud({"SKILL.md": "# set up\n", path: text})


@pytest.mark.parametrize("path", list(CASES))
def test_the_real_registry_in_the_same_config_is_quiet(path):
    template, _, real = CASES[path]
    assert loud({"SKILL.md": "# set up\n", path: template.format(host=real)}) == []


def test_the_teams_own_registry_is_quiet():
    text = 'npmRegistryServer: "https://npm.internal.example"\n'
    assert loud({"SKILL.md": "# set up\n", ".yarnrc.yml": text}) == []
