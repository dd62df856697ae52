"""proto-lint: buf-compatible lint rules for .proto files."""
