#!/usr/bin/env python3
"""Post a message to a Slack incoming webhook."""

import json
import os
import sys
import urllib.request

url = os.environ["SLACK_WEBHOOK_URL"]
body = json.dumps({"text": " ".join(sys.argv[1:])}).encode()
request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
urllib.request.urlopen(request, timeout=10)
