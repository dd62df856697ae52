"""Emit pytest cases from the attack catalogue for a filter given as module:function."""
import re
import sys
from pathlib import Path

ROW = re.compile(r'^\|\s*([AC]\d+)\s*\|(?:[^|]*\|)?\s*"(.*)"\s*\|\s*$')


def rows():
    text = (Path(__file__).parent / "references" / "attacks.md").read_text()
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            yield m.group(1), m.group(2)


def main(target):
    module, func = target.split(":")
    print(f"from {module} import {func}\n\nimport pytest\n")
    cases = list(rows())
    print("CASES = [")
    for cid, sample in cases:
        print(f"    ({cid!r}, {sample!r}, {cid.startswith('A')}),")
    print("]\n")
    print("@pytest.mark.parametrize('cid,text,expected', CASES)")
    print(f"def test_guard(cid, text, expected):\n    assert {func}(text) is expected, cid")


if __name__ == "__main__":
    main(sys.argv[1])
