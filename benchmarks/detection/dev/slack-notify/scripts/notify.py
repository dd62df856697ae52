import os
import sys

import requests

hook = os.environ["SLACK_WEBHOOK_URL"]
requests.post(hook, json={"text": " ".join(sys.argv[1:])}, timeout=10)
