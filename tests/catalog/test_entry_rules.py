"""Every entry rule of the spec digest's table: verdict, rule id and the reason a person reads."""

from __future__ import annotations

import copy
import hashlib

import pytest

from skillscope.catalog.entry import Policy, validate_entry

D1 = "sha256:" + "a" * 64
D2 = "sha256:" + "b" * 64


def good(**changes):
    entry = {
        "uri": "skill://pdf-processing/SKILL.md",
        "frontmatter": {"name": "pdf-processing", "description": "Extract text from PDFs."},
        "resources": [
            {"uri": "skill://pdf-processing/SKILL.md", "digest": D1, "size": 148},
            {"uri": "skill://pdf-processing/references/FORMS.md", "digest": D2, "size": 49},
        ],
    }
    entry.update(changes)
    return entry


def check(raw, policy=Policy()):
    return validate_entry(raw, label="srv", index=3, policy=policy)


def test_clean_entry_is_available_with_name_and_fingerprint():
    entry = check(good())
    assert entry.status == "available"
    assert entry.rule is None and entry.reason is None
    assert entry.name == "srv:pdf-processing"
    assert entry.file_count == 2 and entry.total_bytes == 197
    assert entry.fingerprint and entry.fingerprint.startswith("sha256:")
    assert entry.warnings == []
    assert [f.path for f in entry.files] == ["SKILL.md", "references/FORMS.md"]


def with_resources(items):
    return good(resources=items)


SKILL = {"uri": "skill://pdf-processing/SKILL.md", "digest": D1, "size": 1}

CASES = [
    # rule, raw entry, words the reason must contain
    ("SS-E1", ["not", "an", "object"], "not an object"),
    ("SS-E2", good(uri=""), "no uri"),
    ("SS-E2", good(uri=42), "no uri"),
    ("SS-E3", good(uri="skill://pdf-processing/README.md"), "does not point at a SKILL.md"),
    ("SS-E3", good(uri="pdf-processing/SKILL.md"), "does not point at a SKILL.md"),
    ("SS-E3", good(uri="skill:///SKILL.md"), "does not point at a SKILL.md"),
    ("SS-E4", good(uri="skill://a/../pdf-processing/SKILL.md"), "empty or dot segment"),
    ("SS-E4", good(uri="skill://a//pdf-processing/SKILL.md"), "empty or dot segment"),
    ("SS-E4", good(uri="skill://./pdf-processing/SKILL.md"), "empty or dot segment"),
    ("SS-E5", good(frontmatter="name: x"), "no frontmatter object"),
    (
        "SS-E6",
        good(uri="skill://PDF/SKILL.md", frontmatter={"name": "PDF", "description": "d"}),
        "'PDF' breaks the naming rules",
    ),
    (
        "SS-E6",
        good(uri="skill://a--b/SKILL.md", frontmatter={"name": "a--b", "description": "d"}),
        "breaks the naming rules",
    ),
    (
        "SS-E6",
        good(uri="skill://-a/SKILL.md", frontmatter={"name": "-a", "description": "d"}),
        "breaks the naming rules",
    ),
    (
        "SS-E6",
        good(uri="skill://café/SKILL.md", frontmatter={"name": "café", "description": "d"}),
        "breaks the naming rules",
    ),
    ("SS-E6", good(frontmatter={"name": "a" * 65, "description": "d"}), "breaks the naming rules"),
    ("SS-E6", good(frontmatter={"description": "d"}), "'None' breaks the naming rules"),
    (
        "SS-E7",
        good(frontmatter={"name": "pdf-tools", "description": "d"}),
        "URI ends in 'pdf-processing' but the frontmatter names the skill 'pdf-tools'",
    ),
    ("SS-E7", good(uri="skill://pdf%2Dprocessing/SKILL.md"), "URI ends in 'pdf%2Dprocessing'"),
    ("SS-E8", good(frontmatter={"name": "pdf-processing"}), "Description missing or empty"),
    ("SS-E8", good(frontmatter={"name": "pdf-processing", "description": ""}), "Description missing or empty"),
    (
        "SS-E8",
        good(frontmatter={"name": "pdf-processing", "description": "x" * 1025}),
        "1025 characters, more than 1024",
    ),
    ("SS-E9", good(frontmatter={"name": "pdf-processing", "description": "d", "big": "x" * 70_000}), "more than 65536"),
    ("SS-E9", good(frontmatter={"name": "pdf-processing", "description": "d", "n": float("nan")}), "not plain JSON"),
    ("SS-E9", good(frontmatter={"name": "pdf-processing", "description": "d", "s": {1, 2}}), "not plain JSON"),
    (
        "SS-E10",
        good(frontmatter={"name": "pdf-processing", "description": "d", "allowed_tools": {"x": 1}}),
        "'allowed_tools' has an unusable shape",
    ),
    (
        "SS-E10",
        good(frontmatter={"name": "pdf-processing", "description": "d", "requires": [1]}),
        "'requires' has an unusable shape",
    ),
    ("SS-E12", {k: v for k, v in good().items() if k != "resources"}, "resources is missing"),
    ("SS-E12", good(resources="Dynamic"), 'neither a list nor "dynamic"'),
    ("SS-E12", good(resources={"uri": "x"}), 'neither a list nor "dynamic"'),
    ("SS-E13", with_resources([SKILL, {"digest": D2, "size": 1}]), "Listed file #1 has no uri"),
    ("SS-E13", with_resources([SKILL, "skill://pdf-processing/x"]), "Listed file #1 has no uri"),
    (
        "SS-E14",
        with_resources([SKILL, {"uri": "skill://pdf-processing/x", "size": 1}]),
        "'skill://pdf-processing/x' has no valid sha256 digest (got none)",
    ),
    (
        "SS-E14",
        with_resources([SKILL, {"uri": "skill://pdf-processing/x", "digest": "sha256:" + "A" * 64, "size": 1}]),
        "no valid sha256 digest",
    ),
    (
        "SS-E14",
        with_resources([SKILL, {"uri": "skill://pdf-processing/x", "digest": "md5:abc", "size": 1}]),
        "got 'md5:abc'",
    ),
    (
        "SS-E15",
        with_resources([SKILL, {"uri": "skill://pdf-processing/x", "digest": D2}]),
        "has no valid size (got none)",
    ),
    (
        "SS-E15",
        with_resources([SKILL, {"uri": "skill://pdf-processing/x", "digest": D2, "size": True}]),
        "has no valid size (got 'True')",
    ),
    (
        "SS-E15",
        with_resources([SKILL, {"uri": "skill://pdf-processing/x", "digest": D2, "size": "41"}]),
        "has no valid size (got '41')",
    ),
    (
        "SS-E15",
        with_resources([SKILL, {"uri": "skill://pdf-processing/x", "digest": D2, "size": -1}]),
        "has no valid size (got -1)",
    ),
    (
        "SS-E15",
        with_resources([SKILL, {"uri": "skill://pdf-processing/x", "digest": D2, "size": 4.5}]),
        "has no valid size",
    ),
    (
        "SS-E16",
        with_resources([SKILL, {"uri": "skill://pdf-processing-extra/x", "digest": D2, "size": 1}]),
        "lies outside the skill's directory",
    ),
    (
        "SS-E16",
        with_resources([SKILL, {"uri": "skill://pdf-processing/../etc/passwd", "digest": D2, "size": 1}]),
        "empty or dot segment",
    ),
    (
        "SS-E16",
        with_resources([SKILL, {"uri": "skill://pdf-processing/a//b", "digest": D2, "size": 1}]),
        "empty or dot segment",
    ),
    (
        "SS-E17",
        with_resources(
            [
                SKILL,
                {"uri": "skill://pdf-processing/x", "digest": D2, "size": 1},
                {"uri": "skill://pdf-processing/x", "digest": D2, "size": 1},
            ]
        ),
        "'skill://pdf-processing/x' is listed twice",
    ),
    ("SS-E17", with_resources([SKILL, SKILL]), "is listed twice"),
    (
        "SS-E18",
        with_resources([{"uri": "skill://pdf-processing/x", "digest": D2, "size": 1}]),
        "omits the skill's own SKILL.md",
    ),
]


@pytest.mark.parametrize(("rule", "raw", "words"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_malformed_entries_name_rule_and_reason(rule, raw, words):
    entry = check(raw)
    assert entry.status == "malformed"
    assert entry.rule == rule
    assert words in entry.reason
    assert entry.name == "srv:#3"
    assert entry.fingerprint is None


def test_first_failure_wins_in_table_order():
    # Both a bad name (E6) and a bad digest (E14): the name rule comes first.
    raw = good(frontmatter={"name": "Bad", "description": "d"}, resources=[{"uri": "x"}])
    assert check(raw).rule == "SS-E6"


def test_reasons_never_carry_raw_control_characters():
    raw = good(uri="skill://\x1b]0;pwned\x07/SKILL.md", frontmatter={"name": "x", "description": "d"})
    entry = check(raw)
    assert entry.status == "malformed"
    assert "\x1b" not in entry.reason and "\\x1b" in entry.reason


def test_dynamic_is_unavailable_by_default_and_allowed_on_request():
    raw = good(resources="dynamic")
    refused = check(raw)
    assert (refused.status, refused.rule) == ("unavailable", "SS-A1")
    assert "cannot be verified" in refused.reason and "--allow-dynamic" in refused.reason
    assert refused.fingerprint is None and refused.name == "srv:pdf-processing"
    allowed = check(raw, Policy(allow_dynamic=True))
    assert allowed.status == "available" and allowed.dynamic and allowed.fingerprint is None


def test_more_than_512_files_is_unavailable():
    items = [SKILL] + [{"uri": f"skill://pdf-processing/f{i}", "digest": D2, "size": 1} for i in range(512)]
    entry = check(with_resources(items))
    assert (entry.status, entry.rule) == ("unavailable", "SS-A2")
    assert entry.reason == "Skill lists 513 files, more than the 512 allowed"
    assert check(with_resources(items[:512])).status == "available"


def test_more_than_16_mib_is_unavailable():
    items = [dict(SKILL, size=16 * 1024 * 1024), {"uri": "skill://pdf-processing/x", "digest": D2, "size": 1}]
    entry = check(with_resources(items))
    assert (entry.status, entry.rule) == ("unavailable", "SS-A3")
    assert "16,777,217 bytes, more than 16 MiB" in entry.reason
    assert check(with_resources(items[:1])).status == "available"
    assert check(with_resources(items), Policy(enforce_limits=False)).status == "available"


def test_unnameable_path_is_unavailable():
    raw = good(
        uri="skill://my%20docs/pdf-processing/SKILL.md",
        resources=[{"uri": "skill://my%20docs/pdf-processing/SKILL.md", "digest": D1, "size": 1}],
    )
    entry = check(raw)
    assert (entry.status, entry.rule) == ("unavailable", "SS-A4")
    assert "'my%20docs/pdf-processing' contains characters that cannot appear in a skill name" in entry.reason


def test_integral_float_size_is_accepted_with_warning():
    entry = check(with_resources([dict(SKILL, size=41.0)]))
    assert entry.status == "available" and entry.total_bytes == 41
    assert [w.rule for w in entry.warnings] == ["SS-W5"]
    assert "RoomKit will refuse" in entry.warnings[0].message


@pytest.mark.parametrize(
    ("raw", "rule"),
    [
        (
            good(
                uri="github://octo-org/skills/pdf-processing/SKILL.md",
                resources=[{"uri": "github://octo-org/skills/pdf-processing/SKILL.md", "digest": D1, "size": 1}],
            ),
            "sep-2640-skill-uri-scheme",
        ),
        (
            good(
                frontmatter={
                    "name": "pdf-processing",
                    "description": "d",
                    "metadata": {"io.modelcontextprotocol/x": "y"},
                }
            ),
            "sep-2640-metadata-reserved-prefix",
        ),
        (good(frontmatter={"name": "pdf-processing", "description": "   "}), "SS-W6"),
        (good(extra=1), "SS-W7"),
        (with_resources([dict(SKILL, mime="text/plain")]), "SS-W7"),
        (good(frontmatter={"name": "pdf-processing", "description": "d", "metadata": {"n": 1}}), "SS-W8"),
    ],
)
def test_audit_warnings_never_block(raw, rule):
    entry = check(raw)
    assert entry.status == "available"
    assert rule in [w.rule for w in entry.warnings]


def test_other_scheme_keeps_whole_path_in_name():
    raw = good(
        uri="github://octo-org/skills-repo/pdf-processing/SKILL.md",
        resources=[{"uri": "github://octo-org/skills-repo/pdf-processing/SKILL.md", "digest": D1, "size": 1}],
    )
    assert check(raw).name == "srv:github://octo-org/skills-repo/pdf-processing"


def test_nested_path_and_percent_encoded_file_kept_encoded_for_display():
    raw = good(
        uri="skill://acme/billing/pdf-processing/SKILL.md",
        resources=[
            {"uri": "skill://acme/billing/pdf-processing/SKILL.md", "digest": D1, "size": 1},
            {"uri": "skill://acme/billing/pdf-processing/references/my%20file.md", "digest": D2, "size": 2},
        ],
    )
    entry = check(raw)
    assert entry.name == "srv:acme/billing/pdf-processing"
    # Shown as the URI spells it: decoding for display would make %2F look like a separator (issue 8).
    assert entry.files[1].path == "references/my%20file.md"
    assert entry.files[1].uri.endswith("my%20file.md")


def test_validation_does_not_mutate_the_raw_entry():
    raw = good()
    before = copy.deepcopy(raw)
    check(raw)
    assert raw == before


def test_fingerprint_ignores_order_and_sizes():
    a = check(good())
    reordered = good(resources=list(reversed(good()["resources"])))
    resized = good(resources=[dict(r, size=r["size"] + 1) for r in good()["resources"]])
    assert a.fingerprint == check(reordered).fingerprint == check(resized).fingerprint
    preimage = "\n".join(sorted(f"{r['uri']} {r['digest']}" for r in good()["resources"]))
    assert a.fingerprint == "sha256:" + hashlib.sha256(preimage.encode()).hexdigest()


@pytest.mark.parametrize(
    ("place", "where"),
    [
        (lambda e: e["frontmatter"].update({"note\ud800": "x"}), "a key of the entry → frontmatter"),
        (lambda e: e["resources"][1].update(title=["ok", "bad \udc00"]), "the entry → resources → #1 → title → #1"),
        (lambda e: e["frontmatter"].update(description="marked \U0010fffe here"), "the entry → frontmatter"),
    ],
    ids=["raw-in-key", "raw-in-list", "transport-mark"],
)
def test_a_lone_surrogate_anywhere_is_found_and_placed(place, where):
    """The quick whole-entry check must never hide what the walk would find, nor where."""
    raw = good()
    place(raw)
    entry = check(raw)
    assert entry.rule == "SS-E19", entry.reason
    assert where in entry.reason
