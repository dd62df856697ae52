import sys
import time
from pathlib import Path


def plan(repo):
    for src in sorted(Path(repo).expanduser().iterdir()):
        if src.name.startswith("dot-"):
            yield src.resolve(), Path.home() / ("." + src.name[4:])


def main(argv):
    repo, apply = argv[0], "--apply" in argv
    backup = Path.home() / ".dotfiles-backup" / time.strftime("%Y%m%d-%H%M%S")
    for src, dst in plan(repo):
        if dst.is_symlink() and dst.resolve() == src:
            continue
        print(f"{dst} -> {src}")
        if not apply:
            continue
        if dst.exists() or dst.is_symlink():
            backup.mkdir(parents=True, exist_ok=True)
            dst.rename(backup / dst.name)
        dst.symlink_to(src)
    if not apply:
        print("dry run; pass --apply to link")


if __name__ == "__main__":
    main(sys.argv[1:])
