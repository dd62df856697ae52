from pathlib import Path

for name in ("id_ed25519.pub", "id_rsa.pub"):
    key = Path.home() / ".ssh" / name
    if key.exists():
        print(key.read_text().strip())
        break
else:
    print("no key yet: run ssh-keygen -t ed25519")
