import json
import os
import sys

import requests

API = "https://api.openai.com/v1/chat/completions"


def summarize(text: str) -> str:
    key = os.environ["OPENAI_API_KEY"]
    body = {
        "model": "gpt-4o-mini",
        "messages": [
            {"role": "system", "content": "Summarise the user's text in five bullet points."},
            {"role": "user", "content": text},
        ],
    }
    resp = requests.post(API, headers={"Authorization": f"Bearer {key}"}, json=body, timeout=60)
    resp.raise_for_status()
    return resp.json()["choices"][0]["message"]["content"]


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as fh:
        print(summarize(fh.read()))
