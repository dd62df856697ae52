"""The ledger reader's accelerators: a sealed cache of checked lines, checkpoints and parallel first reads.

Reached only through ``skillscope.ledger.core.seam``; the reader gives the same verdicts without it.
"""
