"""Risky patterns: (name, regex, why). Quoted here to be detected, never run."""

PATTERNS = [
    ("pipe-to-shell", r"(curl|wget)[^|\n]*\|\s*(sudo\s+)?(ba|z)?sh\b", "a download piped straight into a shell"),
    ("decode-to-shell", r"base64\s+(-d|--decode)[^|\n]*\|\s*(ba)?sh", "decoded text piped into a shell"),
    ("py-exec-decode", r"exec\(\s*(base64\.b64decode|zlib\.decompress|bytes\.fromhex)", "decoded data executed"),
    ("ssh-key-read", r"\.ssh/id_(rsa|ed25519|ecdsa)\b(?!\.pub)", "a private SSH key is read"),
    ("aws-creds-read", r"\.aws/credentials", "AWS credentials file is read"),
    ("rc-append", r">>\s*~?/?\S*\.(bashrc|zshrc|profile)\b", "appends to a shell start-up file"),
    ("rm-home", r"rm\s+-[a-z]*r[a-z]*f?\s+(~|\$HOME)/?\s*$", "deletes the home folder"),
]
