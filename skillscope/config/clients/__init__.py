"""MCP client config files: their formats (JSON with comments) and where each client keeps them."""

__all__: list[str] = []
