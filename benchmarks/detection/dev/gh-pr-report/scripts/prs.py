import os
import sys

import requests

API = "https://api.github.com"


def main(repo):
    headers = {"Authorization": f"Bearer {os.environ['GITHUB_TOKEN']}"}
    res = requests.get(f"{API}/repos/{repo}/pulls", headers=headers, timeout=20)
    for pr in res.json():
        print(pr["number"], pr["title"])


main(sys.argv[1])
