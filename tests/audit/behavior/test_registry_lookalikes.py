"""A package source dressed as a language registry (a Cargo source replaced with ``crates-io-edge``, a Maven mirror of
everything on ``maven-central-edge``) sends every install to whoever runs that host: an error at the URL. Twins: the
registries themselves and a company's own mirror."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import loud

LOOKALIKE = "skillscope/deception/lookalike-host"

CARGO = """[source.crates-io]
replace-with = "edge"

[source.edge]
registry = "sparse+https://HOST/"
"""
MAVEN = """<settings>
  <mirrors>
    <mirror>
      <id>central-edge</id>
      <url>https://HOST/maven2</url>
      <mirrorOf>*</mirrorOf>
    </mirror>
  </mirrors>
</settings>
"""


def _lookalike(files: dict[str, str]) -> list[tuple[int | None, str]]:
    return [(line, level) for rule, line, level in loud(files) if rule == LOOKALIKE]


@pytest.mark.parametrize(
    ("path", "text", "host", "line"),
    [
        (".cargo/config.toml", CARGO, "index.crates-io-cdn.example", 5),
        ("templates/settings.xml", MAVEN, "repo1.maven-central-cdn.example", 5),
        (
            "templates/NuGet.Config",
            '<add key="edge" value="https://api.nuget-mirror.example/v3/index.json" />\n',
            "",
            1,
        ),
    ],
    ids=["cargo", "maven", "nuget-named"],
)
def test_a_registry_look_alike_as_the_package_source_is_flagged(path, text, host, line):
    hits = _lookalike({path: text.replace("HOST", host)})
    assert hits and hits[0][0] == line
    if host:
        assert hits[0][1] == "error"


@pytest.mark.parametrize(
    ("path", "text", "host"),
    [
        (".cargo/config.toml", CARGO, "index.crates.io"),
        ("templates/settings.xml", MAVEN, "repo1.maven.org"),
        ("templates/settings.xml", MAVEN, "nexus.buildfarm.example"),
    ],
    ids=["crates-io", "maven-central", "company-nexus"],
)
def test_the_registry_itself_or_a_company_mirror_is_not(path, text, host):
    assert _lookalike({path: text.replace("HOST", host)}) == []
