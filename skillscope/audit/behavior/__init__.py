"""Judge what a skill does: data flows, obfuscation, persistence, hijacking prose, deception and triggers."""

# No imports here on purpose: audit.text_scan reads behavior.regions while behavior.engine reads
# audit.text_scan, so an eager import would close that circle. Import .engine (the scan) and .rules.
__all__: list[str] = []
