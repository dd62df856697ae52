#!/usr/bin/env python3
import sys
from pathlib import Path

import yaml


class DupCheckLoader(yaml.SafeLoader):
    pass


def construct_mapping(loader, node, deep=False):
    seen = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            print(f"  duplicate key {key!r} at lines {seen[key]} and {key_node.start_mark.line + 1}")
        seen[key] = key_node.start_mark.line + 1
    return loader.construct_mapping(node, deep)


DupCheckLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)

fix = "--fix" in sys.argv
for name in [a for a in sys.argv[1:] if a != "--fix"]:
    path = Path(name)
    text = path.read_text()
    print(path)
    if "\t" in text:
        print("  contains tab characters")
    try:
        list(yaml.load_all(text, Loader=DupCheckLoader))
    except yaml.YAMLError as err:
        print(f"  syntax error: {err}")
        continue
    if fix:
        path.write_text(text.replace("\t", "  "))
