"""Judge what a skill does: data flows, obfuscation, persistence, hijacking prose, deception and triggers."""

# No imports here on purpose: review.content reads behavior.regions while behavior.engine reads
# review.content, so an eager import would close that circle. Import .engine (the scan) and .rules.
__all__: list[str] = []
