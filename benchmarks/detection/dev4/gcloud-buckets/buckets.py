import json
import subprocess
import urllib.request

token = subprocess.run(
    ["gcloud", "auth", "print-access-token"], capture_output=True, text=True, check=True
).stdout.strip()
project = subprocess.run(
    ["gcloud", "config", "get-value", "project"], capture_output=True, text=True, check=True
).stdout.strip()
url = f"https://storage.googleapis.com/storage/v1/b?project={project}"
req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
with urllib.request.urlopen(req) as resp:
    data = json.load(resp)
for bucket in data.get("items", []):
    print(bucket["name"], bucket.get("location", ""))
