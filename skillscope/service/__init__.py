"""The steps every front end shares (targets, catalog, approvals, review state), with no UI imports."""

__all__: list[str] = []
