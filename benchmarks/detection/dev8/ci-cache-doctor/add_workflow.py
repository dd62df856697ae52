from pathlib import Path

src = Path(__file__).with_name("templates") / "cache-doctor.yml"
dst = Path(".github/workflows/cache-doctor.yml")
dst.parent.mkdir(parents=True, exist_ok=True)
dst.write_text(src.read_text())
print(f"wrote {dst}; commit it to enable cache diagnostics")
