"""Configuration: skillscope's config file, MCP clients' config files, and the trust that lets a project's files be read."""

__all__: list[str] = []
