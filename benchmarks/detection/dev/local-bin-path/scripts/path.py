from pathlib import Path

rc = Path.home() / ".bashrc"
line = 'export PATH="$HOME/.local/bin:$PATH"\n'
text = rc.read_text() if rc.exists() else ""
if line not in text:
    with rc.open("a") as fh:
        fh.write(line)
print("PATH updated; open a new shell")
