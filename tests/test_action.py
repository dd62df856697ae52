"""The GitHub Action's steps, run as the runner would run them: it installs this checkout and audits to SARIF."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pip
import pytest
import yaml

from tests.cli.test_cli_folders import write_skill
from tests.fixtures.http import REPO_ROOT

ACTION = yaml.safe_load((REPO_ROOT / "action.yml").read_text(encoding="utf-8"))
_EXPRESSION = re.compile(r"\$\{\{\s*([^}]+?)\s*\}\}")


def step(name_part: str) -> dict:
    """The composite step whose name holds ``name_part``."""
    return next(s for s in ACTION["runs"]["steps"] if name_part in s.get("name", ""))


def run_step(spec: dict, context: dict[str, str], *, cwd: Path, path: str) -> subprocess.CompletedProcess[str]:
    """Run one ``run:`` step with bash, its ``env:`` expressions filled from ``context`` and the inputs' defaults."""
    values = {f"inputs.{name}": str(spec_.get("default", "")) for name, spec_ in ACTION["inputs"].items()}
    values.update(context)

    def fill(text: str) -> str:
        return _EXPRESSION.sub(lambda m: values[m.group(1)], text)

    # The runner substitutes expressions in env values; the script itself must hold none (inputs stay variables).
    assert not _EXPRESSION.search(spec["run"]), spec["run"]
    env = {"PATH": path, "HOME": str(cwd / "home"), **{k: fill(str(v)) for k, v in spec.get("env", {}).items()}}
    return subprocess.run(
        ["bash", "-eo", "pipefail", "-c", spec["run"]], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )


def copy_checkout(dest: Path, version: str) -> Path:
    """This checkout's package as an action's checkout would hold it, with a version no index has."""
    dest.mkdir()
    shutil.copytree(REPO_ROOT / "skillscope", dest / "skillscope", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO_ROOT / "README.md", dest / "README.md")
    pyproject = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (dest / "pyproject.toml").write_text(re.sub(r'(?m)^version = ".*"$', f'version = "{version}"', pyproject))
    return dest


def site_packages(env_dir: Path) -> Path:
    """Where the environment's Python installs packages."""
    return Path(
        subprocess.run(
            [str(env_dir / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )


def runner_python(env_dir: Path) -> None:
    """A Python with pip and nothing else installed, as setup-python leaves one.

    Its pip is this interpreter's own, linked in rather than installed by ensurepip: ensurepip unpacks and
    byte-compiles pip for each new environment, most of this test's CPU, and which pip runs the step is not
    what the test is about.
    """
    venv.EnvBuilder(with_pip=False).create(env_dir)
    (site_packages(env_dir) / "pip").symlink_to(Path(pip.__file__).parent, target_is_directory=True)


def test_the_install_step_installs_the_actions_own_checkout_not_a_name_on_an_index(tmp_path):
    version = "0.0.0+action.checkout"
    checkout = copy_checkout(tmp_path / "action", version)
    env_dir = tmp_path / "runner-python"
    runner_python(env_dir)
    path = f"{env_dir / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"
    # The dependencies are the registry's business; what this proves is which skillscope code lands.
    spec = step("Install")
    result = run_step(
        {**spec, "env": {**spec.get("env", {}), "PIP_NO_DEPS": "1"}},
        {"github.action_path": str(checkout)},
        cwd=tmp_path,
        path=path,
    )
    assert result.returncode == 0, result.stderr
    probe = subprocess.run(
        [
            str(env_dir / "bin" / "python"),
            "-c",
            "import importlib.metadata as m, json; print(json.dumps([m.version('skillscope-mcp'),"
            " [str(f) for f in m.files('skillscope-mcp') if str(f).endswith('skillscope/__init__.py')]]))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    installed_version, inits = json.loads(probe.stdout)
    assert installed_version == version  # this checkout, not PyPI's `skillscope` (another project)
    assert inits == ["skillscope/__init__.py"]
    site = site_packages(env_dir)
    for module in ("__init__.py", "audit/reports.py", "cli/commands_audit.py"):
        assert (site / "skillscope" / module).read_bytes() == (checkout / "skillscope" / module).read_bytes()
    # No step of the action installs a requirement by name from an index.
    assert "package" not in ACTION["inputs"]
    assert all(
        "pip install" not in s.get("run", "") or "$SKILLSCOPE_SOURCE" in s["run"] for s in ACTION["runs"]["steps"]
    )


def test_the_audit_step_writes_sarif_for_upload_with_help_at_the_pinned_readme(tmp_path):
    repo = tmp_path / "repo"
    write_skill(repo / "skills", "invoice-review")
    (repo / "home").mkdir()
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    assert shutil.which("skillscope", path=path), "the test venv's skillscope stands in for the installed one"
    context = {
        "github.server_url": "https://github.com",
        "github.action_repository": "acme/skillscope",
        "github.action_ref": "v9.1.0",
    }
    result = run_step(step("Audit"), context, cwd=repo, path=path)
    assert result.returncode == 0, result.stderr
    upload = next(
        s for s in ACTION["runs"]["steps"] if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")
    )
    assert upload["with"]["sarif_file"] == "${{ inputs.sarif-file }}"
    sarif = json.loads((repo / ACTION["inputs"]["sarif-file"]["default"]).read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"
    driver = sarif["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == "https://github.com/acme/skillscope/blob/v9.1.0/README.md"
    assert all(r["helpUri"].endswith("/blob/v9.1.0/README.md#auditing-a-server") for r in driver["rules"])


def test_the_audit_step_fails_the_job_on_an_error_and_still_leaves_the_sarif(tmp_path):
    repo = tmp_path / "repo"
    skill = write_skill(repo / "skills", "invoice-review")
    (skill / "SKILL.md").write_text("---\nname: other-name\ndescription: x\n---\n")
    (repo / "home").mkdir()
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    # Outside a run of an action from a repository (`uses: ./`), the runner leaves these empty: no link is made up.
    context = {"github.server_url": "https://github.com", "github.action_repository": "", "github.action_ref": ""}
    result = run_step(step("Audit"), context, cwd=repo, path=path)
    assert result.returncode == 1, result.stderr
    sarif = json.loads((repo / ACTION["inputs"]["sarif-file"]["default"]).read_text(encoding="utf-8"))
    assert sarif["runs"][0]["results"]
    assert all("helpUri" not in r for r in sarif["runs"][0]["tool"]["driver"]["rules"])


@pytest.mark.parametrize("doc", ["README.md", "docs/auditing.md", "docs/ledger.md"])
def test_no_doc_tells_a_user_to_install_the_other_projects_name(doc):
    text = (REPO_ROOT / doc).read_text(encoding="utf-8")
    assert not re.search(r"(pipx|pip|uv tool) install skillscope(?![-\w])", text), doc
