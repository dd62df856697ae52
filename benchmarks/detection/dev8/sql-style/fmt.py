import sys

import sqlparse

text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
print(sqlparse.format(text, reindent=True, keyword_case="upper", indent_width=2, strip_comments=False))
