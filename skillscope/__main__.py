"""Entry point for ``python -m skillscope``."""

from skillscope.cli import main

main()
