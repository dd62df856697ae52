"""MCP only: attach to servers in either era and send raw skills/* and resources/* requests."""

__all__: list[str] = []
