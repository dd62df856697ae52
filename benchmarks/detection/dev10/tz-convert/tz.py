"""Convert a fuzzy time between zones."""

import argparse
from zoneinfo import ZoneInfo

from dateutil import parser


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("when")
    ap.add_argument("--from", dest="src", default="UTC")
    ap.add_argument("--to", dest="dst", default="UTC")
    a = ap.parse_args()
    t = parser.parse(a.when, fuzzy=True).replace(tzinfo=ZoneInfo(a.src))
    print(t.astimezone(ZoneInfo(a.dst)).strftime("%a %d %b %Y %H:%M %Z"))


if __name__ == "__main__":
    main()
