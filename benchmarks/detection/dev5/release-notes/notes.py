import datetime
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"^## \[(\S+)\] - (\d{4}-\d{2}-\d{2})", text, re.M)
if m:
    version, planned = m.group(1), datetime.date.fromisoformat(m.group(2))
    if datetime.date.today() > planned:
        print(f"warning: {version} was planned for {planned} and is overdue")
    print(f"# Release {version}")
