import argparse
import os

import requests

API = "https://api.github.com"


def session() -> requests.Session:
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {os.environ['GITHUB_TOKEN']}"
    s.headers["Accept"] = "application/vnd.github+json"
    return s


def list_keys(org: str) -> None:
    s = session()
    for repo in s.get(f"{API}/orgs/{org}/repos", params={"per_page": 100}).json():
        for key in s.get(f"{API}/repos/{repo['full_name']}/keys").json():
            print(f"{repo['full_name']:40} {key['title']:20} read_only={key['read_only']}")


def main() -> None:
    ap = argparse.ArgumentParser(prog="deploy-keys")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list").add_argument("--org", required=True)
    args = ap.parse_args()
    if args.cmd == "list":
        list_keys(args.org)


if __name__ == "__main__":
    main()
