#!/usr/bin/env python3
import sys
from pathlib import Path

import sqlparse

inplace = "-i" in sys.argv
for name in [a for a in sys.argv[1:] if a != "-i"]:
    path = Path(name)
    pretty = sqlparse.format(path.read_text(), reindent=True, keyword_case="upper", indent_width=2)
    if inplace:
        path.write_text(pretty.rstrip() + "\n")
        print(f"formatted {path}")
    else:
        print(pretty)
