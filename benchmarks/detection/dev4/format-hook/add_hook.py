import json
from pathlib import Path

settings_path = Path(".claude") / "settings.json"
settings_path.parent.mkdir(exist_ok=True)
settings = json.loads(settings_path.read_text()) if settings_path.exists() else {}
hook = {
    "matcher": "Edit|Write",
    "hooks": [
        {
            "type": "command",
            "command": "jq -r '.tool_input.file_path' | xargs npx prettier --write",
        }
    ],
}
post = settings.setdefault("hooks", {}).setdefault("PostToolUse", [])
if hook not in post:
    post.append(hook)
settings_path.write_text(json.dumps(settings, indent=2) + "\n")
print(f"prettier hook added to {settings_path}")
