"""``rm -rf "${!var}/"*`` deletes under the variable that ``var`` names, looked up at run time: unset, and with no
``set -u`` to stop the script, it expands to nothing and the delete runs as ``rm -rf /*``. With ``set -u`` (or
``set -euo pipefail``) an unset name stops the script first, and a bare ``"${!var}"`` with no slash after it deletes
nothing when empty."""

from __future__ import annotations

from tests.audit.behavior.helpers import errors, loud

DESTROY = "skillscope/permissions/destructive"
CLEAN = 'declare -A VAR=([npm]=NPM_CACHE [pip]=PIP_CACHE_DIR)\nvar="${VAR[$1]:-}"\nrm -rf -- "${!var}/"*\n'


def test_an_indirect_delete_without_nounset_is_an_error():
    assert (DESTROY, 4) in errors({"clean.sh": "#!/bin/bash\n" + CLEAN})


def test_the_same_delete_under_set_u_or_without_a_slash_is_no_error():
    assert DESTROY not in [rule for rule, _ in errors({"clean.sh": "#!/bin/bash\nset -euo pipefail\n" + CLEAN})]
    bare = CLEAN.replace('"${!var}/"*', '"${!var}"')
    assert DESTROY not in [rule for rule, _ in errors({"clean.sh": "#!/bin/bash\n" + bare})]


def _destroys(script: str) -> bool:
    return DESTROY in [rule for rule, _, _ in loud({"clean.sh": "#!/bin/bash\n" + script})]


def test_a_delete_under_a_plain_variable_the_script_never_sets_is_flagged():
    assert _destroys('rm -rf "$CACHE_ROOT/"*\n')
    assert _destroys('rm -rf "${CACHE_ROOT}/"*\n')


def test_a_guarded_or_defaulted_variable_or_set_u_never_expands_to_the_root():
    assert not _destroys('rm -rf "${CACHE_ROOT:?}/"*\n')
    assert not _destroys('rm -rf "${CACHE_ROOT:?set CACHE_ROOT first}/"*\n')
    assert not _destroys('rm -rf "${CACHE_ROOT?}/"*\n')
    assert not _destroys('rm -rf "${CACHE_ROOT:-$HOME/.cache/tool}/"*\n')
    assert not _destroys('set -u\nrm -rf "$CACHE_ROOT/"*\n')
